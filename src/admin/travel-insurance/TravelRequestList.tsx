/**
 * '/travel-insurance': the travel insurance orders waiting for staff, with row selection,
 * 'Avvis' (exactly one row) and 'Aksepter' (the selection), and the CSV export. A row opens the
 * request's own page. No refetch on window focus (spec section 2).
 */
import { useRef } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ListSpace, QUEUE_ROW } from '../lists/ListSpace.tsx';
import { DataTable, List, Pagination, TopToolbar, useTranslate } from 'react-admin';
import type { PendingTravel } from '../../../server/schemas/pending-requests.ts';
import { formatPhone } from '../../common/format.ts';
import { AcceptSelectedButton, RejectSelectedButton } from '../requests/RequestActions.tsx';
import { usePendingCounts } from '../layout/pendingCounts.ts';
import { paths } from '../paths.ts';
import { ExportListButton } from '../lists/ExportListButton.tsx';
import { useRowCheckboxLabels } from '../lists/useRowCheckboxLabels.ts';

const Column = DataTable.Col<PendingTravel>;
/** Always in view (disabled until rows are selected), rather than react-admin's sliding bulk toolbar. */
function QueueButtons() {
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', py: 1 }}>
      <RejectSelectedButton kind="travel" />
      <AcceptSelectedButton kind="travel" />
    </Box>
  );
}

export function TravelRequestList() {
  const translate = useTranslate();
  const counts = usePendingCounts();
  const title = translate('app.requests.travel', { count: counts.of['pending-travel'] ?? 0 });
  const container = useRef<HTMLDivElement>(null);
  useRowCheckboxLabels(container);
  return (
    <Box ref={container}>
      <Typography variant="h5" component="h1" sx={{ mt: 2 }}>{title}</Typography>
      <List<PendingTravel>
        resource="pending-travel"
        title={title}
        perPage={25}
        pagination={<Pagination rowsPerPageOptions={[25, 50, 75, 100]} />}
        disableSyncWithLocation
        queryOptions={{ refetchOnWindowFocus: false }}
        actions={<TopToolbar><ExportListButton label="app.travel_requests.export" /></TopToolbar>}
        empty={false}
      >
        <ListSpace rowHeight={QUEUE_ROW}>
          <DataTable<PendingTravel>
            bulkActionButtons={<QueueButtons />}
            bulkActionsToolbar={<QueueButtons />}
            rowClick={(id, _resource, record) => paths.travelRequest(id, record.member_id)}
            empty={translate('app.travel_requests.empty')}
          >
            <Column source="name" label="app.travel_requests.member" render={(row) => `${row.member.first_name} ${row.member.last_name}`} />
            <Column
              source="address"
              label="app.travel_requests.address"
              render={(row) => [row.member.address, [row.member.postal_code, row.member.postal_area].filter(Boolean).join(' ')].filter(Boolean).join(', ')}
            />
            <Column source="phone" label="app.travel_requests.phone" render={(row) => formatPhone(row.member.phone)} />
            <Column source="email" label="app.travel_requests.email" render={(row) => row.member.email} />
            <Column source="artist_name" label="app.travel_requests.artist" render={(row) => row.member.artist_name ?? ''} />
            <Column source="product" label="app.travel_requests.product" render={(row) => row.product.name} />
          </DataTable>
        </ListSpace>
      </List>
    </Box>
  );
}

export default TravelRequestList;

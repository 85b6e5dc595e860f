/**
 * '/travel-insurance': the travel insurance orders waiting for staff, in the same shape as the
 * other queues: the title with the count, 'Avvis' (exactly one row) and 'Aksepter' (the
 * selection) on a line of their own with the exports, the member search, the table in its card
 * (it scrolls there on a phone instead of widening the page) and the go-to-page pager. A row
 * opens the request's own page. No refetch on window focus (spec section 2).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { DataTable, List, useListContext, useTranslate } from 'react-admin';
import type { PendingTravel } from '../../../server/schemas/pending-requests.ts';
import { formatPhone } from '../../common/format.ts';
import { AcceptSelectedButton, RejectSelectedButton } from '../requests/RequestActions.tsx';
import { paths } from '../paths.ts';
import { ExportListButton } from '../lists/ExportListButton.tsx';
import { ListSpace, QUEUE_ROW } from '../lists/ListSpace.tsx';
import { MemberPagination } from '../members/MemberPagination.tsx';
import { MemberSearch } from '../members/MemberSearch.tsx';
import { SelectPageCheckbox, SelectRowCheckbox } from '../membership-request/SelectionCheckboxes.tsx';

/** A wide table scrolls in its card on a phone instead of widening the page. */
const LIST_FITS = { minWidth: 0, '& .RaList-main, & .RaList-content': { minWidth: 0, maxWidth: '100%' } };

const Column = DataTable.Col<PendingTravel>;
const nameOf = (row: PendingTravel) => `${row.member.first_name} ${row.member.last_name}`;

function useQueueTitle(): string {
  const translate = useTranslate();
  const { total } = useListContext();
  return translate('app.requests.travel', { count: total ?? 0 });
}

/** The page's title in the app bar, read from the list's total. */
function QueueTitle() {
  return <>{useQueueTitle()}</>;
}

function Header() {
  const translate = useTranslate();
  const title = useQueueTitle();
  const { total } = useListContext();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2, my: 2 }}>
      <Typography variant="h5" component="h1">{total === undefined ? translate('app.loading') : title}</Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, width: '100%' }}>
        <RejectSelectedButton kind="travel" />
        <AcceptSelectedButton kind="travel" />
        <ExportListButton label="app.travel_requests.export" />
      </Box>
    </Box>
  );
}

function QueueTable() {
  const translate = useTranslate();
  const { error } = useListContext();
  if (error) return <Alert severity="error">{translate('app.errors.generic')}</Alert>;
  return (
    <Paper sx={{ overflowX: 'auto' }}>
      <DataTable<PendingTravel>
        bulkActionButtons={false}
        rowClick={(id, _resource, record) => paths.travelRequest(id, record.member_id)}
        empty={<Typography sx={{ p: 3 }}>{translate('app.travel_requests.empty')}</Typography>}
      >
        <Column
          source="selected"
          label={<SelectPageCheckbox />}
          disableSort
          render={(row) => <SelectRowCheckbox id={row.id} name={nameOf(row)} />}
        />
        <Column source="name" label="app.travel_requests.member" render={nameOf} />
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
    </Paper>
  );
}

export function TravelRequestList() {
  return (
    <List<PendingTravel>
      resource="pending-travel"
      title={<QueueTitle />}
      actions={false}
      component="div"
      sx={LIST_FITS}
      empty={false}
      perPage={25}
      sort={{ field: 'created_at', order: 'ASC' }}
      pagination={<MemberPagination />}
      queryOptions={{ refetchOnWindowFocus: false }}
      disableSyncWithLocation
    >
      <Header />
      <Box sx={{ mb: 2 }}><MemberSearch /></Box>
      <ListSpace rowHeight={QUEUE_ROW}><QueueTable /></ListSpace>
    </List>
  );
}

export default TravelRequestList;

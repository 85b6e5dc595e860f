/** '/instrument-insurance': members with instruments waiting, 'FORESPØRSLER INSTURMENTFORSIKRING (n nye)'. */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { DataTable, ListBase, Title, useListContext, useTranslate } from 'react-admin';
import type { RequestMember } from '../../dataProvider/index.ts';
import { formatPhone } from '../../common/format.ts';
import { ExportListButton } from '../lists/ExportListButton.tsx';
import { ListSpace } from '../lists/ListSpace.tsx';
import { MemberPagination } from '../members/MemberPagination.tsx';

interface QueueRow {
  id: number;
  member_id: number;
  member: RequestMember;
  product: string;
}

const Column = DataTable.Col<QueueRow>;

export const instrumentListPath = (memberId: number | string) => `/instrument-insurance/list/${memberId}`;

function QueueTitle() {
  const translate = useTranslate();
  const { total } = useListContext();
  const title = translate('app.requests.instruments', { count: total ?? 0 });
  return (
    <>
      <Title title={title} />
      {/* While loading, a hidden copy of the title keeps its width, so the buttons beside it do not wrap when it arrives. */}
      <Box sx={{ display: 'grid' }}>
        <Typography variant="h5" component="h1" sx={{ gridArea: '1 / 1' }}>{total === undefined ? translate('app.loading') : title}</Typography>
        {total === undefined && (
          <Typography variant="h5" component="span" aria-hidden sx={{ gridArea: '1 / 1', visibility: 'hidden' }}>{title}</Typography>
        )}
      </Box>
    </>
  );
}

function QueueTable() {
  const translate = useTranslate();
  const { error } = useListContext();
  if (error) return <Alert severity="error">{translate('app.errors.generic')}</Alert>;
  return (
    <Paper sx={{ overflowX: 'auto' }}>
      <DataTable<QueueRow>
        bulkActionButtons={false}
        rowClick={(_id, _resource, row) => instrumentListPath((row as QueueRow).member_id)}
        empty={<Typography sx={{ p: 3 }}>{translate('app.instruments.requested_empty')}</Typography>}
      >
        <Column source="remote_id" label="app.instruments.columns.id" render={(row) => row.member.remote_id ?? ''} />
        <Column source="name" label="app.instruments.columns.member" render={(row) => `${row.member.first_name} ${row.member.last_name}`} />
        <Column source="phone" label="app.instruments.columns.mobile" render={(row) => formatPhone(row.member.phone)} />
        <Column source="email" label="app.instruments.columns.email" render={(row) => row.member.email} />
        <Column source="artist_name" label="app.instruments.columns.artist" render={(row) => row.member.artist_name ?? ''} />
        <Column source="product" label="app.instruments.columns.product" disableSort />
      </DataTable>
    </Paper>
  );
}

export default function InstrumentQueue() {
  return (
    <ListBase resource="pending-instruments" perPage={25} disableSyncWithLocation>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2, my: 2 }}>
        <QueueTitle />
        <ExportListButton label="app.instruments.export" />
      </Box>
      <ListSpace><QueueTable /></ListSpace>
      <MemberPagination />
    </ListBase>
  );
}

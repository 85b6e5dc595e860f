/** '/instrument-insurance': members with instruments waiting, 'FORESPØRSLER INSTURMENTFORSIKRING (n nye)'. */
import { DataTable } from 'react-admin';
import type { PendingInstruments } from '../../../server/schemas/pending-requests.ts';
import { formatPhone } from '../../common/format.ts';
import { ExportListButton } from '../lists/ExportListButton.tsx';
import { QueueList } from '../lists/QueueList.tsx';
import Box from '@mui/material/Box';
import { ValuationListLink } from './ValuationListLink.tsx';

type QueueRow = PendingInstruments;

const Column = DataTable.Col<QueueRow>;

export const instrumentListPath = (memberId: number | string) => `/instrument-insurance/list/${memberId}`;

export default function InstrumentQueue() {
  return (
    <QueueList<QueueRow>
      resource="pending-instruments"
      title="app.requests.instruments"
      empty="app.instruments.requested_empty"
      sort={{ field: 'id', order: 'ASC' }}
      search={false}
      refreshOnFocus
      aside={<Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}><ValuationListLink /><ExportListButton label="app.instruments.export" /></Box>}
      rowClick={(_id, _resource, row) => instrumentListPath((row as QueueRow).member_id)}
    >
      <Column source="remote_id" render={(row) => row.member.remote_id ?? ''} />
      <Column source="name" render={(row) => `${row.member.first_name} ${row.member.last_name}`} />
      <Column source="phone" render={(row) => formatPhone(row.member.phone)} />
      <Column source="email" render={(row) => row.member.email} />
      <Column source="artist_name" render={(row) => row.member.artist_name ?? ''} />
      <Column source="product" disableSort />
    </QueueList>
  );
}

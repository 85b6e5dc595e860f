/**
 * '/instrument-insurance': members with instruments waiting, 'FORESPØRSLER INSTURMENTFORSIKRING (n nye)',
 * with the member search of the other queues. The member's name is a link to their waiting
 * instruments, so a row opens by keyboard too (a row click is for the mouse only).
 */
import type { MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Link from '@mui/material/Link';
import { DataTable } from 'react-admin';
import type { PendingInstruments } from '../../../server/schemas/pending-requests.ts';
import { formatPhone } from '../../common/format.ts';
import { ExportListButton } from '../lists/ExportListButton.tsx';
import { QueueList } from '../lists/QueueList.tsx';
import { ID_COLUMN } from '../lists/queueColumns.ts';
import Box from '@mui/material/Box';
import { ValuationListLink } from './ValuationListLink.tsx';
import '../../i18n/app/instruments-pages-nb.ts';
import '../../i18n/app/requests-pages-nb.ts';

type QueueRow = PendingInstruments;

const Column = DataTable.Col<QueueRow>;
const stop = (event: MouseEvent) => event.stopPropagation();

export const instrumentListPath = (memberId: number | string) => `/instrument-insurance/list/${memberId}`;

export default function InstrumentQueue() {
  return (
    <QueueList<QueueRow>
      resource="pending-instruments"
      title="app.requests.instruments"
      empty="app.instruments.requested_empty"
      sort={{ field: 'id', order: 'ASC' }}
      refreshOnFocus
      aside={
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <ValuationListLink />
          <ExportListButton label="app.instruments.export" />
        </Box>
      }
      rowClick={(_id, _resource, row) => instrumentListPath((row as QueueRow).member_id)}
    >
      <Column source="remote_id" sx={ID_COLUMN} render={(row) => row.member.remote_id ?? ''} />
      <Column
        source="name"
        render={(row) => (
          <Link component={RouterLink} to={instrumentListPath(row.member_id)} onClick={stop}>
            {`${row.member.first_name} ${row.member.last_name}`}
          </Link>
        )}
      />
      <Column source="phone" render={(row) => formatPhone(row.member.phone)} />
      <Column source="email" render={(row) => row.member.email} />
      <Column source="artist_name" render={(row) => row.member.artist_name ?? ''} />
      <Column source="product" disableSort />
    </QueueList>
  );
}

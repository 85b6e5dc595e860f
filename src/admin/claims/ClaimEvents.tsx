/** 'Historikk': each change of the claim's state, oldest first, with its outcome and the note the member got. */
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { ClaimEvent } from '../../dataProvider/index.ts';
import { formatDate, formatTime } from '../../common/format.ts';
import '../../i18n/app/claims-pages-nb.ts';

const COLUMNS = ['when', 'state', 'outcome', 'note'] as const;

export function ClaimEvents({ events, label }: { events: readonly ClaimEvent[]; label: string }) {
  const translate = useTranslate();
  if (events.length === 0) return <Typography color="text.secondary">{translate('app.claims.events_empty')}</Typography>;
  return (
    // On a phone the table scrolls sideways in its card: the keyboard reaches it, named apart from the card.
    <TableContainer tabIndex={0} role="region" aria-label={translate('app.claims.events_table')}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableCell key={column}>{translate(`app.claims.events.${column}`)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {events.map((event, index) => (
            // Events have no id of their own; their order never changes.
            <TableRow key={`${event.created_at}-${index}`}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{`${formatDate(event.created_at)} ${formatTime(event.created_at)}`}</TableCell>
              <TableCell>{translate(`app.claims.state.${event.state}`)}</TableCell>
              <TableCell>{event.outcome ? translate(`app.claims.outcome.${event.outcome}`) : '–'}</TableCell>
              <TableCell sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{event.note ?? '–'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

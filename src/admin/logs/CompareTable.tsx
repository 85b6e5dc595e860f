/** FELT / FØR / ETTER: one version of an insurance beside the one before it. */
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslate } from 'react-admin';
import '../../i18n/app/insurance-pages-nb.ts';

export type Snapshot = Record<string, unknown>;

export interface CompareRow {
  label: string;
  show: (snapshot: Snapshot) => string;
}

// A date or an amount stays on one line on a phone instead of breaking at its dashes.
const keepWhole = { whiteSpace: 'nowrap' } as const;

export function CompareTable({ rows, before, after }: { rows: CompareRow[]; before: Snapshot | null; after: Snapshot }) {
  const translate = useTranslate();
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          <TableCell>{translate('app.logs.compare.field')}</TableCell>
          <TableCell>{translate('app.logs.compare.before')}</TableCell>
          <TableCell>{translate('app.logs.compare.after')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => {
          const old = before ? row.show(before) : '';
          const now = row.show(after);
          return (
            <TableRow key={row.label} selected={old !== now}>
              <TableCell component="th" scope="row">
                {translate(`app.logs.compare.${row.label}`)}
              </TableCell>
              <TableCell sx={keepWhole}>{old}</TableCell>
              <TableCell sx={keepWhole}>{now}</TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

/**
 * A section's figures as a table: a caption naming it, column headers (scope col) and each row's
 * first cell as its header (scope row), numbers right-aligned. Scrolls sideways on its own on a
 * phone (reachable and scrollable by keyboard), so the page never does.
 */
import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';

export interface StatsColumn<Row> {
  label: string;
  value: (row: Row) => ReactNode;
  /** Right-aligned, as figures are. */
  numeric?: boolean;
}

interface Props<Row> {
  caption: string;
  columns: readonly StatsColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string;
  /** A last row in bold (the period's totals). */
  total?: Row;
}

export function StatsTable<Row>({ caption, columns, rows, rowKey, total }: Props<Row>) {
  const captionId = useId();
  const line = (row: Row, key: string, bold = false) => (
    <TableRow key={key} sx={bold ? { '& > *': { fontWeight: 700 } } : undefined}>
      {columns.map((column, index) => (
        <TableCell
          key={column.label}
          component={index === 0 ? 'th' : 'td'}
          scope={index === 0 ? 'row' : undefined}
          align={column.numeric ? 'right' : 'left'}
          sx={{ whiteSpace: column.numeric || index === 0 ? 'nowrap' : undefined }}
        >
          {column.value(row)}
        </TableCell>
      ))}
    </TableRow>
  );
  return (
    <Box
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      sx={{ overflowX: 'auto', maxWidth: '100%', '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 } }}
    >
      <Table size="small" sx={{ '& caption': { captionSide: 'top', px: 0, pt: 0, fontWeight: 700, color: 'text.primary' } }}>
        <caption id={captionId}>{caption}</caption>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.label} scope="col" align={column.numeric ? 'right' : 'left'} sx={{ verticalAlign: 'bottom' }}>
                {column.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) => line(row, rowKey(row, index)))}
          {total !== undefined && line(total, 'total', true)}
        </TableBody>
      </Table>
    </Box>
  );
}

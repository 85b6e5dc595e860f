/** A table of rows already in memory: sortable headers with arrows and pages of 25 (the log tabs). */
import { useMemo, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import NavigateBefore from '@mui/icons-material/NavigateBefore';
import NavigateNext from '@mui/icons-material/NavigateNext';
import { useTranslate } from 'react-admin';

export const CLIENT_PAGE_SIZE = 25;

export interface Column<T> {
  key: string;
  label: string;
  render: (row: T) => ReactNode;
  /** What the column sorts by; without it the column is not sortable. */
  sortValue?: (row: T) => string | number;
}

interface Props<T> {
  rows: T[];
  columns: Column<T>[];
  /** The first column's text becomes a button that opens the row, so the keyboard reaches it. */
  onOpen: (row: T) => void;
  rowKey: (row: T) => string | number;
  empty: string;
}

export function ClientTable<T>({ rows, columns, onOpen, rowKey, empty }: Props<T>) {
  const translate = useTranslate();
  const [sort, setSort] = useState<{ key: string; descending: boolean } | null>(null);
  const [page, setPage] = useState(1);
  const sorted = useMemo(() => {
    const column = columns.find((candidate) => candidate.key === sort?.key);
    if (!column?.sortValue || !sort) return rows;
    const value = column.sortValue;
    return [...rows].sort((a, b) => {
      const left = value(a);
      const right = value(b);
      const order = left < right ? -1 : left > right ? 1 : 0;
      return sort.descending ? -order : order;
    });
  }, [rows, columns, sort]);
  const pages = Math.max(1, Math.ceil(sorted.length / CLIENT_PAGE_SIZE));
  const current = Math.min(page, pages);
  const visible = sorted.slice((current - 1) * CLIENT_PAGE_SIZE, current * CLIENT_PAGE_SIZE);

  if (rows.length === 0) return <Typography color="text.secondary" sx={{ p: 2 }}>{empty}</Typography>;
  return (
    <>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small">
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column.key} sortDirection={sort?.key === column.key ? (sort.descending ? 'desc' : 'asc') : false}>
                  {column.sortValue ? (
                    <TableSortLabel
                      active={sort?.key === column.key}
                      direction={sort?.key === column.key && sort.descending ? 'desc' : 'asc'}
                      onClick={() => setSort({ key: column.key, descending: sort?.key === column.key ? !sort.descending : false })}
                    >
                      {column.label}
                    </TableSortLabel>
                  ) : column.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {visible.map((row) => (
              <TableRow key={rowKey(row)} hover onClick={() => onOpen(row)} sx={{ cursor: 'pointer' }}>
                {columns.map((column, index) => (
                  <TableCell key={column.key}>
                    {index === 0 ? (
                      <Link
                        component="button"
                        type="button"
                        onClick={(event) => { event.stopPropagation(); onOpen(row); }}
                        sx={{ textAlign: 'left' }}
                      >
                        {column.render(row)}
                      </Link>
                    ) : column.render(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 1, py: 1 }}>
        <IconButton aria-label={translate('app.members.previous')} disabled={current <= 1} onClick={() => setPage(current - 1)}>
          <NavigateBefore />
        </IconButton>
        <Typography component="span">{translate('app.logs.page_of', { page: current, pages })}</Typography>
        <IconButton aria-label={translate('app.members.next')} disabled={current >= pages} onClick={() => setPage(current + 1)}>
          <NavigateNext />
        </IconButton>
      </Box>
    </>
  );
}

/** A whole log already in memory, sorted and paged 25 at a time in the browser by react-admin's useList. */
import type { MouseEvent, ReactNode } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { DataTable, ListContextProvider, useList, type RaRecord } from 'react-admin';
import { PageOf } from '../lists/PageOf.tsx';

export const CLIENT_PAGE_SIZE = 25;

export interface Column<T> {
  /** The row field the column sorts by; without it the column is not sortable. */
  source?: string;
  /** A catalogue key. */
  label: string;
  render: (row: T) => ReactNode;
}

interface Props<T extends RaRecord> {
  rows: T[];
  columns: Column<T>[];
  /** The first column's text becomes a button that opens the row, so the keyboard reaches it. */
  onOpen: (row: T) => void;
  empty: string;
}

export function LogTable<T extends RaRecord>({ rows, columns, onOpen, empty }: Props<T>) {
  const list = useList<T>({ data: rows, perPage: CLIENT_PAGE_SIZE });
  if (rows.length === 0) return <Typography color="text.secondary" sx={{ p: 2 }}>{empty}</Typography>;
  const open = (row: T) => (event: MouseEvent) => {
    event.stopPropagation();
    onOpen(row);
  };
  return (
    <ListContextProvider value={list}>
      <Box sx={{ overflowX: 'auto' }}>
        <DataTable<T>
          bulkActionButtons={false}
          size="small"
          rowClick={(_id, _resource, row) => {
            onOpen(row as T);
            return false;
          }}
        >
          {columns.map((column, index) => (
            <DataTable.Col<T>
              key={column.label}
              source={column.source ?? column.label}
              label={column.label}
              disableSort={!column.source}
              render={(row) =>
                index === 0 ? (
                  <Link component="button" type="button" onClick={open(row)} sx={{ textAlign: 'left' }}>{column.render(row)}</Link>
                ) : column.render(row)
              }
            />
          ))}
        </DataTable>
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', py: 1 }}>
        <PageOf />
      </Box>
    </ListContextProvider>
  );
}

/**
 * One log of a member, as react-admin's ReferenceManyField reads it: 25 entries a page, sorted and
 * paged by the server, with the log's total in its heading.
 */
import type { MouseEvent, ReactNode } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { DataTable, RecordContextProvider, ReferenceManyField, useListContext, useTranslate, type RaRecord } from 'react-admin';
import type { LogResource } from '../../dataProvider/types.ts';
import { PageOf } from '../lists/PageOf.tsx';
import { LogState } from './LogState.tsx';
import '../../i18n/app/insurance-pages-nb.ts';

export const LOG_PAGE_SIZE = 25;

export interface Column<T> {
  /** The sort the server knows this column by; without it the column is not sortable. */
  source?: string;
  /** A catalogue key. */
  label: string;
  render: (row: T) => ReactNode;
}

interface Props<T extends RaRecord> {
  resource: LogResource;
  memberId: number;
  /** The heading's catalogue key; it is given the log's total as `count`. */
  title: string;
  titleId: string;
  /** The columns, which may depend on the page's entries. */
  columns: (rows: T[]) => Column<T>[];
  /** The first column's text becomes a button that opens the row, so the keyboard reaches it. */
  onOpen: (row: T) => void;
}

function Entries<T extends RaRecord>({ title, titleId, columns, onOpen }: Omit<Props<T>, 'resource' | 'memberId'>) {
  const translate = useTranslate();
  const { data, error, isPending, total } = useListContext<T>();
  const open = (row: T) => (event: MouseEvent) => {
    event.stopPropagation();
    onOpen(row);
  };
  return (
    <>
      <Typography id={titleId} variant="h6" component="h2" sx={{ my: 2 }}>
        {translate(title, { count: total ?? 0 })}
      </Typography>
      <LogState error={error} pending={isPending} />
      {!error && data && data.length === 0 && (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          {translate('app.logs.empty')}
        </Typography>
      )}
      {!error && data && data.length > 0 && (
        <>
          <Box sx={{ overflowX: 'auto' }}>
            <DataTable<T>
              bulkActionButtons={false}
              size="small"
              rowClick={(_id, _resource, row) => {
                onOpen(row as T);
                return false;
              }}
            >
              {columns(data).map((column, index) => (
                <DataTable.Col<T>
                  key={column.label}
                  source={column.source ?? column.label}
                  label={column.label}
                  disableSort={!column.source}
                  render={(row) =>
                    index === 0 ? (
                      <Link component="button" type="button" onClick={open(row)} sx={{ textAlign: 'left' }}>
                        {column.render(row)}
                      </Link>
                    ) : (
                      column.render(row)
                    )
                  }
                />
              ))}
            </DataTable>
          </Box>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', py: 1 }}>
            <PageOf />
          </Box>
        </>
      )}
    </>
  );
}

export function LogTable<T extends RaRecord>({ resource, memberId, ...entries }: Props<T>) {
  return (
    <RecordContextProvider value={{ id: memberId }}>
      <ReferenceManyField reference={resource} target="member_id" perPage={LOG_PAGE_SIZE} sort={{ field: 'id', order: 'DESC' }}>
        <Entries<T> {...entries} />
      </ReferenceManyField>
    </RecordContextProvider>
  );
}

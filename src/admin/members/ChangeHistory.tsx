/** The member's audit trail: who changed which field, when, from what to what. */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useDataProvider, useTranslate } from 'react-admin';
import { formatDate, formatTime } from '../../common/format.ts';
import type { StaffDataProvider } from '../../dataProvider/index.ts';

const PAGE_SIZE = 25;

export function showValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '–';
  if (typeof value === 'boolean') return value ? '✓' : '✗';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export function ChangeHistory({ memberId }: { memberId: number }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const [page, setPage] = useState(1);
  const { data, error, isPending } = useQuery({
    queryKey: ['membership', 'changes', memberId, page],
    queryFn: () => dataProvider.memberChanges(memberId, page),
  });
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / PAGE_SIZE));
  const rows = (data?.data ?? []).flatMap((change) =>
    change.changes.map((item, index) => ({ key: `${change.id}-${index}`, change, item })),
  );
  return (
    <Paper component="section" aria-labelledby="changes-title" sx={{ p: 2, mt: 3 }}>
      <Typography id="changes-title" variant="h6" component="h2" gutterBottom>{translate('app.changes.title')}</Typography>
      {error ? (
        <Alert severity="error">{translate('app.errors.generic')}</Alert>
      ) : isPending ? (
        <Typography>{translate('app.loading')}</Typography>
      ) : rows.length === 0 ? (
        <Typography color="text.secondary">{translate('app.changes.empty')}</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                {['when', 'who', 'field', 'before', 'after'].map((key) => (
                  <TableCell key={key}>{translate(`app.changes.${key}`)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map(({ key, change, item }) => (
                <TableRow key={key}>
                  <TableCell>{`${formatDate(change.changed_at)} ${formatTime(change.changed_at)}`}</TableCell>
                  <TableCell>
                    {change.changed_by ? `${change.changed_by.first_name} ${change.changed_by.last_name}` : translate('app.changes.system')}
                  </TableCell>
                  <TableCell>{translate(`app.member.fields.${item.field}`, { _: item.field })}</TableCell>
                  <TableCell>{showValue(item.old)}</TableCell>
                  <TableCell>{showValue(item.new)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {pages > 1 && (
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 1, mt: 1 }}>
              <Button disabled={page <= 1} onClick={() => setPage(page - 1)}>{translate('app.members.previous')}</Button>
              <Typography>{translate('app.members.page_of', { page, pages })}</Typography>
              <Button disabled={page >= pages} onClick={() => setPage(page + 1)}>{translate('app.members.next')}</Button>
            </Box>
          )}
        </Box>
      )}
    </Paper>
  );
}

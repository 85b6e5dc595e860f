/** The instrument and travel insurance logs: one row per iteration, a row opens the before/after modal. */
import { useState } from 'react';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { formatDate, formatDateDots } from '../../common/format.ts';
import type { InsuranceLogEntry } from '../../dataProvider/types.ts';
import { ClientTable, type Column } from './ClientTable.tsx';
import { CompareTable } from './CompareTable.tsx';
import { InitialsBadge } from './InitialsBadge.tsx';
import { LogDialog } from './LogDialog.tsx';
import { LogState } from './LogState.tsx';
import { INSTRUMENT_ROWS, productName, TRAVEL_ROWS } from './snapshots.ts';
import { useMemberLog } from './useMemberLog.ts';

type Kind = 'instruments' | 'travel';

const byName = (entry: InsuranceLogEntry) =>
  entry.created_by ? `${entry.created_by.first_name} ${entry.created_by.last_name}` : '';

function columnsOf(kind: Kind, t: (key: string) => string): Column<InsuranceLogEntry>[] {
  const id: Column<InsuranceLogEntry> = { key: 'id', label: t('id'), render: (row) => row.id, sortValue: (row) => row.id };
  const by: Column<InsuranceLogEntry> = {
    key: 'by', label: t('by'), render: (row) => <InitialsBadge person={row.created_by} />, sortValue: byName,
  };
  if (kind === 'instruments') {
    return [id, { key: 'date', label: t('date'), render: (row) => formatDateDots(row.created_at), sortValue: (row) => row.created_at }, by];
  }
  return [
    id,
    { key: 'product', label: t('product'), render: (row) => productName(row.snapshot), sortValue: (row) => productName(row.snapshot) },
    { key: 'date', label: t('date'), render: (row) => formatDate(row.created_at), sortValue: (row) => row.created_at },
    by,
  ];
}

export function InsuranceLog({ kind, memberId }: { kind: Kind; memberId: number }) {
  const translate = useTranslate();
  const { data, error, isPending } = useMemberLog<InsuranceLogEntry>(kind === 'instruments' ? 'instrument-logs' : 'travel-logs', memberId);
  const [open, setOpen] = useState<InsuranceLogEntry | null>(null);
  const t = (key: string) => translate(`app.logs.${kind}.${key}`);
  const titleId = `${kind}-log-title`;
  return (
    <section aria-labelledby={titleId}>
      <Typography id={titleId} variant="h6" component="h2" sx={{ my: 2 }}>
        {translate(`app.logs.${kind}.title`, { count: data?.length ?? 0 })}
      </Typography>
      <LogState error={error} pending={isPending} />
      {data && (
        <ClientTable rows={data} columns={columnsOf(kind, t)} rowKey={(row) => row.id} onOpen={setOpen} empty={translate('app.logs.empty')} />
      )}
      <LogDialog open={open !== null} title={t('modal')} onClose={() => setOpen(null)}>
        {open && <CompareTable rows={kind === 'instruments' ? INSTRUMENT_ROWS : TRAVEL_ROWS} before={open.previous} after={open.snapshot} />}
      </LogDialog>
    </section>
  );
}

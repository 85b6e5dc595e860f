/** The instrument and travel insurance logs: one row per iteration, a row opens the before/after modal. */
import { useState } from 'react';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { formatDate, formatDateDots } from '../../common/format.ts';
import type { InsuranceLogEntry } from '../../dataProvider/types.ts';
import { LogTable, type Column } from './LogTable.tsx';
import { CompareTable } from './CompareTable.tsx';
import { InitialsBadge } from './InitialsBadge.tsx';
import { LogDialog } from './LogDialog.tsx';
import { LogState } from './LogState.tsx';
import { INSTRUMENT_ROWS, productName, TRAVEL_ROWS } from './snapshots.ts';
import { useMemberLog } from './useMemberLog.ts';

type Kind = 'instruments' | 'travel';

/** A log entry with the values its columns sort by. */
type Row = InsuranceLogEntry & { by_name: string; product_name: string };

const toRow = (entry: InsuranceLogEntry): Row => ({
  ...entry,
  by_name: entry.created_by ? `${entry.created_by.first_name} ${entry.created_by.last_name}` : '',
  product_name: productName(entry.snapshot),
});

function columnsOf(kind: Kind): Column<Row>[] {
  const key = (name: string) => `app.logs.${kind}.${name}`;
  const id: Column<Row> = { source: 'id', label: key('id'), render: (row) => row.id };
  const by: Column<Row> = { source: 'by_name', label: key('by'), render: (row) => <InitialsBadge person={row.created_by} /> };
  if (kind === 'instruments') {
    return [id, { source: 'created_at', label: key('date'), render: (row) => formatDateDots(row.created_at) }, by];
  }
  return [
    id,
    { source: 'product_name', label: key('product'), render: (row) => row.product_name },
    { source: 'created_at', label: key('date'), render: (row) => formatDate(row.created_at) },
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
        <LogTable rows={data.map(toRow)} columns={columnsOf(kind)} onOpen={setOpen} empty={translate('app.logs.empty')} />
      )}
      <LogDialog open={open !== null} title={t('modal')} onClose={() => setOpen(null)}>
        {open && <CompareTable rows={kind === 'instruments' ? INSTRUMENT_ROWS : TRAVEL_ROWS} before={open.previous} after={open.snapshot} />}
      </LogDialog>
    </section>
  );
}

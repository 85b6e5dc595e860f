/** The instrument and travel insurance logs: one row per iteration, a row opens the before/after modal. */
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { formatDate, formatDateDots } from '../../common/format.ts';
import type { InsuranceLogEntry } from '../../dataProvider/types.ts';
import { LogTable, type Column } from './LogTable.tsx';
import { CompareTable } from './CompareTable.tsx';
import { InitialsBadge } from './InitialsBadge.tsx';
import { LogDialog } from './LogDialog.tsx';
import { INSTRUMENT_ROWS, productName, TRAVEL_ROWS } from './snapshots.ts';
import '../../i18n/app/insurance-pages-nb.ts';

type Kind = 'instruments' | 'travel';

function columnsOf(kind: Kind): Column<InsuranceLogEntry>[] {
  const key = (name: string) => `app.logs.${kind}.${name}`;
  const id: Column<InsuranceLogEntry> = { source: 'id', label: key('id'), render: (row) => row.id };
  const by: Column<InsuranceLogEntry> = { source: 'by_name', label: key('by'), render: (row) => <InitialsBadge person={row.created_by} /> };
  if (kind === 'instruments') {
    return [id, { source: 'created_at', label: key('date'), render: (row) => formatDateDots(row.created_at) }, by];
  }
  return [
    id,
    { source: 'product_name', label: key('product'), render: (row) => productName(row.snapshot) },
    { source: 'created_at', label: key('date'), render: (row) => formatDate(row.created_at) },
    by,
  ];
}

export function InsuranceLog({ kind, memberId }: { kind: Kind; memberId: number }) {
  const translate = useTranslate();
  const [open, setOpen] = useState<InsuranceLogEntry | null>(null);
  const t = (key: string) => translate(`app.logs.${kind}.${key}`);
  const titleId = `${kind}-log-title`;
  return (
    <section aria-labelledby={titleId}>
      <LogTable<InsuranceLogEntry>
        resource={kind === 'instruments' ? 'instrument-logs' : 'travel-logs'}
        memberId={memberId}
        title={`app.logs.${kind}.title`}
        titleId={titleId}
        columns={() => columnsOf(kind)}
        onOpen={setOpen}
      />
      <LogDialog open={open !== null} title={t('modal')} onClose={() => setOpen(null)}>
        {open && <CompareTable rows={kind === 'instruments' ? INSTRUMENT_ROWS : TRAVEL_ROWS} before={open.previous} after={open.snapshot} />}
      </LogDialog>
    </section>
  );
}

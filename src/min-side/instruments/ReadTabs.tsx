/** The tabs that only show instruments: those waiting for staff (and those refused), and those deleted. */
import { useFormats } from '../locale.tsx';
import { useInstrumentTexts } from './texts.ts';
import { HtmlContent } from '../components/HtmlContent.tsx';
import type { InstrumentCategory, MemberInstruments } from './api.ts';
import { useValuationColumn } from './ValuationChip.tsx';
import { ReadTable } from './InstrumentTables.tsx';
import { pendingOf } from './pending.ts';

/** 'Til behandling': new instruments and changes waiting for staff, and the ones staff refused. */
export function RequestedTab({ data, categories, ordered }: { data: MemberInstruments; categories: InstrumentCategory[]; ordered: boolean }) {
  const t = useInstrumentTexts();
  const format = useFormats();
  const valuationColumn = useValuationColumn();
  const rejected = data.rejected ?? [];
  return (
    <section className="card" aria-labelledby="requested-title">
      <h2 id="requested-title" className="card-title">
        {t.requestedTitle(data.requested.length)}
      </h2>
      {ordered && (
        <p className="notice notice-info" role="status">
          {t.orderedNote}
        </p>
      )}
      {data.requested.length === 0 ? (
        <p className="muted">{t.requestedEmpty}</p>
      ) : (
        <ReadTable
          instruments={data.requested}
          label={t.requestedTitle(data.requested.length)}
          extra={[
            {
              label: t.fields.status,
              value: (row) => {
                if (row.state === 'requested') return t.newRequest;
                const pending = Object.values(pendingOf(row, categories, t, format));
                return row.requested_change?.delete ? t.pendingDelete : `${t.pending}: ${pending.join(', ')}`;
              },
            },
            valuationColumn,
          ]}
        />
      )}
      {rejected.length > 0 && (
        <>
          <h3>{t.rejectedTitle}</h3>
          <ReadTable
            instruments={rejected}
            label={t.rejectedTitle}
            extra={[{ label: t.fields.reason, value: (row) => <HtmlContent html={row.reason_for_rejection ?? ''} /> }]}
          />
        </>
      )}
    </section>
  );
}

/** 'Slettet': the instruments whose insurance has ended. */
export function DeletedTab({ data }: { data: MemberInstruments }) {
  const t = useInstrumentTexts();
  const format = useFormats();
  return (
    <section className="card" aria-labelledby="deleted-title">
      <h2 id="deleted-title" className="card-title">
        {t.deletedTitle(data.deleted.length)}
      </h2>
      {data.deleted.length === 0 ? (
        <p className="muted">{t.deletedEmpty}</p>
      ) : (
        <ReadTable
          instruments={data.deleted}
          label={t.deletedTitle(data.deleted.length)}
          extra={[
            { label: t.fields.end, value: (row) => format.date(row.insurance_end) },
            { label: t.fields.deleted, value: (row) => format.date(row.deleted_at) },
          ]}
        />
      )}
    </section>
  );
}

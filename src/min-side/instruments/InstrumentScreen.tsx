/**
 * The member's instruments on one reducer (common/instrument-rows.ts): the insured ones edited in
 * place (a change or delete goes to staff and shows 'Til behandling'), new ones added in
 * 'Legg til instrumenter' (start today, read-only; while a new row is open the insured rows are
 * locked and 'Lagre/bestill' waits until every new row is valid), and the waiting and deleted
 * ones to read. The table becomes cards at narrow widths.
 */
import { useCallback, useReducer, useState } from 'react';
import {
  changedIndexes, inNewRowMode, initialRows, isDirty, newRowKey, newRowsValid, rowsReducer, rowsTotal, toRow,
  type EditableField, type InstrumentRow,
} from '../../common/instrument-rows.ts';
import { todayIso } from '../../common/format.ts';
import { useFormats, useTexts } from '../locale.tsx';
import type { Formats } from '../texts.ts';
import { useInstrumentTexts, type InstrumentTexts } from './texts.ts';
import { instrumentValue } from '../../../server/schemas/instrument-rules.ts';
import { useNotify } from '../toasts.tsx';
import { HtmlContent } from '../components/HtmlContent.tsx';
import { instrumentApi, type Instrument, type InstrumentCategory, type MemberInstruments } from './api.ts';
import { RowFields } from './RowFields.tsx';
import { DataName, INSTRUMENT_TYPE_NAMES } from '../components/DataName.tsx';
import { Tabs } from './Tabs.tsx';
import { InstrumentDocuments } from '../documents/InstrumentDocuments.tsx';
import { ValuationChip, useValuationColumn } from './ValuationChip.tsx';

const TEMPLATE_URL = '/maler/instrumentforsikring-mal.xlsx';

const fields = (row: InstrumentRow) => ({
  instrument_category: Number(row.instrument_category),
  make: row.make.trim(),
  model: row.model.trim(),
  serial_number: row.serial_number.trim() || null,
  value: instrumentValue(row.value) ?? 0,
});

/** What the member asked to change, per field, as it would be shown. */
function pendingOf(
  instrument: Instrument | undefined,
  categories: InstrumentCategory[],
  t: InstrumentTexts,
  format: Formats,
): Partial<Record<EditableField, string>> {
  const change = instrument?.requested_change;
  if (!instrument || !change) return {};
  if (change.delete) return { make: t.pendingDelete };
  const pending: Partial<Record<EditableField, string>> = {};
  if (change.instrument_category !== undefined && change.instrument_category !== instrument.instrument_category) {
    pending.instrument_category = categories.find((category) => category.id === change.instrument_category)?.title ?? '';
  }
  for (const field of ['make', 'model', 'serial_number'] as const) {
    if (change[field] !== undefined && change[field] !== instrument[field]) pending[field] = change[field] ?? '-';
  }
  if (change.value !== undefined && change.value !== instrument.value) pending.value = t.valueAmount(format.amount(change.value));
  return pending;
}

function Headings() {
  const t = useInstrumentTexts();
  return (
    <thead>
      <tr>
        {[t.fields.type, t.fields.make, t.fields.model, t.fields.serial, t.fields.value, t.fields.start].map((label) => <th key={label} scope="col">{label}</th>)}
        <th scope="col"><span className="visually-hidden">{t.fields.status}</span></th>
      </tr>
    </thead>
  );
}

function ReadTable({ instruments, extra, label }: { instruments: Instrument[]; label: string; extra: { label: string; value: (row: Instrument) => React.ReactNode }[] }) {
  const t = useInstrumentTexts();
  const format = useFormats();
  return (
    <div className="table-wrap">
      <table className="stack-table" aria-label={label}>
        <thead>
          <tr>
            {[t.fields.type, t.fields.make, t.fields.model, t.fields.serial, t.fields.value, t.fields.start].map((heading) => <th key={heading} scope="col">{heading}</th>)}
            {extra.map((column) => <th key={column.label} scope="col">{column.label}</th>)}
          </tr>
        </thead>
        <tbody>
          {instruments.map((row) => (
            <tr key={row.id}>
              <td data-label={t.fields.type}><DataName names={INSTRUMENT_TYPE_NAMES} name={row.category} /></td>
              <td data-label={t.fields.make}>{row.make}</td>
              <td data-label={t.fields.model}>{row.model}</td>
              <td data-label={t.fields.serial}>{row.serial_number ?? ''}</td>
              <td data-label={t.fields.value}>{t.valueAmount(format.amount(row.value))}</td>
              <td data-label={t.fields.start}>{format.date(row.insurance_start)}</td>
              {extra.map((column) => <td key={column.label} data-label={column.label}>{column.value(row)}</td>)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function InstrumentScreen({ memberId, data, categories, reload, refresh, tab, setTab, ordered, setOrdered }: {
  memberId: number;
  data: MemberInstruments;
  categories: InstrumentCategory[];
  reload: () => void;
  /** Reads the instruments again in the background (a document changed their valuation). */
  refresh?: () => void;
  /** The open tab, kept by the page so it stays open while the lists are read again. */
  tab: string;
  setTab: (tab: string) => void;
  /** Whether an order was just sent, kept by the page like the tab (the lists are read again after it). */
  ordered: boolean;
  setOrdered: (ordered: boolean) => void;
}) {
  const texts = useTexts();
  const t = useInstrumentTexts();
  const format = useFormats();
  const notify = useNotify();
  const valuationColumn = useValuationColumn();
  const [state, dispatch] = useReducer(rowsReducer, data.active.map(toRow), initialRows);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  // Insured rows open for editing only after 'Endre', so a stray keystroke does not become a change request.
  const [editing, setEditing] = useState<ReadonlySet<string>>(new Set());
  const startEditing = (key: string, button: HTMLElement) => {
    const row = button.closest('tr');
    setEditing((keys) => new Set(keys).add(key));
    // The button goes away; focus moves to the row's first field instead of the document.
    setTimeout(() => row?.querySelector<HTMLElement>('select, input')?.focus());
  };
  const onTouched = useCallback((key: string) => setTouched((keys) => (keys.has(key) ? keys : new Set(keys).add(key))), []);
  const newMode = inNewRowMode(state);
  const dirty = isDirty(state);
  const byId = new Map(data.active.map((instrument) => [instrument.id, instrument]));
  const usable = categories.filter((category) => category.use_insurance === 1);
  const sum = rowsTotal(state.rows);
  const total = sum > 0 ? texts.instruments.total(format.amount(sum)) : null;

  const finish = (results: { ok: boolean; message?: string }[], success: string) => {
    const failed = results.filter((result) => !result.ok);
    if (failed.length === 0) notify.success(success);
    else notify.error([t.failed, ...new Set(failed.map((result) => result.message).filter(Boolean))].join(' '));
    return failed.length === 0;
  };

  const order = async () => {
    setBusy(true);
    const results = await Promise.all(state.newRows.map((row) => instrumentApi.create(memberId, fields(row))));
    state.newRows.forEach((row, index) => { if (results[index].ok) dispatch({ type: 'removeNew', key: row.key }); });
    setBusy(false);
    if (finish(results, t.created)) {
      setOrdered(true);
      setTab('requested');
      reload();
    }
  };

  const saveChanges = async () => {
    setBusy(true);
    const results = await Promise.all([
      ...changedIndexes(state).map((index) => instrumentApi.change(state.rows[index].id!, fields(state.rows[index]))),
      ...state.deleted.map((row) => instrumentApi.remove(row.id!)),
    ]);
    setBusy(false);
    finish(results, t.updated);
    setEditing(new Set());
    reload();
  };

  const tabs = [
    { id: 'add', label: t.tabs.add },
    { id: 'active', label: t.tabs.active },
    { id: 'requested', label: t.tabs.requested },
    { id: 'deleted', label: t.tabs.deleted },
  ];
  const rejected = data.rejected ?? [];

  return (
    <Tabs tabs={tabs} selected={tab} onSelect={setTab} label={t.tabs.label}>
      {tab === 'add' && (
        <section className="card" aria-labelledby="add-title">
          <h2 id="add-title" className="card-title">{t.addTitle}</h2>
          {state.newRows.length === 0 ? (
            <p className="notice notice-info">
              {t.templateInfo} <a href={TEMPLATE_URL} download>{t.templateLink}</a>
            </p>
          ) : (
            <div className="table-wrap">
              <table className="stack-table instrument-table">
                <Headings />
                <tbody>
                  {state.newRows.map((row, index) => (
                    <RowFields
                      key={row.key} row={row} index={index} isNew name={t.newRow(index + 1)} disabled={busy}
                      showErrors={touched.has(row.key)} categories={usable} dispatch={dispatch} onTouched={onTouched}
                      action={(
                        <button type="button" className="btn btn-secondary btn-small" onClick={() => dispatch({ type: 'removeNew', key: row.key })}>
                          {t.removeRow(index + 1)}
                        </button>
                      )}
                    />
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <p className="muted">{t.startHint}</p>
          <div className="button-row wrap">
            <button type="button" className="btn btn-secondary" disabled={busy || dirty} onClick={() => dispatch({ type: 'add', status: 0, today: todayIso(), key: newRowKey() })}>
              {t.addRow}
            </button>
            <span className="button-group">
              <button type="button" className="btn btn-secondary" disabled={!newMode || busy} onClick={() => dispatch({ type: 'cancelNew' })}>{t.cancel}</button>
              <button type="button" className="btn btn-primary" disabled={!newRowsValid(state) || busy} onClick={order}>{t.order}</button>
            </span>
          </div>
        </section>
      )}

      {tab === 'active' && (
        <section className="card" aria-labelledby="active-title">
          <h2 id="active-title" className="card-title">{t.activeTitle(data.active.length)}</h2>
          {state.rows.length === 0 && state.deleted.length === 0 ? <p className="muted">{t.activeEmpty}</p> : (
            <>
              <p className="muted">{t.changesNote}</p>
              <div className="table-wrap">
                <table className="stack-table instrument-table">
                  <Headings />
                  <tbody>
                    {state.rows.map((row, index) => {
                      const instrument = byId.get(row.id!);
                      const name = `${row.make} ${row.model}`;
                      const locked = newMode || busy || Boolean(instrument?.requested_change?.delete);
                      return (
                        <RowFields
                          key={row.key} row={row} index={index} isNew={false} name={name} disabled={locked || !editing.has(row.key)}
                          showErrors categories={usable} dispatch={dispatch} pending={pendingOf(instrument, categories, t, format)}
                          action={(
                            <span className="button-group">
                              <ValuationChip valuation={instrument?.valuation} />
                              {!editing.has(row.key) && (
                                <button type="button" className="btn btn-secondary btn-small" disabled={locked} onClick={(event) => startEditing(row.key, event.currentTarget)}>
                                  {t.editRow(name)}
                                </button>
                              )}
                              <button
                                type="button" className="btn btn-secondary btn-small" disabled={newMode || busy || Boolean(instrument?.requested_change?.delete)}
                                onClick={() => dispatch({ type: 'delete', index })}
                              >
                                {t.deleteRow(name)}
                              </button>
                            </span>
                          )}
                        />
                      );
                    })}
                  </tbody>
                </table>
              </div>
              {total && <p className="total">{total}</p>}
              <div className="button-row">
                <button type="button" className="btn btn-secondary" disabled={!dirty || busy} onClick={() => { dispatch({ type: 'cancel' }); setEditing(new Set()); }}>{t.cancel}</button>
                <button type="button" className="btn btn-primary" disabled={!dirty || busy || newMode} onClick={saveChanges}>{t.save}</button>
              </div>
            </>
          )}
          <InstrumentDocuments memberId={memberId} instruments={data.active} onChanged={refresh} />
        </section>
      )}

      {tab === 'requested' && (
        <section className="card" aria-labelledby="requested-title">
          <h2 id="requested-title" className="card-title">{t.requestedTitle(data.requested.length)}</h2>
          {ordered && <p className="notice notice-info" role="status">{t.orderedNote}</p>}
          {data.requested.length === 0 ? <p className="muted">{t.requestedEmpty}</p> : (
            <ReadTable
              instruments={data.requested}
              label={t.requestedTitle(data.requested.length)}
              extra={[{
                label: t.fields.status,
                value: (row) => {
                  if (row.state === 'requested') return t.newRequest;
                  const pending = Object.values(pendingOf(row, categories, t, format));
                  return row.requested_change?.delete ? t.pendingDelete : `${t.pending}: ${pending.join(', ')}`;
                },
              }, valuationColumn]}
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
      )}

      {tab === 'deleted' && (
        <section className="card" aria-labelledby="deleted-title">
          <h2 id="deleted-title" className="card-title">{t.deletedTitle(data.deleted.length)}</h2>
          {data.deleted.length === 0 ? <p className="muted">{t.deletedEmpty}</p> : (
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
      )}
    </Tabs>
  );
}

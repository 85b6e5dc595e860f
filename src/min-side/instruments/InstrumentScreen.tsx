/**
 * The member's instruments on one reducer (common/instrument-rows.ts): the insured ones edited in
 * place (a change or delete goes to staff and shows 'Til behandling'), new ones added in
 * 'Legg til instrumenter' (start today, read-only; while a new row is open the insured rows are
 * locked and 'Lagre/bestill' waits until every new row is valid), and the waiting and deleted
 * ones to read. The table becomes cards at narrow widths.
 */
import { lazy, Suspense, useCallback, useReducer, useState } from 'react';
import {
  changedIndexes,
  inNewRowMode,
  initialRows,
  isDirty,
  newRowKey,
  newRowsValid,
  rowsReducer,
  rowsTotal,
  toRow,
  type InstrumentRow,
} from '../../common/instrument-rows.ts';
import { todayIso } from '../../common/format.ts';
import { useFormats, useTexts } from '../locale.tsx';
import { useInstrumentTexts } from './texts.ts';
import { instrumentValue } from '../../../server/schemas/instrument-rules.ts';
import { useNotify } from '../toasts.tsx';
import { instrumentApi, type InstrumentCategory, type MemberInstruments } from './api.ts';
import { RowFields } from './RowFields.tsx';
import { Tabs } from './Tabs.tsx';
import { ValuationChip } from './ValuationChip.tsx';
import { Headings } from './InstrumentTables.tsx';
import { pendingOf } from './pending.ts';
import { DeletedTab, RequestedTab } from './ReadTabs.tsx';

// The documents are shown on the insured instruments' tab only: their code loads when it opens.
const InstrumentDocuments = lazy(() => import('../documents/InstrumentDocuments.tsx').then((module) => ({ default: module.InstrumentDocuments })));

const TEMPLATE_URL = '/maler/instrumentforsikring-mal.xlsx';

const fields = (row: InstrumentRow) => ({
  instrument_category: Number(row.instrument_category),
  make: row.make.trim(),
  model: row.model.trim(),
  serial_number: row.serial_number.trim() || null,
  value: instrumentValue(row.value) ?? 0,
});

export function InstrumentScreen({
  memberId,
  data,
  categories,
  reload,
  refresh,
  tab,
  setTab,
  ordered,
  setOrdered,
}: {
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
    state.newRows.forEach((row, index) => {
      if (results[index].ok) dispatch({ type: 'removeNew', key: row.key });
    });
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

  return (
    <Tabs tabs={tabs} selected={tab} onSelect={setTab} label={t.tabs.label}>
      {tab === 'add' && (
        <section className="card" aria-labelledby="add-title">
          <h2 id="add-title" className="card-title">
            {t.addTitle}
          </h2>
          {state.newRows.length === 0 ? (
            <p className="notice notice-info">
              {t.templateInfo}{' '}
              <a href={TEMPLATE_URL} download>
                {t.templateLink}
              </a>
            </p>
          ) : (
            <div className="table-wrap">
              <table className="stack-table instrument-table">
                <Headings />
                <tbody>
                  {state.newRows.map((row, index) => (
                    <RowFields
                      key={row.key}
                      row={row}
                      index={index}
                      isNew
                      name={t.newRow(index + 1)}
                      disabled={busy}
                      showErrors={touched.has(row.key)}
                      categories={usable}
                      dispatch={dispatch}
                      onTouched={onTouched}
                      action={
                        <button type="button" className="btn btn-secondary btn-small" onClick={() => dispatch({ type: 'removeNew', key: row.key })}>
                          {t.removeRow(index + 1)}
                        </button>
                      }
                    />
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <p className="muted">{t.startHint}</p>
          <div className="button-row wrap">
            <button
              type="button"
              className="btn btn-secondary"
              disabled={busy || dirty}
              onClick={() => dispatch({ type: 'add', status: 0, today: todayIso(), key: newRowKey() })}
            >
              {t.addRow}
            </button>
            <span className="button-group">
              <button type="button" className="btn btn-secondary" disabled={!newMode || busy} onClick={() => dispatch({ type: 'cancelNew' })}>
                {t.cancel}
              </button>
              <button type="button" className="btn btn-primary" disabled={!newRowsValid(state) || busy} onClick={order}>
                {t.order}
              </button>
            </span>
          </div>
        </section>
      )}

      {tab === 'active' && (
        <section className="card" aria-labelledby="active-title">
          <h2 id="active-title" className="card-title">
            {t.activeTitle(data.active.length)}
          </h2>
          {state.rows.length === 0 && state.deleted.length === 0 ? (
            <p className="muted">{t.activeEmpty}</p>
          ) : (
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
                          key={row.key}
                          row={row}
                          index={index}
                          isNew={false}
                          name={name}
                          disabled={locked || !editing.has(row.key)}
                          showErrors
                          categories={usable}
                          dispatch={dispatch}
                          pending={pendingOf(instrument, categories, t, format)}
                          action={
                            <span className="button-group">
                              <ValuationChip valuation={instrument?.valuation} />
                              {!editing.has(row.key) && (
                                <button
                                  type="button"
                                  className="btn btn-secondary btn-small"
                                  disabled={locked}
                                  onClick={(event) => startEditing(row.key, event.currentTarget)}
                                >
                                  {t.editRow(name)}
                                </button>
                              )}
                              <button
                                type="button"
                                className="btn btn-secondary btn-small"
                                disabled={newMode || busy || Boolean(instrument?.requested_change?.delete)}
                                onClick={() => dispatch({ type: 'delete', index })}
                              >
                                {t.deleteRow(name)}
                              </button>
                            </span>
                          }
                        />
                      );
                    })}
                  </tbody>
                </table>
              </div>
              {total && <p className="total">{total}</p>}
              <div className="button-row">
                <button
                  type="button"
                  className="btn btn-secondary"
                  disabled={!dirty || busy}
                  onClick={() => {
                    dispatch({ type: 'cancel' });
                    setEditing(new Set());
                  }}
                >
                  {t.cancel}
                </button>
                <button type="button" className="btn btn-primary" disabled={!dirty || busy || newMode} onClick={saveChanges}>
                  {t.save}
                </button>
              </div>
            </>
          )}
          <Suspense fallback={null}>
            <InstrumentDocuments memberId={memberId} instruments={data.active} onChanged={refresh} />
          </Suspense>
        </section>
      )}

      {tab === 'requested' && <RequestedTab data={data} categories={categories} ordered={ordered} />}

      {tab === 'deleted' && <DeletedTab data={data} />}
    </Tabs>
  );
}

/**
 * The one editable instrument table of the staff screens, on the rows reducer
 * (common/instrument-rows.ts): existing rows edited in place and deleted (changes tracked by
 * index), and new rows from 'Legg til produkt', which put the table in new-row mode: existing
 * rows and the other actions are off, and the new rows' own 'Lagre' is on only when every new
 * row is valid. With `createOnly` it is the 'LEGG TIL INSTRUMENTER' table: new rows only,
 * saved with 'Lagre/bestill'. Rows render memoised, so typing in one row of 500 redraws one row.
 *
 * A deleted row stays in its place until 'Lagre', struck through with 'Slettes ved lagring' and
 * 'Angre'; the count the page shows leaves it out (onCount). While there are unsaved changes the
 * actions beside the heading are off, and a line says why.
 *
 * Layout: from 1200 px a table whose columns share the width (every field's text in view);
 * narrower, each row is a card of labelled fields in a wrapping grid (three, two or one across),
 * so nothing runs off a phone's screen.
 */
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useTranslate } from 'react-admin';
import {
  changedIndexes,
  editsValid,
  formatTotal,
  inNewRowMode,
  isDirty,
  newRowsValid,
  rowsTotal,
  newRowKey,
  type InstrumentRow,
} from '../../common/instrument-rows.ts';
import { todayIso } from '../../common/format.ts';
import type { InstrumentCategory } from '../../dataProvider/types.ts';
import { EditableRow } from './EditableRow.tsx';
import { StagedDeleteRow } from './StagedDeleteRow.tsx';
import { FIELDS, tableSx, WIDE, WIDTHS } from './instrumentRowsLayout.ts';
import { useInstrumentRows } from './useInstrumentRows.ts';
import '../../i18n/app/instruments-pages-nb.ts';
import '../../i18n/app/requests-pages-nb.ts';

export interface InstrumentRowsTableProps {
  rows: InstrumentRow[];
  categories: InstrumentCategory[];
  /** The status new rows keep: 1 insured at once, 0 a request. */
  newStatus: number;
  /** Only new rows, saved with 'Lagre/bestill' (the create-request section). */
  createOnly?: boolean;
  /** Saves the new rows (one call each) and answers the keys of those not saved, which stay. */
  onSaveNew: (rows: InstrumentRow[]) => Promise<string[]>;
  onSaveChanges?: (changed: InstrumentRow[], deleted: InstrumentRow[]) => Promise<void>;
  /** Actions beside the heading (export, log); off in new-row mode. */
  actions?: (disabled: boolean) => ReactNode;
  showTotal?: boolean;
  empty?: ReactNode;
  /** The rows that stay after saving (the staged deletes left out), whenever it changes. */
  onCount?: (count: number) => void;
}

export function InstrumentRowsTable(props: InstrumentRowsTableProps) {
  const { rows, categories, newStatus, createOnly = false, onSaveNew, onSaveChanges, actions, showTotal = false, empty, onCount } = props;
  const translate = useTranslate();
  const [state, dispatch] = useInstrumentRows(rows);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [restored, setRestored] = useState<string | null>(null);
  const onTouched = useCallback((key: string) => setTouched((keys) => (keys.has(key) ? keys : new Set(keys).add(key))), []);
  const newMode = inNewRowMode(state);
  const dirty = isDirty(state);
  const categoriesInUse = categories.filter((category) => category.use_insurance === 1);

  const add = () => dispatch({ type: 'add', status: newStatus, today: todayIso(), key: newRowKey() });
  const saveNew = async () => {
    setBusy(true);
    const unsaved = new Set(await onSaveNew(state.newRows));
    for (const row of state.newRows) if (!unsaved.has(row.key)) dispatch({ type: 'removeNew', key: row.key });
    setBusy(false);
  };
  const saveChanges = async () => {
    if (!onSaveChanges) return;
    setRestored(null);
    setBusy(true);
    await onSaveChanges(
      changedIndexes(state).map((index) => state.rows[index]),
      state.deleted,
    );
    setBusy(false);
  };
  const total = formatTotal(rowsTotal(state.rows));
  const shown = createOnly ? [] : state.rows;
  const kept = state.rows.length;
  useEffect(() => onCount?.(kept), [onCount, kept]);
  // The rows in their loaded order, each either still there (its index in `rows`) or staged for deletion.
  const indexOf = new Map(shown.map((row, index) => [row.key, index]));
  const staged = new Map(state.deleted.map((row) => [row.key, row]));
  const inOrder = createOnly ? [] : state.originals.filter((row) => indexOf.has(row.key) || staged.has(row.key));
  const actionsOff = newMode || dirty;

  return (
    <Box>
      {actions && (
        <Stack direction="row" sx={{ mb: 1, flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          {actions(actionsOff)}
          {actionsOff && (
            <Typography variant="body2" color="text.secondary">
              {translate('app.staff_review.save_first')}
            </Typography>
          )}
        </Stack>
      )}
      {inOrder.length === 0 && state.newRows.length === 0 ? (
        empty
      ) : (
        <TableContainer
          sx={{ maxHeight: { [WIDE]: 640 }, containerType: 'inline-size' }}
          tabIndex={0}
          role="region"
          aria-label={translate(createOnly ? 'app.instruments.add_title' : 'app.instruments.rows_label')}
        >
          <Table size="small" stickyHeader sx={tableSx}>
            <colgroup>
              {WIDTHS.map((width, index) => (
                <col key={index} style={{ width }} />
              ))}
            </colgroup>
            <TableHead>
              <TableRow>
                <TableCell>{translate('app.instruments.columns.type')}</TableCell>
                {FIELDS.map(({ field, label }) => (
                  <TableCell key={field}>{translate(label)}</TableCell>
                ))}
                <TableCell>{translate('app.instruments.columns.delete')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {inOrder.map(({ key }) => {
                const index = indexOf.get(key);
                const deleted = staged.get(key);
                if (index === undefined) {
                  return deleted ? (
                    <StagedDeleteRow
                      key={key}
                      row={deleted}
                      categories={categories}
                      onUndo={() => {
                        setRestored(key);
                        dispatch({ type: 'restore', key });
                      }}
                    />
                  ) : null;
                }
                return (
                  <EditableRow
                    key={key}
                    row={shown[index]}
                    index={index}
                    isNew={false}
                    disabled={newMode || busy}
                    showErrors={false}
                    categories={categoriesInUse}
                    dispatch={dispatch}
                    onTouched={onTouched}
                    restored={restored === key}
                  />
                );
              })}
              {state.newRows.map((row, index) => (
                <EditableRow
                  key={row.key}
                  row={row}
                  index={index}
                  isNew
                  disabled={busy}
                  showErrors={touched.has(row.key)}
                  categories={categoriesInUse}
                  dispatch={dispatch}
                  onTouched={onTouched}
                />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {showTotal && total && <Typography sx={{ mt: 1, fontWeight: 700 }}>{total}</Typography>}
      <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" startIcon={<AddIcon />} onClick={add} disabled={busy || (!createOnly && dirty)}>
          {translate(createOnly ? 'app.instruments.add_row' : 'app.instruments.add_product')}
        </Button>
        {createOnly ? (
          <>
            <Button onClick={() => dispatch({ type: 'cancelNew' })} disabled={!newMode || busy}>
              {translate('app.cancel')}
            </Button>
            <Button variant="contained" onClick={saveNew} disabled={!newRowsValid(state) || busy}>
              {translate('app.instruments.order')}
            </Button>
          </>
        ) : (
          <>
            {newMode && (
              <>
                <Button onClick={() => dispatch({ type: 'cancelNew' })} disabled={busy}>
                  {translate('app.cancel')}
                </Button>
                <Button variant="contained" aria-label={translate('app.instruments.save_new_label')} onClick={saveNew} disabled={!newRowsValid(state) || busy}>
                  {translate('app.instruments.save_new')}
                </Button>
              </>
            )}
            {!newMode && (
              <>
                <Button onClick={() => dispatch({ type: 'cancel' })} disabled={!dirty || busy}>
                  {translate('app.cancel')}
                </Button>
                <Button variant="contained" onClick={saveChanges} disabled={!dirty || !editsValid(state) || busy}>
                  {translate('app.save')}
                </Button>
              </>
            )}
          </>
        )}
      </Stack>
    </Box>
  );
}

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
import { memo, useCallback, useEffect, useId, useReducer, useRef, useState, type Dispatch, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import NativeSelect from '@mui/material/NativeSelect';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import CloseIcon from '@mui/icons-material/Close';
import UndoIcon from '@mui/icons-material/Undo';
import Chip from '@mui/material/Chip';
import { useTranslate } from 'react-admin';
import {
  changedIndexes, editsValid, formatTotal, inNewRowMode, initialRows, isDirty, newRowsValid, rowsReducer, rowsTotal, newRowKey,
  type EditableField, type InstrumentRow, type RowsAction, type RowsState,
} from '../../common/instrument-rows.ts';
import { instrumentRowErrors } from '../../../server/schemas/instrument-rules.ts';
import { todayIso } from '../../common/format.ts';
import type { InstrumentCategory } from '../../dataProvider/types.ts';
import { TableDateField } from '../dates/TableDateField.tsx';

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

const FIELDS: { field: EditableField; label: string; type?: string }[] = [
  { field: 'make', label: 'app.instruments.columns.make' },
  { field: 'model', label: 'app.instruments.columns.model' },
  { field: 'serial_number', label: 'app.instruments.columns.serial_number' },
  { field: 'value', label: 'app.instruments.columns.value' },
  { field: 'insurance_start', label: 'app.instruments.columns.created', type: 'date' },
  { field: 'insurance_end', label: 'app.instruments.columns.end', type: 'date' },
];

/** Table column widths when the rows have 1200 px or more (type, the six fields, delete). */
const WIDTHS = ['15%', '13%', '18%', '12%', '8%', '14%', '14%', '6%'];
const WIDE = 'lg';

/**
 * The table needs about 1200 px for every field's text (the dates alone take 150 px each), which
 * the content area has at 1440 px only with the menu folded. So the layout follows the width the
 * rows get (a container query), not the window: narrower, the table's elements lay out as cards,
 * the header left out (each cell shows its column's name from data-label) and a row's cells
 * wrapping in a grid of as many 170 px columns as fit (four on a desktop, one on a phone).
 */
const tableSx = {
  tableLayout: 'fixed',
  '& .MuiFormControl-root, & .MuiNativeSelect-root, & .MuiInputBase-root': { width: '100%', minWidth: 0 },
  '& td, & th': { px: 0.75 },
  '& textarea': { resize: 'none' },
  '@container (max-width: 1199.95px)': {
    '&, & tbody': { display: 'block' },
    '& colgroup, & thead': { display: 'none' },
    '& tr': {
      display: 'grid',
      gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 170px), 1fr))',
      columnGap: 2,
      rowGap: 1,
      p: 1.5,
      mb: 1.5,
      border: 1,
      borderColor: 'divider',
      borderRadius: 1,
    },
    '& td': { display: 'block', border: 0, p: 0, minWidth: 0 },
    '& td[data-label]::before': {
      content: 'attr(data-label)', display: 'block', fontSize: 12, fontWeight: 600, color: 'text.secondary', mb: 0.25,
    },
    '& td.row-delete': { display: 'flex', justifyContent: 'flex-end', alignItems: 'flex-end' },
    '& td.row-staged': { gridColumn: '1 / -1' },
  },
} as const;

const inputSx = {
  px: 1, border: 1, borderColor: 'divider', borderRadius: 1, minWidth: 0, fontSize: 14,
  '&.Mui-focused': { outline: '2px solid', outlineColor: 'primary.main' },
  '&.Mui-error': { borderColor: 'error.main' },
  '&.Mui-disabled': { bgcolor: 'action.hover' },
};

interface RowProps {
  row: InstrumentRow;
  index: number;
  isNew: boolean;
  disabled: boolean;
  showErrors: boolean;
  categories: InstrumentCategory[];
  dispatch: Dispatch<RowsAction>;
  onTouched: (key: string) => void;
  /** Just brought back with 'Angre': focus goes to its delete button again. */
  restored?: boolean;
}

const EditableRow = memo(function EditableRow({ row, index, isNew, disabled, showErrors, categories, dispatch, onTouched, restored }: RowProps) {
  const translate = useTranslate();
  const deleteButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (restored) deleteButton.current?.focus();
  }, [restored]);
  const errorId = useId();
  const errors = showErrors ? instrumentRowErrors(row) : {};
  const name = translate(isNew ? 'app.instruments.new_row' : 'app.instruments.row', { number: index + 1 });
  const change = (field: EditableField, value: string | number) => {
    onTouched(row.key);
    dispatch(isNew ? { type: 'editNew', key: row.key, field, value } : { type: 'edit', index, field, value });
  };
  const messages = Object.values(errors);
  return (
    <TableRow>
      <TableCell data-label={translate('app.instruments.columns.type')}>
        <NativeSelect
          input={<InputBase sx={inputSx} />}
          disabled={disabled}
          error={Boolean(errors.instrument_category)}
          value={row.instrument_category}
          onChange={(event) => change('instrument_category', event.target.value === '' ? '' : Number(event.target.value))}
          inputProps={{ 'aria-label': `${translate('app.instruments.columns.type')}, ${name}`, 'aria-describedby': messages.length ? errorId : undefined }}
        >
          <option value="" disabled>{translate('app.instruments.choose_type')}</option>
          {categories.map((category) => <option key={category.id} value={category.id}>{category.title}</option>)}
        </NativeSelect>
        {messages.length > 0 && (
          <Typography id={errorId} variant="caption" color="error" component="p" sx={{ mt: 0.5 }}>{messages.join(' · ')}</Typography>
        )}
      </TableCell>
      {FIELDS.map(({ field, label, type }) => (
        <TableCell key={field} data-label={translate(label)}>
          {type === 'date' ? (
            <TableDateField
              value={String(row[field])}
              onChange={(value) => change(field, value)}
              label={`${translate(label)}, ${name}`}
              disabled={disabled}
              error={Boolean(errors[field])}
              describedBy={messages.length ? errorId : undefined}
              minDate={field === 'insurance_end' && row.insurance_start ? row.insurance_start : undefined}
            />
          ) : (
            <InputBase
              sx={inputSx}
              // Names wrap onto another line in their cell rather than being cut; they stay one line of text.
              multiline={field !== 'value'}
              minRows={1}
              disabled={disabled}
              error={Boolean(errors[field])}
              value={row[field]}
              onChange={(event) => change(field, field === 'value' ? event.target.value : event.target.value.replace(/[\r\n]+/g, ' '))}
              onKeyDown={(event) => { if (event.key === 'Enter') event.preventDefault(); }}
              inputProps={{
                'aria-label': `${translate(label)}, ${name}`,
                'aria-invalid': Boolean(errors[field]),
                ...(field === 'value' ? { inputMode: 'numeric' } : {}),
              }}
            />
          )}
        </TableCell>
      ))}
      <TableCell className="row-delete">
        {isNew ? (
          <IconButton
            aria-label={translate('app.instruments.remove_new', { number: index + 1 })}
            onClick={() => dispatch({ type: 'removeNew', key: row.key })}
          >
            <CloseIcon />
          </IconButton>
        ) : (
          <IconButton
            ref={deleteButton}
            aria-label={translate('app.instruments.delete', { name: `${row.make} ${row.model}` })}
            disabled={disabled}
            onClick={() => dispatch({ type: 'delete', index })}
          >
            <DeleteIcon />
          </IconButton>
        )}
      </TableCell>
    </TableRow>
  );
});

/** A deleted row until 'Lagre': struck through, 'Slettes ved lagring', and 'Angre' to keep it. */
function StagedDeleteRow({ row, categories, onUndo }: { row: InstrumentRow; categories: InstrumentCategory[]; onUndo: () => void }) {
  const translate = useTranslate();
  const name = `${row.make} ${row.model}`;
  const type = categories.find((category) => category.id === row.instrument_category)?.title ?? '';
  const text = [type, name, row.serial_number, row.value === '' ? '' : `${row.value},-`].filter(Boolean).join(' · ');
  // The delete button that had focus is gone: focus goes to 'Angre' in its place.
  const undo = useRef<HTMLButtonElement>(null);
  useEffect(() => undo.current?.focus(), []);
  return (
    <TableRow sx={{ bgcolor: 'action.hover' }}>
      <TableCell colSpan={FIELDS.length + 2} className="row-staged">
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
          <Typography component="del" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>{text}</Typography>
          <Chip size="small" variant="outlined" label={translate('app.staff_review.to_delete')} sx={{ fontWeight: 600 }} />
          <Button
            ref={undo}
            size="small"
            startIcon={<UndoIcon />}
            aria-label={translate('app.staff_review.undo_delete_label', { name })}
            onClick={onUndo}
          >
            {translate('app.staff_review.undo_delete')}
          </Button>
        </Box>
      </TableCell>
    </TableRow>
  );
}

type StaffRowsAction = RowsAction | { type: 'restore'; key: string };

/** The shared rows reducer, and 'restore': a deleted row back in its place, with its edits. */
function staffRowsReducer(state: RowsState, action: StaffRowsAction): RowsState {
  if (action.type !== 'restore') return rowsReducer(state, action);
  const row = state.deleted.find((candidate) => candidate.key === action.key);
  if (!row) return state;
  const order = new Map(state.originals.map((original, index) => [original.key, index]));
  const rows = [...state.rows, row].sort((a, b) => (order.get(a.key) ?? 0) - (order.get(b.key) ?? 0));
  return { ...state, rows, deleted: state.deleted.filter((candidate) => candidate.key !== action.key) };
}

/** The reducer for a table whose rows come from the server; a new load replaces the state. */
export function useInstrumentRows(rows: InstrumentRow[]): [RowsState, Dispatch<StaffRowsAction>] {
  const [state, dispatch] = useReducer(staffRowsReducer, rows, initialRows);
  const loaded = useRef(rows);
  if (loaded.current !== rows) {
    loaded.current = rows;
    dispatch({ type: 'load', rows });
  }
  return [state, dispatch];
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
    await onSaveChanges(changedIndexes(state).map((index) => state.rows[index]), state.deleted);
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
          {actionsOff && <Typography variant="body2" color="text.secondary">{translate('app.staff_review.save_first')}</Typography>}
        </Stack>
      )}
      {inOrder.length === 0 && state.newRows.length === 0 ? empty : (
        <TableContainer
          sx={{ maxHeight: { [WIDE]: 640 }, containerType: 'inline-size' }}
          tabIndex={0}
          role="region"
          aria-label={translate(createOnly ? 'app.instruments.add_title' : 'app.instruments.rows_label')}
        >
          <Table size="small" stickyHeader sx={tableSx}>
            <colgroup>{WIDTHS.map((width, index) => <col key={index} style={{ width }} />)}</colgroup>
            <TableHead>
              <TableRow>
                <TableCell>{translate('app.instruments.columns.type')}</TableCell>
                {FIELDS.map(({ field, label }) => <TableCell key={field}>{translate(label)}</TableCell>)}
                <TableCell>{translate('app.instruments.columns.delete')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {inOrder.map(({ key }) => {
                const index = indexOf.get(key);
                const deleted = staged.get(key);
                if (index === undefined) {
                  return deleted
                    ? <StagedDeleteRow
                        key={key} row={deleted} categories={categories}
                        onUndo={() => { setRestored(key); dispatch({ type: 'restore', key }); }}
                      />
                    : null;
                }
                return (
                  <EditableRow
                    key={key} row={shown[index]} index={index} isNew={false} disabled={newMode || busy} showErrors={false}
                    categories={categoriesInUse} dispatch={dispatch} onTouched={onTouched} restored={restored === key}
                  />
                );
              })}
              {state.newRows.map((row, index) => (
                <EditableRow
                  key={row.key} row={row} index={index} isNew disabled={busy} showErrors={touched.has(row.key)}
                  categories={categoriesInUse} dispatch={dispatch} onTouched={onTouched}
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
            <Button onClick={() => dispatch({ type: 'cancelNew' })} disabled={!newMode || busy}>{translate('app.cancel')}</Button>
            <Button variant="contained" onClick={saveNew} disabled={!newRowsValid(state) || busy}>{translate('app.instruments.order')}</Button>
          </>
        ) : (
          <>
            {newMode && (
              <>
                <Button onClick={() => dispatch({ type: 'cancelNew' })} disabled={busy}>{translate('app.cancel')}</Button>
                <Button variant="contained" aria-label={translate('app.instruments.save_new_label')} onClick={saveNew} disabled={!newRowsValid(state) || busy}>
                  {translate('app.instruments.save_new')}
                </Button>
              </>
            )}
            {!newMode && (
              <>
                <Button onClick={() => dispatch({ type: 'cancel' })} disabled={!dirty || busy}>{translate('app.cancel')}</Button>
                <Button variant="contained" onClick={saveChanges} disabled={!dirty || !editsValid(state) || busy}>{translate('app.save')}</Button>
              </>
            )}
          </>
        )}
      </Stack>
    </Box>
  );
}

/**
 * The one editable instrument table of the staff screens, on the rows reducer
 * (common/instrument-rows.ts): existing rows edited in place and deleted (changes tracked by
 * index), and new rows from 'Legg til produkt', which put the table in new-row mode: existing
 * rows and the other actions are off, and the new rows' own 'Lagre' is on only when every new
 * row is valid. With `createOnly` it is the 'LEGG TIL INSTRUMENTER' table: new rows only,
 * saved with 'Lagre/bestill'. Rows render memoised, so typing in one row of 500 redraws one row.
 */
import { memo, useCallback, useId, useReducer, useRef, useState, type Dispatch, type ReactNode } from 'react';
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
}

const FIELDS: { field: EditableField; label: string; type?: string }[] = [
  { field: 'make', label: 'app.instruments.columns.make' },
  { field: 'model', label: 'app.instruments.columns.model' },
  { field: 'serial_number', label: 'app.instruments.columns.serial_number' },
  { field: 'value', label: 'app.instruments.columns.value' },
  { field: 'insurance_start', label: 'app.instruments.columns.created', type: 'date' },
  { field: 'insurance_end', label: 'app.instruments.columns.end', type: 'date' },
];

const inputSx = {
  px: 1, border: 1, borderColor: 'divider', borderRadius: 1, minWidth: 90, fontSize: 14,
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
}

const EditableRow = memo(function EditableRow({ row, index, isNew, disabled, showErrors, categories, dispatch, onTouched }: RowProps) {
  const translate = useTranslate();
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
      <TableCell>
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
        <TableCell key={field}>
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
              type="text"
              disabled={disabled}
              error={Boolean(errors[field])}
              value={row[field]}
              onChange={(event) => change(field, event.target.value)}
              inputProps={{
                'aria-label': `${translate(label)}, ${name}`,
                'aria-invalid': Boolean(errors[field]),
                ...(field === 'value' ? { inputMode: 'numeric' } : {}),
              }}
            />
          )}
        </TableCell>
      ))}
      <TableCell>
        {isNew ? (
          <IconButton
            aria-label={translate('app.instruments.remove_new', { number: index + 1 })}
            onClick={() => dispatch({ type: 'removeNew', key: row.key })}
          >
            <CloseIcon />
          </IconButton>
        ) : (
          <IconButton
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

/** The reducer for a table whose rows come from the server; a new load replaces the state. */
export function useInstrumentRows(rows: InstrumentRow[]): [RowsState, Dispatch<RowsAction>] {
  const [state, dispatch] = useReducer(rowsReducer, rows, initialRows);
  const loaded = useRef(rows);
  if (loaded.current !== rows) {
    loaded.current = rows;
    dispatch({ type: 'load', rows });
  }
  return [state, dispatch];
}

export function InstrumentRowsTable(props: InstrumentRowsTableProps) {
  const { rows, categories, newStatus, createOnly = false, onSaveNew, onSaveChanges, actions, showTotal = false, empty } = props;
  const translate = useTranslate();
  const [state, dispatch] = useInstrumentRows(rows);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
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
    setBusy(true);
    await onSaveChanges(changedIndexes(state).map((index) => state.rows[index]), state.deleted);
    setBusy(false);
  };
  const total = formatTotal(rowsTotal(state.rows));
  const shown = createOnly ? [] : state.rows;

  return (
    <Box>
      {actions && <Stack direction="row" spacing={1} sx={{ mb: 1 }}>{actions(newMode || dirty)}</Stack>}
      {shown.length === 0 && state.newRows.length === 0 ? empty : (
        <TableContainer sx={{ maxHeight: 640 }} tabIndex={0} role="region" aria-label={translate(createOnly ? 'app.instruments.add_title' : 'app.instruments.rows_label')}>
          <Table size="small" stickyHeader>
            <TableHead>
              <TableRow>
                <TableCell>{translate('app.instruments.columns.type')}</TableCell>
                {FIELDS.map(({ field, label }) => <TableCell key={field}>{translate(label)}</TableCell>)}
                <TableCell>{translate('app.instruments.columns.delete')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((row, index) => (
                <EditableRow
                  key={row.key} row={row} index={index} isNew={false} disabled={newMode || busy} showErrors={false}
                  categories={categoriesInUse} dispatch={dispatch} onTouched={onTouched}
                />
              ))}
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

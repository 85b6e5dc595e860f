/**
 * The state of an editable instrument table (spec section 4), shared by the staff screens and
 * Min side: the rows as loaded, the rows as edited (changes tracked by index), the rows deleted
 * since the last save, and the new rows of 'Legg til produkt'. While there are new rows the table
 * is in new-row mode: existing rows cannot be edited or deleted and only the new rows are saved.
 * `dirty` is false while the rows equal the originals, and then 'Avbryt' and 'Lagre' are off.
 */
import { instrumentRowErrors, instrumentValue } from '../../server/schemas/instrument-rules.ts';
import { formatAmount } from './format.ts';

/** The editable fields of one row, as the inputs hold them (value may be text while typed). */
export interface InstrumentRow {
  id?: number;
  /** A locally generated id for a new unsaved row. */
  key: string;
  instrument_category: number | '';
  make: string;
  model: string;
  serial_number: string;
  value: number | string;
  insurance_start: string;
  insurance_end: string;
  status: number;
}

export type EditableField = 'instrument_category' | 'make' | 'model' | 'serial_number' | 'value' | 'insurance_start' | 'insurance_end';

export interface RowsState {
  originals: InstrumentRow[];
  rows: InstrumentRow[];
  deleted: InstrumentRow[];
  newRows: InstrumentRow[];
}

export type RowsAction =
  | { type: 'load'; rows: InstrumentRow[] }
  | { type: 'edit'; index: number; field: EditableField; value: string | number }
  | { type: 'delete'; index: number }
  | { type: 'cancel' }
  | { type: 'add'; status: number; today: string; key: string }
  | { type: 'editNew'; key: string; field: EditableField; value: string | number }
  | { type: 'removeNew'; key: string }
  | { type: 'cancelNew' };

export const initialRows = (rows: InstrumentRow[] = []): RowsState => ({ originals: rows, rows, deleted: [], newRows: [] });

export const inNewRowMode = (state: RowsState): boolean => state.newRows.length > 0;

export function rowsReducer(state: RowsState, action: RowsAction): RowsState {
  switch (action.type) {
    case 'load':
      return initialRows(action.rows);
    case 'edit':
      if (inNewRowMode(state) || !state.rows[action.index]) return state;
      return { ...state, rows: state.rows.map((row, index) => (index === action.index ? { ...row, [action.field]: action.value } : row)) };
    case 'delete': {
      const row = state.rows[action.index];
      if (inNewRowMode(state) || !row) return state;
      return { ...state, rows: state.rows.filter((_, index) => index !== action.index), deleted: [...state.deleted, row] };
    }
    case 'cancel':
      return { ...initialRows(state.originals), newRows: state.newRows };
    case 'add':
      return {
        ...state,
        newRows: [
          ...state.newRows,
          {
            key: action.key,
            instrument_category: '',
            make: '',
            model: '',
            serial_number: '',
            value: '',
            insurance_start: action.today,
            insurance_end: '',
            status: action.status,
          },
        ],
      };
    case 'editNew':
      return { ...state, newRows: state.newRows.map((row) => (row.key === action.key ? { ...row, [action.field]: action.value } : row)) };
    case 'removeNew':
      return { ...state, newRows: state.newRows.filter((row) => row.key !== action.key) };
    case 'cancelNew':
      return { ...state, newRows: [] };
  }
}

const FIELDS: EditableField[] = ['instrument_category', 'make', 'model', 'serial_number', 'value', 'insurance_start', 'insurance_end'];

const sameRow = (a: InstrumentRow, b: InstrumentRow) => FIELDS.every((field) => String(a[field]) === String(b[field]));

/**
 * The indexes of rows that differ from the original with the same id. Deleted rows shift the
 * indexes, so rows are paired by id, and the index is the row's place in `rows` now.
 */
export function changedIndexes(state: RowsState): number[] {
  const originals = new Map(state.originals.map((row) => [row.key, row]));
  return state.rows.flatMap((row, index) => {
    const original = originals.get(row.key);
    return original && !sameRow(row, original) ? [index] : [];
  });
}

export const isDirty = (state: RowsState): boolean => state.deleted.length > 0 || changedIndexes(state).length > 0;

/** Edited rows must be whole rows, with the end date checked too (the edit context). */
export const editsValid = (state: RowsState): boolean =>
  changedIndexes(state).every((index) => Object.keys(instrumentRowErrors(state.rows[index])).length === 0);

export const newRowsValid = (state: RowsState): boolean =>
  state.newRows.length > 0 && state.newRows.every((row) => Object.keys(instrumentRowErrors(row)).length === 0);

/** The sum of the values of the rows shown. */
export const rowsTotal = (rows: readonly Pick<InstrumentRow, 'value'>[]): number => rows.reduce((sum, row) => sum + (instrumentValue(row.value) ?? 0), 0);

/** 'Totalverdi: 125 000,-', or null when the sum is not above 0 (the line is then not shown). */
export const formatTotal = (total: number): string | null => (total > 0 ? `Totalverdi: ${formatAmount(total)},-` : null);

/** A row from the server as the table edits it. */
export function toRow(instrument: {
  id: number;
  instrument_category: number;
  make: string;
  model: string;
  serial_number: string | null;
  value: number;
  insurance_start: string;
  insurance_end: string | null;
  status: number;
}): InstrumentRow {
  return {
    id: instrument.id,
    key: `i${instrument.id}`,
    instrument_category: instrument.instrument_category,
    make: instrument.make,
    model: instrument.model,
    serial_number: instrument.serial_number ?? '',
    value: instrument.value,
    insurance_start: instrument.insurance_start,
    insurance_end: instrument.insurance_end ?? '',
    status: instrument.status,
  };
}

/** What a save sends for a row: the value as a number, empty texts as null. */
export function toBody(row: InstrumentRow) {
  return {
    instrument_category: Number(row.instrument_category),
    make: row.make.trim(),
    model: row.model.trim(),
    serial_number: row.serial_number.trim() || null,
    value: instrumentValue(row.value) ?? 0,
    insurance_start: row.insurance_start,
    insurance_end: row.insurance_end || null,
  };
}

let counter = 0;
/** A locally generated key for a new unsaved row. */
export const newRowKey = (): string => `new-${Date.now().toString(36)}-${++counter}`;

import { describe, expect, it } from 'vitest';
import {
  changedIndexes,
  editsValid,
  formatTotal,
  inNewRowMode,
  initialRows,
  isDirty,
  newRowsValid,
  rowsReducer,
  rowsTotal,
  toBody,
  toRow,
  type RowsAction,
  type RowsState,
} from '../../src/common/instrument-rows.ts';

const instrument = (id: number, value: number) =>
  toRow({
    id,
    instrument_category: 1,
    make: 'Gibson',
    model: `Modell ${id}`,
    serial_number: null,
    value,
    insurance_start: '2026-01-01',
    insurance_end: null,
    status: 1,
  });

const run = (state: RowsState, ...actions: RowsAction[]) => actions.reduce(rowsReducer, state);
const loaded = () => run(initialRows(), { type: 'load', rows: [instrument(1, 1000), instrument(2, 2000), instrument(3, 3000)] });

describe('dirty tracking by index', () => {
  it('is clean as loaded, dirty after a change, and clean again when the change is typed back', () => {
    let state = loaded();
    expect(isDirty(state)).toBe(false);
    state = run(state, { type: 'edit', index: 1, field: 'value', value: '2500' });
    expect(changedIndexes(state)).toEqual([1]);
    expect(isDirty(state)).toBe(true);
    state = run(state, { type: 'edit', index: 1, field: 'value', value: '2000' });
    expect(isDirty(state)).toBe(false);
  });

  it('sends only the changed rows, still found after a row above them is deleted', () => {
    const state = run(loaded(), { type: 'edit', index: 2, field: 'make', value: 'Yamaha' }, { type: 'delete', index: 0 });
    expect(changedIndexes(state)).toEqual([1]);
    expect(state.rows[1]).toMatchObject({ id: 3, make: 'Yamaha' });
  });

  it('Avbryt puts every row back and empties the deleted list', () => {
    const state = run(loaded(), { type: 'edit', index: 0, field: 'model', value: 'SG' }, { type: 'delete', index: 2 }, { type: 'cancel' });
    expect(state.rows.map((row) => row.model)).toEqual(['Modell 1', 'Modell 2', 'Modell 3']);
    expect(state.deleted).toEqual([]);
    expect(isDirty(state)).toBe(false);
  });
});

describe('delete', () => {
  it('moves the row from the table to the deleted rows, and makes the table dirty', () => {
    const state = run(loaded(), { type: 'delete', index: 1 });
    expect(state.rows.map((row) => row.id)).toEqual([1, 3]);
    expect(state.deleted.map((row) => row.id)).toEqual([2]);
    expect(isDirty(state)).toBe(true);
  });
});

describe('new-row mode', () => {
  const add = (key: string): RowsAction => ({ type: 'add', status: 0, today: '2026-11-23', key });

  it('starts with a row dated today with the status the caller gives, and blocks editing and deleting existing rows', () => {
    let state = run(loaded(), add('n1'));
    expect(inNewRowMode(state)).toBe(true);
    expect(state.newRows[0]).toMatchObject({ insurance_start: '2026-11-23', status: 0, make: '' });
    state = run(state, { type: 'edit', index: 0, field: 'make', value: 'X' }, { type: 'delete', index: 0 });
    expect(state.rows).toEqual(loaded().rows);
    expect(state.deleted).toEqual([]);
  });

  it('allows saving only when every new row is valid', () => {
    let state = run(loaded(), add('n1'));
    expect(newRowsValid(state)).toBe(false);
    state = run(
      state,
      { type: 'editNew', key: 'n1', field: 'instrument_category', value: 2 },
      { type: 'editNew', key: 'n1', field: 'make', value: ' Fender ' },
      { type: 'editNew', key: 'n1', field: 'model', value: 'Jazz Bass' },
      { type: 'editNew', key: 'n1', field: 'value', value: '12 000' },
    );
    expect(newRowsValid(state)).toBe(true);
    expect(toBody(state.newRows[0])).toMatchObject({ make: 'Fender', value: 12000, insurance_end: null, instrument_category: 2 });
    state = run(state, add('n2'));
    expect(newRowsValid(state)).toBe(false);
    state = run(state, { type: 'removeNew', key: 'n2' });
    expect(newRowsValid(state)).toBe(true);
  });

  it('refuses blank make or model, a value that is no number, and an end before the start', () => {
    const base = run(
      loaded(),
      add('n1'),
      { type: 'editNew', key: 'n1', field: 'instrument_category', value: 1 },
      { type: 'editNew', key: 'n1', field: 'make', value: 'Fender' },
      { type: 'editNew', key: 'n1', field: 'model', value: 'Precision' },
      { type: 'editNew', key: 'n1', field: 'value', value: '9000' },
    );
    expect(newRowsValid(run(base, { type: 'editNew', key: 'n1', field: 'make', value: '   ' }))).toBe(false);
    expect(newRowsValid(run(base, { type: 'editNew', key: 'n1', field: 'value', value: 'ni tusen' }))).toBe(false);
    expect(newRowsValid(run(base, { type: 'editNew', key: 'n1', field: 'insurance_end', value: '2026-01-01' }))).toBe(false);
    expect(newRowsValid(run(base, { type: 'editNew', key: 'n1', field: 'insurance_end', value: '2027-01-01' }))).toBe(true);
  });

  it('Avbryt of the new rows leaves the existing rows as edited', () => {
    const state = run(loaded(), add('n1'), { type: 'cancelNew' });
    expect(inNewRowMode(state)).toBe(false);
    expect(isDirty(state)).toBe(false);
  });

  it('checks the end date of edited rows too', () => {
    const state = run(loaded(), { type: 'edit', index: 0, field: 'insurance_end', value: '2025-12-31' });
    expect(editsValid(state)).toBe(false);
  });
});

describe('the total', () => {
  it('sums the values and formats them with spaces by digit length', () => {
    expect(rowsTotal([{ value: 1000 }, { value: '2 500' }, { value: 'x' }])).toBe(3500);
    expect(formatTotal(995)).toBe('Totalverdi: 995,-');
    expect(formatTotal(3500)).toBe('Totalverdi: 3 500,-');
    expect(formatTotal(125000)).toBe('Totalverdi: 125 000,-');
    expect(formatTotal(1234567)).toBe('Totalverdi: 1 234 567,-');
  });

  it('is not shown when the sum is 0', () => {
    expect(formatTotal(0)).toBeNull();
  });
});

import { useReducer, useRef, type Dispatch } from 'react';
import { initialRows, rowsReducer, type InstrumentRow, type RowsAction, type RowsState } from '../../common/instrument-rows.ts';

export type StaffRowsAction = RowsAction | { type: 'restore'; key: string };

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

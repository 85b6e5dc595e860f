/**
 * An export's cells as the .xlsx holds them (lib/xlsx.ts): typed by the column's kind, so a date
 * is a date cell, an amount a number and everything else text; and the column widths that fit them.
 */
import type { CsvCell, CsvColumn } from './csv.ts';

const MIN_WIDTH = 6;
const MAX_WIDTH = 50;
const DATE_WIDTH = 12;

/** The number the two to four digits of `text` from `start` make, or NaN at a character that is no digit. */
function digits(text: string, start: number, length: number): number {
  let number = 0;
  for (let index = start; index < start + length; index += 1) {
    const digit = text.charCodeAt(index) - 48;
    if (digit < 0 || digit > 9) return NaN;
    number = number * 10 + digit;
  }
  return number;
}

/** Excel's day number of 1970-01-01 (its 1900 date system counts from 1899-12-30). */
const EPOCH_DAYS = 25569;
const DAY_MS = 86_400_000;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/**
 * A calendar date ('DD-MM-YYYY', 'DD.MM.YYYY' or 'YYYY-MM-DD') as the day number a sheet stores
 * for it, or null when it is no real day. Read character by character and counted without a Date
 * object: an export has a date or two in every row.
 */
export function sheetDay(value: unknown): number | null {
  if (typeof value !== 'string' || value.length !== 10) return null;
  let year: number, month: number, day: number;
  const separator = value[2];
  if ((separator === '-' || separator === '.') && value[5] === separator) {
    [day, month, year] = [digits(value, 0, 2), digits(value, 3, 2), digits(value, 6, 4)];
  } else if (value[4] === '-' && value[7] === '-') {
    [year, month, day] = [digits(value, 0, 4), digits(value, 5, 2), digits(value, 8, 2)];
  } else {
    return null;
  }
  if (Number.isNaN(year + month + day) || year < 1900 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return Date.UTC(year, month - 1, day) / DAY_MS + EPOCH_DAYS;
}

/** A cell's value: text, a number, or for a date column the day's number (shown dd.mm.yyyy by its style). */
type SheetValue = string | number | null;

/** The cell of one column for one row, typed by the column's kind. */
export function sheetValue<Row>(column: CsvColumn<Row>, row: Row): SheetValue {
  const value: CsvCell = column.cell ? column.cell(row) : column.value(row);
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return value ? 'Ja' : 'Nei';
  if (column.kind === 'date') return sheetDay(value) ?? String(value);
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (column.kind === 'amount') {
    const amount = Number(value.replace(/\s/g, '').replace(',', '.'));
    return Number.isFinite(amount) ? amount : value;
  }
  return value;
}

const shownLength = (value: SheetValue, kind: CsvColumn<unknown>['kind']): number => {
  if (value === null) return 0;
  if (typeof value === 'number' && kind === 'date') return DATE_WIDTH;
  if (typeof value === 'number') return String(value).length + 1;
  return Math.max(...value.split(/\r?\n/).map((line) => line.length));
};

/** Column widths in characters that fit the header and the given rows, within bounds. */
export function fittedWidths<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): number[] {
  return columns.map((column) => {
    let widest = column.header.length + 2;
    for (const row of rows) widest = Math.max(widest, shownLength(sheetValue(column, row), column.kind) + 2);
    return Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, widest));
  });
}

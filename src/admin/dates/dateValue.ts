/**
 * Date-only values as the API sends them, 'yyyy-MM-dd' strings, converted with date-fns on the
 * local calendar so a date never moves a day whatever the browser's time zone.
 */
import { format, isValid, parse } from 'date-fns';
import { DATE_MIN_YEAR, dateMaxYear } from '../../../server/schemas/rules.ts';

export const DATE_FORMAT = 'yyyy-MM-dd';
/** The picker's years, shared with the server and Min side: 1905 to next year. */
export const FIRST_YEAR = DATE_MIN_YEAR;
export const lastYear = dateMaxYear;
/** What a half-typed or impossible date is kept as, so the form refuses it instead of saving nothing. */
export const INVALID_DATE = 'invalid';

export function toDate(value: unknown): Date | null {
  if (typeof value !== 'string' || value === '') return null;
  return parse(value, DATE_FORMAT, new Date());
}

export function fromDate(date: Date | null): string | null {
  if (date === null) return null;
  return isValid(date) ? format(date, DATE_FORMAT) : INVALID_DATE;
}

/** A catalogue key when the value is no date or outside 1905 to next year, else undefined. */
export function dateProblem(value: unknown): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date = toDate(value);
  if (!date || !isValid(date)) return 'app.date.invalid';
  const year = date.getFullYear();
  if (year < FIRST_YEAR || year > lastYear()) return 'app.date.out_of_range';
  return undefined;
}

/**
 * Date-only values as the API sends them, 'yyyy-MM-dd' strings, converted with date-fns on the
 * local calendar so a date never moves a day whatever the browser's time zone.
 */
import { format, isValid, parse } from 'date-fns';
import { INVALID_DATE } from './dateCheck.ts';

export { dateProblem, FIRST_YEAR, INVALID_DATE, lastYear } from './dateCheck.ts';

export const DATE_FORMAT = 'yyyy-MM-dd';

export function toDate(value: unknown): Date | null {
  if (typeof value !== 'string' || value === '') return null;
  return parse(value, DATE_FORMAT, new Date());
}

export function fromDate(date: Date | null): string | null {
  if (date === null) return null;
  return isValid(date) ? format(date, DATE_FORMAT) : INVALID_DATE;
}

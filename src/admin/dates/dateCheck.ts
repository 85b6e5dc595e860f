/**
 * The date inputs' own check of a 'yyyy-MM-dd' value, without date-fns, so a form can check its
 * dates before the picker (and date-fns with it) has loaded. dateValue.ts converts with date-fns.
 */
import { DATE_MIN_YEAR, dateMaxYear } from '../../../server/schemas/rules.ts';

/** The picker's years, shared with the server and Min side: 1905 to next year. */
export const FIRST_YEAR = DATE_MIN_YEAR;
export const lastYear = dateMaxYear;
/** What a half-typed or impossible date is kept as, so the form refuses it instead of saving nothing. */
export const INVALID_DATE = 'invalid';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The local calendar day a 'yyyy-MM-dd' value names, or null for anything else (or a day that does not exist). */
export function calendarDay(value: unknown): { year: number; month: number; day: number } | null {
  const match = typeof value === 'string' ? ISO_DATE.exec(value) : null;
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(2000, 0, 1);
  date.setFullYear(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? { year, month, day } : null;
}

/** A catalogue key when the value is no date or outside 1905 to next year, else undefined. */
export function dateProblem(value: unknown): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const day = calendarDay(value);
  if (!day) return 'app.date.invalid';
  if (day.year < FIRST_YEAR || day.year > lastYear()) return 'app.date.out_of_range';
  return undefined;
}

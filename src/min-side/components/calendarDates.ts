/** The calendar works with Date objects: the stored 'yyyy-MM-dd' is read and written as a local day with date-fns. */
import { format, isValid, parse } from 'date-fns';

const ISO = 'yyyy-MM-dd';

/** The local calendar day of a stored value (null for empty or not a date). */
export function isoToDate(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const date = parse(value, ISO, new Date());
  return isValid(date) ? date : null;
}

export const dateToIso = (date: Date): string => format(date, ISO);

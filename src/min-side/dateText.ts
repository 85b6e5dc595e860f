/**
 * Date-only values are 'yyyy-MM-dd' strings end to end; the member sees and types dd/MM/yyyy.
 * date-fns reads and writes them as local calendar days, so no time zone can shift a day.
 */
import { format, isValid, parse } from 'date-fns';

const ISO = 'yyyy-MM-dd';
const SHOWN = 'dd/MM/yyyy';
const TYPED = /^\d{1,2}\/\d{1,2}\/\d{4}$/;

export const isIsoDate = (value: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** The local calendar day of a stored value (null for empty or not a date). */
export function isoToDate(value: string): Date | null {
  if (!isIsoDate(value)) return null;
  const date = parse(value, ISO, new Date());
  return isValid(date) ? date : null;
}

export const dateToIso = (date: Date): string => format(date, ISO);

/** What the field shows for a stored value. */
export function isoToText(value: string): string {
  const date = isoToDate(value);
  return date ? format(date, SHOWN) : value;
}

/** The stored value for typed text: 'yyyy-MM-dd' when it is a date, else the text itself (the form then refuses it). */
export function textToIso(text: string): string {
  const trimmed = text.trim().replace(/[.\-\s]/g, '/');
  if (trimmed === '') return '';
  if (!TYPED.test(trimmed)) return text;
  const date = parse(trimmed, SHOWN, new Date());
  return isValid(date) ? dateToIso(date) : text;
}

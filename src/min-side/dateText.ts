/**
 * Date-only values are 'yyyy-MM-dd' strings end to end; the member sees and types dd/mm/åååå.
 * Converting between the two only moves digits, so no time zone can shift a day.
 */
import { isCalendarDate } from '../../server/schemas/rules.ts';

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const TYPED = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

export const isIsoDate = (value: string): boolean => ISO.test(value);

/** What the field shows for a stored value. */
export function isoToText(value: string): string {
  const match = ISO.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}

/** The stored value for typed text: 'yyyy-MM-dd' when it is a date, else the text itself (the form then refuses it). */
export function textToIso(text: string): string {
  const trimmed = text.trim().replace(/[.\-\s]/g, '/');
  if (trimmed === '') return '';
  const match = TYPED.exec(trimmed);
  if (!match) return text;
  const iso = `${match[3]}-${match[2].padStart(2, '0')}-${match[1].padStart(2, '0')}`;
  return isCalendarDate(iso) ? iso : text;
}

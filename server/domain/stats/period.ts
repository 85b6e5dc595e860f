/**
 * The period of a 'Nøkkeltall' request: `from` and `to` are Oslo calendar dates, both counted.
 * Without them the period is this year up to today; a `to` after today is today (nothing has
 * happened yet), and the months are those the period touches, the first and last only in part.
 */
import { validationFailed } from '../../lib/http-errors.ts';
import { todayInOslo } from '../shared/oslo-date.ts';

export interface StatsPeriod {
  /** First day, 'YYYY-MM-DD'. */
  from: string;
  /** Last day, 'YYYY-MM-DD', never after today. */
  to: string;
  /** Today in Oslo, 'YYYY-MM-DD'. */
  today: string;
  /** The months the period touches, 'YYYY-MM', oldest first. */
  months: string[];
}

/** The longest period one request may ask for (the page offers up to a few years). */
export const LONGEST_PERIOD_YEARS = 10;
export const EARLIEST_DAY = '2000-01-01';

export const PERIOD_MESSAGES = {
  from_after_to: 'Fra-datoen må være samme dag som eller før til-datoen.',
  too_long: `Perioden kan være høyst ${LONGEST_PERIOD_YEARS} år.`,
  too_early: 'Perioden kan ikke begynne før år 2000.',
  not_a_date: 'Skriv datoen som ÅÅÅÅ-MM-DD.',
  from_in_future: 'Fra-datoen kan ikke være etter i dag.',
} as const;

const isCalendarDate = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

/** Every 'YYYY-MM' from the month of `from` to the month of `to`. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let [year, month] = from.slice(0, 7).split('-').map(Number);
  const last = to.slice(0, 7);
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    months.push(key);
    if (key >= last) return months;
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
}

/** The last day of a 'YYYY-MM' month, 'YYYY-MM-DD'. */
export function monthEnd(month: string): string {
  const [year, number] = month.split('-').map(Number);
  return new Date(Date.UTC(year, number, 0)).toISOString().slice(0, 10);
}

/** The period a request asks for, or a 422 naming the field that is wrong. */
export function statsPeriod(query: { from?: string; to?: string }, now: Date = new Date()): StatsPeriod {
  const today = todayInOslo(now);
  const errors: Record<string, string[]> = {};
  if (query.from !== undefined && !isCalendarDate(query.from)) errors.from = [PERIOD_MESSAGES.not_a_date];
  if (query.to !== undefined && !isCalendarDate(query.to)) errors.to = [PERIOD_MESSAGES.not_a_date];
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  const from = query.from ?? `${today.slice(0, 4)}-01-01`;
  const to = query.to === undefined || query.to > today ? today : query.to;
  if (from < EARLIEST_DAY) throw validationFailed({ from: [PERIOD_MESSAGES.too_early] });
  if (from > today) throw validationFailed({ from: [PERIOD_MESSAGES.from_in_future] });
  if (from > to) throw validationFailed({ from: [PERIOD_MESSAGES.from_after_to] });
  const limit = `${Number(from.slice(0, 4)) + LONGEST_PERIOD_YEARS}${from.slice(4)}`;
  if (to >= limit) throw validationFailed({ to: [PERIOD_MESSAGES.too_long] });
  return { from, to, today, months: monthsBetween(from, to) };
}

/** The day a month's "at the end" figures are read: its last day, or `to` in the period's last month. */
export const monthCutoff = (period: StatsPeriod, month: string): string => {
  const end = monthEnd(month);
  return end > period.to ? period.to : end;
};

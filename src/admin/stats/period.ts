/**
 * The period 'Nøkkeltall' shows: one of the choices ('I år', 'I fjor', 'Siste 12 måneder') or a
 * chosen range, kept in the address (?from=&to=) so a link or a reload shows the same figures.
 */
import type { StatsPeriod } from '../../dataProvider/index.ts';
import { calendarDay } from '../dates/dateCheck.ts';
import '../../i18n/app/stats-pages-nb.ts';

export type Choice = 'this_year' | 'last_year' | 'last_12' | 'custom';
export const CHOICES: readonly Choice[] = ['this_year', 'last_year', 'last_12', 'custom'];

/** The first day the server counts from. */
const EARLIEST_DAY = '2000-01-01';

const pad = (value: number) => String(value).padStart(2, '0');

/** The period a choice names on `today` ('YYYY-MM-DD'); 'custom' keeps this year until dates are typed. */
export function periodOf(choice: Choice, today: string): StatsPeriod {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  if (choice === 'last_year') return { from: `${year - 1}-01-01`, to: `${year - 1}-12-31` };
  if (choice === 'last_12') {
    // Twelve calendar months: the eleven before this one whole, and this one up to today.
    const start = new Date(Date.UTC(year, month - 1 - 11, 1));
    return { from: `${start.getUTCFullYear()}-${pad(start.getUTCMonth() + 1)}-01`, to: today };
  }
  return { from: `${year}-01-01`, to: today };
}

/** The choice a period is (a period no choice gives is a chosen one). */
export function choiceOf(period: StatsPeriod, today: string): Choice {
  return CHOICES.find((choice) => choice !== 'custom' && samePeriod(periodOf(choice, today), period)) ?? 'custom';
}

const samePeriod = (a: StatsPeriod, b: StatsPeriod) => a.from === b.from && a.to === b.to;

/** The period in the address, when it names one the server takes (from ≤ to, real dates); else this year. */
export function periodFromSearch(search: URLSearchParams, today: string): StatsPeriod {
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  if (calendarDay(from) && calendarDay(to) && from <= to) return { from, to };
  return periodOf('this_year', today);
}

/** What is wrong with a typed range, as catalogue keys per field; empty when it can be shown. */
export function rangeProblems(from: string, to: string, today: string, dateProblem: (value: string) => string | undefined): { from?: string; to?: string } {
  const problems: { from?: string; to?: string } = {};
  for (const [key, value] of [
    ['from', from],
    ['to', to],
  ] as const) {
    const problem = value === '' ? 'app.stats.period.required' : dateProblem(value);
    if (problem) problems[key] = problem;
  }
  // As the server refuses them (server/domain/stats/period.ts), said before asking.
  if (!problems.from && from < EARLIEST_DAY) problems.from = 'app.stats.period.too_early';
  if (!problems.from && from > today) problems.from = 'app.stats.period.from_future';
  if (!problems.from && !problems.to && from > to) problems.from = 'app.stats.period.from_after_to';
  return problems;
}

/**
 * 'Nøkkeltall' → requests: what waits now and for how long. The counts are the menu badges
 * (list_counts, migration 011); the waiting times come from day counters of what waits, kept by
 * the same writes (migration 051), so the cost does not grow with how much waits.
 */
import type { Queryable } from '../../db/database.ts';
import type { RequestKind } from '../../schemas/stats.ts';
import { badgeCounts } from '../requests/list-counters.ts';
import { percentile } from './people-counters.ts';

export interface Waiting {
  waiting_now: number;
  oldest_waiting_days: number | null;
  median_waiting_days: number | null;
}

/**
 * Whole Oslo days since each waiting request came in, as its queue shows it ('Søkt dato'), counted
 * by days: the 'requests-waiting' counters (migration 051), one row per day something waits.
 */
const WAITING_DAYS = `
  SELECT dim AS kind, $1::date - day AS days, sum(value)::int AS n
    FROM stats_counts WHERE metric = 'requests-waiting'
   GROUP BY dim, day HAVING sum(value) > 0`;

const BADGE: Record<RequestKind, 'pending-memberships' | 'pending-travel' | 'pending-instruments'> = {
  membership: 'pending-memberships',
  travel: 'pending-travel',
  instrument: 'pending-instruments',
};

export async function waitingNow(db: Queryable, today: string): Promise<Record<RequestKind, Waiting>> {
  const [badges, rows] = await Promise.all([badgeCounts(db), db.query<{ kind: RequestKind; days: number; n: number }>(WAITING_DAYS, [today])]);
  const histograms = new Map<RequestKind, Map<number, number>>();
  for (const row of rows) {
    const histogram = histograms.get(row.kind) ?? new Map<number, number>();
    // A request made later today (the clock) than `today` is read waits no days, never fewer.
    const days = Math.max(0, row.days);
    histogram.set(days, (histogram.get(days) ?? 0) + row.n);
    histograms.set(row.kind, histogram);
  }
  const waiting = (kind: RequestKind): Waiting => {
    const histogram = histograms.get(kind) ?? new Map<number, number>();
    return {
      waiting_now: badges[BADGE[kind]],
      oldest_waiting_days: histogram.size === 0 ? null : Math.max(...histogram.keys()),
      median_waiting_days: percentile(histogram, 50),
    };
  };
  return { membership: waiting('membership'), travel: waiting('travel'), instrument: waiting('instrument') };
}

/**
 * 'Nøkkeltall' → requests: what waits now and for how long. The counts are the menu badges
 * (list_counts, migration 011); the waiting times are read from the same rows the queues show,
 * through their indexes (subscriptions_queue, list_count_shares_waiting_instruments): what waits
 * is a handful of rows, so this stays cheap at any size.
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

/** Whole Oslo days since each waiting request came in, as its queue shows it ('Søkt dato'), counted by days. */
const WAITING_DAYS = `
  SELECT 'membership' AS kind, $1::date - (s.created_at AT TIME ZONE 'Europe/Oslo')::date AS days, count(*)::int AS n
    FROM subscriptions s JOIN accounts a ON a.id = s.member_id
   WHERE s.kind = 'membership' AND s.state = 'pending' AND s.deleted_at IS NULL
     AND a.registration_completed = 1 AND a.role_id IN (1, 2)
   GROUP BY 2
  UNION ALL
  SELECT 'travel', $1::date - (s.created_at AT TIME ZONE 'Europe/Oslo')::date, count(*)::int
    FROM subscriptions s JOIN accounts a ON a.id = s.member_id
   WHERE s.kind = 'travel' AND s.state = 'pending' AND s.deleted_at IS NULL AND a.role_id IN (1, 2)
   GROUP BY 2
  UNION ALL
  SELECT 'instrument', $1::date - (p.instruments_requested_at AT TIME ZONE 'Europe/Oslo')::date, count(*)::int
    FROM list_count_shares p JOIN accounts a ON a.id = p.account_id
   WHERE p.waiting_instruments > 0 AND a.role_id IN (1, 2)
   GROUP BY 2`;

const BADGE: Record<RequestKind, 'pending-memberships' | 'pending-travel' | 'pending-instruments'> = {
  membership: 'pending-memberships',
  travel: 'pending-travel',
  instrument: 'pending-instruments',
};

export async function waitingNow(db: Queryable, today: string): Promise<Record<RequestKind, Waiting>> {
  const [badges, rows] = await Promise.all([
    badgeCounts(db),
    db.query<{ kind: RequestKind; days: number; n: number }>(WAITING_DAYS, [today]),
  ]);
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

/**
 * The menu badges: the totals of the three request queues, read from the counters migration 011
 * keeps (the same numbers the queues answer as their unfiltered total), and the claims waiting
 * (sent or in progress) from migration 061's counter with its deltas not yet folded (a count of
 * them grew with the claims waiting), in one small query.
 */
import type { Queryable } from '../../db/database.ts';

/** The queues with a badge, by the name the staff app's registry gives their resource. */
export const BADGE_COUNTERS = ['pending-memberships', 'pending-travel', 'pending-instruments', 'pending-claims'] as const;

export type BadgeCounts = Record<(typeof BADGE_COUNTERS)[number], number>;

export async function badgeCounts(db: Queryable): Promise<BadgeCounts> {
  const rows = await db.query<{ list: string; total: number }>(
    `SELECT list, total::int AS total FROM list_counts WHERE list = ANY ($1::text[]) AND list <> 'pending-claims'
     UNION ALL
     SELECT 'pending-claims', (coalesce((SELECT total FROM list_counts WHERE list = 'pending-claims'), 0)
                               + coalesce((SELECT sum(n) FROM list_count_deltas WHERE list = 'pending-claims'), 0))::int`,
    [BADGE_COUNTERS],
    { prepare: true },
  );
  const totals = Object.fromEntries(rows.map((row) => [row.list, row.total]));
  return Object.fromEntries(BADGE_COUNTERS.map((list) => [list, totals[list] ?? 0])) as BadgeCounts;
}

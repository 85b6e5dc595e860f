/**
 * What the members and requests sections share: the rebuild of a counter source from the rows
 * as they are (migration 049's moves functions), and the exact percentile of a histogram of
 * waiting days as the counters keep it.
 */
import type { Database } from '../../db/database.ts';

export interface CounterSource {
  /** The source's name in stats_shares ('mem-account', …). */
  source: string;
  /** Every metric only this source writes. */
  metrics: readonly string[];
  /** The ids of every row that may have a share, in id order. */
  ids: string;
}

const BATCH = 2000;

/** Forgets the sources' counters and shares and computes every row's share again, in one transaction. */
export async function rebuildSources(db: Database, sources: readonly CounterSource[]): Promise<void> {
  await db.transaction(async (tx) => {
    for (const { source, metrics, ids } of sources) {
      await tx.query('SELECT stats_forget($1, $2::text[])', [source, metrics]);
      const all = (await tx.query<{ id: number }>(ids)).map((row) => row.id);
      for (let start = 0; start < all.length; start += BATCH) {
        await tx.query('SELECT stats_refresh($1, $2::int[])', [source, all.slice(start, start + BATCH)]);
      }
    }
  });
}

/**
 * The smallest value with at least `percent` % of the counts at or below it (percentile_disc),
 * or null for an empty histogram. Integer arithmetic: 90 % of 10 is exactly 9.
 */
export function percentile(histogram: ReadonlyMap<number, number>, percent: number): number | null {
  const values = [...histogram.entries()].filter(([, count]) => count > 0).sort(([a], [b]) => a - b);
  const total = values.reduce((sum, [, count]) => sum + count, 0);
  if (total === 0) return null;
  let seen = 0;
  for (const [value, count] of values) {
    seen += count;
    if (seen * 100 >= total * percent) return value;
  }
  return values.at(-1)![0];
}

/** The day before a 'YYYY-MM-DD' date. */
export function dayBefore(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

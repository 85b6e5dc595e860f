/**
 * Reading and rebuilding the day counters (migration 048's stats_counts) for the insurance,
 * campaigns and money sections: a period's figures are the sums of its days by month, a figure at
 * a day's end the sum of every day up to it. A read sums a few thousand rows at most, whatever
 * the size of the register.
 */
import type { Database, Queryable } from '../../db/database.ts';
import { monthCutoff, type StatsPeriod } from './period.ts';

/** Each metric's sum per dimension: by month over [from, to], and (for levels) before `from`. */
export interface CounterSums {
  /** metric → dim → month → sum */
  byMonth: Map<string, Map<string, Map<string, number>>>;
  /** metric → dim → sum of every day before `from` (only for the metrics asked as levels). */
  before: Map<string, Map<string, number>>;
}

/** Sums `flows` and `levels` over the period by month, and `levels` before it too. */
export async function readCounters(db: Queryable, period: { from: string; to: string }, flows: string[], levels: string[] = []): Promise<CounterSums> {
  const rows = await db.query<{ metric: string; dim: string; month: string; value: string }>(
    `SELECT metric, dim, to_char(day, 'YYYY-MM') AS month, sum(value)::bigint::text AS value
       FROM stats_counts WHERE metric = ANY ($1::text[]) AND day BETWEEN $3::date AND $4::date GROUP BY 1, 2, 3
     UNION ALL
     SELECT metric, dim, 'before', sum(value)::bigint::text
       FROM stats_counts WHERE metric = ANY ($2::text[]) AND day < $3::date GROUP BY 1, 2`,
    [[...flows, ...levels], levels, period.from, period.to],
  );
  const sums: CounterSums = { byMonth: new Map(), before: new Map() };
  for (const row of rows) {
    const value = Number(row.value);
    if (row.month === 'before') {
      const dims = sums.before.get(row.metric) ?? new Map<string, number>();
      dims.set(row.dim, value);
      sums.before.set(row.metric, dims);
      continue;
    }
    const dims = sums.byMonth.get(row.metric) ?? new Map<string, Map<string, number>>();
    const months = dims.get(row.dim) ?? new Map<string, number>();
    months.set(row.month, value);
    dims.set(row.dim, months);
    sums.byMonth.set(row.metric, dims);
  }
  return sums;
}

/** A flow metric's sum in one month (all dimensions, or one). */
export function flowIn(sums: CounterSums, metric: string, month: string, dim?: string): number {
  const dims = sums.byMonth.get(metric);
  if (!dims) return 0;
  if (dim !== undefined) return dims.get(dim)?.get(month) ?? 0;
  let total = 0;
  for (const months of dims.values()) total += months.get(month) ?? 0;
  return total;
}

/** A flow metric's sum over the whole period. */
export function flowTotal(sums: CounterSums, metric: string, dim?: string): number {
  const dims = sums.byMonth.get(metric);
  if (!dims) return 0;
  let total = 0;
  for (const [key, months] of dims) {
    if (dim !== undefined && key !== dim) continue;
    for (const value of months.values()) total += value;
  }
  return total;
}

/** The dimensions a metric has in the sums (by month or before). */
export const dimsOf = (sums: CounterSums, metric: string): string[] => [
  ...new Set([...(sums.byMonth.get(metric)?.keys() ?? []), ...(sums.before.get(metric)?.keys() ?? [])]),
];

/**
 * A level metric at each month's cutoff (monthCutoff) and the day before the period: the sum
 * before `from` plus each month's days, running.
 */
export function levelsAt(sums: CounterSums, period: StatsPeriod, metric: string, dim?: string): { start: number; months: number[] } {
  const dims = dim !== undefined ? [dim] : dimsOf(sums, metric);
  let level = dims.reduce((sum, key) => sum + (sums.before.get(metric)?.get(key) ?? 0), 0);
  const start = level;
  const months = period.months.map((month) => {
    level += dims.reduce((sum, key) => sum + flowIn(sums, metric, month, key), 0);
    return level;
  });
  return { start, months };
}

/** The cutoff days of the period's months (for the sheets). */
export const cutoffs = (period: StatsPeriod) => period.months.map((month) => monthCutoff(period, month));

export interface CounterSource {
  /** The source's name in stats_shares ('money-invoice'). */
  source: string;
  /** Every metric its shares write. */
  metrics: string[];
  /** The table and condition its rows are in (SQL written here, never the caller's text). */
  table: string;
  where?: string;
}

const BATCH = 5000;

/**
 * Forgets the sources' counters and computes every row's share again, in one transaction: the
 * shares are written batch by batch, then each metric's days are summed from them once (a
 * counter row written once, not once per batch, so the table stays as compact as the sums).
 * Each source's metrics are its own: no other source writes them.
 */
export async function rebuildSources(db: Database, sources: readonly CounterSource[]): Promise<void> {
  await db.transaction(async (tx) => {
    for (const { source, metrics, table, where } of sources) {
      await tx.query('SELECT stats_forget($1, $2::text[])', [source, metrics]);
      const moves = `stats_${source.replace(/-/g, '_')}_moves`;
      let after = 0;
      for (;;) {
        const [batch] = await tx.query<{ ids: number[] | null }>(
          `SELECT array_agg(id ORDER BY id) AS ids FROM (
             SELECT id FROM ${table} WHERE id > $1 ${where ? `AND ${where}` : ''} ORDER BY id LIMIT ${BATCH}) b`,
          [after],
        );
        const ids = batch?.ids ?? [];
        if (ids.length === 0) break;
        await tx.query(
          `INSERT INTO stats_shares (source, source_id, moves)
           SELECT $1, f.source_id, f.moves FROM ${moves}($2::int[]) f WHERE jsonb_array_length(f.moves) > 0`,
          [source, ids],
        );
        after = ids[ids.length - 1];
      }
      await tx.query(
        `INSERT INTO stats_counts (metric, dim, day, value)
         SELECT m.metric, coalesce(m.dim, ''), m.day, sum(m.delta)
           FROM stats_shares s, jsonb_to_recordset(s.moves) AS m (metric text, dim text, day date, delta bigint)
          WHERE s.source = $1 AND m.day IS NOT NULL
          GROUP BY 1, 2, 3 HAVING sum(m.delta) <> 0`,
        [source],
      );
    }
  });
}

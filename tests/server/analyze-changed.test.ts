/**
 * PGlite runs no autovacuum (server/db/analyze-changed.ts): a table analyzed while small keeps a
 * small table's statistics, and a foreign key's check, planned once for the session while the
 * table was small, reads the whole table for every row as it grows, until the table is analyzed
 * again. The PGlite pass only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeChangedTables, PGLITE_STATISTICS_TARGET } from '../../server/db/analyze-changed.ts';
import { freshDatabase, type TestDatabase } from './helpers.ts';

let test: TestDatabase;
beforeAll(async () => {
  test = await freshDatabase();
});
afterAll(async () => test.drop());

/** Whole-table and index reads of `table` so far (the statistics are written out first). */
async function readsOf(table: string): Promise<{ seq_scan: number; idx_scan: number }> {
  await test.db.query('SELECT pg_stat_force_next_flush()');
  await test.db.query('SELECT 1');
  const [row] = await test.db.query<{ seq_scan: number; idx_scan: number }>(
    'SELECT seq_scan::int, coalesce(idx_scan, 0)::int AS idx_scan FROM pg_stat_user_tables WHERE relname = $1',
    [table],
  );
  return row;
}

describe('analyzing the tables that changed, on PGlite', () => {
  it('analyzes a table that grew past the threshold, after which its foreign-key checks use its index again', async () => {
    const { db } = test;
    expect(db.kind).toBe('pglite');
    // Checks made while the table is small settle on reading it whole, which is cheapest then.
    await db.exec(`CREATE TABLE grown (id integer PRIMARY KEY);
                   CREATE TABLE pointing (grown_id integer REFERENCES grown (id));
                   ANALYZE grown;
                   INSERT INTO grown SELECT generate_series(1, 50);`);
    await db.query('INSERT INTO pointing SELECT 1 + n % 50 FROM generate_series(1, 20) AS n');
    await db.exec('INSERT INTO grown SELECT generate_series(51, 20000)');

    // Grown, the table is still read whole for each of 20 rows.
    const grown = await readsOf('grown');
    await db.query('INSERT INTO pointing SELECT generate_series(4001, 4020)');
    expect((await readsOf('grown')).seq_scan - grown.seq_scan).toBe(20);

    expect(await analyzeChangedTables(db)).toContain('public.grown');
    const analyzed = await readsOf('grown');
    await db.query('INSERT INTO pointing SELECT generate_series(3001, 3020)');
    const after = await readsOf('grown');
    expect(after.seq_scan - analyzed.seq_scan).toBe(0);
    expect(after.idx_scan - analyzed.idx_scan).toBe(20);
    // Nothing changed since: nothing to analyze.
    expect(await analyzeChangedTables(db)).not.toContain('public.grown');
  });

  it('analyzes from a small sample, so the session is held briefly, and leaves the target of its other statistics as it was', async () => {
    const { db } = test;
    await db.exec(`CREATE TABLE sampled (id integer PRIMARY KEY, n integer);
                   ANALYZE sampled;
                   INSERT INTO sampled SELECT g, g FROM generate_series(1, 20000) AS g;`);
    expect(await analyzeChangedTables(db)).toContain('public.sampled');
    // Statistics target 10: a histogram of at most 11 bounds (100, the default, gives 101).
    const [stats] = await db.query<{ bounds: number }>(
      "SELECT array_length(histogram_bounds::text::int[], 1) AS bounds FROM pg_stats WHERE tablename = 'sampled' AND attname = 'n'",
    );
    expect(stats.bounds).toBeLessThanOrEqual(PGLITE_STATISTICS_TARGET + 1);
    expect(stats.bounds).toBeGreaterThan(1);
    const [setting] = await db.query<{ default_statistics_target: string }>('SHOW default_statistics_target');
    expect(setting.default_statistics_target).toBe('100');
  });
});

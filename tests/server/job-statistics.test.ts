/**
 * A long job keeps the statistics of the tables it fills up to date between its steps
 * (server/db/step-aside.ts, analyze-changed.ts), on both databases: the plans of its next steps
 * are made on the table as it is, not as it was when last analyzed (empty, before a renewal).
 * PGlite runs no autovacuum; a PostgreSQL server may have it off, or get to the table a minute on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stepAside } from '../../server/db/step-aside.ts';
import { freshDatabase, type TestDatabase } from './helpers.ts';

let test: TestDatabase;
beforeAll(async () => {
  test = await freshDatabase();
});
afterAll(async () => test.drop());

/** How often `table` has been analyzed, and its changes since the last time (as the database has them written out). */
async function statisticsOf(table: string): Promise<{ analyzed: number; changed: number }> {
  if (test.db.kind === 'pglite') await test.db.query('SELECT pg_stat_force_next_flush()');
  const [row] = await test.db.query<{ analyzed: number; changed: number }>(
    'SELECT analyze_count::int AS analyzed, n_mod_since_analyze::int AS changed FROM pg_stat_user_tables WHERE relname = $1',
    [table],
  );
  return row;
}

/** The changes to `table` since its last analysis, once the sessions that made them have written them out. */
async function changesSeen(table: string, atLeast: number): Promise<number> {
  for (;;) {
    if (test.db.kind === 'pglite') await test.db.query('SELECT pg_stat_force_next_flush()');
    const [row] = await test.db.query<{ changed: number }>('SELECT n_mod_since_analyze::int AS changed FROM pg_stat_user_tables WHERE relname = $1', [table]);
    if (row.changed >= atLeast) return row.changed;
    // A PostgreSQL session writes its counts out as it goes idle after the transaction that asked for it.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('a long job between its steps', () => {
  it('analyzes a table it has filled since the table was last analyzed', async () => {
    const { db } = test;
    await db.exec('CREATE TABLE filled (id integer PRIMARY KEY, note text); ANALYZE filled;');
    // A step of the job: 20 000 rows in one transaction.
    await db.transaction(async (tx) => {
      await tx.query("INSERT INTO filled SELECT n, 'rad ' || n FROM generate_series(1, 20000) AS n");
      if (db.kind === 'postgres') await tx.query('SELECT pg_stat_force_next_flush()');
    });
    expect(await changesSeen('filled', 20_000)).toBe(20_000);
    const before = await statisticsOf('filled');

    await stepAside(db, 1, { pauseOnPostgres: true });

    expect(await statisticsOf('filled')).toEqual({ analyzed: before.analyzed + 1, changed: 0 });
    const [{ reltuples }] = await db.query<{ reltuples: number }>("SELECT reltuples::int AS reltuples FROM pg_class WHERE relname = 'filled'");
    expect(reltuples).toBe(20_000);
  });
});

/**
 * A table's statistics after it has changed much, without waiting for autovacuum.
 *
 * PGlite runs no autovacuum, so nothing analyzes its tables by itself. A table that was empty when
 * last analyzed keeps the statistics of an empty table, and a plan made on them is kept for the
 * whole session: a foreign key's check, planned while the message log was empty, went on reading
 * the whole log for every reminder as the log grew (5 900 scans of it in one run over 3 000
 * invoices). On PostgreSQL autovacuum looks at a database about once a minute, when it runs at all
 * (a server may have it off): a long job writing 100 000 invoices ran for a minute or more on the
 * statistics of an empty table, and with none the statistics' refresh read every invoice's share
 * once per step (`stats_refresh`, 95 ms a step at 100 000, growing with the table).
 *
 * Here a table is analyzed once it has changed by more than autovacuum's own threshold since it
 * last was (50 rows and a tenth of the table); analyzing it makes the plans that read it be made
 * again on the new statistics.
 *
 * On PGlite no request is read while a table is analyzed: there each table is analyzed from a
 * sample of 3 000 rows (statistics target 10) instead of 30 000, about seven times quicker (the
 * members of a 20 000-member register: 36 ms instead of 278), which is enough for the row counts
 * and common values the plans need; and the requests in flight go first between tables, as between
 * a job's steps. A job's analyzing of the members, their shares of the statistics and their
 * subscriptions held a request of the member list some 850 ms in an import's undo.
 */
import type { Database } from './database.ts';

/** The statistics target of an analysis on PGlite (PostgreSQL's default, 100, samples 30 000 rows). */
export const PGLITE_STATISTICS_TARGET = 10;

/** Analyzes, one by one, the tables changed past the threshold; answers their names. */
export async function analyzeChangedTables(db: Database): Promise<string[]> {
  // PGlite writes out its counts of changes at most once a second unless asked for now (on
  // PostgreSQL the job's own writes were made on other sessions, which write theirs out as they end).
  if (db.kind === 'pglite') await db.query('SELECT pg_stat_force_next_flush()');
  const tables = await db.query<{ name: string }>(
    `SELECT format('%I.%I', schemaname, relname) AS name FROM pg_stat_user_tables
      WHERE n_mod_since_analyze > 50 + 0.1 * greatest(n_live_tup, 0)
      ORDER BY n_mod_since_analyze DESC`,
  );
  for (const [index, { name }] of tables.entries()) {
    if (db.kind === 'postgres') {
      await db.exec(`ANALYZE ${name}`);
      continue;
    }
    if (index > 0) await db.requests?.quiet(25);
    await db.exec(`SET default_statistics_target = ${PGLITE_STATISTICS_TARGET}; ANALYZE ${name}; RESET default_statistics_target`);
  }
  return tables.map((table) => table.name);
}

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
 */
import type { Database } from './database.ts';

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
  for (const { name } of tables) await db.exec(`ANALYZE ${name}`);
  return tables.map((table) => table.name);
}

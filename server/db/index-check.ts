/**
 * Index consistency with amcheck's bt_index_check: it reads each B-tree index of our schema
 * once under a light lock (no table scan), quick enough to run at every start-up. PGlite
 * ships amcheck; on a PostgreSQL server it needs the right to create the extension, and
 * without it the check reports 'unavailable' rather than failing the start.
 */
import type { Queryable } from './database.ts';

export type IndexCheck =
  { status: 'ok'; indexes: number } | { status: 'corrupt'; indexes: number; broken: string[] } | { status: 'unavailable'; reason: string };

async function hasAmcheck(db: Queryable): Promise<boolean> {
  try {
    await db.query('CREATE EXTENSION IF NOT EXISTS amcheck');
  } catch {
    // Not allowed, or another process created it at the same moment: what counts is whether it is there.
  }
  const rows = await db.query("SELECT 1 FROM pg_extension WHERE extname = 'amcheck'");
  return rows.length > 0;
}

export async function checkIndexes(db: Queryable): Promise<IndexCheck> {
  if (!(await hasAmcheck(db))) return { status: 'unavailable', reason: 'amcheck er ikke installert i databasen' };
  const indexes = await db.query<{ name: string }>(
    `SELECT c.oid::regclass::text AS name FROM pg_index i
       JOIN pg_class c ON c.oid = i.indexrelid
       JOIN pg_am am ON am.oid = c.relam
      WHERE am.amname = 'btree' AND c.relnamespace = current_schema()::regnamespace AND i.indisvalid`,
  );
  const broken: string[] = [];
  for (const { name } of indexes) {
    try {
      await db.query('SELECT bt_index_check($1::regclass, false)', [name]);
    } catch {
      broken.push(name);
    }
  }
  return broken.length > 0 ? { status: 'corrupt', indexes: indexes.length, broken } : { status: 'ok', indexes: indexes.length };
}

/** Fast bulk writes for the demo data: many rows per statement, ids handed out up front. */
import type { Queryable } from '../db/database.ts';

export type Row = Record<string, unknown>;

const CHUNK = 1000;

/**
 * Inserts rows that all have the same keys. The rows travel as one JSON parameter and are
 * read back with the table's own row type, so every column keeps its type on both drivers.
 */
export async function insertRows(db: Queryable, table: string, rows: readonly Row[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0])
    .map((column) => `"${column}"`)
    .join(', ');
  for (let start = 0; start < rows.length; start += CHUNK) {
    await db.query(`INSERT INTO ${table} (${columns}) SELECT ${columns} FROM json_populate_recordset(NULL::${table}, $1::json)`, [
      JSON.stringify(rows.slice(start, start + CHUNK)),
    ]);
  }
}

/** Hands out ids after the table's highest one; call syncSequence once the rows are in. */
export async function idCounter(db: Queryable, table: string): Promise<() => number> {
  const [{ max }] = await db.query<{ max: number }>(`SELECT coalesce(max(id), 0)::int AS max FROM ${table}`);
  let next = max;
  return () => ++next;
}

export async function syncSequence(db: Queryable, table: string): Promise<void> {
  await db.query(
    `SELECT setval(pg_get_serial_sequence($1, 'id'), greatest((SELECT coalesce(max(id), 0) FROM ${table}), 1),
                   (SELECT count(*) > 0 FROM ${table}))`,
    [table],
  );
}

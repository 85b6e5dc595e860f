/**
 * Rows for a CSV export in list order without deep OFFSETs: the ordered keys are read first
 * (small integers), then the rows in batches by key, put back in that order.
 */
import type { Database, Queryable } from '../../db/database.ts';

export const EXPORT_BATCH_SIZE = 1000;

export interface OrderedExport {
  /** Selects one column `key` in export order. */
  keysSql: string;
  keysParams: readonly unknown[];
  /** Selects the rows whose `key` column is in $1 (an integer array), in any order. */
  rowsSql: string;
  /**
   * On PGlite, read each batch as one JSON document instead of row by row. PGlite's wire reader
   * copies every value it reads into a buffer of its own (some 2 µs a value: most of a large
   * export's time); one document per batch is one value. Only for rows JSON gives back as the
   * drivers do: dates, text, numbers and truth values, no timestamps (JSON has them as text).
   * The keys come as one JSON array too, aggregated from the sorted keys query in its order (as
   * PostgreSQL feeds an aggregate over a sorted subquery without joins; PGlite runs no parallel
   * workers that could interleave them).
   */
  rowsAsJson?: boolean;
}

/** The export's database, or a transaction of it (no kind: rows are read row by row). */
type ExportSource = Queryable & { readonly kind?: Database['kind'] };

interface BatchReaders<Row> {
  keys(): Promise<number[]>;
  rows(keys: number[]): Promise<Row[]>;
}

/** How the keys and each batch are read: one JSON document each (see `rowsAsJson`) or row by row. */
function batchReaders<Row extends { key: number }>(db: ExportSource, query: OrderedExport): BatchReaders<Row> {
  if (query.rowsAsJson === true && db.kind === 'pglite') {
    const keysSql = `SELECT json_agg(k.key) AS keys FROM (${query.keysSql}) k`;
    const rowsSql = `SELECT coalesce(json_agg(r), '[]') AS rows FROM (${query.rowsSql}) r`;
    return {
      keys: async () => (await db.query<{ keys: number[] | null }>(keysSql, query.keysParams))[0].keys ?? [],
      rows: async (keys) => (await db.query<{ rows: Row[] }>(rowsSql, [keys]))[0].rows,
    };
  }
  return {
    keys: async () => (await db.query<{ key: number }>(query.keysSql, query.keysParams)).map((row) => row.key),
    rows: (keys) => db.query<Row>(query.rowsSql, [keys]),
  };
}

export async function* orderedBatches<Row extends { key: number }>(
  db: ExportSource,
  query: OrderedExport,
  batchSize: number = EXPORT_BATCH_SIZE,
): AsyncGenerator<Row[]> {
  const read = batchReaders<Row>(db, query);
  const keys = await read.keys();
  for (let start = 0; start < keys.length; start += batchSize) {
    const batch = keys.slice(start, start + batchSize);
    const byKey = new Map((await read.rows(batch)).map((row) => [row.key, row]));
    yield batch.map((key) => byKey.get(key)).filter((row): row is Row => row !== undefined);
  }
}

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

export async function* orderedBatches<Row extends { key: number }>(
  db: ExportSource,
  query: OrderedExport,
  batchSize: number = EXPORT_BATCH_SIZE,
): AsyncGenerator<Row[]> {
  const asJson = query.rowsAsJson === true && db.kind === 'pglite';
  const keys = asJson
    ? ((await db.query<{ keys: number[] | null }>(`SELECT json_agg(k.key) AS keys FROM (${query.keysSql}) k`, query.keysParams))[0].keys ?? [])
    : (await db.query<{ key: number }>(query.keysSql, query.keysParams)).map((row) => row.key);
  const rowsSql = asJson ? `SELECT coalesce(json_agg(r), '[]') AS rows FROM (${query.rowsSql}) r` : query.rowsSql;
  for (let start = 0; start < keys.length; start += batchSize) {
    const batch = keys.slice(start, start + batchSize);
    const rows = asJson ? (await db.query<{ rows: Row[] }>(rowsSql, [batch]))[0].rows : await db.query<Row>(rowsSql, [batch]);
    const byKey = new Map(rows.map((row) => [row.key, row]));
    yield batch.map((key) => byKey.get(key)).filter((row): row is Row => row !== undefined);
  }
}

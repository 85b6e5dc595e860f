/**
 * Rows for a CSV export in list order without deep OFFSETs: the ordered keys are read first
 * (small integers), then the rows in batches by key, put back in that order.
 */
import type { Queryable } from '../../db/database.ts';

export const EXPORT_BATCH_SIZE = 1000;

export interface OrderedExport {
  /** Selects one column `key` in export order. */
  keysSql: string;
  keysParams: readonly unknown[];
  /** Selects the rows whose `key` column is in $1 (an integer array), in any order. */
  rowsSql: string;
}

export async function* orderedBatches<Row extends { key: number }>(
  db: Queryable,
  query: OrderedExport,
  batchSize: number = EXPORT_BATCH_SIZE,
): AsyncGenerator<Row[]> {
  const keys = (await db.query<{ key: number }>(query.keysSql, query.keysParams)).map((row) => row.key);
  for (let start = 0; start < keys.length; start += batchSize) {
    const batch = keys.slice(start, start + batchSize);
    const rows = await db.query<Row>(query.rowsSql, [batch]);
    const byKey = new Map(rows.map((row) => [row.key, row]));
    yield batch.map((key) => byKey.get(key)).filter((row): row is Row => row !== undefined);
  }
}

/**
 * Removing stored document files that no row names any more (migration 047): after a delete or an
 * erasure commits, and every hour for whatever was left (a store that did not answer, a crash
 * between storing an upload's bytes and its row, a document that went with its instrument or account).
 */
import type { Queryable } from '../../db/database.ts';
import type { DocumentStore } from './store.ts';

/** An upload's keys are its own for this long; after it they are left-overs. */
const UPLOAD_GRACE = "interval '1 hour'";
const BATCH = 500;

/** Marks an upload's keys before its bytes are stored, so a crash before its row leaves nothing for good. */
export async function reserveKeys(db: Queryable, keys: readonly string[]): Promise<void> {
  await db.query(`INSERT INTO document_files_to_remove (key, reason) SELECT unnest($1::text[]), 'upload' ON CONFLICT (key) DO NOTHING`, [keys]);
}

/** The upload's row is in (call in its transaction): its keys are no longer left-overs. */
export async function keepKeys(tx: Queryable, keys: readonly string[]): Promise<void> {
  await tx.query(`DELETE FROM document_files_to_remove WHERE key = ANY ($1::text[]) AND reason = 'upload'`, [keys]);
}

/**
 * Removes the files of deleted documents, and uploads' left-overs older than an hour, from the
 * store, then their marks. A key a document still names is never removed. Answers how many went;
 * a store that fails leaves the rest marked for the next run (and throws).
 */
export async function removeLeftoverFiles(db: Queryable, store: DocumentStore, options: { uploads?: boolean } = {}): Promise<number> {
  // A mark naming a file a row holds is wrong (an upload commits its row and drops its marks together): it goes, the file stays.
  await db.query(
    `DELETE FROM document_files_to_remove r
      WHERE EXISTS (SELECT 1 FROM documents d WHERE d.storage_key = r.key OR d.thumbnail_key = r.key)`,
  );
  let removed = 0;
  for (;;) {
    const rows = await db.query<{ key: string }>(
      `SELECT r.key FROM document_files_to_remove r
        WHERE (r.reason = 'deleted' ${options.uploads === false ? '' : `OR r.since < now() - ${UPLOAD_GRACE}`})
          AND NOT EXISTS (SELECT 1 FROM documents d WHERE d.storage_key = r.key OR d.thumbnail_key = r.key)
        ORDER BY r.since, r.key LIMIT $1`,
      [BATCH],
    );
    if (rows.length === 0) return removed;
    const keys = rows.map((row) => row.key);
    await store.deleteMany(keys);
    await db.query('DELETE FROM document_files_to_remove WHERE key = ANY ($1::text[])', [keys]);
    removed += keys.length;
    if (rows.length < BATCH) return removed;
  }
}

/** Every key a document row or a mark names: what the store should hold at most (a demo reset empties it). */
export async function storedKeys(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ key: string }>(
    `SELECT storage_key AS key FROM documents UNION SELECT thumbnail_key FROM documents WHERE thumbnail_key IS NOT NULL
     UNION SELECT key FROM document_files_to_remove`,
  );
  return rows.map((row) => row.key);
}

/** Test data and helpers for the instruments' documents: fixture files, multipart uploads, what the store and the database hold. */
import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { App } from '../../server/app.ts';
import type { Database } from '../../server/db/database.ts';
import type { Services } from '../../server/plugins/services.ts';
import { uploadDocument } from '../../server/domain/documents/documents.ts';
import { documentsDir, PARTIAL_SUFFIX } from '../../server/domain/documents/store.ts';
import type { Document } from '../../server/schemas/documents.ts';
import { bearer } from './helpers.ts';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'documents');

/** A committed fixture file's bytes (tests/fixtures/documents; make-fixtures.ts there made them). */
export const fixture = (name: string): Buffer => readFileSync(path.join(FIXTURES, name));

export interface UploadFile {
  name: string;
  content: Buffer;
  /** What the browser claims; the server never believes it. */
  type?: string;
}

/** A multipart/form-data body: the fields, then the files (field name `file`). */
export function multipartBody(fields: Record<string, string>, files: UploadFile[] = []): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----dokument${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
    );
    parts.push(file.content, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Uploads a fixture (by name) or given bytes to the instrument as the token's owner. */
export function upload(app: App, token: string, instrumentId: number, file: string | UploadFile, fields: Record<string, string> = { kind: 'photo' }) {
  const body = multipartBody(fields, [typeof file === 'string' ? { name: file, content: fixture(file) } : file]);
  return app.inject({ method: 'POST', url: `/api/instrument/${instrumentId}/document`, headers: { ...bearer(token), ...body.headers }, payload: body.payload });
}

/** A document of the member's instrument from a fixture, as staff would upload it (through the domain, no request). */
export async function createDocument(
  services: Services,
  instrumentId: number,
  name = 'photo.png',
  kind: 'photo' | 'receipt' = 'photo',
  fileName = name,
): Promise<Document> {
  // Uploaded by an administrator when there is one, else by the member.
  const [by] = await services.db.query<{ id: number }>(
    '(SELECT id FROM accounts WHERE role_id = 5 ORDER BY id LIMIT 1) UNION ALL (SELECT member_id FROM instruments WHERE id = $1) LIMIT 1',
    [instrumentId],
  );
  return uploadDocument(services.db, services.documents, { id: by.id, staff: true }, instrumentId, { name: fileName, buffer: fixture(name) }, { kind });
}

/** Every finished file in DATA_DIR/documents (the file store), relative names, sorted. */
export async function storedFiles(dataDir: string): Promise<string[]> {
  const root = documentsDir(dataDir);
  const found: string[] = [];
  for (const dir of await readdir(root).catch(() => [] as string[])) {
    for (const name of await readdir(path.join(root, dir)).catch(() => [] as string[])) {
      if (!name.endsWith(PARTIAL_SUFFIX)) found.push(name);
    }
  }
  return found.sort();
}

/** The keys of the document rows, both files of each, sorted. */
export async function keysInDatabase(db: Database): Promise<string[]> {
  const rows = await db.query<{ storage_key: string; thumbnail_key: string | null }>('SELECT storage_key, thumbnail_key FROM documents');
  return rows
    .flatMap((row) => [row.storage_key, row.thumbnail_key])
    .filter((key): key is string => key !== null)
    .sort();
}

/** The document_files_to_remove marks (migration 047) still waiting. */
export async function pendingRemovals(db: Database): Promise<string[]> {
  return (await db.query<{ key: string }>('SELECT key FROM document_files_to_remove ORDER BY key')).map((row) => row.key);
}

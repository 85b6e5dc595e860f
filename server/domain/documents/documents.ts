/**
 * An instrument's documents (receipts, appraisals with their date and value, photos): uploaded,
 * listed, downloaded, their thumbnails, deleted. A member reaches only their own instruments'
 * documents (another's answer 404 like a missing one); staff reach every one (the routes check
 * their rights). The bytes live in the document store (store.ts), the rest in `documents`.
 */
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Database, Queryable } from '../../db/database.ts';
import { conflict, notFound, validationFailed } from '../../lib/http-errors.ts';
import { DOCUMENT_LIMITS, DOCUMENT_MESSAGES, documentFields, type DocumentFieldsInput } from '../../schemas/document-rules.ts';
import type { Document } from '../../schemas/documents.ts';
import type { Actor } from '../insurance/instruments.ts';
import { todayInOslo } from '../shared/oslo-date.ts';
import { inspectUpload } from './inspect.ts';
import { keepKeys, removeLeftoverFiles, reserveKeys } from './files.ts';
import type { DocumentStore } from './store.ts';

const COLUMNS = `d.id, d.instrument_id, d.member_id, d.kind, d.valued_on, d.value, d.file_name, d.content_type, d.size,
  d.width, d.height, d.thumbnail_key IS NOT NULL AS has_thumbnail,
  EXISTS (SELECT 1 FROM claim_documents cd WHERE cd.document_id = d.id) AS in_claim, d.created_at`;

interface InstrumentRow {
  id: number;
  member_id: number;
  state: string;
}

/** The instrument if the actor may reach it (staff: any; a member: their own), else 404. */
async function reachableInstrument(db: Queryable, actor: Actor, id: number, lock = false): Promise<InstrumentRow> {
  const [row] = await db.query<InstrumentRow>(`SELECT id, member_id, state FROM instruments WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
  if (!row || (!actor.staff && row.member_id !== actor.id)) throw notFound();
  return row;
}

/** The instrument's documents, oldest first. */
export async function listDocuments(db: Queryable, actor: Actor, instrumentId: number): Promise<Document[]> {
  await reachableInstrument(db, actor, instrumentId);
  return db.query<Document>(`SELECT ${COLUMNS} FROM documents d WHERE d.instrument_id = $1 ORDER BY d.created_at, d.id`, [instrumentId]);
}

/**
 * The name the document is shown and downloaded under: the uploaded file's own name without any
 * folder, control characters or surplus spaces, with the ending of what is stored (an iPhone's
 * IMG_0042.HEIC is kept as IMG_0042.jpg), at most 200 characters.
 */
export function storedFileName(uploaded: string, contentType: string): string {
  const ending = contentType === 'application/pdf' ? '.pdf' : '.jpg';
  const base = uploaded
    .normalize('NFC')
    .split(/[/\\]/)
    .pop()!
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, '')
    .replace(/\s+/g, ' ')
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .trim()
    .replace(/^\.+/, '');
  return `${[...(base || 'dokument')].slice(0, 200 - ending.length).join('')}${ending}`;
}

export interface Upload {
  name: string;
  buffer: Buffer;
}

const countOf = async (db: Queryable, instrumentId: number) =>
  (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM documents WHERE instrument_id = $1', [instrumentId]))[0].n;

/**
 * Keeps an uploaded document: the fields and the file checked (422 with the reason), the bytes
 * stored, then the row. If the row cannot be written, the stored bytes are removed again; if the
 * process dies between the two, the hourly clean-up removes them (files.ts).
 */
export async function uploadDocument(
  db: Database,
  store: DocumentStore,
  actor: Actor,
  instrumentId: number,
  upload: Upload | null,
  input: DocumentFieldsInput,
): Promise<Document> {
  const instrument = await reachableInstrument(db, actor, instrumentId);
  if (instrument.state === 'deleted') throw conflict(DOCUMENT_MESSAGES.instrumentDeleted);
  const checked = documentFields(input, todayInOslo());
  if ('errors' in checked) throw validationFailed(checked.errors);
  if (!upload || upload.buffer.length === 0) throw validationFailed({ file: [DOCUMENT_MESSAGES.fileMissing] });
  if ((await countOf(db, instrumentId)) >= DOCUMENT_LIMITS.perInstrument) throw validationFailed({ file: [DOCUMENT_MESSAGES.tooMany] });
  const file = await inspectUpload(upload.buffer);

  const id = randomUUID();
  const storageKey = `${id}.${file.contentType === 'application/pdf' ? 'pdf' : 'jpg'}`;
  const thumbnailKey = file.thumbnail ? `${id}-thumb.jpg` : null;
  const keys = thumbnailKey ? [storageKey, thumbnailKey] : [storageKey];
  await reserveKeys(db, keys);
  try {
    await store.put(storageKey, file.bytes, file.contentType);
    if (thumbnailKey && file.thumbnail) await store.put(thumbnailKey, file.thumbnail, 'image/jpeg');
    return await db.transaction(async (tx) => {
      // The count again under the instrument's lock: two uploads at once never make 31.
      const locked = await reachableInstrument(tx, actor, instrumentId, true);
      if (locked.state === 'deleted') throw conflict(DOCUMENT_MESSAGES.instrumentDeleted);
      if ((await countOf(tx, instrumentId)) >= DOCUMENT_LIMITS.perInstrument) throw validationFailed({ file: [DOCUMENT_MESSAGES.tooMany] });
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO documents (instrument_id, member_id, kind, valued_on, value, file_name, content_type, size, width, height,
                                storage_key, thumbnail_key, uploaded_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
        [
          instrumentId,
          locked.member_id,
          checked.fields.kind,
          checked.fields.valued_on,
          checked.fields.value,
          storedFileName(upload.name, file.contentType),
          file.contentType,
          file.bytes.length,
          file.width,
          file.height,
          storageKey,
          thumbnailKey,
          actor.id,
        ],
      );
      await keepKeys(tx, keys);
      const [document] = await tx.query<Document>(`SELECT ${COLUMNS} FROM documents d WHERE d.id = $1`, [row.id]);
      return document;
    });
  } catch (error) {
    // The marks stay when the store does not answer: the hourly clean-up removes the bytes then.
    await store
      .deleteMany(keys)
      .then(() => db.query('DELETE FROM document_files_to_remove WHERE key = ANY ($1::text[])', [keys]))
      .catch(() => undefined);
    throw error;
  }
}

interface StoredRow extends Document {
  storage_key: string;
  thumbnail_key: string | null;
}

async function reachableDocument(db: Queryable, actor: Actor, id: number, lock = false): Promise<StoredRow> {
  const [row] = await db.query<StoredRow>(
    `SELECT ${COLUMNS}, d.storage_key, d.thumbnail_key FROM documents d WHERE d.id = $1${lock ? ' FOR UPDATE OF d' : ''}`,
    [id],
  );
  if (!row || (!actor.staff && row.member_id !== actor.id)) throw notFound();
  return row;
}

export interface DocumentFile {
  document: Document;
  contentType: string;
  /** Known for the document itself; a thumbnail's is not kept. */
  size: number | null;
  body: Readable;
}

/** The document's bytes as stored (`thumbnail`: its small JPEG; 404 for a PDF, which has none). */
export async function documentFile(db: Queryable, store: DocumentStore, actor: Actor, id: number, thumbnail = false): Promise<DocumentFile> {
  const { storage_key: storageKey, thumbnail_key: thumbnailKey, ...document } = await reachableDocument(db, actor, id);
  if (thumbnail && !thumbnailKey) throw notFound();
  const body = await store.get(thumbnail ? thumbnailKey! : storageKey);
  return { document, contentType: thumbnail ? 'image/jpeg' : document.content_type, size: thumbnail ? null : document.size, body };
}

/**
 * Deletes a document: refused (409) while a claim uses it. Its stored bytes go after the commit;
 * if the store does not answer then, the hourly clean-up removes them.
 */
export async function deleteDocument(db: Database, store: DocumentStore, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const document = await reachableDocument(tx, actor, id, true);
    if (document.in_claim) throw conflict(DOCUMENT_MESSAGES.inClaim);
    await tx.query('DELETE FROM documents WHERE id = $1', [id]);
  });
  await removeLeftoverFiles(db, store, { uploads: false }).catch(() => undefined);
}

/** The member a document belongs to (the access log's member for /document/:id routes). */
export async function documentOwner(db: Queryable, id: number): Promise<number | null> {
  const [row] = await db.query<{ member_id: number }>('SELECT member_id FROM documents WHERE id = $1', [id]);
  return row?.member_id ?? null;
}

/**
 * A member's documents at erasure (call in its transaction): their rows go, and the claims'
 * links to them; their stored bytes are removed after the commit (`removeLeftoverFiles`).
 */
export async function eraseMemberDocuments(tx: Queryable, memberId: number): Promise<number> {
  await tx.query('DELETE FROM claim_documents WHERE document_id IN (SELECT id FROM documents WHERE member_id = $1)', [memberId]);
  return (await tx.query('DELETE FROM documents WHERE member_id = $1 RETURNING 1', [memberId])).length;
}

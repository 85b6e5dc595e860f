/**
 * The claim's packet as one zip: the packet PDF in Norwegian and in English at its root, and the
 * claim's documents under `dokumenter/`, numbered in the packet's order (the list in the PDF
 * names them the same way). The insurer and the member get this file by mail; staff and the
 * member download it.
 *
 * The documents' bytes come from the document store through `ReadDocument` (`documentReader`):
 * files under DATA_DIR/documents, or S3 with S3_URL (domain/documents/store.ts).
 */
import yazl from 'yazl';
import { readAll, type DocumentStore } from '../documents/store.ts';
import type { Claim } from '../../schemas/claims.ts';
import type { StoredDocument } from './claims.ts';
import { claimNumber } from './claims.ts';
import { DOCUMENT_WORDS } from './claim-words.ts';
import { claimPdf, packetFilename, type PacketConfig } from './claim-pdf.ts';

/** The stored bytes of a document by its storage key. */
export type ReadDocument = (storageKey: string) => Promise<Buffer>;

/** The document store's reader: a document's whole bytes (at most 25 MB) by its storage key. */
export function documentReader(store: DocumentStore): ReadDocument {
  return async (key) => readAll(await store.get(key));
}

const EXTENSIONS: Record<string, string[]> = { 'image/jpeg': ['.jpg', '.jpeg'], 'application/pdf': ['.pdf'] };

/**
 * The name a document has in the zip: its number, its kind and its file name, without characters
 * a file system refuses, ending as its content does (a HEIC photo stored as JPEG ends in .jpg).
 */
export function entryName(document: Pick<StoredDocument, 'kind' | 'file_name' | 'content_type'>, index: number): string {
  const extensions = EXTENSIONS[document.content_type] ?? [];
  const visible = [...document.file_name.normalize('NFC')].map((char) => (char.charCodeAt(0) < 32 || char.charCodeAt(0) === 127 ? '_' : char)).join('');
  let name =
    visible
      .replace(/[/\\:*?"<>|]+/g, '_')
      .replace(/^[.\s]+|[.\s]+$/g, '')
      .slice(0, 120) || 'dokument';
  if (!extensions.some((extension) => name.toLowerCase().endsWith(extension))) name = `${name}${extensions[0] ?? ''}`;
  const number = String(index + 1).padStart(2, '0');
  return `dokumenter/${number}-${DOCUMENT_WORDS.nb[document.kind].toLowerCase()}-${name}`;
}

export const zipFilename = (claim: Pick<Claim, 'id'>): string => `skademelding-${claimNumber(claim.id)}.zip`;

/** The zip's bytes: both packet PDFs and every document the claim carries. */
export async function claimZip(claim: Claim, documents: readonly StoredDocument[], config: PacketConfig, readDocument: ReadDocument): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const mtime = new Date(claim.created_at);
  for (const lang of ['nb', 'en'] as const) {
    zip.addBuffer(await claimPdf(claim, config, lang), packetFilename(claim, lang), { mtime });
  }
  for (const [index, document] of documents.entries()) {
    // JPEG and PDF are compressed already: stored as they are.
    zip.addBuffer(await readDocument(document.storage_key), entryName(document, index), { mtime: new Date(document.created_at), compress: false });
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

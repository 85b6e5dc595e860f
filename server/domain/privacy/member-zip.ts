/**
 * The member's data export as a zip, streamed: `member.json` (everything, machine-readable) and
 * `sammendrag.html` (the readable summary, member-summary.ts) at its root, and the files of the
 * member's documents under `dokumenter/`, each read from the document store as the zip reaches it.
 */
import yazl from 'yazl';
import type { Readable } from 'node:stream';
import { exportSummaryHtml } from './member-summary.ts';
import type { MemberExport } from './privacy.ts';
import type { DocumentStore } from '../documents/store.ts';

export const EXPORT_FILENAME = 'mine-opplysninger.zip';

/** The zip as a stream; yazl writes it while the reader pulls (a document's file is opened when its turn comes). */
export function memberZip(data: MemberExport, store: DocumentStore): Readable {
  const zip = new yazl.ZipFile();
  const mtime = new Date(data.exported_at);
  const files = data.documents.map(({ storage_key: key, ...document }) => ({ key, document }));
  const exported = { ...data, documents: files.map((file) => file.document) };
  zip.addBuffer(Buffer.from(JSON.stringify(exported, null, 2), 'utf8'), 'member.json', { mtime });
  zip.addBuffer(Buffer.from(exportSummaryHtml(exported), 'utf8'), 'sammendrag.html', { mtime });
  for (const { key, document } of files) {
    if (!key) continue;
    zip.addReadStreamLazy(document.file, { mtime: new Date(document.created_at as string), compress: false }, (done) => {
      store.get(key).then(
        (stream) => done(null, stream),
        (error: unknown) => done(error, undefined as never),
      );
    });
  }
  zip.end();
  return zip.outputStream as unknown as Readable;
}

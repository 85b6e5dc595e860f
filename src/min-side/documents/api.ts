/**
 * Min side's calls for an instrument's documents (receipts, appraisals, photos). The shapes are
 * the API's `Document` (server/schemas/documents.ts), imported as a type only.
 */
import { buildUrl, download, http, upload, type UploadProgress } from '../../common/http.ts';
import { readSession } from '../../common/session.ts';
import type { Document } from '../../../server/schemas/documents.ts';

export type InstrumentDocument = Document;
export type DocumentKind = Document['kind'];

/** What the member chose to upload. */
export interface DocumentUpload {
  file: File;
  kind: DocumentKind;
  valued_on?: string;
  value?: number;
}

/** The limits the server holds uploads to (named on the page). */
export const MAX_FILE_BYTES = 25 * 1024 * 1024;
export const MAX_DOCUMENTS = 30;
export const ACCEPT = 'image/*,application/pdf';

/** The types the server takes (it decides by content; this only spares a long upload of a wrong file). */
const TYPES = ['image/jpeg', 'image/png', 'image/heic', 'image/heif', 'image/webp', 'application/pdf'];
const EXTENSIONS = /\.(jpe?g|png|hei[cf]|webp|pdf)$/i;

/** Whether the server could take the file; a browser may give no type for a HEIC, and then the name decides. */
export const acceptableFile = (file: File): boolean => (file.type ? TYPES.includes(file.type.toLowerCase()) : EXTENSIONS.test(file.name));

export const documentApi = {
  list: (instrumentId: number) => http.get<{ data: InstrumentDocument[] }>(`/api/instrument/${instrumentId}/document`),
  upload: (instrumentId: number, { file, kind, valued_on: valuedOn, value }: DocumentUpload, onProgress?: (progress: UploadProgress) => void) => {
    const form = new FormData();
    form.append('kind', kind);
    if (kind === 'appraisal') {
      form.append('valued_on', valuedOn ?? '');
      form.append('value', String(value ?? ''));
    }
    // The file goes last, so the server has read the fields when the file's bytes arrive.
    form.append('file', file, file.name);
    return upload<{ data: InstrumentDocument }>(`/api/instrument/${instrumentId}/document`, form, onProgress);
  },
  remove: (id: number) => http.delete<null>(`/api/document/${id}`),
  download: (document: InstrumentDocument) => download(`/api/document/${document.id}`, document.file_name),
};

/** The document's thumbnail as an object URL (the token goes in a header, so an <img src> cannot fetch it). */
export async function thumbnailUrl(id: number, signal: AbortSignal): Promise<string | null> {
  const session = readSession();
  try {
    const response = await fetch(buildUrl(`/api/document/${id}/thumbnail`), {
      headers: session ? { Authorization: `Bearer ${session.token}` } : {},
      credentials: 'include',
      signal,
    });
    if (!response.ok) return null;
    return URL.createObjectURL(await response.blob());
  } catch {
    return null;
  }
}

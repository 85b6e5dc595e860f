/**
 * Documents kept with an instrument (issue 39): receipts, appraisals and photos. Their shapes as
 * the API gives them (from server/schemas/documents.ts) and the calls, for use through
 * useDataProvider(): an instrument's documents, an upload (multipart), a deletion, a thumbnail and
 * a download. None is a react-admin resource: the list answers without paging, and the files are
 * read with the signed-in user's token, which an <img src> would not carry.
 */
import { HttpError, type Identifier } from 'react-admin';
import { buildUrl, download, http, wasAborted } from '../common/http.ts';
import { readSession } from '../common/session.ts';
import { unwrap } from './errors.ts';

import type { Document } from '../../server/schemas/documents.ts';

export type { Document };
export type DocumentKind = Document['kind'];

/** What an upload sends: the file, its kind, and for an appraisal its date and value. */
export interface DocumentUpload {
  file: File;
  kind: DocumentKind;
  valued_on?: string | null;
  value?: number | null;
}

/** The saved file's name: an image is stored as JPEG whatever it was uploaded as (a .heic, a .png). */
export function downloadName(document: Pick<Document, 'file_name' | 'content_type'>): string {
  const name = document.file_name;
  if (document.content_type === 'application/pdf') return /\.pdf$/i.test(name) ? name : `${name}.pdf`;
  return /\.jpe?g$/i.test(name) ? name : `${name.replace(/\.[A-Za-z0-9]{1,5}$/, '')}.jpg`;
}

/** A byte array as base64, a block at a time (one call with every byte would overflow the stack). */
function base64(bytes: Uint8Array): string {
  let text = '';
  for (let start = 0; start < bytes.length; start += 0x8000) {
    text += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return btoa(text);
}

export const documentMethods = {
  async instrumentDocuments(instrumentId: Identifier, signal?: AbortSignal): Promise<Document[]> {
    return unwrap(await http.get<{ data: Document[] }>(`/api/instrument/${instrumentId}/document`, { signal })).data;
  },

  /** 413 (too large) and 422 (type, count, an appraisal without date or value) come with a Norwegian message. */
  async uploadDocument(instrumentId: Identifier, upload: DocumentUpload): Promise<Document> {
    const form = new FormData();
    form.append('kind', upload.kind);
    if (upload.kind === 'appraisal') {
      form.append('valued_on', upload.valued_on ?? '');
      form.append('value', upload.value === null || upload.value === undefined ? '' : String(upload.value));
    }
    // The file last: the server reads the fields that say what it is before the bytes.
    form.append('file', upload.file, upload.file.name);
    return unwrap(await http.post<{ data: Document }>(`/api/instrument/${instrumentId}/document`, form)).data;
  },

  /** 409 with the server's words when a claim carries the document. */
  async deleteDocument(id: Identifier): Promise<void> {
    unwrap(await http.delete(`/api/document/${id}`));
  },

  /**
   * The document's thumbnail (our own re-encoded JPEG) as a data: URL for an <img>, read with the
   * token. A data: URL needs no revoking, so the query cache can keep it.
   */
  async documentThumbnail(id: Identifier, signal?: AbortSignal): Promise<string> {
    const session = readSession();
    let response: Response;
    try {
      response = await fetch(buildUrl(`/api/document/${id}/thumbnail`), {
        headers: session ? { Authorization: `Bearer ${session.token}` } : {},
        credentials: 'include',
        signal,
      });
    } catch (error) {
      if (wasAborted(error, signal)) throw error;
      throw new HttpError('Får ikke kontakt med serveren.', 0);
    }
    if (!response.ok) throw new HttpError(`Status ${response.status}`, response.status);
    return `data:image/jpeg;base64,${base64(new Uint8Array(await response.arrayBuffer()))}`;
  },

  /** Saves the document (the server always answers it as an attachment). */
  async downloadDocument(document: Pick<Document, 'id' | 'file_name' | 'content_type'>): Promise<void> {
    unwrap(await download(`/api/document/${document.id}`, downloadName(document)));
  },
};

export type DocumentMethods = typeof documentMethods;

/**
 * An instrument's documents for both apps: upload (multipart), the list, the download, the
 * thumbnail and delete. A member reaches their own instruments' documents, staff every one with
 * members.read (reading) or members.change (upload, delete). Each read, download and thumbnail is
 * in the access log, a member's own too.
 *
 * Nothing uploaded is ever served as a page of the portal: a document is always an attachment
 * (a thumbnail, our own re-encoded JPEG, inline), of the type the server decided (image/jpeg or
 * application/pdf), with nosniff, a CSP that allows nothing and sandboxes it, and no-store.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { Type } from 'typebox';
import { DataOf, IdParams, MessageBody } from '../schemas/common.ts';
import { errorResponses, fileResponse, NoContent } from '../schemas/responses.ts';
import { Document, DocumentUpload } from '../schemas/documents.ts';
import { DOCUMENT_LIMITS, DOCUMENT_MESSAGES } from '../schemas/document-rules.ts';
import { accountOf, isStaff } from '../lib/access.ts';
import { readUpload } from '../lib/multipart.ts';
import { HttpError, validationFailed } from '../lib/http-errors.ts';
import { instrumentOwner } from '../domain/accounts/access-log.ts';
import type { Actor } from '../domain/insurance/instruments.ts';
import { deleteDocument, documentFile, documentOwner, listDocuments, uploadDocument, type DocumentFile } from '../domain/documents/documents.ts';

const TAGS = ['Dokumenter'];
const FIELDS = ['kind', 'valued_on', 'value'] as const;

const actorOf = (request: FastifyRequest): Actor => {
  const account = accountOf(request);
  return { id: account.id, staff: isStaff(account) };
};

/** A Content-Disposition value with a plain fallback name and the real one (RFC 6266, RFC 8187). */
function disposition(kind: 'attachment' | 'inline', name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Sends stored bytes so that no browser treats them as anything but a file of that type. */
function sendFile(reply: FastifyReply, file: DocumentFile, kind: 'attachment' | 'inline') {
  const name = kind === 'inline' ? file.document.file_name.replace(/\.[a-z]+$/, '-miniatyr.jpg') : file.document.file_name;
  reply.headers({
    'content-type': file.contentType,
    'content-disposition': disposition(kind, name),
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
    'cross-origin-resource-policy': 'same-origin',
    'cache-control': 'no-store',
    ...(file.size !== null ? { 'content-length': String(file.size) } : {}),
  });
  return reply.send(file.body);
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, documents } = app.services;
  const ownerOfInstrument = (request: FastifyRequest) => instrumentOwner(db, (request.params as { id: number }).id);
  const ownerOfDocument = (request: FastifyRequest) => documentOwner(db, (request.params as { id: number }).id);
  // One file and its three fields; a field's value is short (a kind, a date, a number).
  await app.register(multipart, { limits: { fileSize: DOCUMENT_LIMITS.fileBytes, files: 1, fields: FIELDS.length, parts: FIELDS.length + 1, fieldSize: 200 } });

  app.post(
    '/instrument/:id/document',
    {
      config: { right: 'members.change', access: 'signed-in', accessLog: { kind: 'change', detail: 'Dokument lastet opp', member: ownerOfInstrument } },
      schema: {
        tags: TAGS,
        summary:
          `Last opp et dokument til instrumentet: kvittering, takst (med valued_on og value) eller bilde; JPEG, PNG, HEIC, WebP eller PDF, ` +
          `høyst ${DOCUMENT_LIMITS.fileBytes / 1024 / 1024} MB og ${DOCUMENT_LIMITS.perInstrument} dokumenter per instrument. ` +
          'Bilder lagres snudd riktig vei som JPEG uten kameraets metadata; en PDF med skript, handlinger eller vedlegg avvises (422). 409 for et slettet instrument',
        params: IdParams,
        consumes: ['multipart/form-data'],
        multipart: DocumentUpload,
        response: { ...errorResponses(409), 201: DataOf(Document) },
      },
    },
    async (request, reply) => {
      const input: Record<string, unknown> = {};
      const file = await readUpload(
        request,
        (code) =>
          code === 'FST_REQ_FILE_TOO_LARGE'
            ? new HttpError(413, { message: DOCUMENT_MESSAGES.tooBig })
            : validationFailed({ file: [DOCUMENT_MESSAGES.oneFile] }),
        (name, value) => {
          if ((FIELDS as readonly string[]).includes(name)) input[name] = value;
        },
      );
      reply.code(201);
      return { data: await uploadDocument(db, documents, actorOf(request), request.params.id, file, input) };
    },
  );

  app.get(
    '/instrument/:id/document',
    {
      config: { right: 'members.read', access: 'signed-in', accessLog: { kind: 'read', detail: 'Dokumenter', member: ownerOfInstrument, evenForSelf: true } },
      schema: { tags: TAGS, summary: 'Instrumentets dokumenter, eldste først', params: IdParams, response: { 200: DataOf(Type.Array(Document)) } },
    },
    async (request) => ({ data: await listDocuments(db, actorOf(request), request.params.id) }),
  );

  app.get(
    '/document/:id',
    {
      config: {
        right: 'members.read',
        access: 'signed-in',
        accessLog: { kind: 'read', detail: 'Dokument lastet ned', member: ownerOfDocument, evenForSelf: true },
      },
      schema: {
        tags: TAGS,
        summary: 'Last ned dokumentet (alltid som vedlegg): et bilde som JPEG, en PDF slik den ble lastet opp',
        params: IdParams,
        produces: ['image/jpeg', 'application/pdf'],
        response: { 200: fileResponse(['image/jpeg', 'application/pdf'], 'Dokumentet som vedlegg') },
      },
    },
    async (request, reply) => sendFile(reply, await documentFile(db, documents, actorOf(request), request.params.id), 'attachment'),
  );

  app.get(
    '/document/:id/thumbnail',
    {
      config: {
        right: 'members.read',
        access: 'signed-in',
        accessLog: { kind: 'read', detail: 'Miniatyrbilde av dokument', member: ownerOfDocument, evenForSelf: true },
      },
      schema: {
        tags: TAGS,
        summary: `Et bildes miniatyr (JPEG, høyst ${DOCUMENT_LIMITS.thumbnailSide} px); 404 for en PDF`,
        params: IdParams,
        produces: ['image/jpeg'],
        response: { 200: fileResponse(['image/jpeg'], 'Miniatyren') },
      },
    },
    async (request, reply) => sendFile(reply, await documentFile(db, documents, actorOf(request), request.params.id, true), 'inline'),
  );

  // The owner is looked up before the delete: the access log writes its entry after the answer, when the row is gone.
  const deletedOwners = new WeakMap<FastifyRequest, number | null>();
  app.delete(
    '/document/:id',
    {
      config: {
        right: 'members.change',
        access: 'signed-in',
        accessLog: { kind: 'change', detail: 'Dokument slettet', member: (request) => deletedOwners.get(request) ?? null },
      },
      preHandler: async (request) => {
        deletedOwners.set(request, await ownerOfDocument(request));
      },
      schema: {
        tags: TAGS,
        summary: 'Slett dokumentet; 409 når en skademelding bruker det',
        params: IdParams,
        response: { 204: NoContent, 409: MessageBody },
      },
    },
    async (request, reply) => {
      await deleteDocument(db, documents, actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};

export default routes;

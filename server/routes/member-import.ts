/**
 * The member import (staff only): upload a register, preview and decide, commit as a job, undo,
 * the history, the templates and an import's error report.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import { DataOf, IdParams, MessageBody } from '../schemas/common.ts';
import { RefusedBody } from '../schemas/instruments.ts';
import { ImportChangeBody, ImportCommitBody, ImportLimits, ImportUpload, MemberImport } from '../schemas/member-import.ts';
import { accountOf } from '../lib/access.ts';
import { listQuery, paginate, paginatorSchema } from '../lib/list.ts';
import { refused } from '../lib/spreadsheet.ts';
import { readUpload } from '../lib/multipart.ts';
import { importLimits, MEMBER_IMPORT_LIMITS, MEMBER_IMPORT_MESSAGES } from '../domain/members/member-import-limits.ts';
import { templateCsv, templateXlsx } from '../domain/members/member-import-file.ts';
import { assertFound } from '../domain/members/member-import-record.ts';
import { findImportDetail } from '../domain/members/member-import-detail.ts';
import { changeImport, createImport } from '../domain/members/member-import-preview.ts';
import { startCommit } from '../domain/members/member-import-commit.ts';
import { startUndo } from '../domain/members/member-import-undo.ts';
import { errorReport, importList, importPage } from '../domain/members/member-import-history.ts';
import { RULE_MESSAGES } from '../schemas/rules.ts';
import { validationFailed } from '../lib/http-errors.ts';
import { fileResponse } from '../schemas/responses.ts';

const TAGS = ['Medlemsimport'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const attachment = (name: string) => `attachment; filename="${name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, jobs, config } = app.services;
  await app.register(multipart, { limits: { fileSize: MEMBER_IMPORT_LIMITS.fileBytes, files: 1, fields: 1, parts: 2, fieldSize: 64 * 1024 } });

  app.post(
    '/member/import',
    {
      config: { right: 'imports.run', access: 'staff', accessLog: false },
      schema: {
        tags: TAGS,
        summary: `Last opp et medlemsregister (.xlsx eller .csv i feltet file, høyst ${MEMBER_IMPORT_LIMITS.fileBytes / 1024 / 1024} MB og ${MEMBER_IMPORT_LIMITS.rows} rader; valgfritt mapping som JSON): forhåndsvisningen, ingenting lagres på medlemmene`,
        consumes: ['multipart/form-data'],
        multipart: ImportUpload,
        response: { 201: DataOf(MemberImport), 422: RefusedBody },
      },
    },
    async (request, reply) => {
      let mapping: Record<string, unknown> | null = null;
      const file = await readUpload(
        request,
        () => refused(MEMBER_IMPORT_MESSAGES.tooBig),
        (name, value) => {
          if (name !== 'mapping' || typeof value !== 'string' || value.trim() === '') return;
          try {
            const parsed: unknown = JSON.parse(value);
            if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) mapping = parsed as Record<string, unknown>;
            else throw new Error('not an object');
          } catch {
            throw validationFailed({ mapping: ['mapping må være et JSON-objekt: kolonne → felt'] });
          }
        },
      );
      if (!file) throw validationFailed({ file: [RULE_MESSAGES.required] });
      reply.code(201).send({ data: await createImport(db, accountOf(request).id, file.name, file.buffer, mapping) });
    },
  );

  app.get(
    '/member/import/list',
    {
      config: { right: 'imports.run', access: 'staff', accessLog: false },
      schema: {
        tags: TAGS,
        summary: 'Importene, nyeste først: fil, hvem, når, antall og tilstand',
        querystring: listQuery(importList),
        response: { 200: paginatorSchema(MemberImport) },
      },
    },
    async (request) => paginate(await importPage(db, request.query), request.url, config.publicUrl),
  );

  app.get(
    '/member/import/template.xlsx',
    {
      config: { right: 'imports.run', access: 'staff', accessLog: false },
      schema: {
        tags: TAGS,
        summary: 'Malen for medlemsimporten (.xlsx): kolonnene og én utfylt eksempelrad',
        produces: [XLSX],
        response: { 200: fileResponse([XLSX], 'medlemsimport-mal.xlsx') },
      },
    },
    async (_request, reply) =>
      reply
        .type(XLSX)
        .header('content-disposition', attachment('medlemsimport-mal.xlsx'))
        .send(await templateXlsx()),
  );

  app.get(
    '/member/import/template.csv',
    {
      config: { right: 'imports.run', access: 'staff', accessLog: false },
      schema: {
        tags: TAGS,
        summary: 'Malen for medlemsimporten som CSV (UTF-8, semikolon)',
        produces: ['text/csv'],
        response: { 200: fileResponse(['text/csv'], 'medlemsimport-mal.csv') },
      },
    },
    async (_request, reply) => reply.type('text/csv; charset=utf-8').header('content-disposition', attachment('medlemsimport-mal.csv')).send(templateCsv()),
  );

  app.get(
    '/member/import/limits',
    {
      config: { right: 'imports.run', access: 'staff', accessLog: false },
      schema: { tags: TAGS, summary: 'Grensene for en import: største fil (MB) og flest rader', response: { 200: DataOf(ImportLimits) } },
    },
    async () => ({ data: importLimits() }),
  );

  app.get(
    '/member/import/:id',
    {
      config: { right: 'imports.run', access: 'staff', accessLog: false },
      schema: {
        tags: TAGS,
        summary: 'Én import: tilstand, fremdrift (rader ferdig av rader), antall, feil og duplikater',
        params: IdParams,
        response: { 200: DataOf(MemberImport), 404: MessageBody },
      },
    },
    async (request) => ({ data: assertFound(await findImportDetail(db, request.params.id)) }),
  );

  app.patch(
    '/member/import/:id',
    {
      config: { right: 'imports.run', access: 'staff', accessLog: false },
      schema: {
        tags: TAGS,
        summary: 'Endre kolonnevalg og avgjørelser for duplikater; svarer den nye forhåndsvisningen',
        params: IdParams,
        body: ImportChangeBody,
        response: { 200: DataOf(MemberImport), 404: MessageBody, 409: MessageBody, 422: RefusedBody },
      },
    },
    async (request) => ({ data: assertFound(await changeImport(db, request.params.id, request.body)) }),
  );

  app.post(
    '/member/import/:id/commit',
    {
      config: { right: 'imports.run', access: 'staff', accessLog: { kind: 'change', detail: 'Medlemsimport', member: null } },
      schema: {
        tags: TAGS,
        summary: 'Importer: alt i én transaksjon som en jobb i køen, eller ingenting; med skip_errors hoppes radene med feil over (de står i feilrapporten)',
        params: IdParams,
        body: ImportCommitBody,
        response: { 202: DataOf(MemberImport), 404: MessageBody, 409: MessageBody, 422: RefusedBody },
      },
    },
    async (request, reply) => {
      reply.code(202).send({ data: assertFound(await startCommit(db, jobs, request.params.id, request.body.send_welcome, request.body.skip_errors ?? false)) });
    },
  );

  app.post(
    '/member/import/:id/undo',
    {
      config: { right: 'imports.run', access: 'staff', accessLog: { kind: 'change', detail: 'Medlemsimport angret', member: null } },
      schema: {
        tags: TAGS,
        summary: `Angre en import (innen ${MEMBER_IMPORT_LIMITS.undoDays} dager) som en jobb i køen, i steg; svarer importen med tilstand undoing og fremdrift (medlemmer ferdig av medlemmer). Medlemmer endret siden beholdes og listes`,
        params: IdParams,
        response: { 202: DataOf(MemberImport), 404: MessageBody, 409: MessageBody },
      },
    },
    async (request, reply) => {
      reply.code(202).send({ data: assertFound(await startUndo(db, jobs, request.params.id, accountOf(request).id)) });
    },
  );

  app.get(
    '/member/import/:id/errors.xlsx',
    {
      config: { right: 'imports.run', access: 'staff', accessLog: false },
      schema: {
        tags: TAGS,
        summary: 'Feilrapporten for en import (.xlsx): ark, rad, kolonne og feil',
        params: IdParams,
        produces: [XLSX],
        response: { 200: fileResponse([XLSX], 'Feilrapporten (.xlsx)'), 404: MessageBody },
      },
    },
    async (request, reply) => {
      const report = assertFound(await errorReport(db, request.params.id));
      return reply.type(XLSX).header('content-disposition', attachment(report.name)).send(report.body);
    },
  );
};

export default routes;

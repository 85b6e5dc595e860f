/** Privacy: the access log (per member and across members), a member's data export and erasure. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DataOf, IdParams, MessageBody } from '../schemas/common.ts';
import { Member } from '../schemas/member.ts';
import { Type } from 'typebox';
import { AccessLogEntry, AccessLogRow, EraseBody, StaffUser } from '../schemas/access-log.ts';
import { listQuery, paginate, paginatorSchema } from '../lib/list.ts';
import { notFound } from '../lib/http-errors.ts';
import { accountOf, assertOwnMember } from '../lib/access.ts';
import { accessLogPage, allLog, memberAccessLog, memberLog, staffUsers } from '../domain/accounts/access-log.ts';
import { eraseAndLoad, exportZipOf } from '../domain/privacy/privacy-actions.ts';
import { EXPORT_FILENAME } from '../domain/privacy/member-zip.ts';
import { fileResponse } from '../schemas/responses.ts';
import { ERASURE_DETAIL } from '../domain/privacy/erased.ts';

const ACCESS_LOG_FILTERS = {
  staff_id: 'Id-ene til de ansatte, kommaseparert',
  member_id: 'Id-ene til medlemmene, kommaseparert',
  kind: 'read, change, export eller messages, kommaseparert',
  from: 'Fra og med dato (åååå-mm-dd)',
  to: 'Til dato (åååå-mm-dd, ikke med)',
};

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config, accessLog, documents } = app.services;

  app.get(
    '/member/:id/access-log',
    {
      config: { right: 'members.read', access: 'signed-in', accessLog: false },
      schema: {
        tags: ['Personvern'],
        summary: 'Tilgangsloggen til et medlem: når ansatte åpnet, endret eller eksporterte opplysningene (ansatte: alle; medlemmet: sin egen)',
        params: IdParams,
        querystring: listQuery(memberLog),
        response: { 200: paginatorSchema(AccessLogEntry) },
      },
    },
    async (request) => {
      assertOwnMember(request, request.params.id);
      const page = await memberAccessLog(db, accessLog, request.params.id, request.query);
      if (!page) throw notFound();
      return paginate(page, request.url, config.publicUrl);
    },
  );

  app.get(
    '/access-log',
    {
      config: { right: 'staff.administer', access: 'staff', accessLog: false },
      schema: {
        tags: ['Personvern'],
        summary: 'Tilgangsloggen for alle medlemmer, nyeste først; filter[staff_id], filter[member_id], filter[kind], filter[from] og filter[to] (åååå-mm-dd)',
        querystring: listQuery(allLog, ACCESS_LOG_FILTERS),
        response: { 200: paginatorSchema(AccessLogRow) },
      },
    },
    async (request) => paginate(await accessLogPage(db, accessLog, request.query), request.url, config.publicUrl),
  );

  app.get(
    '/access-log/staff',
    {
      config: { right: 'staff.administer', access: 'staff', accessLog: false },
      schema: {
        tags: ['Personvern'],
        summary: 'De ansatte brukerne, til tilgangsloggens filter',
        response: { 200: DataOf(Type.Array(StaffUser)) },
      },
    },
    async () => ({ data: await staffUsers(db) }),
  );

  app.get(
    '/member/:id/export',
    {
      config: { right: 'members.read', access: 'signed-in', accessLog: { kind: 'export', detail: 'Alle opplysninger', evenForSelf: true } },
      schema: {
        tags: ['Personvern'],
        summary: `Alt portalen har lagret om medlemmet som zip (${EXPORT_FILENAME}): member.json og et sammendrag i HTML`,
        params: IdParams,
        produces: ['application/zip'],
        response: { 200: fileResponse(['application/zip'], `${EXPORT_FILENAME}: member.json og sammendrag.html`) },
      },
    },
    async (request, reply) => {
      assertOwnMember(request, request.params.id);
      const zip = await exportZipOf(db, accessLog, documents, request.params.id);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${EXPORT_FILENAME}"`)
        .header('cache-control', 'no-store')
        .send(zip);
    },
  );

  app.post(
    '/member/:id/erase',
    {
      config: { right: 'members.erase', access: 'staff', accessLog: { kind: 'change', detail: ERASURE_DETAIL } },
      schema: {
        tags: ['Personvern'],
        summary: 'Slett personopplysningene til et medlem, bekreftet med medlemsnummeret (422 når det ikke stemmer); regnskapsradene blir stående',
        params: IdParams,
        body: EraseBody,
        response: { 200: DataOf(Member), 404: MessageBody },
      },
    },
    async (request) => ({
      data: await eraseAndLoad(db, documents, request.params.id, request.body.member_number, accountOf(request).id),
    }),
  );
};

export default routes;

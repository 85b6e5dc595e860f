/**
 * Instruments for both apps: a member's lists, export and import; one instrument read, created,
 * changed or deleted (a member only their own, staff any); the waiting list and accept/reject
 * for staff, singly or several of one member at once.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { Type } from 'typebox';
import { DataOf, IdParams, MessageBody } from '../schemas/common.ts';
import { errorResponses } from '../schemas/responses.ts';
import {
  ImportResult,
  Instrument,
  InstrumentExportQuery,
  InstrumentListItem,
  InstrumentUpload,
  InstrumentNewBody,
  InstrumentPatchBody,
  InstrumentWithIterations,
  InstrumentsOfMember,
  MemberInstruments,
  RefusedBody,
  RejectInstrumentsBody,
} from '../schemas/instruments.ts';
import { RejectBody } from '../schemas/requests.ts';
import { accountOf, isStaff } from '../lib/access.ts';
import { listQuery, paginate, paginatorSchema } from '../lib/list.ts';
import { XLSX_CONTENT_TYPE, exportResponse, sendExport, withExportFormat } from '../lib/xlsx.ts';
import {
  INSTRUMENT_CSV,
  INSTRUMENT_CSV_FILENAME,
  instrumentExport,
  instrumentList,
  instrumentPage,
  instrumentWithIterations,
  memberInstruments,
  type Actor,
} from '../domain/insurance/instruments.ts';
import { createInstrument, deleteInstrument, patchInstrument } from '../domain/insurance/instrument-changes.ts';
import { actOnInstruments } from '../domain/requests/instrument-requests.ts';
import { IMPORT_LIMITS, IMPORT_MESSAGES, importInstrumentFile } from '../domain/insurance/instrument-import.ts';
import { countRows, memberFromBody, membersInRows } from '../plugins/access-log.ts';
import { instrumentOwner } from '../domain/accounts/access-log.ts';
import { multipartError } from '../lib/multipart.ts';

const TAGS = ['Instrumenter'];
const actorOf = (request: FastifyRequest): Actor => {
  const account = accountOf(request);
  return { id: account.id, staff: isStaff(account) };
};
const handled = { 200: DataOf(Type.Array(Instrument)), 404: MessageBody, 409: MessageBody, 422: RefusedBody };

/**
 * The multipart body's file part, or undefined when the body has none: a form with only other
 * fields trips the parser's field limit (0), which means the file is missing (422), not that
 * the body is too large (413). A body the parser cannot read at all is 400.
 */
async function uploadedFile(request: FastifyRequest) {
  if (!request.isMultipart()) return undefined;
  try {
    const part = await request.file();
    // A body cut short shows only when the file is read.
    return (
      part && {
        toBuffer: () =>
          part.toBuffer().catch((error: unknown) => {
            throw multipartError(error);
          }),
      }
    );
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') return undefined;
    throw multipartError(error);
  }
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, outbox, config } = app.services;
  const ownerOfInstrument = (request: FastifyRequest) => instrumentOwner(db, (request.params as { id: number }).id);
  await app.register(multipart, { limits: { fileSize: IMPORT_LIMITS.fileBytes, files: 1, fields: 0, parts: 1 } });

  app.get(
    '/member/:id/instrument',
    {
      config: { right: 'members.read', access: 'signed-in', accessLog: { kind: 'read', detail: 'Instrumenter' } },
      schema: {
        tags: TAGS,
        summary: 'Medlemmets instrumenter: aktive, til behandling og slettede',
        params: IdParams,
        response: { 200: DataOf(MemberInstruments) },
      },
    },
    async (request) => ({ data: await memberInstruments(db, actorOf(request), request.params.id) }),
  );

  app.get(
    '/member/:id/instrument/export',
    {
      config: { right: 'members.read', access: 'signed-in', accessLog: { kind: 'export', detail: 'Instrumenter' } },
      schema: {
        tags: TAGS,
        summary: `Medlemmets instrumenter som CSV (${INSTRUMENT_CSV_FILENAME}) eller med format=xlsx som regneark; filter[status]=1 (standard) er de aktive`,
        params: IdParams,
        querystring: withExportFormat(InstrumentExportQuery),
        produces: ['text/csv', XLSX_CONTENT_TYPE],
        response: exportResponse(INSTRUMENT_CSV_FILENAME),
      },
    },
    async (request, reply) =>
      sendExport(
        reply,
        request.query.format,
        INSTRUMENT_CSV_FILENAME,
        INSTRUMENT_CSV,
        countRows(request, instrumentExport(db, actorOf(request), request.params.id, (request.query as Record<string, string>)['filter[status]'])),
      ),
  );

  app.post(
    '/member/:id/instrument/import',
    {
      // An applicant has no instruments to import yet; each import is a burst of writes.
      config: { right: 'members.change', access: 'member-or-staff', accessLog: { kind: 'change', detail: 'Instrumenter lastet opp' } },
      schema: {
        tags: TAGS,
        summary: `Last opp instrumenter fra malen (.xlsx, feltet file, høyst ${IMPORT_LIMITS.fileBytes / 1024 / 1024} MB): alle radene eller ingen`,
        params: IdParams,
        consumes: ['multipart/form-data'],
        multipart: InstrumentUpload,
        response: { ...errorResponses(429), 200: ImportResult, 404: MessageBody, 422: RefusedBody },
      },
    },
    async (request) => {
      const file = await uploadedFile(request);
      return { message: IMPORT_MESSAGES.imported, data: await importInstrumentFile(db, actorOf(request), request.params.id, file) };
    },
  );

  app.get(
    '/instrument/list',
    {
      config: {
        right: 'members.read',
        access: 'staff',
        accessLog: { kind: 'read', detail: 'Instrumenter', list: 'Instrumentlisten', members: membersInRows('member_id') },
      },
      schema: {
        tags: TAGS,
        summary:
          'Instrumenter med medlemmet; filter[status]=0 de som venter på behandling (nye, endret eller slettet av medlemmet), ' +
          'filter[member_id], filter[valuation]=missing, expiring, expired eller ok (takst og dokumentasjon)',
        querystring: listQuery(instrumentList.list),
        response: { 200: paginatorSchema(InstrumentListItem) },
      },
    },
    async (request) => paginate(await instrumentPage(db, request.query), request.url, config.publicUrl),
  );

  app.post(
    '/instrument/new',
    {
      config: { right: 'members.change', access: 'signed-in', accessLog: { kind: 'change', detail: 'Instrument lagt til', member: memberFromBody } },
      schema: {
        tags: TAGS,
        summary: 'Nytt instrument (ett per rad); et medlems venter på behandling og starter i dag',
        body: InstrumentNewBody,
        response: { 200: DataOf(Instrument), 404: MessageBody, 422: RefusedBody },
      },
    },
    async (request) => ({ data: await createInstrument(db, actorOf(request), request.body) }),
  );

  app.get(
    '/instrument/:id',
    {
      config: { right: 'members.read', access: 'signed-in', accessLog: { kind: 'read', detail: 'Instrument', member: ownerOfInstrument } },
      schema: { tags: TAGS, summary: 'Ett instrument med versjonene (iterations)', params: IdParams, response: { 200: DataOf(InstrumentWithIterations) } },
    },
    async (request) => ({ data: await instrumentWithIterations(db, actorOf(request), request.params.id) }),
  );

  app.patch(
    '/instrument/:id',
    {
      config: { right: 'members.change', access: 'signed-in', accessLog: { kind: 'change', detail: 'Instrument', member: ownerOfInstrument } },
      schema: {
        tags: TAGS,
        summary: 'Endre et instrument: ansatte med en gang; et medlems endring av et aktivt instrument venter på behandling (status endres ikke her)',
        params: IdParams,
        body: InstrumentPatchBody,
        response: { 200: DataOf(Instrument), 404: MessageBody, 409: MessageBody, 422: RefusedBody },
      },
    },
    async (request) => ({ data: await patchInstrument(db, actorOf(request), request.params.id, request.body) }),
  );

  app.delete(
    '/instrument/:id',
    {
      config: { right: 'members.change', access: 'signed-in', accessLog: { kind: 'change', detail: 'Instrument slettet', member: ownerOfInstrument } },
      schema: {
        tags: TAGS,
        summary: 'Slett et instrument: et som venter trekkes tilbake; et aktivt slettes av ansatte i dag, av medlemmet som en forespørsel',
        params: IdParams,
        response: { 200: DataOf(Type.Union([Instrument, Type.Null()])), 404: MessageBody, 409: MessageBody },
      },
    },
    async (request) => ({ data: await deleteInstrument(db, actorOf(request), request.params.id) }),
  );

  app.post(
    '/instrument/accept/:id',
    {
      config: { right: 'requests.decide', access: 'staff', accessLog: { kind: 'change', detail: 'Instrument akseptert', member: ownerOfInstrument } },
      schema: { tags: TAGS, summary: 'Aksepter et nytt instrument eller en endring; 409 når det allerede er behandlet', params: IdParams, response: handled },
    },
    async (request) => ({
      data: await actOnInstruments(db, outbox, accountOf(request).id, { ids: [request.params.id] }, { action: 'accept' }, config.billing),
    }),
  );

  app.post(
    '/instrument/reject/:id',
    {
      config: { right: 'requests.decide', access: 'staff', accessLog: { kind: 'change', detail: 'Instrument avvist', member: ownerOfInstrument } },
      schema: {
        tags: TAGS,
        summary: 'Avvis et nytt instrument eller en endring; begrunnelsen sendes med mal 2 når send_email er sann',
        params: IdParams,
        body: RejectBody,
        response: handled,
      },
    },
    async (request) => ({
      data: await actOnInstruments(
        db,
        outbox,
        accountOf(request).id,
        { ids: [request.params.id] },
        {
          action: 'reject',
          reason: request.body.reason,
          sendEmail: request.body.send_email,
        },
        config.billing,
      ),
    }),
  );

  app.post(
    '/instrument/accept',
    {
      config: { right: 'requests.decide', access: 'staff', accessLog: { kind: 'change', detail: 'Instrumenter akseptert', member: memberFromBody } },
      schema: { tags: TAGS, summary: 'Aksepter flere instrumenter av ett medlem: alle eller ingen', body: InstrumentsOfMember, response: handled },
    },
    async (request) => ({
      data: await actOnInstruments(
        db,
        outbox,
        accountOf(request).id,
        { ids: request.body.instruments, memberId: request.body.member_id },
        { action: 'accept' },
        config.billing,
      ),
    }),
  );

  app.post(
    '/instrument/reject',
    {
      config: { right: 'requests.decide', access: 'staff', accessLog: { kind: 'change', detail: 'Instrumenter avvist', member: memberFromBody } },
      schema: { tags: TAGS, summary: 'Avvis flere instrumenter av ett medlem med én begrunnelse (én e-post)', body: RejectInstrumentsBody, response: handled },
    },
    async (request) => ({
      data: await actOnInstruments(
        db,
        outbox,
        accountOf(request).id,
        { ids: request.body.instruments, memberId: request.body.member_id },
        {
          action: 'reject',
          reason: request.body.reason,
          sendEmail: request.body.send_email,
        },
        config.billing,
      ),
    }),
  );
};

export default routes;

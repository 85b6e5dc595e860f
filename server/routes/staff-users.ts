/**
 * Staff users for administrators ('staff.administer'): the list, one user, an invitation by e-mail,
 * ending all of a user's sign-ins, and their access report ('Tilgangsrapport') as JSON or XLSX.
 * Their role, active state and exceptions are changed with PATCH /api/staff/{id} (staff-roles.ts),
 * their two-factor sign-in reset with POST /api/user/{id}/2fa/reset (two-factor.ts).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { DataOf, IdParams } from '../schemas/common.ts';
import { errorResponses } from '../schemas/responses.ts';
import { AccessReport, ReportQuery, SessionsEnded, StaffInvite, StaffUserDetail, StaffUserRow } from '../schemas/staff-users.ts';
import { accountOf } from '../lib/access.ts';
import { sendXlsxSheets, XLSX_CONTENT_TYPE } from '../lib/xlsx.ts';
import { endStaffSessions, inviteStaff, listStaff, STAFF_TEXTS, staffUser } from '../domain/staff/staff-users.ts';
import { accessReport, reportFilename, reportPeriod, reportSheets } from '../domain/staff/access-report.ts';

const TAGS = ['Ansatte og roller'];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, outbox, config, accessLog } = app.services;

  app.get(
    '/staff/list',
    {
      config: { access: 'staff', right: 'staff.administer' },
      schema: {
        tags: TAGS,
        summary: 'De ansatte: rolle, om de er aktive, siste innlogging og totrinnsinnlogging (aktive først)',
        response: { 200: DataOf(Type.Array(StaffUserRow)) },
      },
    },
    async () => ({ data: await listStaff(db) }),
  );

  app.get(
    '/staff/:id',
    {
      config: { access: 'staff', right: 'staff.administer' },
      schema: { tags: TAGS, summary: 'Én ansatt med rettighetene sine', params: IdParams, response: { 200: DataOf(StaffUserDetail) } },
    },
    async (request) => ({ data: await staffUser(db, request.params.id) }),
  );

  app.post(
    '/staff/invite',
    {
      config: { access: 'staff', right: 'staff.administer' },
      schema: {
        tags: TAGS,
        summary: 'Inviter en ansatt: kontoen lages uten passord, og invitasjonen med en lenke for å velge passord (7 dager) sendes på e-post',
        body: StaffInvite,
        response: { 201: Type.Object({ message: Type.String(), data: StaffUserDetail }) },
      },
    },
    async (request, reply) => {
      const staff = await inviteStaff(db, outbox, request.body, accountOf(request).id, config.publicUrl);
      return reply.code(201).send({ message: STAFF_TEXTS.invited(staff.email), data: staff });
    },
  );

  app.post(
    '/staff/:id/sessions/end',
    {
      config: { access: 'staff', right: 'staff.administer' },
      schema: {
        tags: TAGS,
        summary: 'Avslutt alle innloggingene til en ansatt (ikke ens egne: dem avslutter man i profilen)',
        params: IdParams,
        response: { ...errorResponses(409), 200: SessionsEnded },
      },
    },
    async (request) => {
      const ended = await endStaffSessions(db, request.params.id, accountOf(request).id);
      return { message: STAFF_TEXTS.sessionsEnded(ended), data: { ended } };
    },
  );

  app.get(
    '/staff/:id/report',
    {
      config: { access: 'staff', right: 'staff.administer' },
      schema: {
        tags: TAGS,
        summary: 'Tilgangsrapport: den ansattes rolle og rettigheter, og hva de gjorde med medlemmenes data i perioden (fra og til, begge dager med)',
        params: IdParams,
        querystring: ReportQuery,
        response: {
          ...errorResponses(422),
          200: {
            description: 'Rapporten (application/json), eller med format=xlsx et regneark med sammendrag, rettigheter og hver hendelse',
            content: {
              'application/json': { schema: AccessReport },
              [XLSX_CONTENT_TYPE]: { schema: { type: 'string', format: 'binary' } },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const period = reportPeriod(request.query);
      if (request.query.format !== 'xlsx') return { data: await accessReport(db, accessLog, request.params.id, period) };
      return sendXlsxSheets(reply, reportFilename(request.params.id, period), await reportSheets(db, accessLog, request.params.id, period));
    },
  );
};

export default routes;

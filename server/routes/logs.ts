/** The staff logs of a member: messages sent, instrument versions and travel-insurance versions. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { TSchema } from 'typebox';
import { listQuery, paginate, paginatorSchema, type ListDefinition } from '../lib/list.ts';
import type { Page } from '../lib/paged-query.ts';
import { InstrumentLogEntry, MessageLogEntry, MessageLogEntryBody, TravelLogEntry } from '../schemas/logs.ts';
import { instrumentLog, logPage, messageLog, messageLogEntry, messageLogPage, travelLog } from '../domain/messages/logs.ts';
import { resendMessage } from '../domain/messages/messages.ts';
import { IdParams, MessageBody } from '../schemas/common.ts';
import { HttpError, notFound } from '../lib/http-errors.ts';
import { membersInRows, type AccessLogRule } from '../plugins/access-log.ts';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config, outbox } = app.services;
  /** Each log's filters and sorts, which its query schema documents. */
  const LOG_LISTS: Record<string, ListDefinition> = {
    '/emails/logs/list': messageLog.list,
    '/instrument/logs/list': instrumentLog.list,
    '/subscription/logs/list': travelLog.list,
  };

  function logRoute(url: string, summary: string, item: TSchema, page: (query: Record<string, unknown>) => Promise<Page<unknown>>, accessLog: AccessLogRule) {
    app.get(
      url,
      {
        config: { access: 'staff', right: 'logs.read', accessLog },
        schema: {
          tags: ['Logger'],
          summary,
          querystring: listQuery(LOG_LISTS[url]),
          response: { 200: paginatorSchema(item) },
        },
      },
      async (request) => paginate(await page(request.query), request.url, config.publicUrl),
    );
  }

  logRoute(
    '/emails/logs/list',
    'Meldingsloggen (e-post og SMS), nyeste først; filter[member_id], filter[channel], filter[outreach_id] (en utsendelses meldinger)',
    MessageLogEntry,
    (query) => messageLogPage(db, query),
    { kind: 'messages', detail: 'Meldinger', list: 'Meldingsloggen', members: membersInRows('member_id') },
  );
  logRoute(
    '/instrument/logs/list',
    'Versjonene av et medlems instrumenter, nyeste først, hver med versjonen før; filter[member_id], filter[instrument_id]',
    InstrumentLogEntry,
    (query) => logPage(db, instrumentLog, query),
    { kind: 'read', detail: 'Instrumentlogg', members: membersInRows('member_id') },
  );
  logRoute(
    '/subscription/logs/list',
    'Versjonene av et medlems reiseforsikring (produkt 1 og 2), nyeste først, hver med versjonen før; filter[member_id]',
    TravelLogEntry,
    (query) => logPage(db, travelLog, query),
    { kind: 'read', detail: 'Reiseforsikringslogg', members: membersInRows('member_id') },
  );

  app.post(
    '/emails/logs/:id/resend',
    {
      config: {
        right: 'members.change',
        access: 'staff',
        accessLog: { kind: 'messages', detail: 'Melding sendt på nytt', members: membersInRows('member_id') },
      },
      schema: {
        tags: ['Logger'],
        summary: 'Send en melding som ikke kunne sendes, på nytt (legges i køen igjen)',
        params: IdParams,
        response: { 202: MessageLogEntryBody, 409: MessageBody },
      },
    },
    async (request, reply) => {
      const result = await resendMessage(db, outbox, request.params.id);
      if (!result) throw notFound();
      if (!result.queued) throw new HttpError(409, { message: result.reason });
      return reply.code(202).send({ data: (await messageLogEntry(db, request.params.id))! });
    },
  );
};

export default routes;

/** The staff logs of a member: messages sent, instrument versions and travel-insurance versions. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Static } from 'typebox';
import { listQuerySchema, paginate, paginatorSchema } from '../lib/list.ts';
import { InstrumentLogEntry, MessageLogEntry, TravelLogEntry } from '../schemas/logs.ts';
import { instrumentLog, logPage, messageLogPage, travelLog } from '../domain/logs.ts';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.services;

  app.get(
    '/emails/logs/list',
    {
      schema: {
        tags: ['Logger'],
        summary: 'Meldingsloggen (e-post og SMS), nyeste først; filter[member_id], filter[channel]',
        querystring: listQuerySchema,
        response: { 200: paginatorSchema(MessageLogEntry) },
      },
    },
    async (request) => {
      return paginate(await messageLogPage(db, request.query), request.url, config.publicUrl);
    },
  );

  app.get(
    '/instrument/logs/list',
    {
      schema: {
        tags: ['Logger'],
        summary: 'Versjonene av et medlems instrumenter, nyeste først, hver med versjonen før; filter[member_id], filter[instrument_id]',
        querystring: listQuerySchema,
        response: { 200: paginatorSchema(InstrumentLogEntry) },
      },
    },
    async (request) =>
      paginate(await logPage<Static<typeof InstrumentLogEntry>>(db, instrumentLog, request.query), request.url, config.publicUrl),
  );

  app.get(
    '/subscription/logs/list',
    {
      schema: {
        tags: ['Logger'],
        summary: 'Versjonene av et medlems reiseforsikring (produkt 1 og 2), nyeste først, hver med versjonen før; filter[member_id]',
        querystring: listQuerySchema,
        response: { 200: paginatorSchema(TravelLogEntry) },
      },
    },
    async (request) =>
      paginate(await logPage<Static<typeof TravelLogEntry>>(db, travelLog, request.query), request.url, config.publicUrl),
  );
};

export default routes;

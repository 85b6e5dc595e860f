/** The staff logs of a member: messages sent, instrument versions and travel-insurance versions. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { TSchema } from 'typebox';
import { listQuerySchema, paginate, paginatorSchema } from '../lib/list.ts';
import type { Page } from '../lib/paged-query.ts';
import { InstrumentLogEntry, MessageLogEntry, TravelLogEntry } from '../schemas/logs.ts';
import { instrumentLog, logPage, messageLogPage, travelLog } from '../domain/logs.ts';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.services;

  function logRoute(url: string, summary: string, item: TSchema, page: (query: Record<string, unknown>) => Promise<Page<unknown>>) {
    app.get(
      url,
      {
        schema: {
          tags: ['Logger'],
          summary,
          querystring: listQuerySchema,
          response: { 200: paginatorSchema(item) },
        },
      },
      async (request) => paginate(await page(request.query), request.url, config.publicUrl),
    );
  }

  logRoute(
    '/emails/logs/list',
    'Meldingsloggen (e-post og SMS), nyeste først; filter[member_id], filter[channel]',
    MessageLogEntry,
    (query) => messageLogPage(db, query),
  );
  logRoute(
    '/instrument/logs/list',
    'Versjonene av et medlems instrumenter, nyeste først, hver med versjonen før; filter[member_id], filter[instrument_id]',
    InstrumentLogEntry,
    (query) => logPage(db, instrumentLog, query),
  );
  logRoute(
    '/subscription/logs/list',
    'Versjonene av et medlems reiseforsikring (produkt 1 og 2), nyeste først, hver med versjonen før; filter[member_id]',
    TravelLogEntry,
    (query) => logPage(db, travelLog, query),
  );
};

export default routes;

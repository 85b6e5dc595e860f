/** The valuation rules staff set under Innstillinger → 'Takst og dokumentasjon'. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DataOf } from '../schemas/common.ts';
import { ValuationSettings } from '../schemas/valuation.ts';
import { accountOf } from '../lib/access.ts';
import { updateValuationSettings, valuationSettings } from '../domain/insurance/valuation.ts';

const TAGS = ['Instrumenter'];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.services;

  app.get(
    '/valuation-settings',
    {
      config: { right: 'members.read', access: 'staff' },
      schema: {
        tags: TAGS,
        summary: 'Reglene for takst og kvittering, og når påminnelsene går (standardverdiene der ingen er satt)',
        response: { 200: DataOf(ValuationSettings) },
      },
    },
    async () => ({ data: await valuationSettings(db) }),
  );

  app.put(
    '/valuation-settings',
    {
      config: { right: 'content.change', access: 'staff' },
      schema: {
        tags: TAGS,
        summary: 'Sett reglene: alle fem verdiene, grensen for kvittering lavere enn grensen for takst',
        body: ValuationSettings,
        response: { 200: DataOf(ValuationSettings) },
      },
    },
    async (request) => ({ data: await updateValuationSettings(db, request.body, accountOf(request).id) }),
  );
};

export default routes;

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { pingDatabase } from '../domain/health.ts';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Drift'],
        summary: 'Svarer 200 når databasen svarer, ellers 503',
        response: {
          200: Type.Object({ status: Type.Literal('ok'), database: Type.String() }),
          503: Type.Object({ status: Type.Literal('error'), message: Type.String() }),
        },
      },
    },
    async (request, reply) => {
      try {
        await pingDatabase(app.services.db);
        return { status: 'ok' as const, database: app.services.db.kind };
      } catch (error) {
        request.log.error({ err: error }, 'database unreachable');
        return reply.code(503).send({ status: 'error' as const, message: 'Databasen svarer ikke.' });
      }
    },
  );
};

export default routes;

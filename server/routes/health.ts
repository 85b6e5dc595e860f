import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { databaseDownMessage, pingDatabase, readiness } from '../domain/shared/health.ts';
import { megabytes } from '../lib/disk-space.ts';

const IndexStatus = Type.Union([Type.Literal('ok'), Type.Literal('unavailable'), Type.Literal('unchecked')], {
  description: 'Indekskontrollen ved oppstart (amcheck): ok, unavailable (amcheck mangler) eller unchecked',
});

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Drift'],
        summary: 'Svarer 200 når databasen svarer, indeksene var hele ved oppstart og det er nok ledig diskplass, ellers 503 med grunnen',
        response: {
          200: Type.Object({ status: Type.Literal('ok'), database: Type.String(), indexes: IndexStatus }),
          503: Type.Object({ status: Type.Literal('error'), message: Type.String() }),
        },
      },
    },
    async (request, reply) => {
      const check = app.services.indexCheck;
      if (check?.status === 'corrupt') {
        return reply.code(503).send({
          status: 'error' as const,
          message: `Databasen har skadde indekser (${check.broken.join(', ')}). Gjenopprett fra sikkerhetskopi eller kjør REINDEX.`,
        });
      }
      const disk = app.diskSpace;
      if (disk?.low()) {
        return reply.code(503).send({
          status: 'error' as const,
          message: `For lite ledig diskplass i DATA_DIR: ${megabytes(disk.free() ?? 0)} MB igjen, grensen er ${megabytes(disk.floorBytes)} MB (DISK_FREE_MIN_MB). Endringer avvises til det er frigjort plass; lesing virker.`,
        });
      }
      try {
        await pingDatabase(app.services.db);
        return { status: 'ok' as const, database: app.services.db.kind, indexes: check?.status ?? ('unchecked' as const) };
      } catch (error) {
        request.log.error({ err: error }, 'database unreachable');
        return reply.code(503).send({ status: 'error' as const, message: databaseDownMessage(error) });
      }
    },
  );

  // For a load balancer: send requests here only while this answers 200.
  app.get(
    '/health/ready',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Drift'],
        summary: 'Svarer 200 når serveren kan ta imot forespørsler (databasen svarer og alle migreringer er kjørt), ellers 503 med grunnen',
        response: {
          200: Type.Object({ status: Type.Literal('ready') }),
          503: Type.Object({ status: Type.Literal('error'), message: Type.String() }),
        },
      },
    },
    async (request, reply) => {
      const state = await readiness(app.services.db);
      if (state.ready) return { status: 'ready' as const };
      request.log.warn({ reason: state.message }, 'not ready');
      return reply.code(503).send({ status: 'error' as const, message: state.message });
    },
  );
};

export default routes;

/** The OpenAPI document of every route: JSON at /api/docs/json, a browsable page at /api/docs. */
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

async function docs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Musikerportalen API',
        description: 'API for back office, Min side og innmelding. Lister følger Laravel-konvensjonene (page, per_page, filter[x], sort).',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'Token fra POST /api/user/login' } },
      },
      security: [{ bearer: [] }],
    },
    // Who may call each route, as its `config.access` says (absent: staff only), for readers
    // of the document and for the authorization matrix test.
    transform: ({ schema, url, route }) => {
      const config = (route.config ?? {}) as { access?: string; allowBlocked?: boolean };
      const access = { 'x-access': config.access ?? null, 'x-allow-blocked': config.allowBlocked === true };
      return { schema: { ...(schema ?? {}), ...access } as typeof schema, url };
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}

export default fp(docs, { name: 'docs' });

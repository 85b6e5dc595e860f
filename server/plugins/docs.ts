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
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}

export default fp(docs, { name: 'docs' });

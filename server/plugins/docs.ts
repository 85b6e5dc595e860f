/**
 * The OpenAPI 3.1 document of every route: JSON at /api/docs/json, a browsable page at /api/docs.
 *
 * Each route's own schema gives its parameters, body and success answer; the errors any route of
 * its kind can give are added here from what the route declares, so the document follows the
 * route: 401 and 403 from its access setting (the guard in plugins/auth.ts), 404 from a path
 * parameter or a body naming a member, 400 from parameters, a query or a body that can be malformed, 413 and 415 from a
 * body, 422 from a body schema or a multipart form, and 500 for all. A route names the statuses
 * its own work gives (409, 429, 502, 503) in its `response`. tests/server/openapi.test.ts lints
 * the document with two validators and checks real answers of every route against it.
 */
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import type { TSchema } from 'typebox';
import { ERROR_DESCRIPTIONS, errorResponse, errorResponseObject } from '../schemas/responses.ts';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The fields of a multipart/form-data upload, for the document only (the route reads the
     * parts itself): an object schema whose file fields are `{ type: 'string', format: 'binary' }`.
     */
    multipart?: TSchema;
  }
}

type RouteConfig = { access?: string; allowBlocked?: boolean; allowWithoutTwoFactor?: boolean; right?: string | false };
type Responses = Record<string, unknown>;

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The error statuses a route can answer from what it declares. */
export function standardErrors(method: string, schema: FastifySchema, config: RouteConfig): number[] {
  const access = config.access ?? 'staff';
  const statuses = new Set<number>([500]);
  const hasBody = BODY_METHODS.has(method);
  if (schema.params || schema.querystring || hasBody) statuses.add(400);
  if (access !== 'public') statuses.add(401);
  // The guard's 403: the wrong role, a blocked member, staff who must enrol in two-factor sign-in first.
  if (
    access === 'staff' ||
    access === 'member' ||
    access === 'member-or-staff' ||
    config.right ||
    (access === 'signed-in' && !(config.allowBlocked && config.allowWithoutTwoFactor))
  ) {
    statuses.add(403);
  }
  // An id in the path, or a body naming a member (member_id): what does not exist or is not yours.
  const bodyProperties = (schema.body as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};
  if (schema.params || 'member_id' in bodyProperties) statuses.add(404);
  if (hasBody) {
    statuses.add(413);
    statuses.add(415);
    // A change while the embedded database's disk is nearly full (plugins/disk-guard.ts).
    statuses.add(503);
  }
  if (schema.body || schema.multipart) statuses.add(422);
  return [...statuses];
}

const SUCCESS_DESCRIPTIONS: Record<number, string> = { 200: 'OK', 201: 'Opprettet', 202: 'Startet (arbeidet fortsetter i bakgrunnen)', 204: 'Ingen innhold' };
const describe = (status: number) => SUCCESS_DESCRIPTIONS[status] ?? ERROR_DESCRIPTIONS[status] ?? 'Svar';

/** A readable, unique operation id from the method and path: `get_api_member_id`. */
export function operationId(method: string, url: string): string {
  return `${method.toLowerCase()}${url.replace(/[:{}]/g, '').replace(/[^A-Za-z0-9]+/g, '_')}`.replace(/_+$/, '');
}

interface OpenApiDocument {
  paths?: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
  components?: { responses?: Record<string, unknown> };
}

/** JSON with the keys of every object in order, to compare two answers by content. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item) ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b))) : item,
  );
}

/**
 * The standard error answers are the same on every route: each is written once under
 * components.responses (Error401, …) and the routes point at it, which keeps the document small.
 * A route's own error schema (a 404 or 422 of its own shape) stays where it is.
 */
function shareErrorResponses(document: OpenApiDocument): OpenApiDocument {
  const shared: Record<string, unknown> = {};
  const standard = new Map<string, string>();
  for (const status of Object.keys(ERROR_DESCRIPTIONS)) {
    standard.set(status, canonical(errorResponseObject(Number(status))));
  }
  for (const methods of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(methods)) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (standard.get(status) !== canonical(response)) continue;
        shared[`Error${status}`] = response;
        operation.responses![status] = { $ref: `#/components/responses/Error${status}` };
      }
    }
  }
  document.components = { ...document.components, responses: { ...document.components?.responses, ...shared } };
  return document;
}

async function docs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Musikerportalen API',
        description:
          'API for back office, Min side og innmelding. Lister følger Laravel-konvensjonene (page, per_page, filter[x], sort). ' +
          'Feil svarer med { message } på norsk; ugyldige felt med 422 { message, errors: { felt: [meldinger] } }.',
        version: '1.0.0',
      },
      servers: [{ url: '/', description: 'Portalen selv (samme vert som nettsidene)' }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'Token fra POST /api/user/login' } },
      },
      security: [{ bearer: [] }],
    },
    // Who may call each route, as its `config.access` says (absent: staff only), for readers
    // of the document and for the authorization matrix test; the errors it can give.
    transform: ({ schema, url, route }) => {
      const config = (route.config ?? {}) as RouteConfig;
      const method = String(Array.isArray(route.method) ? route.method[0] : route.method).toUpperCase();
      const own = (schema ?? {}) as FastifySchema & { response?: Responses };
      // `produces` would give every answer the file's media type; file answers name their own
      // (fileResponse, exportResponse) and every other answer, the errors included, is JSON.
      const { multipart, produces: _produces, ...rest } = own as typeof own & { produces?: string[] };
      // A route's own answers keep their schema and get the status's description when they have none.
      const response: Responses = Object.fromEntries(
        Object.entries(own.response ?? {}).map(([status, answer]) => [
          status,
          (answer as { description?: string }).description ? answer : { ...(answer as object), description: describe(Number(status)) },
        ]),
      );
      if (url.startsWith('/api/')) {
        for (const status of standardErrors(method, own, config)) response[status] ??= errorResponse(status);
      }
      const documented: Record<string, unknown> = {
        ...rest,
        operationId: operationId(method, url),
        response,
        ...(multipart ? { body: multipart, consumes: ['multipart/form-data'] } : {}),
        ...(config.access === 'public' ? { security: [] } : {}),
        'x-access': config.access ?? null,
        'x-allow-blocked': config.allowBlocked === true,
        // The staff right the route needs (domain/staff/rights.ts); null: any staff user, or none may call it.
        'x-right': config.right || null,
      };
      return { schema: documented as typeof schema, url };
    },
    transformObject: (documentObject) => shareErrorResponses((documentObject as unknown as { openapiObject: OpenApiDocument }).openapiObject) as never,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}

export default fp(docs, { name: 'docs' });

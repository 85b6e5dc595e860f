/**
 * Builds the Fastify app from plugins: outside concerns first (errors, security headers,
 * cookies, docs), then our services and the auth guard, then the routes. Tests build the same
 * app and call it with inject().
 */
import Fastify, { type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import nodeZlib, { constants as zlib } from 'node:zlib';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { randomUUID } from 'node:crypto';
import errors, { frameworkErrors } from './plugins/errors.ts';
import language from './plugins/language.ts';
import inputRules from './plugins/input-rules.ts';
import services, { type Services } from './plugins/services.ts';
import auth from './plugins/auth.ts';
import accessLog from './plugins/access-log.ts';
import securityHeaders from './plugins/security-headers.ts';
import diskGuard from './plugins/disk-guard.ts';
import httpsHeaders from './plugins/https-headers.ts';
import docs from './plugins/docs.ts';
import staticApps from './plugins/static-apps.ts';
import metrics from './plugins/metrics.ts';
import apiRoutes from './routes/index.ts';
import { csrfCookie } from './routes/auth.ts';
import { OneLinePerRequest } from './logging.ts';
import { countRequests } from './plugins/requests-in-flight.ts';
import { nullableAsTypeList } from './lib/response-schemas.ts';

/** A number means that many proxies in front: trust the nearest hops only. */
function trustProxySetting(value: number | string[]) {
  if (Array.isArray(value)) return value;
  return value > 0 ? (_address: string, hop: number) => hop < value : false;
}

/** Answers up to this size that are built whole are compressed in one synchronous call. */
export const SYNC_COMPRESS_BYTES = 64 * 1024;

/**
 * Answers under this size go uncompressed: with their headers (some 400 bytes for JSON) they fit
 * in the first flight a new TCP connection may send (ten segments, some 14 KB), so compressing
 * them saves the reader no round trip, and it cost the member list's page of 25 (12 KB) more
 * server CPU than anything else in its request. The member record (1.4 KB) went uncompressed before.
 */
export const COMPRESS_MIN_BYTES = 13 * 1024;

/**
 * Brotli for answers compressed in one call (JSON of a few KB, built per request): quality 3 and
 * a 256 KB window, half the CPU of quality 5 for some 50 bytes more on the member list's page.
 * Files and exports, streamed, keep the plugin's quality 5.
 */
const ONE_CALL_BROTLI = { params: { [zlib.BROTLI_PARAM_QUALITY]: 3, [zlib.BROTLI_PARAM_LGWIN]: 18 } };
const oneCallZlib = { ...nodeZlib, brotliCompressSync: (buffer: nodeZlib.InputType) => nodeZlib.brotliCompressSync(buffer, ONE_CALL_BROTLI) };

/** Fastify's own answer serialiser (fast-json-stringify), given the response schemas with nullable scalars as lists of types. */
const buildSerializer: SerializerSelector.SerializerFactory = (externalSchemas, options) => {
  const compile = SerializerSelector()(externalSchemas, options);
  return (route: SerializerSelector.RouteDefinition) => compile({ ...route, schema: nullableAsTypeList(route.schema) });
};

export interface AppOptions {
  logger?: FastifyServerOptions['logger'];
}

export async function buildApp(deps: Services, options: AppOptions = {}) {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: trustProxySetting(deps.config.trustProxy),
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    frameworkErrors,
    // The certificates' verify tokens are 107 characters (the default allows 100).
    routerOptions: { maxParamLength: 160 },
    logController: new OneLinePerRequest(),
    schemaController: { compilersFactory: { buildSerializer } },
    ajv: { customOptions: { allErrors: true, coerceTypes: 'array', removeAdditional: true, useDefaults: true } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Hooks that do not wait for anything take a callback: an async one costs a promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  countRequests(app, deps.db.requests);

  await app.register(errors);
  await app.register(language);
  await app.register(inputRules);
  await app.register(securityHeaders, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI writes inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(httpsHeaders, { publicUrl: deps.config.publicUrl });
  await app.register(cookie);
  // Scripts, JSON and CSV from COMPRESS_MIN_BYTES up travel compressed; brotli at a middle level
  // costs little CPU per request. An answer built whole (JSON up to SYNC_COMPRESS_BYTES) is
  // compressed in one call and sent with its headers in one socket write: through a zlib stream
  // (the plugin's default above 8 KB on two cores) a JSON answer cost more CPU in stream plumbing
  // and chunked writes than in compressing. Streams (CSV and xlsx exports, files) still compress as they go.
  await app.register(compress, {
    threshold: COMPRESS_MIN_BYTES,
    syncThreshold: SYNC_COMPRESS_BYTES,
    zlib: oneCallZlib,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await app.register(docs);
  await app.register(services, { services: deps });
  await app.register(diskGuard);
  await app.register(auth);
  await app.register(accessLog);
  await app.register(metrics);
  await app.register(apiRoutes, { prefix: '/api' });
  await app.register(csrfCookie);
  await app.register(staticApps, {
    root: deps.config.staticDir,
    meta: { 'support-email': deps.config.supportEmail, 'support-phone': deps.config.supportPhone, 'public-url': deps.config.publicUrl },
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

/**
 * Helmet's security headers (CSP, frame, referrer, …), worked out once at start and set on every
 * answer. @fastify/helmet rebuilds helmet's middleware, CSP parsing included, on every request,
 * which showed in CPU profiles under load; the headers never change between requests.
 */
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** The headers helmet would set with these options, read from a stand-in response. */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let failure: unknown = null;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => void (failure = error ?? null));
  if (failure) throw failure;
  return headers;
}

async function securityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

export default fp(securityHeaders, { name: 'security-headers' });

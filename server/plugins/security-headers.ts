/**
 * Security headers, worked out once at start. Pages (HTML) get helmet's whole set: the CSP, frame,
 * referrer and the rest. Every other answer (scripts, styles, JSON, CSV, PDFs) gets only what
 * applies to it: `nosniff` everywhere, and for JSON a policy that lets it load nothing and be
 * framed by nobody. A page's headers on each of a page load's forty assets came to about 1 KB a
 * file. @fastify/helmet rebuilds helmet's middleware, CSP parsing included, on every request,
 * which showed in CPU profiles under load; the headers never change between requests.
 *
 * API answers carry personal data (a member's record, lists, exports, PDFs, the member card, a
 * sign-in's token) and so do their error answers, which name what was asked for: each says
 * `Cache-Control: no-store`, so neither the browser's cache nor a proxy keeps a copy after
 * sign-out. The public reads (postal codes, content pages, the membership offer, health) and
 * the API's own documentation hold nothing personal and decide for themselves, as the static
 * apps' files do.
 */
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';

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

const ASSET_HEADERS = { 'x-content-type-options': 'nosniff' };
const JSON_HEADERS = {
  ...ASSET_HEADERS,
  'content-security-policy': "default-src 'none';frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
};

/** The headers for an answer of this content type. */
export function headersFor(contentType: unknown, pageHeaders: Record<string, string>): Record<string, string> {
  const type = typeof contentType === 'string' ? contentType : '';
  if (type.startsWith('text/html')) return pageHeaders;
  if (type.startsWith('application/json')) return JSON_HEADERS;
  return ASSET_HEADERS;
}

/** Whether the answer to this request may hold personal data: every /api answer but the public reads and the documentation. */
export function holdsPersonalData(request: FastifyRequest): boolean {
  const { url } = request;
  if (!(url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')) || url.startsWith('/api/docs')) return false;
  const read = request.method === 'GET' || request.method === 'HEAD';
  return !(read && request.routeOptions.config?.access === 'public');
}

async function securityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const pageHeaders = helmetHeaders(options);
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.headers(headersFor(reply.getHeader('content-type'), pageHeaders));
    // A route that says how its answer is cached (the exports, the PDFs) keeps its own word.
    if (!reply.hasHeader('cache-control') && holdsPersonalData(request)) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}

export default fp(securityHeaders, { name: 'security-headers' });

/**
 * The headers that only make sense over https: the CSP's upgrade-insecure-requests and HSTS.
 * Over plain http (a LAN install with HOST=0.0.0.0) they would make the browser fetch the
 * scripts over https, which nothing answers, and the page would stay blank.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface HttpsHeadersOptions {
  publicUrl: string;
}

const HSTS = 'max-age=31536000; includeSubDomains';

async function httpsHeaders(app: FastifyInstance, options: HttpsHeadersOptions) {
  const publicHttps = options.publicUrl.startsWith('https:');
  // request.protocol follows X-Forwarded-Proto only from a proxy TRUST_PROXY trusts.
  const servedOverHttps = (request: FastifyRequest) => publicHttps || request.protocol === 'https';

  // After the security headers' own onSend hook (registered before this one), which sets the CSP.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!servedOverHttps(request)) return done(null, payload);
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string' && policy.includes('script-src')) reply.header('content-security-policy', `${policy};upgrade-insecure-requests`);
    reply.header('strict-transport-security', HSTS);
    done(null, payload);
  });
}

export default fp(httpsHeaders, { name: 'https-headers' });

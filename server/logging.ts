/**
 * The server log never carries a secret: a reset link opened in the browser asks for
 * /password/change?token=…, and Fastify logs every request's URL.
 */
import type { FastifyRequest } from 'fastify';

const SECRET_PARAMS = /([?&](?:token|code|access_token)=)[^&#]*/gi;

export const withoutSecrets = (url: string): string => url.replace(SECRET_PARAMS, '$1[fjernet]');

export const logSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: withoutSecrets(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
};

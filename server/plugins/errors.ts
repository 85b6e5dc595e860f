/**
 * Every error leaves the server as a JSON body with a Norwegian `message`:
 * our own HttpErrors as they are, schema failures as 422 (body) or 400 (query, params),
 * a database that cannot be reached as a 503, everything else as a 500 without details. The request id is logged with each.
 */
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, MESSAGES, validationFailed } from '../lib/http-errors.ts';
import { schemaErrors, type SchemaIssue } from '../lib/schema-errors.ts';
import { diskFullMessage } from '../lib/disk-space.ts';
import { DATABASE_UNAVAILABLE, unreachableReason } from '../lib/database-errors.ts';
import { errorPage, wantsPage } from '../lib/error-page.ts';
import { fill } from '../lib/language.ts';
import { HTTP_TEXTS } from '../lib/http-texts.ts';

const STATUS_MESSAGES: Record<number, string> = {
  400: HTTP_TEXTS.badRequest.nb,
  404: MESSAGES.notFound,
  405: HTTP_TEXTS.methodNotAllowed.nb,
  413: HTTP_TEXTS.tooLarge.nb,
  414: HTTP_TEXTS.uriTooLong.nb,
  415: HTTP_TEXTS.unsupportedType.nb,
};

/**
 * The router's own refusals (an address that is not valid percent-encoding, a path parameter
 * over the length limit) answered in the same shape as every other error, without the
 * framework's code. Given to Fastify as `frameworkErrors`.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const message = STATUS_MESSAGES[status] ?? STATUS_MESSAGES[400];
  // A browser that typed or followed such an address gets a page, not JSON shown as text.
  if (wantsPage(request)) void reply.code(status).type('text/html; charset=utf-8').send(errorPage(message));
  else void reply.code(status).send({ message });
}

async function errors(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send(error.body);
    }
    if (error.validation) {
      const issues = error.validation as unknown as SchemaIssue[];
      if (error.validationContext === 'body') {
        const failure = validationFailed(schemaErrors(issues));
        return reply.code(422).send(failure.body);
      }
      const fields = Object.keys(schemaErrors(issues)).join(', ');
      return reply.code(400).send({ message: fill(HTTP_TEXTS.badQuery.nb, { fields }) });
    }
    // The database server's own disk is full (PostgreSQL's disk_full): nothing was saved.
    if ((error as { code?: unknown }).code === '53100') {
      request.log.error({ err: error }, 'database disk full');
      return reply.code(503).header('retry-after', '60').send({ message: diskFullMessage() });
    }
    // The database went away (restarting, the network down): nothing was done; the pool reconnects when it is back.
    const unreachable = unreachableReason(error);
    if (unreachable !== null) {
      request.log.error({ err: error, reason: unreachable }, 'database unreachable');
      return reply.code(503).header('retry-after', '10').send({ message: DATABASE_UNAVAILABLE });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ message: STATUS_MESSAGES[status] ?? HTTP_TEXTS.badRequest.nb });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: MESSAGES.serverError });
  });
}

export default fp(errors, { name: 'errors' });

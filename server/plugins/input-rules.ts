/**
 * Applies lib/input-rules.ts to the path, the query and the body of every request after its
 * schema has been checked (and its numbers coerced): a body value that breaks a rule is a 422
 * on its field, a path or query value a 400, in the shapes schema failures have.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { HttpError, validationFailed } from '../lib/http-errors.ts';
import { findInputIssue } from '../lib/input-rules.ts';

async function inputRules(app: FastifyInstance) {
  // A callback, not an async function: no promise per request for a check that waits for nothing.
  app.addHook('preHandler', (request, _reply, done) => {
    const where = findInputIssue(request.params) ?? findInputIssue(request.query);
    if (where) return done(new HttpError(400, { message: `Ugyldig verdi i forespørselen: ${where.field}. ${where.message}` }));
    // Only a parsed JSON body; a file upload (a stream or a buffer) is checked by its route.
    const body = request.body;
    const parsed =
      typeof body === 'string' ||
      typeof body === 'number' ||
      Array.isArray(body) ||
      (typeof body === 'object' && body !== null && Object.getPrototypeOf(body) === Object.prototype);
    const issue = parsed ? findInputIssue(body) : null;
    done(issue ? validationFailed({ [issue.field || 'body']: [issue.message] }) : undefined);
  });
}

export default fp(inputRules, { name: 'input-rules' });

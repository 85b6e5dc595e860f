/** Errors a route throws on purpose; the error handler turns them into the /api error bodies. */
import { RULE_MESSAGES } from '../schemas/rules.ts';
import { fill } from './language.ts';
import { HTTP_TEXTS } from './http-texts.ts';

export type ErrorBody = { message: string } & Record<string, unknown>;

export class HttpError extends Error {
  readonly statusCode: number;
  readonly body: ErrorBody;
  readonly headers: Record<string, string>;

  constructor(statusCode: number, body: ErrorBody, headers: Record<string, string> = {}) {
    super(body.message);
    this.statusCode = statusCode;
    this.body = body;
    this.headers = headers;
  }
}

export const MESSAGES = {
  unauthenticated: HTTP_TEXTS.unauthenticated.nb,
  forbidden: HTTP_TEXTS.forbidden.nb,
  notFound: HTTP_TEXTS.notFound.nb,
  blocked: HTTP_TEXTS.blocked.nb,
  required: RULE_MESSAGES.fillIn,
  invalid: HTTP_TEXTS.invalid.nb,
  serverError: HTTP_TEXTS.serverError.nb,
} as const;

export const unauthenticated = () => new HttpError(401, { message: MESSAGES.unauthenticated });
export const forbidden = (message: string = MESSAGES.forbidden) => new HttpError(403, { message });
export const notFound = () => new HttpError(404, { message: MESSAGES.notFound });
export const badRequest = (message: string) => new HttpError(400, { message });
/** The thing is not in a state where this can be done (a request already handled, say). */
export const conflict = (message: string) => new HttpError(409, { message });

export function tooManyRequests(retryAfterSeconds: number, limit: number): HttpError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new HttpError(
    429,
    { message: fill(HTTP_TEXTS.tooManyAttempts.nb, { seconds }) },
    { 'retry-after': String(seconds), 'x-ratelimit-limit': String(limit), 'x-ratelimit-remaining': '0' },
  );
}

/** 422 in Laravel's shape: the first message (and how many more) plus every error by field. */
export function validationFailed(errors: Record<string, string[]>, extra: Record<string, unknown> = {}): HttpError {
  const all = Object.values(errors).flat();
  const first = all[0] ?? MESSAGES.invalid;
  const more = all.length - 1;
  const message = more > 0 ? fill(HTTP_TEXTS.moreErrors.nb, { first, more }) : first;
  return new HttpError(422, { message, errors, ...extra });
}

/**
 * Device cookies (OWASP's answer to lockout): a browser that has signed in to an account gets a
 * signed, HttpOnly, SameSite cookie for that account, and sign-in attempts that carry it are not
 * slowed by guesses made elsewhere. The cookie's name and value are bound to the account's e-mail
 * with the server's key, so neither names the account nor can be made for another.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Keys } from './secret-key.ts';

const MAX_AGE_SECONDS = 180 * 24 * 60 * 60;
/** Sent only with sign-in requests. */
const COOKIE_PATH = '/api/user/login';

const normalised = (email: string) => email.trim().toLowerCase();
const cookieName = (keys: Keys, email: string) => `device_${keys.sign(`name:${normalised(email)}`).slice(0, 16)}`;

/** The cookie's nonce when the request carries a valid device cookie for this e-mail. */
export function deviceOf(request: FastifyRequest, keys: Keys, email: string): string | null {
  const value = request.cookies[cookieName(keys, email)];
  if (!value) return null;
  const [nonce, signature] = value.split('.');
  if (!nonce || !signature || !/^[A-Za-z0-9_-]{22}$/.test(nonce)) return null;
  return keys.verify(`device:${normalised(email)}:${nonce}`, signature) ? nonce : null;
}

/** Gives the browser a device cookie for the account it has just signed in to. */
export function rememberDevice(reply: FastifyReply, keys: Keys, email: string, secure: boolean): void {
  const nonce = randomBytes(16).toString('base64url');
  reply.setCookie(cookieName(keys, email), `${nonce}.${keys.sign(`device:${normalised(email)}:${nonce}`)}`, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure,
    maxAge: MAX_AGE_SECONDS,
  });
}

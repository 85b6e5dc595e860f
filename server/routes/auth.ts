/** Sign-in, sign-out, token check and password reset (spec section 7, "Authentication"). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { LoginResponse, PasswordChange } from '../schemas/auth.ts';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Email, MessageBody } from '../schemas/common.ts';
import { createAccessToken, findTokenOwner, revokeToken } from '../lib/tokens.ts';
import { verifyPassword } from '../lib/passwords.ts';
import { HttpError, tooManyRequests, validationFailed } from '../lib/http-errors.ts';
import { hit } from '../lib/rate-limit.ts';
import { reserveSignIn } from '../domain/sign-in-limits.ts';
import { accountOf } from '../lib/access.ts';
import { changePasswordWithToken, findAccountByEmail, passwordErrors, requestPasswordReset } from '../domain/accounts.ts';

const WRONG_CREDENTIALS = 'Feil e-post eller passord.';
const RESET_ANSWER =
  'Hvis e-postadressen er registrert hos oss, får du snart en e-post med en lenke for å lage nytt passord.';
/** Longer than finding the account and logging the mail takes, so nearly every link is out before the answer. */
const RESET_ANSWER_MS = 300;
const RESET_REFUSED = 'Lenken for å lage nytt passord er ugyldig eller utløpt. Be om en ny lenke.';


const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config, outbox } = app.services;

  /** Counts a request from this IP; refuses once the IP has used its minute. */
  async function limitIp(kind: string, ip: string, limit: number) {
    const state = await hit(db, `${kind}:ip:${ip}`, 60);
    if (state.hits > limit) throw tooManyRequests(state.resetIn, limit);
  }

  app.post(
    '/user/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Innlogging'],
        summary: 'Logg inn med e-post og passord',
        body: Type.Object({
          email: Email,
          password: Type.String({ minLength: 1, maxLength: 1024 }),
          remember: Type.Optional(Type.Boolean()),
        }),
        response: { 200: LoginResponse },
      },
    },
    async (request, reply) => {
      const { email, password, remember = false } = request.body;
      const attempt = await reserveSignIn(db, config, email, request.ip);
      const account = await findAccountByEmail(db, email);
      const valid = await verifyPassword(account?.password_hash ?? null, password);
      if (!account || !valid) throw new HttpError(401, { message: WRONG_CREDENTIALS, error: WRONG_CREDENTIALS });
      await attempt.succeeded();
      const { token, expiresAt } = await createAccessToken(db, account.id, { remember });
      request.log.info({ accountId: account.id }, 'signed in');
      return reply.send({
        user_id: account.id,
        registration_completed: account.registration_completed,
        access_token: token,
        first_name: account.first_name,
        last_name: account.last_name,
        role: { id: account.role_id },
        blocked_access: account.blocked_access,
        expires_at: expiresAt.toISOString(),
      });
    },
  );

  app.post(
    '/user/logout',
    {
      config: { access: 'signed-in', allowBlocked: true },
      schema: { tags: ['Innlogging'], summary: 'Logg ut og trekk tilbake tokenet', response: { 200: MessageBody } },
    },
    async (request) => {
      await revokeToken(db, accountOf(request).token_id);
      return { message: 'Du er logget ut.' };
    },
  );

  app.post(
    '/token/validate',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Innlogging'],
        summary: 'Sjekk om et token fortsatt gjelder',
        body: Type.Object({ token: Type.String({ maxLength: 200 }) }),
        response: {
          200: Type.Object({ valid: Type.Boolean(), user_id: Type.Optional(Type.Integer()), role: Type.Optional(Type.Object({ id: Type.Integer() })) }),
        },
      },
    },
    async (request) => {
      await limitIp('token', request.ip, 120);
      const owner = await findTokenOwner(db, request.body.token);
      return owner ? { valid: true, user_id: owner.id, role: { id: owner.role_id } } : { valid: false };
    },
  );

  app.post(
    '/user/password/reset',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Innlogging'],
        summary: 'Be om lenke for nytt passord (svarer likt om e-posten finnes eller ikke)',
        body: Type.Object({ email: Email }),
        response: { 200: MessageBody },
      },
    },
    async (request) => {
      const email = request.body.email.trim().toLowerCase();
      await limitIp('reset', request.ip, 10);
      const perAccount = await hit(db, `reset:account:${email}`, 60);
      if (perAccount.hits > 3) throw tooManyRequests(perAccount.resetIn, 3);
      // The answer must not reveal that this address has an account: a failure is only logged,
      // and the answer goes at a fixed time whatever the work found.
      db.transaction((tx) => requestPasswordReset(tx, outbox, email, config.publicUrl)).catch((error: unknown) => {
        request.log.error({ err: error }, 'password reset mail failed');
      });
      await sleep(RESET_ANSWER_MS);
      return { message: RESET_ANSWER };
    },
  );

  app.post(
    '/user/password/change',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Innlogging'],
        summary: 'Sett nytt passord med lenken fra e-posten',
        body: PasswordChange,
        response: { 200: MessageBody },
      },
    },
    async (request) => {
      const { token, email, password, password_confirmation } = request.body;
      await limitIp('password-change', request.ip, 20);
      const errors = passwordErrors(password, password_confirmation);
      if (Object.keys(errors).length > 0) throw validationFailed(errors);
      const changed = await changePasswordWithToken(db, email, token, password);
      if (!changed) throw validationFailed({ token: [RESET_REFUSED] });
      return { message: 'Passordet er endret. Du kan nå logge inn med det nye passordet.' };
    },
  );
};

/** Laravel Sanctum's CSRF cookie: the apps ask for it before signing in. */
export const csrfCookie: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/sanctum/csrf-cookie', { schema: { hide: true } }, async (_request, reply) => {
    reply.setCookie('XSRF-TOKEN', randomBytes(32).toString('base64url'), {
      path: '/',
      sameSite: 'lax',
      httpOnly: false,
      secure: app.services.config.publicUrl.startsWith('https:'),
    });
    return reply.code(204).send();
  });
};

export default routes;

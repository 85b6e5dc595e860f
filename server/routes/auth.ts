/** Sign-in, sign-out, token check and password reset (spec section 7, "Authentication"). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { EnrolmentLinkUse, LoginAnswer, PasswordChange, TwoFactorLogin } from '../schemas/auth.ts';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Email, MessageBody } from '../schemas/common.ts';
import { createAccessToken, findTokenOwner, randomSecret, revokeToken } from '../lib/tokens.ts';
import { verifyPassword } from '../lib/passwords.ts';
import { HttpError, tooManyRequests, validationFailed } from '../lib/http-errors.ts';
import { hit } from '../lib/rate-limit.ts';
import { reserveCodeAttempt, reserveSignIn } from '../domain/accounts/sign-in-limits.ts';
import { accountOf, isStaff } from '../lib/access.ts';
import {
  changePasswordWithToken,
  findAccountByEmail,
  findAccountById,
  passwordErrors,
  requestPasswordReset,
  type AccountRow,
} from '../domain/accounts/accounts.ts';
import {
  checkCode,
  consumeChallenge,
  createChallenge,
  createEmailChallenge,
  emailCodeFits,
  findChallenge,
  mailEnrolmentLink,
  takeChallengeAttempt,
  twoFactorEnabled,
  useEnrolmentLink,
  useRecoveryCode,
} from '../domain/accounts/two-factor.ts';
import { deviceOf, rememberDevice } from '../lib/device-cookie.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorResponses } from '../schemas/responses.ts';
import { ACCOUNT_MESSAGES } from '../domain/accounts/account-texts.ts';

const { wrongCredentials: WRONG_CREDENTIALS, resetAnswer: RESET_ANSWER, resetRefused: RESET_REFUSED } = ACCOUNT_MESSAGES;
const { challengeExpired: CHALLENGE_EXPIRED, wrongCode: WRONG_CODE, tooManyCodes: TOO_MANY_CODES } = ACCOUNT_MESSAGES;
export const ENROLMENT_MAILED = ACCOUNT_MESSAGES.enrolmentMailed;
const ENROLMENT_LINK_REFUSED = ACCOUNT_MESSAGES.enrolmentLinkRefused;
/** Longer than finding the account and logging the mail takes, so nearly every link is out before the answer. */
const RESET_ANSWER_MS = 300;
/** E-mailed sign-in codes an account gets an hour at most; past that the answer is the same, but no mail goes out. */
const CODE_MAILS_PER_HOUR = 10;

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config, outbox, keys } = app.services;

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
        response: { ...errorResponses(401, 429), 200: LoginAnswer },
      },
    },
    async (request, reply) => {
      const { email, password, remember = false } = request.body;
      const device = deviceOf(request, keys, email);
      const attempt = await reserveSignIn(db, config, email, request.ip, device);
      const account = await findAccountByEmail(db, email);
      const valid = await verifyPassword(account?.password_hash ?? null, password);
      if (attempt.slowed && !account) {
        // Alike for an address with no account (the challenge is no stored one).
        await attempt.failed();
        return reply.send({ email_code_required: true as const, challenge: randomSecret(48) });
      }
      if (attempt.slowed && account) {
        // The account is slowed and this browser is new to it: a second check by e-mail, answered
        // alike for a right and a wrong password, so that a guess learns nothing.
        await (valid ? attempt.succeeded() : attempt.failed());
        const mails = valid ? await hit(db, `login:code-mail:${account.id}`, 60 * 60) : null;
        const send = mails !== null && mails.hits <= CODE_MAILS_PER_HOUR;
        const challenge = await createEmailChallenge(db, outbox, account, remember, device, send);
        return reply.send({ email_code_required: true as const, challenge });
      }
      if (!account || !valid) {
        await attempt.failed();
        throw new HttpError(401, { message: WRONG_CREDENTIALS, error: WRONG_CREDENTIALS });
      }
      await attempt.succeeded();
      return reply.send(await afterPassword(request, reply, account, remember, device));
    },
  );

  /**
   * What follows a right password (and, when it was asked for, a right e-mailed code): the code
   * from the app when two-factor sign-in is on; for staff who must use it and have not set it up,
   * a mailed link to do so (the password alone does not enrol); else the sign-in itself.
   */
  async function afterPassword(request: FastifyRequest, reply: FastifyReply, account: AccountRow, remember: boolean, device: string | null) {
    if (await twoFactorEnabled(db, account.id)) {
      return { two_factor_required: true as const, challenge: await createChallenge(db, account.id, remember, { device }) };
    }
    if (config.staffTwoFactorRequired && isStaff(account)) {
      await mailEnrolmentLink(db, outbox, account, config.publicUrl);
      request.log.info({ accountId: account.id }, 'two-factor enrolment link mailed');
      return { two_factor_enrolment_mailed: true as const, message: ENROLMENT_MAILED };
    }
    return signedIn(request, reply, account, remember);
  }

  /** The token and the login fields for an account that has passed every step; the browser is remembered. */
  async function signedIn(request: FastifyRequest, reply: FastifyReply, account: AccountRow, remember: boolean) {
    const { token, expiresAt } = await createAccessToken(db, account.id, {
      remember,
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });
    rememberDevice(reply, keys, account.email, config.publicUrl.startsWith('https:'));
    request.log.info({ accountId: account.id }, 'signed in');
    const mustEnrol = config.staffTwoFactorRequired && isStaff(account) && !(await twoFactorEnabled(db, account.id));
    return {
      user_id: account.id,
      registration_completed: account.registration_completed,
      access_token: token,
      first_name: account.first_name,
      last_name: account.last_name,
      role: { id: account.role_id },
      blocked_access: account.blocked_access,
      expires_at: expiresAt.toISOString(),
      ...(mustEnrol ? { two_factor_setup_required: true } : {}),
    };
  }

  app.post(
    '/user/login/2fa',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Innlogging'],
        summary: 'Fullfør innloggingen med en kode fra autentiseringsappen eller en gjenopprettingskode',
        body: TwoFactorLogin,
        response: { ...errorResponses(401, 429), 200: LoginAnswer },
      },
    },
    async (request, reply) => {
      const { challenge: token, code, recovery_code } = request.body;
      const challenge = await findChallenge(db, token);
      if (!challenge) throw new HttpError(401, { message: CHALLENGE_EXPIRED, error: CHALLENGE_EXPIRED });
      const email = challenge.kind === 'email';
      if (!code && (email || !recovery_code)) {
        throw validationFailed({ code: [email ? ACCOUNT_MESSAGES.mailedCodeMissing : ACCOUNT_MESSAGES.appCodeMissing] });
      }
      const attempt = await reserveCodeAttempt(db, config, challenge.account_id, request.ip, challenge.device);
      if (!(await takeChallengeAttempt(db, challenge.id))) throw new HttpError(401, { message: TOO_MANY_CODES, error: TOO_MANY_CODES });
      const right = email
        ? emailCodeFits(challenge, code ?? '')
        : code
          ? await checkCode(db, keys, challenge.account_id, code)
          : await useRecoveryCode(db, outbox, challenge.account_id, recovery_code ?? '');
      if (!right) throw validationFailed({ [code ? 'code' : 'recovery_code']: [WRONG_CODE] });
      await attempt.succeeded();
      const account = await findAccountById(db, challenge.account_id);
      if (!account || !(await consumeChallenge(db, challenge.id))) {
        throw new HttpError(401, { message: CHALLENGE_EXPIRED, error: CHALLENGE_EXPIRED });
      }
      if (email) return reply.send(await afterPassword(request, reply, account, challenge.remember, challenge.device));
      return reply.send(await signedIn(request, reply, account, challenge.remember));
    },
  );

  app.post(
    '/user/2fa/enrolment',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Innlogging'],
        summary: 'Bruk lenken fra e-posten til å sette opp totrinnsinnlogging (ansatte som må bruke den); svarer en innlogging som bare kan sette den opp',
        body: EnrolmentLinkUse,
        response: { ...errorResponses(429), 200: LoginAnswer },
      },
    },
    async (request, reply) => {
      await limitIp('enrolment-link', request.ip, 20);
      const accountId = await useEnrolmentLink(db, request.body.token);
      const account = accountId === null ? null : await findAccountById(db, accountId);
      if (!account || !isStaff(account) || (await twoFactorEnabled(db, account.id))) throw validationFailed({ token: [ENROLMENT_LINK_REFUSED] });
      return reply.send(await signedIn(request, reply, account, false));
    },
  );

  app.post(
    '/user/logout',
    {
      config: { right: false, access: 'signed-in', allowBlocked: true, allowWithoutTwoFactor: true },
      schema: { tags: ['Innlogging'], summary: 'Logg ut og trekk tilbake tokenet', response: { 200: MessageBody } },
    },
    async (request) => {
      await revokeToken(db, accountOf(request).token_id);
      return { message: ACCOUNT_MESSAGES.signedOut };
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
        response: { ...errorResponses(429), 200: MessageBody },
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
      return { message: ACCOUNT_MESSAGES.passwordChanged };
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

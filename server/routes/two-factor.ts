/** Two-factor sign-in (enrolment, turning it off, an administrator's reset) and one's own sign-ins. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { MessageBody } from '../schemas/common.ts';
import { RecoveryCodes, SignInSessions, StaffTwoFactorList, TwoFactorCode, TwoFactorSetup, TwoFactorStatus } from '../schemas/auth.ts';
import { accountOf, isStaff } from '../lib/access.ts';
import { conflict, notFound, validationFailed } from '../lib/http-errors.ts';
import { reserveCodeAttempt } from '../domain/accounts/sign-in-limits.ts';
import { disable, enable, resetTwoFactor, staffTwoFactor, startSetup } from '../domain/accounts/two-factor.ts';
import { endSession, listSessions } from '../domain/accounts/sessions.ts';
import { errorResponses } from '../schemas/responses.ts';
import { ACCOUNT_MESSAGES } from '../domain/accounts/account-texts.ts';

const WRONG_CODE = ACCOUNT_MESSAGES.wrongCode;

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config, keys, outbox } = app.services;
  const tags = ['Innlogging'];
  const required = (account: { role_id: number }) => config.staffTwoFactorRequired && isStaff(account);

  app.get(
    '/user/2fa',
    {
      config: { right: false, access: 'signed-in', allowWithoutTwoFactor: true },
      schema: { tags, summary: 'Om totrinnsinnlogging er slått på for meg, og om den er påkrevd', response: { 200: TwoFactorStatus } },
    },
    async (request) => {
      const account = accountOf(request);
      return { data: { enabled: account.two_factor, required: required(account) } };
    },
  );

  app.post(
    '/user/2fa/setup',
    {
      config: { right: false, access: 'signed-in', allowWithoutTwoFactor: true },
      schema: {
        tags,
        summary: 'Start totrinnsinnlogging: en ny nøkkel og otpauth-adressen til QR-koden',
        response: { ...errorResponses(409), 200: TwoFactorSetup },
      },
    },
    async (request) => {
      const setup = await startSetup(db, keys, accountOf(request));
      if (setup === 'already-enabled') throw conflict(ACCOUNT_MESSAGES.twoFactorAlreadyOn);
      return { data: setup };
    },
  );

  app.post(
    '/user/2fa/enable',
    {
      config: { right: false, access: 'signed-in', allowWithoutTwoFactor: true },
      schema: {
        tags,
        summary: 'Slå på totrinnsinnlogging med en kode fra appen; svarer gjenopprettingskodene (vises én gang). Andre innlogginger avsluttes',
        body: Type.Object({ code: TwoFactorCode }),
        response: { ...errorResponses(409), 200: RecoveryCodes },
      },
    },
    async (request) => {
      const account = accountOf(request);
      if (account.two_factor) throw conflict(ACCOUNT_MESSAGES.twoFactorAlreadyOn);
      // Counted per session: someone else's wrong codes for the account do not lock this one out.
      const attempt = await reserveCodeAttempt(db, config, account.id, request.ip, `session:${account.token_id}`);
      const codes = await enable(db, keys, outbox, account, request.body.code);
      if (!codes) throw validationFailed({ code: [WRONG_CODE] });
      await attempt.succeeded();
      return { data: { recovery_codes: codes } };
    },
  );

  app.post(
    '/user/2fa/disable',
    {
      config: { right: false, access: 'signed-in' },
      schema: {
        tags,
        summary: 'Slå av totrinnsinnlogging med en gjeldende kode',
        body: Type.Object({ code: TwoFactorCode }),
        response: { ...errorResponses(409), 200: MessageBody },
      },
    },
    async (request) => {
      const account = accountOf(request);
      if (!account.two_factor) throw conflict(ACCOUNT_MESSAGES.twoFactorNotOn);
      if (required(account)) throw conflict(ACCOUNT_MESSAGES.twoFactorRequired);
      const attempt = await reserveCodeAttempt(db, config, account.id, request.ip, `session:${account.token_id}`);
      if (!(await disable(db, keys, outbox, account, request.body.code))) throw validationFailed({ code: [WRONG_CODE] });
      await attempt.succeeded();
      return { message: ACCOUNT_MESSAGES.twoFactorOff };
    },
  );

  app.get(
    '/user/sessions',
    {
      config: { right: false, access: 'signed-in' },
      schema: { tags, summary: 'Mine aktive innlogginger', response: { 200: SignInSessions } },
    },
    async (request) => {
      const account = accountOf(request);
      return { data: await listSessions(db, account.id, account.token_id) };
    },
  );

  app.delete(
    '/user/sessions/:id',
    {
      config: { right: false, access: 'signed-in' },
      schema: {
        tags,
        summary: 'Avslutt en av mine innlogginger (andres svarer 404)',
        params: Type.Object({ id: Type.Integer({ minimum: 1 }) }),
        response: { 200: MessageBody },
      },
    },
    async (request) => {
      if (!(await endSession(db, accountOf(request).id, request.params.id))) throw notFound();
      return { message: ACCOUNT_MESSAGES.sessionEnded };
    },
  );

  app.get(
    '/user/staff/2fa',
    {
      config: { right: 'staff.administer', access: 'staff' },
      schema: { tags, summary: 'Ansatte og om totrinnsinnlogging er slått på (retten staff.administer)', response: { 200: StaffTwoFactorList } },
    },
    async () => {
      return { data: await staffTwoFactor(db) };
    },
  );

  app.post(
    '/user/:id/2fa/reset',
    {
      config: { right: 'staff.administer', access: 'staff' },
      schema: {
        tags,
        summary: 'Tilbakestill en annen ansatts totrinnsinnlogging (retten staff.administer)',
        params: Type.Object({ id: Type.Integer({ minimum: 1 }) }),
        response: { ...errorResponses(409), 200: MessageBody },
      },
    },
    async (request) => {
      const admin = accountOf(request);
      if (admin.id === request.params.id) throw conflict('Din egen totrinnsinnlogging slår du av i profilen din.');
      if (!(await resetTwoFactor(db, outbox, admin.id, request.params.id))) throw notFound();
      request.log.info({ accountId: request.params.id, by: admin.id }, 'two-factor sign-in reset');
      return { message: 'Totrinnsinnloggingen er tilbakestilt. Den ansatte må sette den opp igjen ved neste innlogging.' };
    },
  );
};

export default routes;

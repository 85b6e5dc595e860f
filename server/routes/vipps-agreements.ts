/**
 * Dues drawn by Vipps Recurring: the member's agreement (see it, set it up, stop it) and, only
 * without Vipps settings outside production, the embedded test checkout's agreement page.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { IdParams } from '../schemas/common.ts';
import { errorResponses } from '../schemas/responses.ts';
import {
  TestAgreementDecisionParams,
  TestAgreementParams,
  TestChargeDecisionParams,
  VippsAgreementAnswer,
  VippsAgreementStart,
  VippsAgreementStarted,
} from '../schemas/vipps-agreements.ts';
import { accountOf, assertOwnMember, isStaff } from '../lib/access.ts';
import { agreementView, receiveRecurringEvent, startAgreement, stopAgreement } from '../domain/payments/vipps-agreements.ts';
import { decideTestAgreement, decideTestCharge, isTestAgreements, testAgreementPage } from '../domain/payments/vipps-test-agreements.ts';
import type { VippsDeps } from '../domain/payments/vipps.ts';
import { agreementDeps } from '../jobs/vipps-agreements.ts';

const TAGS = ['Vipps-avtale'];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = agreementDeps(app.services, app.log);

  app.get(
    '/member/:id/vipps-agreement',
    {
      config: { right: 'billing.read', access: 'signed-in', accessLog: { kind: 'read', detail: 'Vipps-avtale' } },
      schema: {
        tags: TAGS,
        summary:
          'Medlemmets Vipps-avtale om trekk av kontingenten, trekkene og historikken (ansatte, eller medlemmet selv); en avtale som venter, spørres Vipps om først',
        params: IdParams,
        response: { 200: VippsAgreementAnswer },
      },
    },
    async (request) => {
      assertOwnMember(request, request.params.id);
      return agreementView(deps, request.params.id);
    },
  );

  app.post(
    '/member/:id/vipps-agreement',
    {
      config: { access: 'member', accessLog: { kind: 'change', detail: 'Vipps-avtale startet' } },
      schema: {
        tags: TAGS,
        summary:
          'Medlemmet lager en Vipps-avtale (årlig, årets kontingent, og forsikringspremiene om medlemmet velger det); nettleseren sendes til redirect_url for å godkjenne den',
        params: IdParams,
        body: Type.Union([VippsAgreementStart, Type.Null()]),
        response: { ...errorResponses(409, 502, 503), 200: VippsAgreementStarted },
      },
    },
    async (request) => {
      assertOwnMember(request, request.params.id);
      return startAgreement(deps, request.params.id, { includesPremiums: request.body?.includes_premiums === true });
    },
  );

  app.delete(
    '/member/:id/vipps-agreement',
    {
      config: { right: 'payments.register', access: 'signed-in', accessLog: { kind: 'change', detail: 'Vipps-avtale stoppet' } },
      schema: {
        tags: TAGS,
        summary: 'Stopper medlemmets Vipps-avtale, hos Vipps først (medlemmet selv eller ansatte)',
        params: IdParams,
        response: { ...errorResponses(409, 502, 503), 200: VippsAgreementAnswer },
      },
    },
    async (request) => {
      const account = assertOwnMember(request, request.params.id);
      return stopAgreement(deps, request.params.id, { id: accountOf(request).id, staff: isStaff(account) });
    },
  );

  const recurring = deps.recurring;
  const { vipps } = app.services;
  if (!isTestAgreements(recurring) || vipps?.kind !== 'test-checkout') return;
  const webhookDeps: VippsDeps = {
    db: deps.db,
    outbox: deps.outbox,
    gateway: vipps,
    recurring,
    publicUrl: deps.publicUrl,
    log: app.log,
    recurringEvent: (event) => receiveRecurringEvent(deps, event),
  };

  const testPages: FastifyPluginAsyncTypebox = async (form) => {
    form.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8')))),
    );
    form.get(
      '/vipps-test-checkout/agreement/:id',
      { config: { access: 'public' }, schema: { hide: true, params: TestAgreementParams } },
      async (request, reply) => reply.type('text/html; charset=utf-8').send(await testAgreementPage(recurring, request.params.id)),
    );
    form.post(
      '/vipps-test-checkout/agreement/:id/:decision',
      { config: { access: 'public' }, schema: { hide: true, params: TestAgreementDecisionParams } },
      async (request, reply) =>
        reply.redirect(
          await decideTestAgreement(webhookDeps, recurring, request.params.id, request.params.decision, (request.body ?? {}) as Record<string, string>),
          303,
        ),
    );
    form.post(
      '/vipps-test-checkout/agreement/:id/charge/:charge/:decision',
      { config: { access: 'public' }, schema: { hide: true, params: TestChargeDecisionParams } },
      async (request, reply) =>
        reply.redirect(await decideTestCharge(webhookDeps, recurring, request.params.id, request.params.charge, request.params.decision), 303),
    );
  };
  await app.register(testPages);
};

export default routes;

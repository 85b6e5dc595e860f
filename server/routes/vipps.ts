/**
 * Vipps quick checkout (spec sections 5 and 7): start a payment, the payer's return, the webhook
 * Vipps calls, and, only without Vipps settings outside production, the embedded test checkout.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ReferenceParams, TestDecisionParams, VippsOffer, VippsStart, VippsStartAnswer, VippsStartRefused, VippsReturnRedirect } from '../schemas/vipps.ts';
import { membershipOffer, receiveWebhook, returnFromVipps, startVippsRegistration, type VippsDeps } from '../domain/payments/vipps.ts';
import { decideTestPayment, isTestCheckout, testCheckoutPage } from '../domain/payments/vipps-test-checkout.ts';
import { errorResponses } from '../schemas/responses.ts';
import { receiveRecurringEvent } from '../domain/payments/vipps-agreements.ts';
import { agreementDeps } from '../jobs/vipps-agreements.ts';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, outbox, vipps, recurring, config, jobs } = app.services;
  const deps: VippsDeps = { db, outbox, gateway: vipps, recurring, publicUrl: config.publicUrl, log: app.log, ledger: config.tripletex ? jobs : null };
  // Recurring events (Vipps agreements) come to the same webhook.
  deps.recurringEvent = (event) => receiveRecurringEvent(agreementDeps(app.services, app.log), event);

  app.get(
    '/vipps_registration/offer',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Innmelding'],
        summary: 'Hurtigkassen: medlemskapet og prisen, og om Vipps kan brukes',
        response: { 200: VippsOffer },
      },
    },
    async () => membershipOffer(deps),
  );

  app.post(
    '/vipps_registration',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Innmelding'],
        summary:
          'Hurtigkassen: lager en Vipps-betaling for medlemskapet (med recurring: en årlig Vipps-avtale med betalingen som første trekk); nettleseren sendes til redirectUrl i response_data',
        body: VippsStart,
        response: { ...errorResponses(429), 200: VippsStartAnswer, 422: VippsStartRefused, 502: VippsStartRefused, 503: VippsStartRefused },
      },
    },
    async (request) => startVippsRegistration(deps, request.body, request.ip),
  );

  app.get(
    '/vipps_registration/:reference/return',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Innmelding'],
        summary: 'Hit kommer betaleren tilbake fra Vipps; videre til /vipps-thanks, /vipps-error eller /vipps-cancelled (avbrutt av betaleren)',
        params: ReferenceParams,
        response: { 303: VippsReturnRedirect },
      },
    },
    async (request, reply) => reply.redirect(await returnFromVipps(deps, request.params.reference), 303),
  );

  // The webhook checks the signature over the body exactly as sent, so it reads the body as text.
  await app.register(async (raw) => {
    raw.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    raw.post(
      '/vipps_registration/webhook',
      {
        config: { access: 'public' },
        schema: {
          tags: ['Innmelding'],
          summary: 'Webhook fra Vipps (epayments.payment.*.v1 og recurring.*.v1), signert med HMAC-SHA256',
          response: { ...errorResponses(401), 200: Type.Object({ received: Type.Boolean() }) },
        },
      },
      async (request) =>
        receiveWebhook(deps, {
          method: request.method,
          pathAndQuery: request.url,
          headers: request.headers,
          body: typeof request.body === 'string' ? request.body : '',
        }),
    );
  });

  if (!isTestCheckout(deps)) return;
  const testDeps = deps;

  const testCheckoutRoutes: FastifyPluginAsyncTypebox = async (form) => {
    form.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8')))),
    );
    form.get(
      '/vipps-test-checkout/:reference',
      {
        config: { access: 'public' },
        schema: { hide: true, params: ReferenceParams },
      },
      async (request, reply) => reply.type('text/html; charset=utf-8').send(await testCheckoutPage(testDeps, request.params.reference)),
    );
    form.post(
      '/vipps-test-checkout/:reference/:decision',
      {
        config: { access: 'public' },
        schema: { hide: true, params: TestDecisionParams },
      },
      async (request, reply) =>
        reply.redirect(
          await decideTestPayment(testDeps, request.params.reference, request.params.decision, (request.body ?? {}) as Record<string, string>),
          303,
        ),
    );
  };
  await app.register(testCheckoutRoutes);
};

export default routes;

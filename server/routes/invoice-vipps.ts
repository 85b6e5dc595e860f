/**
 * Min side: the member pays their own invoice with Vipps (ePayment, or the embedded test checkout
 * without Vipps settings outside production), and asks how the payment stands after the return.
 * The webhook is the quick checkout's (routes/vipps.ts), which settles invoice payments too.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams } from '../schemas/common.ts';
import { InvoiceVippsParams, InvoiceVippsStarted, InvoiceVippsState } from '../schemas/invoice-vipps.ts';
import { errorResponses } from '../schemas/responses.ts';
import { accountOf } from '../lib/access.ts';
import { invoicePaymentState, startInvoicePayment, type InvoicePaymentDeps } from '../domain/payments/vipps-invoices.ts';

const TAGS = ['Betaling'];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, vipps, config, jobs } = app.services;
  const deps: InvoicePaymentDeps = { db, gateway: vipps, publicUrl: config.publicUrl, ledger: config.tripletex ? jobs : null, log: app.log };
  // The access log is of staff reading members' data; only the member themselves reaches these routes.

  app.post(
    '/invoice/:id/vipps',
    {
      config: { access: 'member', accessLog: false },
      schema: {
        tags: TAGS,
        summary:
          'Medlemmet betaler sin egen faktura med Vipps: lager betalingen (eller gir den som alt venter) for det som er utestående. 404 for andres, 409 for betalt, kreditert eller ikke sendt, 503 når Vipps ikke svarer eller ikke er satt opp',
        params: IdParams,
        response: { ...errorResponses(409, 503), 201: InvoiceVippsStarted },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await startInvoicePayment(deps, accountOf(request).id, request.params.id) }),
  );

  app.get(
    '/invoice/:id/vipps/:reference',
    {
      config: { access: 'member', accessLog: false },
      schema: {
        tags: TAGS,
        summary: 'Hvordan betalingen står etter at medlemmet kom tilbake fra Vipps: paid, cancelled eller waiting (spør Vipps først). 404 for andres',
        params: InvoiceVippsParams,
        response: { 200: InvoiceVippsState },
      },
    },
    async (request) => ({ data: await invoicePaymentState(deps, accountOf(request).id, request.params.id, request.params.reference) }),
  );
};

export default routes;

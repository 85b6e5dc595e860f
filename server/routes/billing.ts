/**
 * The membership year for staff ('Betaling'): the invoice list with its totals and export, the aging, one
 * invoice with its history, registering a payment and crediting, its PDF and sending it again; a member's invoices (staff, and
 * the member for themselves); prices per year; the billing days.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { DataOf, IdParams, MessageBody } from '../schemas/common.ts';
import {
  BillingSettings,
  BillingSettingsPatch,
  CreditBody,
  InvoiceAging,
  InvoiceDetails,
  InvoicePage,
  PauseRemindersBody,
  PaymentBody,
  PricePatchBody,
  PriceQuery,
  PriceRow,
} from '../schemas/billing.ts';
import { errorResponses, fileResponse } from '../schemas/responses.ts';
import { listQuery, paginate, paginatorSchema } from '../lib/list.ts';
import { notFound } from '../lib/http-errors.ts';
import { assertOwnMember, accountOf, isStaff } from '../lib/access.ts';
import { XLSX_CONTENT_TYPE, exportResponse, sendExport, withExportFormat } from '../lib/xlsx.ts';
import { countRows, membersInRows } from '../plugins/access-log.ts';
import { invoiceOwner, loadInvoice } from '../domain/billing/invoices.ts';
import { INVOICE_CSV, INVOICE_EXPORT_FILENAME, INVOICE_FILTER_DOCS, invoiceExportBatches, invoiceList, invoicePage } from '../domain/billing/invoice-list.ts';
import { invoiceAging } from '../domain/billing/aging.ts';
import { memberInvoicePage } from '../domain/billing/member-invoices.ts';
import { MemberInvoice } from '../schemas/invoice-vipps.ts';
import { registerPayment } from '../domain/billing/payments.ts';
import { RESENT, invoicePdfFor, resendInvoice } from '../domain/billing/invoice-mail.ts';
import { creditInvoice } from '../domain/billing/credits.ts';
import { currentYear, priceList, setPrices } from '../domain/billing/prices.ts';
import { billingSettings, updateBillingSettings } from '../domain/billing/settings.ts';
import { REMINDERS_STARTED, REMINDER_QUEUE, pauseReminders } from '../domain/billing/reminders.ts';
import { STATUS_STARTED, startStatusRead, tripletexInvoiceUrl } from '../domain/billing/tripletex-queue.ts';

const TAGS = ['Betaling'];

const MemberInvoiceQuery = listQuery({ ...invoiceList, filters: {} });

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config, outbox, jobs } = app.services;
  const ownerOfInvoice = (request: FastifyRequest) => invoiceOwner(db, (request.params as { id: number }).id);
  /** Where payments and credits on Tripletex's invoices are handed on; null without Tripletex. */
  const ledger = config.tripletex ? jobs : null;
  /** The invoice with staff's link to it in Tripletex (TRIPLETEX_INVOICE_URL), when there is one. */
  const linked = (invoice: InvoiceDetails): InvoiceDetails => ({
    ...invoice,
    tripletex: { ...invoice.tripletex, url: tripletexInvoiceUrl(config.tripletex?.invoiceUrl ?? null, invoice.tripletex.invoice_id) },
  });

  app.get(
    '/invoice/list',
    {
      config: {
        right: 'billing.read',
        access: 'staff',
        accessLog: { kind: 'read', detail: 'Fakturaer', list: 'Fakturalisten', members: membersInRows('member_id') },
      },
      schema: {
        tags: TAGS,
        summary: 'Fakturaene, filtrert, sortert og sidevis, med totaler (antall, fakturert, betalt, utestående i øre) for de filtrerte',
        querystring: listQuery(invoiceList, INVOICE_FILTER_DOCS),
        response: { 200: InvoicePage },
      },
    },
    async (request) => {
      const page = await invoicePage(db, request.query);
      return { ...paginate(page, request.url, config.publicUrl), totals: page.totals };
    },
  );

  app.get(
    '/invoice/export',
    {
      config: { right: 'members.export', access: 'staff', accessLog: { kind: 'export', detail: 'Fakturaer', member: null } },
      schema: {
        tags: TAGS,
        summary: `Fakturaene med listens filtre og sortering som CSV (${INVOICE_EXPORT_FILENAME}) eller med format=xlsx som regneark, alle rader`,
        querystring: withExportFormat(listQuery(invoiceList, INVOICE_FILTER_DOCS)),
        produces: ['text/csv', XLSX_CONTENT_TYPE],
        response: exportResponse(INVOICE_EXPORT_FILENAME),
      },
    },
    async (request, reply) =>
      sendExport(reply, request.query.format, INVOICE_EXPORT_FILENAME, INVOICE_CSV, countRows(request, invoiceExportBatches(db, request.query))),
  );

  app.post(
    '/invoice/tripletex-status',
    {
      config: { right: 'billing.run', access: 'staff', accessLog: false },
      schema: {
        tags: TAGS,
        summary:
          'Les status for de åpne fakturaene fra Tripletex nå (jobben går ellers hver time) og før innbetalingene som er kommet dit; svarer før den er ferdig. 503 uten Tripletex',
        response: { ...errorResponses(503), 202: MessageBody },
      },
    },
    async (_request, reply) => {
      await startStatusRead(jobs, config.tripletex !== null);
      return reply.code(202).send({ message: STATUS_STARTED });
    },
  );

  app.get(
    '/invoice/aging',
    {
      // Sums only: no one member's data.
      config: { right: 'billing.read', access: 'staff', accessLog: false },
      schema: {
        tags: TAGS,
        summary: 'Utestående etter alder (ikke forfalt, 1–30, 31–60, 61–90 og over 90 dager etter forfall) i øre og antall, og årets fakturert mot betalt',
        response: { 200: DataOf(InvoiceAging) },
      },
    },
    async () => ({ data: await invoiceAging(db) }),
  );

  app.get(
    '/invoice/:id',
    {
      config: { right: 'billing.read', access: 'staff', accessLog: { kind: 'read', detail: 'Faktura', member: ownerOfInvoice } },
      schema: {
        tags: TAGS,
        summary: 'Én faktura med linjer, statushistorikk, innbetalinger, krediteringer og Tripletex',
        params: IdParams,
        response: { 200: DataOf(InvoiceDetails) },
      },
    },
    async (request) => {
      const invoice = await loadInvoice(db, request.params.id);
      if (!invoice) throw notFound();
      return { data: linked(invoice) };
    },
  );

  app.post(
    '/invoice/:id/payment',
    {
      config: { right: 'payments.register', access: 'staff', accessLog: { kind: 'change', detail: 'Innbetaling registrert', member: ownerOfInvoice } },
      schema: {
        tags: TAGS,
        summary: 'Registrer en innbetaling (beløp i øre, dato, måte, merknad); aldri mer enn det utestående. 409 for en kreditert faktura',
        params: IdParams,
        body: PaymentBody,
        response: { ...errorResponses(409), 201: DataOf(InvoiceDetails) },
      },
    },
    async (request, reply) => reply.code(201).send({ data: linked(await registerPayment(db, request.params.id, request.body, accountOf(request).id, ledger)) }),
  );

  app.post(
    '/invoice/:id/credit',
    {
      config: { right: 'payments.register', access: 'staff', accessLog: { kind: 'change', detail: 'Faktura kreditert', member: ownerOfInvoice } },
      schema: {
        tags: TAGS,
        summary: 'Krediter en faktura helt (uten beløp: alt utestående) eller delvis, med begrunnelse. 409 for en faktura som allerede er kreditert',
        params: IdParams,
        body: CreditBody,
        response: { ...errorResponses(409), 200: DataOf(InvoiceDetails) },
      },
    },
    async (request) => ({ data: linked(await creditInvoice(db, request.params.id, request.body, accountOf(request).id, ledger)) }),
  );

  app.get(
    '/invoice/:id/pdf',
    {
      config: { right: 'billing.read', access: 'signed-in', accessLog: { kind: 'export', detail: 'Faktura', member: ownerOfInvoice } },
      schema: {
        tags: TAGS,
        summary: 'Fakturaen som PDF (ansatte, eller medlemmet for sin egen faktura; 404 for andres)',
        params: IdParams,
        produces: ['application/pdf'],
        response: { 200: fileResponse(['application/pdf'], 'Fakturaen som PDF') },
      },
    },
    async (request, reply) => {
      const account = accountOf(request);
      // A member asking for another's invoice learns nothing, not even that it exists.
      if (!isStaff(account) && (await invoiceOwner(db, request.params.id)) !== account.id) throw notFound();
      const pdf = await invoicePdfFor(db, config, request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${pdf.filename}"`)
        .header('cache-control', 'no-store')
        .send(pdf.content);
    },
  );

  app.post(
    '/invoice/:id/resend',
    {
      config: { right: 'payments.register', access: 'staff', accessLog: { kind: 'change', detail: 'Faktura sendt på nytt', member: ownerOfInvoice } },
      schema: {
        tags: TAGS,
        summary: 'Send fakturaen på nytt på e-post med PDF; står i statushistorikken og medlemmets meldingslogg. 409 for en kreditert faktura',
        params: IdParams,
        response: { ...errorResponses(409), 202: MessageBody },
      },
    },
    async (request, reply) => {
      await resendInvoice(db, outbox, config, request.params.id, accountOf(request).id);
      return reply.code(202).send({ message: RESENT });
    },
  );

  app.post(
    '/invoice/:id/pause-reminders',
    {
      config: { right: 'payments.register', access: 'staff', accessLog: { kind: 'change', detail: 'Purring utsatt', member: ownerOfInvoice } },
      schema: {
        tags: TAGS,
        summary: 'Utsett purring (og utmelding) for fakturaen til en dato, med begrunnelse; står i statushistorikken',
        params: IdParams,
        body: PauseRemindersBody,
        response: { ...errorResponses(), 200: DataOf(InvoiceDetails) },
      },
    },
    async (request) => ({ data: linked(await pauseReminders(db, request.params.id, request.body, accountOf(request).id)) }),
  );

  app.post(
    '/reminder/run',
    {
      config: { right: 'billing.run', access: 'staff' },
      schema: {
        tags: TAGS,
        summary: 'Kjør purringer og utmelding nå (jobben går ellers hver time); svarer før den er ferdig',
        response: { 202: MessageBody },
      },
    },
    async (_request, reply) => {
      await jobs.send(REMINDER_QUEUE, {});
      return reply.code(202).send({ message: REMINDERS_STARTED });
    },
  );

  app.get(
    '/member/:id/invoice',
    {
      config: { right: 'billing.read', access: 'signed-in', accessLog: { kind: 'read', detail: 'Fakturaer' } },
      schema: {
        tags: TAGS,
        summary: 'Medlemmets fakturaer, nyeste først, med linjer og innbetalinger (ansatte, eller medlemmet selv; medlemmet ser ikke utkast)',
        params: IdParams,
        querystring: MemberInvoiceQuery,
        response: { 200: paginatorSchema(MemberInvoice) },
      },
    },
    async (request) => {
      const account = assertOwnMember(request, request.params.id);
      const page = await memberInvoicePage(db, request.params.id, request.query, isStaff(account));
      return paginate(page, request.url, config.publicUrl);
    },
  );

  app.get(
    '/price/list',
    {
      config: { right: 'billing.read', access: 'staff' },
      schema: {
        tags: TAGS,
        summary: 'Hvert produkt med prisen (hele kroner) for året; et år uten egen pris viser siste tidligere års pris (inherited)',
        querystring: PriceQuery,
        response: { 200: Type.Object({ data: Type.Array(PriceRow) }) },
      },
    },
    async (request) => ({ data: await priceList(db, request.query.year ?? currentYear()) }),
  );

  app.patch(
    '/price/list',
    {
      config: { right: 'billing.run', access: 'staff' },
      schema: {
        tags: TAGS,
        summary: 'Sett prisene (hele kroner) for i år eller et år framover; et år som er over avvises med 422',
        body: PricePatchBody,
        response: { 200: Type.Object({ data: Type.Array(PriceRow) }) },
      },
    },
    async (request) => ({ data: await setPrices(db, request.body, accountOf(request).id) }),
  );

  app.get(
    '/billing/settings',
    {
      config: { right: 'billing.read', access: 'staff' },
      schema: {
        tags: TAGS,
        summary: 'Dagene for forfall, purringer og utmelding, kontonummeret og om Tripletex er satt opp',
        response: { 200: DataOf(BillingSettings) },
      },
    },
    async () => ({ data: await billingSettings(db, config) }),
  );

  app.patch(
    '/billing/settings',
    {
      config: { right: 'billing.run', access: 'staff' },
      schema: {
        tags: TAGS,
        summary: 'Endre dagene: første purring før andre purring før utmelding',
        body: BillingSettingsPatch,
        response: { 200: DataOf(BillingSettings) },
      },
    },
    async (request) => ({ data: await updateBillingSettings(db, config, request.body, accountOf(request).id) }),
  );
};

export default routes;

/**
 * 'Innbetalinger' (staff): read in the bank's OCR giro file, the files read in, one file with its
 * payments, and placing a payment matching left on an invoice.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { DataOf, IdParams, MessageBody } from '../schemas/common.ts';
import { PaymentFileDetails, PaymentFileItem, PaymentFilePage, PaymentFileRefused, PaymentFileUpload, PlaceBody } from '../schemas/payment-files.ts';
import { RULE_MESSAGES } from '../schemas/rules.ts';
import { errorResponses } from '../schemas/responses.ts';
import { accountOf } from '../lib/access.ts';
import { readUpload } from '../lib/multipart.ts';
import type { MembersOf } from '../plugins/access-log.ts';
import { listQuery, paginate } from '../lib/list.ts';
import { notFound, validationFailed } from '../lib/http-errors.ts';
import {
  loadPaymentFile,
  ownerOfInvoice,
  PAYMENT_FILE_BYTES,
  PAYMENT_FILE_TOO_BIG,
  paymentFileList,
  paymentFilePage,
  placePayment,
  readPaymentFile,
} from '../domain/billing/payment-files.ts';

const TAGS = ['Innbetalinger'];

/** The members whose invoices a file's payments were booked on or placed on (its answer's rows). */
const membersOfFile: MembersOf = (answer) => {
  const data = (answer as { data?: { matched?: { member_id: unknown }[]; unmatched?: { member_id: unknown }[] } } | null)?.data;
  return [...(data?.matched ?? []), ...(data?.unmatched ?? [])].map((item) => item.member_id);
};

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config, jobs } = app.services;
  await app.register(multipart, { limits: { fileSize: PAYMENT_FILE_BYTES, files: 1, fields: 0, parts: 1 } });
  const ownerOfPlacedInvoice = (request: FastifyRequest) => ownerOfInvoice(db, (request.body as { invoice_id: number }).invoice_id);

  app.post(
    '/payment-file',
    {
      config: { right: 'payments.register', access: 'staff', accessLog: { kind: 'change', detail: 'OCR-fil lest inn', member: null, members: membersOfFile } },
      schema: {
        tags: TAGS,
        summary: `Les inn bankens OCR-fil (feltet file, høyst ${PAYMENT_FILE_BYTES / 1024 / 1024} MB): 202 når filen er lest og lagret; en jobb fører så hver innbetaling på fakturaen KID-en viser til, i steg (state, totals.pending), og resten blir stående til de ansatte. 409 for en forsendelse som er lest inn før`,
        consumes: ['multipart/form-data'],
        multipart: PaymentFileUpload,
        response: { 202: DataOf(PaymentFileDetails), 400: MessageBody, 409: MessageBody, 422: PaymentFileRefused },
      },
    },
    async (request, reply) => {
      const file = await readUpload(request, () => validationFailed({ file: [PAYMENT_FILE_TOO_BIG] }));
      if (!file) throw validationFailed({ file: [RULE_MESSAGES.required] });
      reply.code(202).send({ data: await readPaymentFile(db, jobs, file, accountOf(request).id, config.billing.bankAccount) });
    },
  );

  app.get(
    '/payment-file/list',
    {
      config: { right: 'billing.read', access: 'staff', accessLog: false },
      schema: {
        tags: TAGS,
        summary: 'OCR-filene som er lest inn, nyeste først: forsendelse, fil, hvem, når, antall og summer',
        querystring: listQuery(paymentFileList),
        response: { 200: PaymentFilePage },
      },
    },
    async (request) => paginate(await paymentFilePage(db, request.query), request.url, config.publicUrl),
  );

  app.get(
    '/payment-file/:id',
    {
      config: {
        right: 'billing.read',
        access: 'staff',
        accessLog: { kind: 'read', detail: 'Innbetalinger fra banken', list: 'En OCR-fil fra banken', members: membersOfFile },
      },
      schema: {
        tags: TAGS,
        summary: 'Én OCR-fil med innbetalingene: de som er ført på fakturaen KID-en viser til, og de uten treff',
        params: IdParams,
        response: { 200: DataOf(PaymentFileDetails), 404: MessageBody },
      },
    },
    async (request) => {
      const file = await loadPaymentFile(db, request.params.id);
      if (!file) throw notFound();
      return { data: file };
    },
  );

  app.post(
    '/payment-file/item/:id/place',
    {
      config: { right: 'payments.register', access: 'staff', accessLog: { kind: 'change', detail: 'Innbetaling plassert', member: ownerOfPlacedInvoice } },
      schema: {
        tags: TAGS,
        summary:
          'Før en innbetaling uten treff (eller overskuddet av en overbetaling) på en faktura. 409 når den allerede er ført, 422 for en kreditert faktura',
        params: IdParams,
        body: PlaceBody,
        response: { ...errorResponses(409), 200: DataOf(PaymentFileItem) },
      },
    },
    async (request) => ({ data: await placePayment(db, request.params.id, request.body.invoice_id, accountOf(request).id, config.tripletex ? jobs : null) }),
  );
};

export default routes;

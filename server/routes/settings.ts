/**
 * The staff settings beside the e-mail templates: campaign codes, product categories, the
 * payment-app report, the Tripletex sync and the content kept here without WordPress. Staff only.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { DataOf, IdParams } from '../schemas/common.ts';
import {
  AdminContentPage,
  AdminDiscountCode,
  Benefit,
  Campaign,
  CampaignBody,
  CampaignRemoved,
  ContentPagePatch,
  DiscountCodeBody,
  ProductCategory,
  TripletexRun,
  VippsExportQuery,
} from '../schemas/settings.ts';
import { listQuery, paginate, paginatorSchema } from '../lib/list.ts';
import { notFound } from '../lib/http-errors.ts';
import { XLSX_CONTENT_TYPE, exportResponse, sendExport, withExportFormat } from '../lib/xlsx.ts';
import { accountOf } from '../lib/access.ts';
import {
  benefitOptions,
  campaignPage,
  createCampaign,
  findCampaign,
  productCategories,
  removeCampaign,
  updateCampaign,
} from '../domain/settings/campaign-admin.ts';
import { VIPPS_CSV, VIPPS_EXPORT_FILENAME, vippsExportBatches } from '../domain/payments/vipps-export.ts';
import { VIPPS_INVOICE_CSV, VIPPS_INVOICE_EXPORT_FILENAME, vippsInvoiceExportBatches } from '../domain/payments/vipps-invoice-export.ts';
import { countRows } from '../plugins/access-log.ts';
import { findTripletexRun, runList, startTripletexSync, tripletexRunPage } from '../domain/payments/tripletex-sync.ts';
import {
  contentPages,
  createDiscountCode,
  deleteDiscountCode,
  discountCodes,
  updateContentPage,
  updateDiscountCode,
} from '../domain/settings/content-admin.ts';
import { errorResponses } from '../schemas/responses.ts';
import { campaignList } from '../domain/settings/campaign-admin.ts';
import { ConsentKindSchema, ConsentKindsBody } from '../schemas/unsubscribe.ts';
import { consentKinds, updateConsentKinds } from '../domain/outreach/consent-kinds.ts';

const found = <T>(value: T | null): T => {
  if (value === null) throw notFound();
  return value;
};

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config, jobs } = app.services;

  // Campaign codes
  app.get(
    '/campaign/list',
    {
      config: { right: 'campaigns.change', access: 'staff' },
      schema: {
        tags: ['Kampanjer'],
        summary: 'Kampanjekodene, nyeste først; filter[status]',
        querystring: listQuery(campaignList),
        response: { 200: paginatorSchema(Campaign) },
      },
    },
    async (request) => paginate(await campaignPage(db, request.query), request.url, config.publicUrl),
  );

  app.get(
    '/campaign/options/benefit',
    {
      config: { right: 'campaigns.change', access: 'staff' },
      schema: { tags: ['Kampanjer'], summary: 'Fordelene en kampanje kan gi (0: ingen ekstra fordel)', response: { 200: DataOf(Type.Array(Benefit)) } },
    },
    async () => ({ data: await benefitOptions(db) }),
  );

  app.post(
    '/campaign',
    {
      config: { right: 'campaigns.change', access: 'staff' },
      schema: {
        tags: ['Kampanjer'],
        summary: "Ny kampanjekode ('Feltet må fylles ut'; koden er unik uansett store og små bokstaver)",
        body: CampaignBody,
        response: { 201: DataOf(Campaign) },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await createCampaign(db, request.body) }),
  );

  app.get(
    '/campaign/:id',
    {
      config: { right: 'campaigns.change', access: 'staff' },
      schema: { tags: ['Kampanjer'], summary: 'Én kampanjekode', params: IdParams, response: { 200: DataOf(Campaign) } },
    },
    async (request) => ({ data: found(await findCampaign(db, request.params.id)) }),
  );

  app.patch(
    '/campaign/:id',
    {
      config: { right: 'campaigns.change', access: 'staff' },
      schema: { tags: ['Kampanjer'], summary: 'Endre en kampanjekode', params: IdParams, body: CampaignBody, response: { 200: DataOf(Campaign) } },
    },
    async (request) => ({ data: found(await updateCampaign(db, request.params.id, request.body)) }),
  );

  app.delete(
    '/campaign/:id',
    {
      config: { right: 'campaigns.change', access: 'staff' },
      schema: {
        tags: ['Kampanjer'],
        summary: 'Slett en kampanjekode; en kode som er brukt, avsluttes i stedet (ended: true)',
        params: IdParams,
        response: { 200: CampaignRemoved },
      },
    },
    async (request) => found(await removeCampaign(db, request.params.id)),
  );

  app.get(
    '/product-category/list',
    {
      config: { right: false, access: 'staff' },
      schema: { tags: ['Kampanjer'], summary: 'Produktkategoriene', response: { 200: DataOf(Type.Array(ProductCategory)) } },
    },
    async () => ({ data: await productCategories(db) }),
  );

  // The payment-app report
  app.get(
    '/vipps_registration/export',
    {
      config: { right: 'members.export', access: 'staff' },
      schema: {
        tags: ['Vipps'],
        summary:
          'Vipps-registreringene i perioden som CSV (vipps_registrations.csv) eller med format=xlsx som regneark; filter[created_at_from], filter[created_at_to] (ÅÅÅÅ-MM-DD, begge med); 404 når det ikke er noen',
        querystring: withExportFormat(VippsExportQuery),
        produces: ['text/csv', XLSX_CONTENT_TYPE],
        response: { ...exportResponse(VIPPS_EXPORT_FILENAME), ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => sendExport(reply, request.query.format, VIPPS_EXPORT_FILENAME, VIPPS_CSV, await vippsExportBatches(db, request.query)),
  );

  // Its second tab: invoices paid with Vipps on Min side and charges on Vipps agreements. Each member in it finds the export in their access log.
  app.get(
    '/invoice/vipps-payments/export',
    {
      config: { right: 'members.export', access: 'staff', accessLog: { kind: 'export', detail: 'Vipps-betalinger og trekk av fakturaer', member: null } },
      schema: {
        tags: ['Vipps'],
        summary: `Vipps-betalingene av fakturaer fra Min side og trekkene på Vipps-avtaler i perioden, nyeste først, som CSV (${VIPPS_INVOICE_EXPORT_FILENAME}) eller med format=xlsx som regneark; filter[created_at_from], filter[created_at_to] (ÅÅÅÅ-MM-DD, begge med, dagen betalingen ble startet eller trekket laget); 404 når det ikke er noen`,
        querystring: withExportFormat(VippsExportQuery),
        produces: ['text/csv', XLSX_CONTENT_TYPE],
        response: { ...exportResponse(VIPPS_INVOICE_EXPORT_FILENAME), ...errorResponses(404, 422) },
      },
    },
    async (request, reply) =>
      sendExport(
        reply,
        request.query.format,
        VIPPS_INVOICE_EXPORT_FILENAME,
        VIPPS_INVOICE_CSV,
        countRows(request, await vippsInvoiceExportBatches(db, request.query), (row) => row.member_id),
      ),
  );

  // The Tripletex sync
  app.get(
    '/dev/sync-tripletex',
    {
      config: { right: 'billing.run', access: 'staff' },
      schema: {
        tags: ['Tripletex'],
        summary: 'Start en synkronisering med Tripletex (i bakgrunnen; svarer kjøringen, eller den som alt går); 503 når Tripletex ikke er satt opp',
        response: { ...errorResponses(502, 503), 202: DataOf(TripletexRun) },
      },
    },
    async (request, reply) => reply.code(202).send({ data: await startTripletexSync(db, jobs, config.tripletex !== null, accountOf(request).id) }),
  );

  app.get(
    '/dev/sync-tripletex/runs',
    {
      config: { right: 'billing.run', access: 'staff' },
      schema: {
        tags: ['Tripletex'],
        summary: 'Kjøringene av Tripletex-synkroniseringen, nyeste først',
        querystring: listQuery(runList),
        response: { 200: paginatorSchema(TripletexRun) },
      },
    },
    async (request) => paginate(await tripletexRunPage(db, request.query), request.url, config.publicUrl),
  );

  app.get(
    '/dev/sync-tripletex/runs/:id',
    {
      config: { right: 'billing.run', access: 'staff' },
      schema: { tags: ['Tripletex'], summary: 'Én kjøring av Tripletex-synkroniseringen', params: IdParams, response: { 200: DataOf(TripletexRun) } },
    },
    async (request) => ({ data: found(await findTripletexRun(db, request.params.id)) }),
  );

  // The names of the two optional kinds of message members say yes or no to
  // Any staff user reads them (the member form shows them); changing them is for those who send.
  app.get(
    '/consent-kinds',
    {
      config: { right: false, access: 'staff' },
      schema: {
        tags: ['Utsendelser'],
        summary: 'Navnene på de to valgfrie meldingstypene (bokmål og engelsk)',
        response: { 200: DataOf(Type.Array(ConsentKindSchema)) },
      },
    },
    async () => ({ data: await consentKinds(db) }),
  );

  app.put(
    '/consent-kinds',
    {
      config: { right: 'outreach.send', access: 'staff' },
      schema: {
        tags: ['Utsendelser'],
        summary: 'Gi de to valgfrie meldingstypene nye navn (1–80 tegn hver, ikke like)',
        body: ConsentKindsBody,
        response: { 200: DataOf(Type.Array(ConsentKindSchema)) },
      },
    },
    async (request) => ({ data: await updateConsentKinds(db, request.body) }),
  );

  // Content kept here when no WordPress site is configured
  app.get(
    '/content/admin/pages',
    {
      config: { right: 'content.change', access: 'staff' },
      schema: {
        tags: ['Innhold'],
        summary: 'Innholdssidene (uten WordPress); 409 når CONTENT_URL er satt',
        response: { ...errorResponses(409), 200: DataOf(Type.Array(AdminContentPage)) },
      },
    },
    async () => ({ data: await contentPages(db, config.contentUrl) }),
  );

  app.patch(
    '/content/admin/pages/:id',
    {
      config: { right: 'content.change', access: 'staff' },
      schema: {
        tags: ['Innhold'],
        summary: 'Endre en innholdsside (teksten saneres)',
        params: IdParams,
        body: ContentPagePatch,
        response: { ...errorResponses(409), 200: DataOf(AdminContentPage) },
      },
    },
    async (request) => ({ data: found(await updateContentPage(db, config.contentUrl, request.params.id, request.body)) }),
  );

  app.get(
    '/content/admin/discount-codes',
    {
      config: { right: 'campaigns.change', access: 'staff' },
      schema: {
        tags: ['Innhold'],
        summary: 'Rabattkodene Min side viser (uten WordPress)',
        response: { ...errorResponses(409), 200: DataOf(Type.Array(AdminDiscountCode)) },
      },
    },
    async () => ({ data: await discountCodes(db, config.contentUrl) }),
  );

  app.post(
    '/content/admin/discount-codes',
    {
      config: { right: 'campaigns.change', access: 'staff' },
      schema: { tags: ['Innhold'], summary: 'Ny rabattkode', body: DiscountCodeBody, response: { ...errorResponses(409), 201: DataOf(AdminDiscountCode) } },
    },
    async (request, reply) => reply.code(201).send({ data: await createDiscountCode(db, config.contentUrl, request.body) }),
  );

  app.patch(
    '/content/admin/discount-codes/:id',
    {
      config: { right: 'campaigns.change', access: 'staff' },
      schema: {
        tags: ['Innhold'],
        summary: 'Endre en rabattkode',
        params: IdParams,
        body: DiscountCodeBody,
        response: { ...errorResponses(409), 200: DataOf(AdminDiscountCode) },
      },
    },
    async (request) => ({ data: found(await updateDiscountCode(db, config.contentUrl, request.params.id, request.body)) }),
  );

  app.delete(
    '/content/admin/discount-codes/:id',
    {
      config: { right: 'campaigns.change', access: 'staff' },
      schema: { tags: ['Innhold'], summary: 'Slett en rabattkode', params: IdParams, response: { ...errorResponses(409), 200: DataOf(AdminDiscountCode) } },
    },
    async (request) => ({ data: found(await deleteDiscountCode(db, config.contentUrl, request.params.id)) }),
  );
};

export default routes;

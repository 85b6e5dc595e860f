/**
 * Claims ('Skademelding'): a member reports one on an insured instrument and follows it; staff
 * read the queue 'Skademeldinger' (with its export) and move a claim on with a note; both download
 * the packet (PDF in Norwegian or English, or the zip with the documents). A member reaches only
 * their own claims (404 for another's) and gets 403 on the staff routes.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { DataOf, IdParams } from '../schemas/common.ts';
import { errorResponses, fileResponse } from '../schemas/responses.ts';
import { Claim, ClaimListItem, ClaimNewBody, ClaimPatchBody, PacketQuery } from '../schemas/claims.ts';
import { accountOf, isStaff } from '../lib/access.ts';
import { listQuery, paginate, paginatorSchema } from '../lib/list.ts';
import { XLSX_CONTENT_TYPE, exportResponse, sendExport, withExportFormat } from '../lib/xlsx.ts';
import { countRows, membersInRows } from '../plugins/access-log.ts';
import { claimDocuments, claimFor, claimOwner, memberClaims, type ClaimActor } from '../domain/claims/claims.ts';
import { createClaim } from '../domain/claims/claim-create.ts';
import { changeClaimState } from '../domain/claims/claim-states.ts';
import { claimExportBatches, claimPage, claimQueue } from '../domain/claims/claim-list.ts';
import { claimPdf, packetFilename } from '../domain/claims/claim-pdf.ts';
import { claimZip, documentReader, zipFilename } from '../domain/claims/claim-zip.ts';

const TAGS = ['Skademeldinger'];

const actorOf = (request: FastifyRequest): ClaimActor => {
  const account = accountOf(request);
  return { id: account.id, staff: isStaff(account) };
};

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, outbox, config, documents } = app.services;
  const readDocument = documentReader(documents);
  const ownerOfClaim = (request: FastifyRequest) => claimOwner(db, (request.params as { id: number }).id);

  app.post(
    '/claim',
    {
      // The member's own report: staff cannot make one, and a member's use of their own data is not logged.
      config: { access: 'member', accessLog: false },
      schema: {
        tags: TAGS,
        summary: 'Meld skade på et eget forsikret instrument: skademeldingen med dokumentene sendes forsikringsselskapet på e-post, med kopi til medlemmet',
        body: ClaimNewBody,
        response: { ...errorResponses(404, 409), 201: DataOf(Claim) },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await createClaim(db, outbox, config, accountOf(request).id, request.body) }),
  );

  app.get(
    '/claim/list',
    {
      config: {
        access: 'staff',
        right: 'members.read',
        accessLog: { kind: 'read', detail: 'Skademeldinger', list: 'Skademeldingskøen', members: membersInRows('member_id') },
      },
      schema: {
        tags: TAGS,
        summary:
          'Skademeldingene, nyeste først; filter[state]=sent,in_progress er de som venter, filter[q] søker i medlemmets navn, e-post, telefon og nummer og i instrumentets produsent og modell',
        querystring: listQuery(claimQueue.list, {
          q: 'Fritekstsøk: hvert ord må finnes i medlemmet (navn, e-post, telefon, medlemsnummer) eller instrumentet (produsent, modell)',
          name: 'Som filter[q] (medlemssøket i de andre køene)',
          state: 'Kommaseparerte statuser: sent, in_progress, decided, withdrawn',
          kind: 'Kommaseparerte typer: theft, damage, loss',
        }),
        response: { 200: paginatorSchema(ClaimListItem) },
      },
    },
    async (request) => paginate(await claimPage(db, request.query), request.url, config.publicUrl),
  );

  app.get(
    '/claim/list/export',
    {
      config: { access: 'staff', right: 'members.export', accessLog: { kind: 'export', detail: 'Skademeldinger', member: null } },
      schema: {
        tags: TAGS,
        summary: `Skademeldingene som CSV (${claimQueue.filename}) eller med format=xlsx som regneark, alle rader med listens filtre`,
        querystring: withExportFormat(listQuery(claimQueue.list)),
        produces: ['text/csv', XLSX_CONTENT_TYPE],
        response: exportResponse(claimQueue.filename),
      },
    },
    async (request, reply) =>
      sendExport(
        reply,
        request.query.format,
        claimQueue.filename,
        claimQueue.csv,
        countRows(request, claimExportBatches(db, request.query), (row) => row.member_id),
      ),
  );

  app.get(
    '/member/:id/claim',
    {
      config: { access: 'signed-in', right: 'members.read', accessLog: { kind: 'read', detail: 'Skademeldinger' } },
      schema: {
        tags: TAGS,
        summary: 'Medlemmets skademeldinger, nyeste først, med dokumenter og historikk (ansatte, eller medlemmet selv)',
        params: IdParams,
        response: { 200: DataOf(Type.Array(Claim)) },
      },
    },
    async (request) => ({ data: await memberClaims(db, actorOf(request), request.params.id) }),
  );

  app.get(
    '/claim/:id',
    {
      config: { access: 'signed-in', right: 'members.read', accessLog: { kind: 'read', detail: 'Skademelding', member: ownerOfClaim } },
      schema: {
        tags: TAGS,
        summary: 'Én skademelding med det registeret sa da den ble meldt, dokumentene og historikken (ansatte, eller medlemmet den tilhører)',
        params: IdParams,
        response: { 200: DataOf(Claim) },
      },
    },
    async (request) => ({ data: await claimFor(db, actorOf(request), request.params.id) }),
  );

  app.patch(
    '/claim/:id',
    {
      config: { access: 'signed-in', right: 'requests.decide', accessLog: { kind: 'change', detail: 'Skademelding', member: ownerOfClaim } },
      schema: {
        tags: TAGS,
        summary:
          'Endre status med en merknad medlemmet ser (ansatte: under behandling, avgjort med utfall, trukket), eller trekk sin egen skademelding (medlemmet); medlemmet får e-post',
        params: IdParams,
        body: ClaimPatchBody,
        response: { ...errorResponses(409), 200: DataOf(Claim) },
      },
    },
    async (request) => ({ data: await changeClaimState(db, outbox, actorOf(request), request.params.id, request.body) }),
  );

  app.get(
    '/claim/:id/packet',
    {
      config: { access: 'signed-in', right: 'members.read', accessLog: { kind: 'export', detail: 'Skademelding', member: ownerOfClaim } },
      schema: {
        tags: TAGS,
        summary: 'Skademeldingen som PDF (lang=nb eller en) slik forsikringsselskapet får den',
        params: IdParams,
        querystring: PacketQuery,
        produces: ['application/pdf'],
        response: { 200: fileResponse(['application/pdf'], 'Skademeldingen som PDF') },
      },
    },
    async (request, reply) => {
      const claim = await claimFor(db, actorOf(request), request.params.id);
      const lang = request.query.lang ?? 'nb';
      const pdf = await claimPdf(claim, config, lang);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${packetFilename(claim, lang)}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  app.get(
    '/claim/:id/packet.zip',
    {
      config: { access: 'signed-in', right: 'members.read', accessLog: { kind: 'export', detail: 'Skademelding med dokumenter', member: ownerOfClaim } },
      schema: {
        tags: TAGS,
        summary: 'Skademeldingen som zip: PDF-en på norsk og engelsk og dokumentene, slik forsikringsselskapet får den',
        params: IdParams,
        produces: ['application/zip'],
        response: { 200: fileResponse(['application/zip'], 'Skademeldingen og dokumentene i en zip-fil') },
      },
    },
    async (request, reply) => {
      const claim = await claimFor(db, actorOf(request), request.params.id);
      const zip = await claimZip(claim, await claimDocuments(db, claim.id), config, readDocument);
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${zipFilename(claim)}"`)
        .header('cache-control', 'no-store')
        .send(zip);
    },
  );
};

export default routes;

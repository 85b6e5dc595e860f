/**
 * Sends to a group ('Utsendelser'): drafts, the preview and test, sending with the count confirmed,
 * pause, resume and cancel, the report and its failures as xlsx, and the SMS length estimate.
 * Staff with the right 'outreach.send'. The preview and report name members, so reading them is logged.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { DataOf, IdParams, MessageBody } from '../schemas/common.ts';
import { NoContent, fileResponse } from '../schemas/responses.ts';
import {
  Outreach,
  OutreachBody,
  OutreachPatch,
  OutreachPreview,
  OutreachReport,
  PreviewQuery,
  SendBody,
  SendConflict,
  SmsPartsAnswer,
  SmsPartsBody,
} from '../schemas/outreach.ts';
import { notFound } from '../lib/http-errors.ts';
import { accountOf } from '../lib/access.ts';
import { XLSX_CONTENT_TYPE, sendXlsx } from '../lib/xlsx.ts';
import type { AccessLogRule } from '../plugins/access-log.ts';
import { findOutreach, listOutreaches } from '../domain/outreach/outreach-model.ts';
import { createOutreach, deleteOutreach, updateOutreach } from '../domain/outreach/outreach-drafts.ts';
import { previewOutreach, sendOutreachTest } from '../domain/outreach/outreach-preview.ts';
import { cancelOutreach, pauseOutreach, resumeOutreach, sendOutreach } from '../domain/outreach/outreach-send.ts';
import { FAILURE_COLUMNS, failureFilename, failureRows, outreachReport } from '../domain/outreach/outreach-report.ts';
import { smsParts } from '../domain/outreach/sms-parts.ts';

const TAGS = ['Utsendelser'];

const found = <T>(value: T | null): T => {
  if (value === null) throw notFound();
  return value;
};

const previewLog: AccessLogRule = {
  kind: 'read',
  detail: 'Utsendelse (forhåndsvisning)',
  members: (answer) => {
    const id = (answer as { data?: { member?: { id: number } | null } } | null)?.data?.member?.id;
    return id === undefined ? [] : [id];
  },
};
const reportLog: AccessLogRule = {
  kind: 'read',
  detail: 'Utsendelse (rapport)',
  members: (answer) =>
    (answer as { data?: { failures?: { member_id: number | null }[] } } | null)?.data?.failures?.flatMap((failure) =>
      failure.member_id === null ? [] : [failure.member_id],
    ) ?? [],
};

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, jobs, outbox, keys } = app.services;
  const { publicUrl } = app.services.config;
  const context = { publicUrl, keys };
  const config = { access: 'staff', right: 'outreach.send' } as const;
  const Answer = DataOf(Outreach);

  app.get(
    '/outreach',
    {
      config,
      schema: { tags: TAGS, summary: 'Utsendelsene, nyeste først', response: { 200: DataOf(Type.Array(Outreach)) } },
    },
    async () => ({ data: await listOutreaches(db) }),
  );

  app.post(
    '/outreach',
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Ny utsendelse (utkast): utvalg, type, kanal, emne, tekst, SMS-tekst og eventuelt tidspunkt',
        body: OutreachBody,
        response: { 201: Answer },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await createOutreach(db, request.body, accountOf(request).id, publicUrl) }),
  );

  app.post(
    '/outreach/sms-parts',
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Hvor mange tegn og SMS-deler en tekst blir (GSM-7, eller UCS-2 med tegn utenfor GSM-7)',
        body: SmsPartsBody,
        response: { 200: DataOf(SmsPartsAnswer) },
      },
    },
    async (request) => ({ data: smsParts(request.body.text) }),
  );

  app.get(
    '/outreach/:id',
    {
      config,
      schema: { tags: TAGS, summary: 'Én utsendelse', params: IdParams, response: { 200: Answer } },
    },
    async (request) => ({ data: found(await findOutreach(db, request.params.id)) }),
  );

  app.patch(
    '/outreach/:id',
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Endre et utkast (en planlagt utsendelse blir utkast igjen); 409 når den er startet',
        params: IdParams,
        body: OutreachPatch,
        response: { 200: Answer, 409: MessageBody },
      },
    },
    async (request) => ({ data: await updateOutreach(db, request.params.id, request.body, publicUrl) }),
  );

  app.delete(
    '/outreach/:id',
    {
      config,
      schema: { tags: TAGS, summary: 'Slett et utkast', params: IdParams, response: { 204: NoContent, 409: MessageBody } },
    },
    async (request, reply) => {
      await deleteOutreach(db, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/outreach/:id/preview',
    {
      config: { ...config, accessLog: previewLog },
      schema: {
        tags: TAGS,
        summary: 'Utsendelsen slik et medlem får den (standard: første mottaker etter navn), med antall mottakere og hvem som holdes utenfor',
        params: IdParams,
        querystring: PreviewQuery,
        response: { 200: DataOf(OutreachPreview) },
      },
    },
    async (request) => ({ data: await previewOutreach(db, request.params.id, request.query.member_id, context) }),
  );

  app.post(
    '/outreach/:id/test',
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Send en test til din egen e-post (og SMS til ditt mobilnummer når kanalen har SMS), emnet merket [Test]',
        params: IdParams,
        response: { 200: DataOf(MessageBody) },
      },
    },
    async (request) => ({ data: await sendOutreachTest(db, outbox, request.params.id, accountOf(request).id, context) }),
  );

  app.post(
    '/outreach/:id/send',
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Send (eller planlegg) utsendelsen med antallet mottakere bekreftet; 409 med det nye antallet når det er endret',
        params: IdParams,
        body: SendBody,
        response: { 200: Answer, 409: SendConflict },
      },
    },
    async (request) => ({
      data: await sendOutreach(db, jobs, request.params.id, request.body.confirm_count, accountOf(request).id, publicUrl),
    }),
  );

  app.post(
    '/outreach/:id/pause',
    {
      config,
      schema: { tags: TAGS, summary: 'Sett en pågående utsendelse på pause', params: IdParams, response: { 200: Answer, 409: MessageBody } },
    },
    async (request) => ({ data: await pauseOutreach(db, request.params.id) }),
  );

  app.post(
    '/outreach/:id/resume',
    {
      config,
      schema: { tags: TAGS, summary: 'Fortsett en utsendelse som er satt på pause', params: IdParams, response: { 200: Answer, 409: MessageBody } },
    },
    async (request) => ({ data: await resumeOutreach(db, jobs, request.params.id) }),
  );

  app.post(
    '/outreach/:id/cancel',
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Avbryt en planlagt eller pågående utsendelse: de som ikke har fått den ennå, får den ikke',
        params: IdParams,
        response: { 200: Answer, 409: MessageBody },
      },
    },
    async (request) => ({ data: await cancelOutreach(db, request.params.id) }),
  );

  app.get(
    '/outreach/:id/report',
    {
      config: { ...config, accessLog: reportLog },
      schema: {
        tags: TAGS,
        summary: 'Rapporten: mottakere, levert, feilet, hoppet over, avmeldt, og feilene',
        params: IdParams,
        response: { 200: DataOf(OutreachReport) },
      },
    },
    async (request) => ({ data: await outreachReport(db, request.params.id) }),
  );

  app.get(
    '/outreach/:id/report/export',
    {
      config: { ...config, accessLog: { kind: 'export', detail: 'Utsendelsens feil', member: null } },
      schema: {
        tags: TAGS,
        summary: 'Feilene i utsendelsen som regneark (utsendelse-{id}-feil.xlsx)',
        params: IdParams,
        produces: [XLSX_CONTENT_TYPE],
        response: { 200: fileResponse([XLSX_CONTENT_TYPE], 'utsendelse-{id}-feil.xlsx') },
      },
    },
    async (request, reply) => sendXlsx(reply, failureFilename(request.params.id), FAILURE_COLUMNS, await failureRows(db, request.params.id)),
  );
};

export default routes;

/** E-mail templates for staff: the list, one template and a template filled in for a member. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DataOf, IdParams } from '../schemas/common.ts';
import { EmailTemplate, TemplatePreview, TemplatePreviewQuery } from '../schemas/templates.ts';
import { listQuery, paginate, paginatorSchema } from '../lib/list.ts';
import { notFound } from '../lib/http-errors.ts';
import { findTemplate, previewTemplate, sendTemplateTest, templateList, templatePage, updateTemplate } from '../domain/messages/templates.ts';
import { TemplatePatch, TemplateTestBody, TemplateTestResult } from '../schemas/settings.ts';
import { accountOf } from '../lib/access.ts';
import { memberFromBody, membersInRows } from '../plugins/access-log.ts';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config, outbox } = app.services;

  app.get(
    '/emails/template/list',
    {
      config: { right: 'templates.change', access: 'staff', accessLog: false },
      schema: {
        tags: ['E-postmaler'],
        summary: 'E-postmalene (1: avvist medlemskap, 2: avvist instrument, 3: avvist reiseforsikring)',
        querystring: listQuery(templateList),
        response: { 200: paginatorSchema(EmailTemplate) },
      },
    },
    async (request) => paginate(await templatePage(db, request.query, config.mailFrom), request.url, config.publicUrl),
  );

  app.get(
    '/emails/template/:id',
    {
      config: { right: 'templates.change', access: 'staff', accessLog: false },
      schema: {
        tags: ['E-postmaler'],
        summary: 'Én e-postmal',
        params: IdParams,
        response: { 200: DataOf(EmailTemplate) },
      },
    },
    async (request) => {
      const template = await findTemplate(db, request.params.id, config.mailFrom);
      if (!template) throw notFound();
      return { data: template };
    },
  );

  app.get(
    '/emails/template/:id/preview',
    {
      // The preview shows the member's name and e-mail.
      config: {
        right: 'templates.change',
        access: 'staff',
        accessLog: { kind: 'read', detail: 'E-postmal fylt ut for medlemmet', members: membersInRows('member_id') },
      },
      schema: {
        tags: ['E-postmaler'],
        summary: 'E-postmalen fylt ut for et medlem, slik den blir sendt (avvisningsdialogene starter fra denne)',
        params: IdParams,
        querystring: TemplatePreviewQuery,
        response: { 200: DataOf(TemplatePreview) },
      },
    },
    async (request) => {
      const preview = await previewTemplate(db, request.params.id, request.query.member_id, { publicUrl: config.publicUrl, sender: config.mailFrom });
      if (!preview) throw notFound();
      return { data: preview };
    },
  );

  app.patch(
    '/emails/template/:id',
    {
      config: { right: 'templates.change', access: 'staff', accessLog: false },
      schema: {
        tags: ['E-postmaler'],
        summary: "Endre en e-postmal: innholdet saneres, plassholderne sjekkes ('Påkrevd felt', 'Ugyldig Epost format')",
        params: IdParams,
        body: TemplatePatch,
        response: { 200: DataOf(EmailTemplate) },
      },
    },
    async (request) => {
      const template = await updateTemplate(db, request.params.id, request.body, config.mailFrom);
      if (!template) throw notFound();
      return { data: template };
    },
  );

  app.post(
    '/emails/template/:id/test',
    {
      // Filled in for a member, the test mail carries their name to the staff user's inbox (202 only when the member was found).
      config: {
        access: 'staff',
        right: 'templates.change',
        accessLog: { kind: 'read', detail: 'E-postmal sendt som test, fylt ut for medlemmet', member: memberFromBody },
      },
      schema: {
        tags: ['E-postmaler'],
        summary: 'Send malen som test til den innloggede ansattes egen e-post (fylt ut for member_id om oppgitt); logges som alle meldinger',
        params: IdParams,
        body: TemplateTestBody,
        response: { 202: DataOf(TemplateTestResult) },
      },
    },
    async (request, reply) => {
      const sent = await sendTemplateTest(db, outbox, request.params.id, accountOf(request).id, request.body.member_id, config.publicUrl);
      if (!sent) throw notFound();
      return reply.code(202).send({ data: sent });
    },
  );
};

export default routes;

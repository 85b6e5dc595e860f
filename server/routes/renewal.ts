/**
 * The renewal run ('Fornyelse {year}', staff): what it would make, starting it as a job, and how
 * far it has come.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DataOf } from '../schemas/common.ts';
import { RenewalPreviewPage, RenewalRun, RenewalYearParams } from '../schemas/billing.ts';
import { errorResponses } from '../schemas/responses.ts';
import { accountOf } from '../lib/access.ts';
import { listQuery, paginate } from '../lib/list.ts';
import { membersInRows } from '../plugins/access-log.ts';
import { renewalPreview, renewalRun, startRenewal } from '../domain/billing/renewal.ts';

const TAGS = ['Betaling'];
const PreviewQuery = listQuery({ filters: {}, sorts: { member_number: '' }, defaultSort: 'member_number' });

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config, jobs } = app.services;

  app.get(
    '/renewal/:year/preview',
    {
      config: {
        right: 'billing.read',
        access: 'staff',
        accessLog: { kind: 'read', detail: 'Fornyelse', list: 'Fornyelsen', members: membersInRows('member_id') },
      },
      schema: {
        tags: TAGS,
        summary:
          'Hva fornyelsen for året ville gjøre, uten å skrive noe: hvor mange som fornyes og hvorfor andre ikke gjør det, summer per produkt og kanal (øre), og fakturaene den ville lage, sidevis',
        params: RenewalYearParams,
        querystring: PreviewQuery,
        response: { 200: RenewalPreviewPage },
      },
    },
    async (request) => {
      const page = await renewalPreview(db, request.params.year, request.query);
      return { ...paginate(page, request.url, config.publicUrl), summary: page.summary };
    },
  );

  app.post(
    '/renewal/:year',
    {
      config: { right: 'billing.run', access: 'staff', accessLog: { kind: 'change', detail: 'Fornyelse startet', member: null } },
      schema: {
        tags: TAGS,
        summary:
          'Start fornyelsen for i år eller neste år som en jobb (202); hvert medlem får høyst én fornyelsesfaktura for året, også når den kjøres igjen. 409 mens den kjører',
        params: RenewalYearParams,
        response: { ...errorResponses(409, 422), 202: DataOf(RenewalRun) },
      },
    },
    async (request, reply) => {
      reply.code(202).send({ data: await startRenewal(db, jobs, request.params.year, accountOf(request).id) });
    },
  );

  app.get(
    '/renewal/:year',
    {
      config: { right: 'billing.read', access: 'staff', accessLog: false },
      schema: {
        tags: TAGS,
        summary:
          'Fornyelsen for året: tilstand (not_started, queued, running, done, failed), hvor mange den skulle fornye og hvor mange fakturaer den har laget',
        params: RenewalYearParams,
        response: { 200: DataOf(RenewalRun) },
      },
    },
    async (request) => ({ data: await renewalRun(db, request.params.year) }),
  );
};

export default routes;

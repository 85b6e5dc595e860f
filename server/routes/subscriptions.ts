/**
 * Subscriptions for staff: one subscription, stopping an instrument insurance, and the request
 * queues behind 'Forespørsler' (their `total` feeds the navigation badges) with CSV exports.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { TSchema } from 'typebox';
import { Type } from 'typebox';
import { DataOf, IdParams } from '../schemas/common.ts';
import { Subscription, SubscriptionLine } from '../schemas/member.ts';
import { DeclinedMembership, MembershipRequest, PendingInstruments, PendingMembership, PendingTravel } from '../schemas/pending-requests.ts';
import { listQuery, paginate, paginatorSchema } from '../lib/list.ts';
import { notFound } from '../lib/http-errors.ts';
import { XLSX_CONTENT_TYPE, exportResponse, sendExport, withExportFormat } from '../lib/xlsx.ts';
import { accountOf, assertOwnMember } from '../lib/access.ts';
import { loadSubscription } from '../domain/insurance/subscription-view.ts';
import { stopInstrumentInsurance } from '../domain/insurance/subscription-cancel.ts';
import {
  pendingExportBatches,
  pendingInstruments,
  pendingMemberships,
  pendingPage,
  pendingTravel,
  type PendingQueue,
} from '../domain/requests/pending-requests.ts';
import { declinedMemberships, membershipRequest } from '../domain/requests/membership-requests.ts';
import type { FastifyRequest } from 'fastify';
import { countRows, membersInRows } from '../plugins/access-log.ts';
import { subscriptionOwner } from '../domain/accounts/access-log.ts';
import { errorResponses } from '../schemas/responses.ts';

const SubscriptionWithLines = Type.Intersect([Subscription, Type.Object({ subscription_lines: Type.Optional(Type.Array(SubscriptionLine)) })]);

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.services;
  const ownerOfSubscription = (request: FastifyRequest) => subscriptionOwner(db, (request.params as { id: number }).id);

  function queueRoutes<Item extends { member_id: number }>(name: string, summary: string, item: TSchema, queue: PendingQueue<Item>) {
    app.get(
      `/subscription/list/${name}`,
      {
        // A membership application shows the name and number of the member it may duplicate too.
        config: {
          access: 'staff',
          right: 'members.read',
          accessLog: { kind: 'read', detail: summary, members: membersInRows('member_id', 'possible_duplicate.id') },
        },
        schema: {
          tags: ['Forespørsler'],
          summary: `${summary}; filter[name] søker i navn, e-post, telefon og medlemsnummer`,
          querystring: listQuery(queue.list),
          response: { 200: paginatorSchema(item) },
        },
      },
      async (request) => paginate(await pendingPage(db, queue, request.query), request.url, config.publicUrl),
    );
    app.get(
      `/subscription/list/${name}/export`,
      {
        config: { access: 'staff', right: 'members.export', accessLog: { kind: 'export', detail: summary, member: null } },
        schema: {
          tags: ['Forespørsler'],
          summary: `${summary} som CSV (${queue.filename}) eller med format=xlsx som regneark, alle rader`,
          querystring: withExportFormat(listQuery(queue.list)),
          produces: ['text/csv', XLSX_CONTENT_TYPE],
          response: exportResponse(queue.filename),
        },
      },
      async (request, reply) =>
        sendExport(
          reply,
          request.query.format,
          queue.filename,
          queue.csv,
          countRows(request, pendingExportBatches(db, queue, request.query), (row) => row.member_id),
        ),
    );
  }

  queueRoutes('pending-memberships', 'Søknader om medlemskap som venter', PendingMembership, pendingMemberships);
  queueRoutes('pending-travel', 'Bestillinger av reiseforsikring som venter', PendingTravel, pendingTravel);
  queueRoutes('pending-instruments', 'Medlemmer med instrumenter som venter på behandling', PendingInstruments, pendingInstruments);
  queueRoutes('rejected', 'Avviste søknader om medlemskap, sist avviste først', DeclinedMembership, declinedMemberships);

  app.get(
    '/subscription/membership-request/:id',
    {
      config: { right: 'members.read', access: 'staff', accessLog: { kind: 'read', detail: 'Søknad om medlemskap', member: ownerOfSubscription } },
      schema: {
        tags: ['Forespørsler'],
        summary: 'Én søknad om medlemskap (abonnementets id): søkeren, kampanjekoden og avvisningen med når e-posten ble sendt',
        params: IdParams,
        response: { 200: DataOf(MembershipRequest) },
      },
    },
    async (request) => {
      const found = await membershipRequest(db, request.params.id);
      if (!found) throw notFound();
      return { data: found };
    },
  );

  app.get(
    '/subscription/:id',
    {
      config: { right: 'members.read', access: 'signed-in', accessLog: { kind: 'read', detail: 'Abonnement', member: ownerOfSubscription } },
      schema: {
        tags: ['Abonnementer'],
        summary: 'Ett abonnement (ansatte, eller medlemmet det tilhører); instrumentforsikring med linjer',
        params: IdParams,
        response: { 200: DataOf(SubscriptionWithLines) },
      },
    },
    async (request) => {
      const subscription = await loadSubscription(db, request.params.id);
      if (!subscription) throw notFound();
      assertOwnMember(request, subscription.member_id);
      return { data: subscription };
    },
  );

  app.post(
    '/subscription/cancel/:id',
    {
      config: { right: 'requests.decide', access: 'staff', accessLog: { kind: 'change', detail: 'Instrumentforsikring stoppet', member: ownerOfSubscription } },
      schema: {
        tags: ['Abonnementer'],
        summary: 'Stopp en aktiv instrumentforsikring i dag; instrumentene under den får stoppdato i dag',
        params: IdParams,
        response: { ...errorResponses(422), 200: DataOf(SubscriptionWithLines) },
      },
    },
    async (request) => {
      const staff = accountOf(request);
      return { data: await stopInstrumentInsurance(db, request.params.id, staff.id) };
    },
  );
};

export default routes;

/**
 * Travel insurance for both apps: the products, a member's subscriptions, and ordering or
 * changing travel insurance (a member their own, staff any member's).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DataOf, IdParams, MessageBody } from '../schemas/common.ts';
import { Subscription } from '../schemas/member.ts';
import { TravelOrderBody } from '../schemas/travel.ts';
import { listQuery, paginate, paginatorSchema } from '../lib/list.ts';
import { accountOf, isStaff } from '../lib/access.ts';
import { subscriptionList, subscriptionPage } from '../domain/insurance/subscription-list.ts';
import { saveTravelOrder } from '../domain/insurance/travel-subscriptions.ts';
import type { FastifyRequest } from 'fastify';
import { memberFromBody, membersInRows } from '../plugins/access-log.ts';
import { subscriptionOwner } from '../domain/accounts/access-log.ts';

const answers = { 200: DataOf(Subscription), 404: MessageBody, 409: MessageBody };

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.services;
  const ownerOfSubscription = (request: FastifyRequest) => subscriptionOwner(db, (request.params as { id: number }).id);

  app.get(
    '/subscription/list',
    {
      config: {
        right: 'members.read',
        access: 'signed-in',
        accessLog: { kind: 'read', detail: 'Abonnementer', list: 'Abonnementslisten', members: membersInRows('member_id') },
      },
      schema: {
        tags: ['Abonnementer'],
        summary: 'Abonnementer; filter[product_id]=1,2 og filter[member_id]. Et medlem ser bare sine egne',
        querystring: listQuery(subscriptionList),
        response: { 200: paginatorSchema(Subscription) },
      },
    },
    async (request) => {
      const account = accountOf(request);
      const page = await subscriptionPage(db, request.query, isStaff(account) ? null : account.id);
      return paginate(page, request.url, config.publicUrl);
    },
  );

  app.post(
    '/subscription/new',
    {
      config: { right: 'members.change', access: 'signed-in', accessLog: { kind: 'change', detail: 'Reiseforsikring bestilt', member: memberFromBody } },
      schema: {
        tags: ['Abonnementer'],
        summary:
          'Bestill reiseforsikring (produkt 1 eller 2); har medlemmet en fra før, endres den. Et medlems bestilling venter på behandling, de ansattes er aktiv med en gang',
        body: TravelOrderBody,
        response: answers,
      },
    },
    async (request) => {
      const account = accountOf(request);
      return { data: await saveTravelOrder(db, { id: account.id, staff: isStaff(account) }, request.body) };
    },
  );

  app.patch(
    '/subscription/:id',
    {
      config: { right: 'members.change', access: 'signed-in', accessLog: { kind: 'change', detail: 'Reiseforsikring endret', member: ownerOfSubscription } },
      schema: {
        tags: ['Abonnementer'],
        summary: 'Endre en reiseforsikring (produkt, start- og sluttdato); et medlems endring venter på behandling',
        params: IdParams,
        body: TravelOrderBody,
        response: answers,
      },
    },
    async (request) => {
      const account = accountOf(request);
      return { data: await saveTravelOrder(db, { id: account.id, staff: isStaff(account) }, request.body, request.params.id) };
    },
  );
};

export default routes;

/** Staff accept, reject or reopen a membership application or a travel insurance order, by subscription id. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { DataOf, IdParams, MessageBody } from '../schemas/common.ts';
import { Subscription } from '../schemas/member.ts';
import { RejectBody } from '../schemas/requests.ts';
import { accountOf } from '../lib/access.ts';
import { actOnSubscriptionRequest } from '../domain/requests/subscription-requests.ts';
import type { FastifyRequest } from 'fastify';
import { subscriptionOwner } from '../domain/accounts/access-log.ts';

/** 422: the message and each field's messages (reason: ['Påkrevd felt']). */
const FieldErrorsBody = Type.Object({
  message: Type.String(),
  errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
});

// Accept and reopen take no body (the spec's calls send none).
const answers = { 200: DataOf(Subscription), 404: MessageBody, 409: MessageBody };

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, outbox, config } = app.services;
  const ownerOfSubscription = (request: FastifyRequest) => subscriptionOwner(db, (request.params as { id: number }).id);

  app.post(
    '/subscription/accept/:id',
    {
      config: { right: 'requests.decide', access: 'staff', accessLog: { kind: 'change', detail: 'Forespørsel akseptert', member: ownerOfSubscription } },
      schema: {
        tags: ['Forespørsler'],
        summary:
          'Aksepter en søknad om medlemskap eller en bestilling av reiseforsikring (ventende, eller avvist og tatt inn igjen); 409 når den ikke kan aksepteres nå',
        params: IdParams,
        querystring: Type.Object({
          late: Type.Optional(Type.Boolean({ description: 'Sann: aksepter en avvist forespørsel likevel (fra forespørselens side)' })),
        }),
        response: answers,
      },
    },
    async (request) => ({
      data: await actOnSubscriptionRequest(
        db,
        outbox,
        request.params.id,
        accountOf(request).id,
        {
          action: 'accept',
          late: request.query.late === true,
        },
        config.billing,
      ),
    }),
  );

  app.post(
    '/subscription/reject/:id',
    {
      config: { right: 'requests.decide', access: 'staff', accessLog: { kind: 'change', detail: 'Forespørsel avvist', member: ownerOfSubscription } },
      schema: {
        tags: ['Forespørsler'],
        summary: 'Avvis en ventende søknad om medlemskap eller bestilling av reiseforsikring; begrunnelsen sendes på e-post når send_email er sann',
        params: IdParams,
        body: RejectBody,
        response: { ...answers, 422: FieldErrorsBody },
      },
    },
    async (request) => ({
      data: await actOnSubscriptionRequest(
        db,
        outbox,
        request.params.id,
        accountOf(request).id,
        {
          action: 'reject',
          reason: request.body.reason,
          sendEmail: request.body.send_email,
        },
        config.billing,
      ),
    }),
  );

  app.post(
    '/subscription/reopen/:id',
    {
      config: { right: 'requests.decide', access: 'staff', accessLog: { kind: 'change', detail: 'Forespørsel tatt inn igjen', member: ownerOfSubscription } },
      schema: {
        tags: ['Forespørsler'],
        summary: 'Ta en avvist søknad eller bestilling inn igjen som ventende',
        params: IdParams,
        response: answers,
      },
    },
    async (request) => ({ data: await actOnSubscriptionRequest(db, outbox, request.params.id, accountOf(request).id, { action: 'reopen' }, config.billing) }),
  );
};

export default routes;

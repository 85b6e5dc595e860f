/** The menu badges' numbers in one small request (staff only): the three request queues and the claims waiting. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { DataOf } from '../schemas/common.ts';
import { badgeCounts } from '../domain/requests/list-counters.ts';

const BadgeCounts = Type.Object({
  'pending-memberships': Type.Integer({ description: 'Søknader om medlemskap som venter' }),
  'pending-travel': Type.Integer({ description: 'Bestillinger av reiseforsikring som venter' }),
  'pending-instruments': Type.Integer({ description: 'Medlemmer med instrumenter som venter' }),
  'pending-claims': Type.Integer({ description: 'Skademeldinger som er sendt eller under behandling' }),
});

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.services;
  app.get(
    '/counters',
    {
      config: { right: 'members.read', access: 'staff', accessLog: false },
      schema: {
        tags: ['Forespørsler'],
        summary: 'Tallene i menyen: hvor mange som venter i hver av de fire køene (de samme som køenes total; skademeldinger: sendt eller under behandling)',
        response: { 200: DataOf(BadgeCounts) },
      },
    },
    async () => ({ data: await badgeCounts(db) }),
  );
};

export default routes;

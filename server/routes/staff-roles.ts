/**
 * Staff roles and rights: the table of roles × rights, a role's rights, an office's own role, one
 * staff user's role, state and exceptions (administrators: 'staff.administer'), and the signed-in
 * staff user's own rights, which the staff app reads to show what they may do.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DataOf, IdParams } from '../schemas/common.ts';
import { errorResponses } from '../schemas/responses.ts';
import { MyRights, RoleCreate, RoleList, RolePatch, RoleView, StaffRightsPatch, StaffRightsView } from '../schemas/staff.ts';
import { accountOf } from '../lib/access.ts';
import { RIGHTS } from '../domain/staff/rights.ts';
import { createRole, listRoles, patchStaff, setRoleRights, staffRights } from '../domain/staff/roles.ts';

const TAGS = ['Ansatte og roller'];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.services;
  const catalogue = Object.entries(RIGHTS).map(([name, description]) => ({ name, description }));

  app.get(
    '/role/list',
    {
      config: { access: 'staff', right: 'staff.administer' },
      schema: { tags: TAGS, summary: 'Rollene med rettighetene sine, og hver rettighet som finnes', response: { 200: RoleList } },
    },
    async () => ({ data: await listRoles(db), rights: catalogue }),
  );

  app.post(
    '/role',
    {
      config: { access: 'staff', right: 'staff.administer' },
      schema: { tags: TAGS, summary: 'En ny rolle med navn og rettigheter (id 6 og oppover)', body: RoleCreate, response: { 201: DataOf(RoleView) } },
    },
    async (request, reply) => reply.code(201).send({ data: await createRole(db, request.body) }),
  );

  app.patch(
    '/role/:id',
    {
      config: { access: 'staff', right: 'staff.administer' },
      schema: {
        tags: TAGS,
        summary: 'Gi rollen akkurat disse rettighetene; gjelder fra neste forespørsel, på alle servere',
        params: IdParams,
        body: RolePatch,
        response: { ...errorResponses(409), 200: DataOf(RoleView) },
      },
    },
    async (request) => ({ data: await setRoleRights(db, request.params.id, request.body.rights) }),
  );

  app.patch(
    '/staff/:id',
    {
      config: { access: 'staff', right: 'staff.administer' },
      schema: {
        tags: TAGS,
        summary: 'Endre en ansatts rolle, om den er aktiv (deaktivert: alle innlogginger avsluttes), og rettigheter gitt utover rollen eller tatt bort',
        params: IdParams,
        body: StaffRightsPatch,
        response: { ...errorResponses(409), 200: DataOf(StaffRightsView) },
      },
    },
    async (request) => ({ data: await patchStaff(db, request.params.id, request.body, accountOf(request).id) }),
  );

  app.get(
    '/user/rights',
    {
      config: { access: 'staff', right: false },
      schema: { tags: TAGS, summary: 'Den innloggede ansattes rolle og rettigheter nå', response: { 200: MyRights } },
    },
    async (request) => {
      const mine = await staffRights(db, accountOf(request).id);
      return { data: { role_id: mine.role_id, role_name: mine.role_name, rights: mine.rights } };
    },
  );
};

export default routes;

/** Members: the staff list and the member record both apps read and change. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DataOf, IdParams } from '../schemas/common.ts';
import { Member, MemberListItem, MemberPatch } from '../schemas/member.ts';
import { listQuery, paginate, paginatorSchema } from '../lib/list.ts';
import { notFound } from '../lib/http-errors.ts';
import { assertOwnMember } from '../lib/access.ts';
import { loadMember } from '../domain/members/members.ts';
import { patchMember } from '../domain/members/member-patch.ts';
import { memberPage } from '../domain/members/member-list.ts';
import { errorResponses } from '../schemas/responses.ts';
import { answerBuiltExactly } from '../lib/response-schemas.ts';
import { memberList } from '../domain/members/member-list.ts';
import { membersInRows } from '../plugins/access-log.ts';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.services;

  app.get(
    '/member/list',
    {
      config: { right: 'members.read', access: 'staff', accessLog: { kind: 'read', detail: 'Medlemsoversikten', members: membersInRows('id') } },
      schema: {
        tags: ['Medlemmer'],
        summary: 'Medlemsoversikten (roller 1 og 2); filter[name] søker i navn, e-post, telefon og medlemsnummer',
        querystring: listQuery(memberList),
        response: { 200: paginatorSchema(MemberListItem) },
      },
      // memberPage builds each row as a MemberListItem literal and paginate the page as a literal.
      serializerCompiler: answerBuiltExactly,
    },
    async (request) => paginate(await memberPage(db, request.query), request.url, config.publicUrl),
  );

  app.get(
    '/member/:id',
    {
      config: { right: 'members.read', access: 'signed-in', allowBlocked: true, accessLog: { kind: 'read', detail: 'Medlemsopplysninger' } },
      schema: {
        tags: ['Medlemmer'],
        summary: 'Ett medlem med medlemskap, instrumentforsikring og reiseforsikring',
        params: IdParams,
        response: { 200: DataOf(Member) },
      },
    },
    async (request) => {
      assertOwnMember(request, request.params.id);
      const member = await loadMember(db, request.params.id);
      if (!member) throw notFound();
      return { data: member };
    },
  );

  app.patch(
    '/member/:id',
    {
      config: { right: 'members.change', access: 'signed-in', accessLog: { kind: 'change', detail: 'Medlemsopplysninger' } },
      schema: {
        tags: ['Medlemmer'],
        summary: 'Endre et medlem (ansatte: alle felt; medlemmet selv: bare profilfeltene)',
        params: IdParams,
        body: MemberPatch,
        response: { ...errorResponses(409, 429), 200: DataOf(Member) },
      },
    },
    async (request) => {
      const account = assertOwnMember(request, request.params.id);
      return { data: await patchMember(db, request.params.id, request.body, account, request.ip) };
    },
  );
};

export default routes;

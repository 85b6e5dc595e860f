/** Members: the staff list and the member record both apps read and change. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DataOf, IdParams } from '../schemas/common.ts';
import { Member, MemberListItem, MemberPatch } from '../schemas/member.ts';
import { listQuerySchema, paginate, paginatorSchema, parseListQuery } from '../lib/list.ts';
import { notFound } from '../lib/http-errors.ts';
import { assertOwnMember, isStaff } from '../plugins/auth.ts';
import {
  assertPatchFollowsForm, loadMember, MEMBER_LIST_COLUMNS, MEMBER_WRITABLE, memberList, patchRule, pickWritable, STAFF_WRITABLE, updateMember,
} from '../domain/members.ts';
import type { MemberListItem as MemberListRow } from '../schemas/member.ts';
import { assertRegistrationCompletable } from '../domain/registration.ts';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.services;

  app.get(
    '/member/list',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['Medlemmer'],
        summary: 'Medlemsoversikten (roller 1 og 2); filter[name] søker i navn, e-post, telefon og medlemsnummer',
        querystring: listQuerySchema,
        response: { 200: paginatorSchema(MemberListItem) },
      },
    },
    async (request) => {
      const list = parseListQuery(request.query, memberList);
      const where = `a.role_id IN (1, 2) AND ${list.where}`;
      const params = list.params.values;
      const [rows, [{ total }]] = await Promise.all([
        // The page's ids are found first (an index-only walk even for deep pages), then only
        // those 25 rows are read in full.
        db.query<MemberListRow>(
          `SELECT ${MEMBER_LIST_COLUMNS}
             FROM (SELECT a.id FROM accounts a WHERE ${where}
                    ORDER BY ${list.orderBy} LIMIT ${list.perPage} OFFSET ${list.offset}) page
             JOIN accounts a ON a.id = page.id
            ORDER BY ${list.orderBy}`,
          params,
        ),
        db.query<{ total: number }>(`SELECT count(*)::int AS total FROM accounts a WHERE ${where}`, params),
      ]);
      return paginate(rows, total, list, request.url, config.publicUrl);
    },
  );

  app.get(
    '/member/:id',
    {
      config: { access: 'signed-in', allowBlocked: true },
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
      config: { access: 'signed-in' },
      schema: {
        tags: ['Medlemmer'],
        summary: 'Endre et medlem (ansatte: alle felt; medlemmet selv: bare profilfeltene)',
        params: IdParams,
        body: MemberPatch,
        response: { 200: DataOf(Member) },
      },
    },
    async (request) => {
      const account = assertOwnMember(request, request.params.id);
      const staff = isStaff(account);
      const patch = pickWritable(request.body, staff ? STAFF_WRITABLE : MEMBER_WRITABLE);
      // A member may finish their registration, never undo it.
      if (!staff && patch.registration_completed === 0) delete patch.registration_completed;
      const member = await db.transaction(async (tx) => {
        const exists = await loadMember(tx, request.params.id);
        if (!exists) throw notFound();
        assertPatchFollowsForm(patch, patchRule(staff, exists));
        await updateMember(tx, request.params.id, patch, account.id);
        const updated = await loadMember(tx, request.params.id);
        if (!staff && patch.registration_completed === 1) assertRegistrationCompletable(updated!);
        return updated;
      });
      return { data: member! };
    },
  );
};

export default routes;

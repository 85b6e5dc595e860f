/** Staff member routes: create a member, export the member overview, read a member's change history. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DataOf, IdParams } from '../schemas/common.ts';
import { Member } from '../schemas/member.ts';
import { MemberChange, MemberCreate } from '../schemas/member-admin.ts';
import { listQuerySchema, paginate, paginatorSchema, parseListQuery } from '../lib/list.ts';
import { notFound } from '../lib/http-errors.ts';
import { sendCsv } from '../lib/csv.ts';
import { accountOf } from '../plugins/auth.ts';
import { schemaErrors } from '../plugins/errors.ts';
import { loadMember } from '../domain/members.ts';
import {
  createErrors, createFailed, createMember, duplicateWarning, EMAIL_TAKEN, isEmailConflict, probableDuplicates,
} from '../domain/member-create.ts';
import { MEMBER_EXPORT_COLUMNS, MEMBER_EXPORT_FILENAME, memberExportBatches } from '../domain/member-export.ts';
import { memberChangeList, memberChanges } from '../domain/member-changes.ts';

type SchemaIssues = Parameters<typeof schemaErrors>[0];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.services;

  app.get(
    '/member/list/export',
    {
      schema: {
        tags: ['Medlemmer'],
        summary: 'Medlemsoversikten som CSV (medlemsoversikt.csv): samme filter og sortering som listen, alle rader',
        querystring: listQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) =>
      sendCsv(reply, MEMBER_EXPORT_FILENAME, MEMBER_EXPORT_COLUMNS, memberExportBatches(db, request.query)),
  );

  app.post(
    '/member/new',
    {
      attachValidation: true,
      schema: {
        tags: ['Medlemmer'],
        summary:
          'Opprett et medlem (ansatte). 422 med feil i errors og data.error; 409 med duplicates når et lignende medlem finnes, med mindre confirm_duplicate er true',
        body: MemberCreate,
        response: { 201: DataOf(Member) },
      },
    },
    async (request, reply) => {
      const staff = accountOf(request);
      const issues = (request.validationError?.validation ?? []) as unknown as SchemaIssues;
      const body = (request.body ?? {}) as Record<string, unknown>;
      const errors = await createErrors(db, body, schemaErrors(issues));
      if (Object.keys(errors).length > 0) throw createFailed(errors);

      const input = request.body;
      const duplicates = await probableDuplicates(db, input);
      if (duplicates.length > 0 && input.confirm_duplicate !== true) throw duplicateWarning(duplicates);
      let member;
      try {
        member = await db.transaction(async (tx) => {
          const id = await createMember(tx, input, staff.id, duplicates[0]?.id ?? null);
          return loadMember(tx, id);
        });
      } catch (error) {
        if (isEmailConflict(error)) throw createFailed({ email: [EMAIL_TAKEN] });
        throw error;
      }
      return reply.code(201).send({ data: member! });
    },
  );

  app.get(
    '/member/:id/changes',
    {
      schema: {
        tags: ['Medlemmer'],
        summary: 'Endringshistorikken til et medlem, nyeste først',
        params: IdParams,
        querystring: listQuerySchema,
        response: { 200: paginatorSchema(MemberChange) },
      },
    },
    async (request) => {
      const list = parseListQuery(request.query, memberChangeList);
      const [exists] = await db.query('SELECT 1 FROM accounts WHERE id = $1 AND role_id IN (1, 2)', [request.params.id]);
      if (!exists) throw notFound();
      const { rows, total } = await memberChanges(db, request.params.id, list);
      return paginate(rows, total, list, request.url, config.publicUrl);
    },
  );
};

export default routes;

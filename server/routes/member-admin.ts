/** Staff member routes: create a member, export the member overview, read a member's change history. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DataOf, IdParams } from '../schemas/common.ts';
import { Member } from '../schemas/member.ts';
import { MemberChange, MemberCreate } from '../schemas/member-admin.ts';
import { listQuery, paginate, paginatorSchema } from '../lib/list.ts';
import { notFound } from '../lib/http-errors.ts';
import { XLSX_CONTENT_TYPE, exportResponse, sendExport, withExportFormat } from '../lib/xlsx.ts';
import { accountOf } from '../lib/access.ts';
import { schemaErrors, type SchemaIssue } from '../lib/schema-errors.ts';
import { addMember } from '../domain/members/member-create.ts';
import { MEMBER_EXPORT_COLUMNS, MEMBER_EXPORT_FILENAME, memberExportBatches } from '../domain/members/member-export.ts';
import { memberChangeList, memberChanges } from '../domain/members/member-changes.ts';
import { countRows } from '../plugins/access-log.ts';
import { memberList } from '../domain/members/member-list.ts';
import { errorResponses } from '../schemas/responses.ts';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.services;

  app.get(
    '/member/list/export',
    {
      config: { right: 'members.export', access: 'staff', accessLog: { kind: 'export', detail: 'Medlemsoversikten', member: null } },
      schema: {
        tags: ['Medlemmer'],
        summary:
          'Medlemsoversikten som CSV (medlemsoversikt.csv) eller med format=xlsx som regneark (medlemsoversikt.xlsx): samme filter og sortering som listen, alle rader',
        querystring: withExportFormat(listQuery(memberList)),
        produces: ['text/csv', XLSX_CONTENT_TYPE],
        response: exportResponse(MEMBER_EXPORT_FILENAME),
      },
    },
    async (request, reply) =>
      sendExport(
        reply,
        request.query.format,
        MEMBER_EXPORT_FILENAME,
        MEMBER_EXPORT_COLUMNS,
        countRows(request, memberExportBatches(db, request.query), (row) => row.key),
      ),
  );

  app.post(
    '/member/new',
    {
      attachValidation: true,
      config: { right: 'members.change', access: 'staff', accessLog: false },
      schema: {
        tags: ['Medlemmer'],
        summary:
          'Opprett et medlem (ansatte). 422 med feil i errors og data.error; 409 med duplicates når et lignende medlem finnes, med mindre confirm_duplicate er true',
        body: MemberCreate,
        response: { ...errorResponses(409), 201: DataOf(Member) },
      },
    },
    async (request, reply) => {
      const staff = accountOf(request);
      const issues = (request.validationError?.validation ?? []) as unknown as SchemaIssue[];
      const body = (request.body ?? {}) as Record<string, unknown>;
      const member = await addMember(db, body, schemaErrors(issues), staff.id);
      return reply.code(201).send({ data: member });
    },
  );

  app.get(
    '/member/:id/changes',
    {
      config: { right: 'members.read', access: 'staff', accessLog: { kind: 'read', detail: 'Endringshistorikk' } },
      schema: {
        tags: ['Medlemmer'],
        summary: 'Endringshistorikken til et medlem, nyeste først',
        params: IdParams,
        querystring: listQuery(memberChangeList),
        response: { 200: paginatorSchema(MemberChange) },
      },
    },
    async (request) => {
      const page = await memberChanges(db, request.params.id, request.query);
      if (!page) throw notFound();
      return paginate(page, request.url, config.publicUrl);
    },
  );
};

export default routes;

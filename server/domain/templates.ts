/**
 * E-mail templates as staff see them: the list, one template, and a template filled in for one
 * member (the preview, and the text the reject dialogs start from). Placeholders are filled on
 * the server from the member record, with the values HTML-escaped.
 */
import type { Queryable } from '../db/database.ts';
import { parseListQuery, type ListDefinition } from '../lib/list.ts';
import { queryPage, type Page } from '../lib/paged-query.ts';
import { sanitizeRichText } from '../lib/html.ts';
import type { EmailTemplate, TemplatePreview } from '../schemas/templates.ts';
import { fillTemplate } from './messages.ts';

const COLUMNS = 't.id, t.title, t.content, t.from_name, t.from_email, t.created_at, t.updated_at';

const templateList: ListDefinition = {
  filters: {},
  sorts: { id: 't.id', title: 't.title', updated_at: 't.updated_at', created_at: 't.created_at' },
  defaultSort: 'id',
  tieBreaker: 't.id',
};

export const templatePage = (db: Queryable, query: Record<string, unknown>): Promise<Page<EmailTemplate>> =>
  queryPage<EmailTemplate>(db, { from: 'FROM email_templates t WHERE TRUE', columns: COLUMNS }, parseListQuery(query, templateList));

export async function findTemplate(db: Queryable, id: number): Promise<EmailTemplate | null> {
  const [row] = await db.query<EmailTemplate>(`SELECT ${COLUMNS} FROM email_templates t WHERE t.id = $1`, [id]);
  return row ?? null;
}

/** The template filled in for the member; null when either does not exist. */
export async function previewTemplate(db: Queryable, id: number, memberId: number): Promise<TemplatePreview | null> {
  const template = await findTemplate(db, id);
  const [member] = await db.query<{ email: string; first_name: string; last_name: string }>(
    'SELECT email, first_name, last_name FROM accounts WHERE id = $1 AND role_id IN (1, 2)',
    [memberId],
  );
  if (!template || !member) return null;
  const values = { first_name: member.first_name, last_name: member.last_name };
  return {
    template_id: template.id,
    member_id: memberId,
    to: member.email,
    subject: fillTemplate(template.title, values, false),
    html: sanitizeRichText(fillTemplate(template.content, values, true)),
    from_name: template.from_name,
    from_email: template.from_email,
  };
}

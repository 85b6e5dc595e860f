/**
 * E-mail templates as staff see them: the list, one template, and a template filled in for one
 * member (the preview, and the text the reject dialogs start from). Placeholders are filled on
 * the server from the member record, with the values HTML-escaped.
 */
import type { Database, Queryable } from '../../db/database.ts';
import type { Outbox } from './outbox.ts';
import { parseListQuery, type ListDefinition } from '../../lib/list.ts';
import { queryPage, type Page } from '../../lib/paged-query.ts';
import { htmlToText } from '../../lib/html.ts';
import { BUTTON_MARKER, buttonInAttribute, buttonInText, renderMailHtml, sanitizeMailHtml, withMinSideLink } from '../../lib/mail-html.ts';
import { validationFailed } from '../../lib/http-errors.ts';
import { EMAIL_PATTERN, FORM_RULES, RULE_MESSAGES, requiredErrors } from '../../schemas/rules.ts';
import type { EmailTemplate, TemplatePreview } from '../../schemas/templates.ts';
import { MIN_SIDE_TEMPLATES, PAGE_BUTTONS, buttonLabelOf, fillTemplate, minSideAddress, sendMail } from './messages.ts';
import { erasedForTemplate } from '../privacy/erased.ts';
import { EXAMPLE_VALUES, placeholdersOf } from './template-placeholders.ts';

const COLUMNS = 't.id, t.slug, t.title, t.content, t.from_name, t.from_email, t.created_at, t.updated_at';

type TemplateRow = Omit<EmailTemplate, 'placeholders' | 'from_name' | 'from_email'> & {
  slug: string | null;
  from_name: string | null;
  from_email: string | null;
};

/** The portal's sender (MAIL_FROM_NAME, MAIL_FROM_EMAIL): a template without its own sends as it. */
export interface Sender {
  name: string;
  email: string;
}

/**
 * The template as staff get it: the sender it sends as (the settings' where it names none), the
 * placeholders its editor offers, without the slug.
 */
const shown = ({ slug, from_name, from_email, ...template }: TemplateRow, sender: Sender): EmailTemplate => ({
  ...template,
  from_name: from_name ?? sender.name,
  from_email: from_email ?? sender.email,
  placeholders: placeholdersOf(slug).allowed,
});

const templateList: ListDefinition = {
  filters: {},
  sorts: { id: 't.id', title: 't.title', updated_at: 't.updated_at', created_at: 't.created_at' },
  defaultSort: 'id',
  tieBreaker: 't.id',
};

export async function templatePage(db: Queryable, query: Record<string, unknown>, sender: Sender): Promise<Page<EmailTemplate>> {
  const page = await queryPage<TemplateRow>(db, { from: 'FROM email_templates t WHERE TRUE', columns: COLUMNS }, parseListQuery(query, templateList));
  return { ...page, rows: page.rows.map((row) => shown(row, sender)) };
}

async function templateRow(db: Queryable, id: number): Promise<TemplateRow | null> {
  const [row] = await db.query<TemplateRow>(`SELECT ${COLUMNS} FROM email_templates t WHERE t.id = $1`, [id]);
  return row ?? null;
}

export async function findTemplate(db: Queryable, id: number, sender: Sender): Promise<EmailTemplate | null> {
  const row = await templateRow(db, id);
  return row ? shown(row, sender) : null;
}

/** The button a preview or test mail shows: the template's own words, an example address (a page button: the member's page). */
const exampleButton = (slug: string | null, publicUrl: string, memberId?: number) => {
  const page = PAGE_BUTTONS[slug ?? ''];
  if (page) return { label: page.label, href: memberId === undefined ? `${publicUrl}/profile` : `${publicUrl}${page.path(memberId)}` };
  const label = buttonLabelOf(slug);
  return label ? { label, href: `${publicUrl}/password/change` } : null;
};

/** The link to Min side, as the sent mail has it, for the templates that carry one. */
const withMinSide = (slug: string | null, html: string, publicUrl: string) =>
  MIN_SIDE_TEMPLATES.includes(slug ?? '') ? withMinSideLink(html, minSideAddress(publicUrl)) : html;

/** The template filled in for the member; null when either does not exist, 422 for an erased member. */
export async function previewTemplate(
  db: Queryable,
  id: number,
  memberId: number,
  { publicUrl, sender }: { publicUrl: string; sender: Sender },
): Promise<TemplatePreview | null> {
  const template = await templateRow(db, id);
  const [member] = await db.query<{ email: string; first_name: string; last_name: string; erased: boolean }>(
    'SELECT email, first_name, last_name, erased_at IS NOT NULL AS erased FROM accounts WHERE id = $1 AND role_id IN (1, 2)',
    [memberId],
  );
  if (!template || !member) return null;
  if (member.erased) throw erasedForTemplate();
  // The member's name, and example values for the template's other placeholders (an instrument, an amount).
  const examples = EXAMPLE_VALUES();
  const { allowed } = placeholdersOf(template.slug);
  const values = {
    ...Object.fromEntries(allowed.filter((name) => examples[name] !== undefined).map((name) => [name, examples[name]])),
    first_name: member.first_name,
    last_name: member.last_name,
  };
  return {
    template_id: template.id,
    member_id: memberId,
    to: member.email,
    subject: fillTemplate(template.title, values, false),
    html: withMinSide(
      template.slug,
      renderMailHtml(template.content, (html) => fillTemplate(html, values, true), exampleButton(template.slug, publicUrl, memberId)),
      publicUrl,
    ),
    from_name: template.from_name ?? sender.name,
    from_email: template.from_email ?? sender.email,
  };
}

/** Where the server puts the table of members; like {button}, only in the text. */
const MEMBERS_IN_TITLE = '{members} kan bare stå i innholdet, ikke i emnet.';

export const BUTTON_MESSAGES = {
  missing: `Malen må inneholde ${BUTTON_MARKER} i teksten: der setter systemet inn knappen med lenken.`,
  inAttribute: `${BUTTON_MARKER} kan bare stå i teksten, ikke i en lenke, et bilde eller en stil.`,
  inTitle: `${BUTTON_MARKER} kan bare stå i innholdet, ikke i emnet.`,
} as const;

/** The placeholders used in `text` that the template does not know, and the ones it needs but lacks. */
export function placeholderErrors(slug: string | null, fields: { title?: string; content?: string }): Record<string, string[]> {
  const { allowed, required } = placeholdersOf(slug);
  const errors: Record<string, string[]> = {};
  for (const field of ['title', 'content'] as const) {
    const text = fields[field];
    if (text === undefined) continue;
    const used = [...text.matchAll(/\{\s*([A-Za-z_]\w*)\s*\}/g)].map((match) => match[1]);
    const unknown = [...new Set(used.filter((name) => !allowed.includes(name)))];
    if (unknown.length > 0) {
      errors[field] = [`Ukjent plassholder: ${unknown.map((name) => `{${name}}`).join(', ')}. Tillatt: ${allowed.map((name) => `{${name}}`).join(', ')}`];
    }
  }
  if (fields.content !== undefined) {
    const missing = required.filter((name) => name !== 'button' && !fields.content!.includes(`{${name}}`));
    if (missing.length > 0) {
      (errors.content ??= []).push(`Malen må inneholde ${missing.map((name) => `{${name}}`).join(', ')}`);
    }
  }
  if (allowed.includes('members') && fields.title !== undefined && /\{\s*members\s*\}/.test(fields.title)) {
    (errors.title ??= []).push(MEMBERS_IN_TITLE);
  }
  // The button's marker stands in the text only: an address or image built around it gets nothing.
  if (allowed.includes('button')) {
    if (fields.title !== undefined && /\{\s*button\s*\}/.test(fields.title)) (errors.title ??= []).push(BUTTON_MESSAGES.inTitle);
    if (fields.content !== undefined) {
      if (buttonInAttribute(fields.content)) (errors.content ??= []).push(BUTTON_MESSAGES.inAttribute);
      else if (required.includes('button') && !buttonInText(fields.content)) (errors.content ??= []).push(BUTTON_MESSAGES.missing);
    }
  }
  return errors;
}

/**
 * Saves staff's changes to a template: required fields ('Påkrevd felt'), the sender's address
 * ('Ugyldig Epost format') and the placeholders are checked, the content is sanitised. Null
 * when there is no such template.
 */
export async function updateTemplate(
  db: Database,
  id: number,
  patch: { title?: string; content?: string; from_name?: string; from_email?: string },
  sender: Sender,
): Promise<EmailTemplate | null> {
  const values: Record<string, string> = {};
  for (const [field, value] of Object.entries(patch)) if (value !== undefined) values[field] = field === 'content' ? value : value.trim();
  if (values.content !== undefined) {
    values.content = sanitizeMailHtml(values.content);
    // An editor's empty document (<p></p>) counts as nothing typed.
    if (htmlToText(values.content) === '') values.content = '';
  }
  const errors = requiredErrors(FORM_RULES.emailTemplate, values, true);
  if (!errors.from_email && values.from_email !== undefined && !EMAIL_PATTERN.test(values.from_email)) {
    errors.from_email = [RULE_MESSAGES.templateEmail];
  }
  return db.transaction(async (tx) => {
    const [current] = await tx.query<{ slug: string | null }>('SELECT slug FROM email_templates WHERE id = $1 FOR UPDATE', [id]);
    if (!current) return null;
    // Checked as typed, so staff hear of a placeholder even where sanitising would drop it (an image).
    const placeholders = placeholderErrors(current.slug, { ...values, ...(patch.content === undefined ? {} : { content: patch.content }) });
    for (const [field, messages] of Object.entries(placeholders)) if (!errors[field]) errors[field] = messages;
    if (Object.keys(errors).length > 0) throw validationFailed(errors);
    const fields = Object.keys(values);
    if (fields.length > 0) {
      // A sender left as the settings' follows the settings (stored as NULL); another is the template's own.
      const stored = (field: string): string | null =>
        (field === 'from_name' && values[field] === sender.name) || (field === 'from_email' && values[field].toLowerCase() === sender.email.toLowerCase())
          ? null
          : values[field];
      const sets = fields.map((field, index) => `${field} = $${index + 2}`).join(', ');
      await tx.query(`UPDATE email_templates SET ${sets}, updated_at = now() WHERE id = $1`, [id, ...fields.map(stored)]);
    }
    return findTemplate(tx, id, sender);
  });
}

/**
 * Sends the template to the signed-in staff user's own address, filled in for a chosen member
 * (or with the staff user's own name), logged like every message. Null when the template,
 * the member or the staff user is not found; 422 for an erased member.
 */
export async function sendTemplateTest(
  db: Database,
  outbox: Outbox,
  id: number,
  staffId: number,
  memberId: number | undefined,
  publicUrl: string,
): Promise<{ message_id: number; to: string } | null> {
  const [staff] = await db.query<{ email: string; first_name: string; last_name: string }>('SELECT email, first_name, last_name FROM accounts WHERE id = $1', [
    staffId,
  ]);
  const [row] = await db.query<{ slug: string | null }>('SELECT slug FROM email_templates WHERE id = $1', [id]);
  if (!staff || !row) return null;
  let person = staff;
  if (memberId !== undefined) {
    const [member] = await db.query<typeof staff & { erased: boolean }>(
      'SELECT email, first_name, last_name, erased_at IS NOT NULL AS erased FROM accounts WHERE id = $1 AND role_id IN (1, 2)',
      [memberId],
    );
    if (!member) return null;
    if (member.erased) throw erasedForTemplate();
    person = member;
  }
  const template = (await templateRow(db, id))!;
  const values = { ...EXAMPLE_VALUES(), first_name: person.first_name, last_name: person.last_name };
  return db.transaction(async (tx) => {
    const messageId = await sendMail(tx, outbox, {
      to: staff.email,
      subject: `[Test] ${fillTemplate(template.title, values, false)}`,
      html: withMinSide(
        template.slug,
        renderMailHtml(template.content, (html) => fillTemplate(html, values, true), exampleButton(template.slug, publicUrl, memberId)),
        publicUrl,
      ),
      fromName: template.from_name,
      fromEmail: template.from_email,
      memberId: null,
      senderId: staffId,
    });
    return { message_id: messageId, to: staff.email };
  });
}

/** The list's filters and sorts, which the route's query schema documents (lib/list.ts listQuery). */
export { templateList };

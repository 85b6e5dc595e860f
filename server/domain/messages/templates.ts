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
import { BUTTON_MARKER, buttonInAttribute, buttonInText, renderMailHtml, sanitizeMailHtml } from '../../lib/mail-html.ts';
import { validationFailed } from '../../lib/http-errors.ts';
import { EMAIL_PATTERN, FORM_RULES, RULE_MESSAGES, requiredErrors } from '../../schemas/rules.ts';
import type { EmailTemplate, TemplatePreview } from '../../schemas/templates.ts';
import { buttonLabelOf, fillTemplate, sendMail } from './messages.ts';
import { erasedForTemplate } from '../privacy/erased.ts';

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

/** The button a preview or test mail shows: the template's own words, an example address. */
const exampleButton = (slug: string | null, publicUrl: string) => {
  const label = buttonLabelOf(slug);
  return label ? { label, href: `${publicUrl}/password/change` } : null;
};

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
  const values = { first_name: member.first_name, last_name: member.last_name };
  return {
    template_id: template.id,
    member_id: memberId,
    to: member.email,
    subject: fillTemplate(template.title, values, false),
    html: renderMailHtml(template.content, (html) => fillTemplate(html, values, true), exampleButton(template.slug, publicUrl)),
    from_name: template.from_name ?? sender.name,
    from_email: template.from_email ?? sender.email,
  };
}

/**
 * The placeholders each template may use (by slug; every template knows the member's name).
 * 'button' is not a value: it marks where the server puts the template's secret link.
 */
const NAME_PLACEHOLDERS = ['first_name', 'last_name'];
const PLACEHOLDERS: Record<string, { allowed: string[]; required: string[] }> = {
  'password-reset': { allowed: [...NAME_PLACEHOLDERS, 'button'], required: ['button'] },
  'vipps-welcome': { allowed: [...NAME_PLACEHOLDERS, 'email', 'button'], required: ['button'] },
  'import-welcome': { allowed: [...NAME_PLACEHOLDERS, 'email', 'button'], required: ['button'] },
  'member-card': { allowed: [...NAME_PLACEHOLDERS, 'member_number', 'campaign_code'], required: [] },
  'sign-in-code': { allowed: [...NAME_PLACEHOLDERS, 'code'], required: ['code'] },
  'two-factor-enrolment': { allowed: [...NAME_PLACEHOLDERS, 'button'], required: ['button'] },
  // A new staff user: the role they were given, the address they sign in with, and the link to choose a password.
  'staff-invitation': { allowed: [...NAME_PLACEHOLDERS, 'role', 'email', 'button'], required: ['button'] },
  'recovery-code-used': { allowed: [...NAME_PLACEHOLDERS, 'remaining'], required: [] },
  // The invoice's PDF is attached by the server; the text says what to pay.
  invoice: { allowed: [...NAME_PLACEHOLDERS, 'invoice_number', 'total', 'due_date', 'kid', 'account_number'], required: [] },
  // The reminders say what is still to pay; the lapse mail also until when the covers hold.
  'invoice-reminder-1': { allowed: [...NAME_PLACEHOLDERS, 'invoice_number', 'total', 'due_date', 'kid', 'account_number'], required: [] },
  'invoice-reminder-2': { allowed: [...NAME_PLACEHOLDERS, 'invoice_number', 'total', 'due_date', 'kid', 'account_number'], required: [] },
  'membership-lapsed': { allowed: [...NAME_PLACEHOLDERS, 'invoice_number', 'total', 'due_date', 'covered_until'], required: [] },
  // A charge on the member's Vipps agreement failed: the invoice is mailed instead.
  'vipps-charge-failed': { allowed: [...NAME_PLACEHOLDERS, 'invoice_number', 'total', 'due_date', 'kid', 'account_number'], required: [] },
  // A claim: the member's copy (the packet's zip attached by the server) and each change of its state with staff's note.
  'claim-received': { allowed: [...NAME_PLACEHOLDERS, 'instrument', 'claim_number', 'insurer'], required: [] },
  'claim-updated': { allowed: [...NAME_PLACEHOLDERS, 'instrument', 'claim_number', 'state', 'note'], required: [] },
  // To the office, not a member: how many, the day, and {members}, where the server puts its table of them.
  'membership-lapsed-staff': { allowed: ['count', 'date', 'members'], required: ['members'] },
};

/** Where the server puts the table of members; like {button}, only in the text. */
const MEMBERS_IN_TITLE = '{members} kan bare stå i innholdet, ikke i emnet.';

export const BUTTON_MESSAGES = {
  missing: `Malen må inneholde ${BUTTON_MARKER} i teksten: der setter systemet inn knappen med lenken.`,
  inAttribute: `${BUTTON_MARKER} kan bare stå i teksten, ikke i en lenke, et bilde eller en stil.`,
  inTitle: `${BUTTON_MARKER} kan bare stå i innholdet, ikke i emnet.`,
} as const;
const placeholdersOf = (slug: string | null) => PLACEHOLDERS[slug ?? ''] ?? { allowed: NAME_PLACEHOLDERS, required: [] };

/** Example values for a test mail of a template whose placeholders are more than the name. */
const EXAMPLE_VALUES = (): Record<string, string> => ({
  email: 'medlem@example.no',
  role: 'Saksbehandler',
  member_number: '10001',
  campaign_code: 'EKSEMPEL',
  code: '123456',
  remaining: '9',
  invoice_number: '1001',
  total: 'kr 1 290,00',
  due_date: '31.01.2027',
  kid: '00123 45678 90123',
  account_number: '1503.12.34562',
  covered_until: '31.12.2026',
  count: '1',
  date: '01.03.2027',
  members: 'Medlemsnr. 10001, Kari Nordmann, faktura 1001, kr 1 290,00',
  instrument: 'Fender Stratocaster',
  claim_number: '42',
  insurer: 'Demo Forsikring ASA',
  state: 'Under behandling',
  note: 'Vi har bedt forsikringsselskapet om en vurdering og svarer deg så snart vi har den.',
});

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
      errors[field] = [
        `Ukjent plassholder: ${unknown.map((name) => `{${name}}`).join(', ')}. Tillatt: ${allowed.map((name) => `{${name}}`).join(', ')}`,
      ];
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
  const [staff] = await db.query<{ email: string; first_name: string; last_name: string }>(
    'SELECT email, first_name, last_name FROM accounts WHERE id = $1',
    [staffId],
  );
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
      html: renderMailHtml(template.content, (html) => fillTemplate(html, values, true), exampleButton(template.slug, publicUrl)),
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

/**
 * Sending e-mail: the template is filled in and the message is written to the message log as
 * queued, with a job for the queue's worker, in the caller's transaction. The job names only the
 * message. A secret (a reset link, a code) goes in the body as sent, kept in message_secrets until
 * the worker has sent it: the logged copy, which staff read, shows it removed.
 */
import type { Database, Queryable } from '../../db/database.ts';
import { logAndQueueMany } from './log-many.ts';
import { MAIL_QUEUE, SMS_QUEUE, type MessageJob, type Outbox } from './outbox.ts';
import { escapeHtml } from '../../lib/html.ts';
import { renderMailHtml, sanitizeMailHtml, withMinSideLink, type MailButton } from '../../lib/mail-html.ts';

export interface Template {
  title: string;
  content: string;
  /** Null: the portal's sender (MAIL_FROM_NAME / MAIL_FROM_EMAIL). */
  from_name: string | null;
  from_email: string | null;
}

/** What the logged copy shows in place of a secret. */
export const SECRET_REMOVED = '[lenke fjernet]';

/** Fills {first_name}, {last_name} and the like; values are escaped as text. */
export function fillTemplate(text: string, values: Record<string, string>, escape: boolean): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) return whole;
    return escape ? escapeHtml(value) : value;
  });
}

export async function templateBySlug(db: Queryable, slug: string): Promise<Template> {
  const [template] = await db.query<Template>('SELECT title, content, from_name, from_email FROM email_templates WHERE slug = $1', [slug], { prepare: true });
  if (!template) throw new Error(`E-postmalen «${slug}» finnes ikke`);
  return template;
}

const MADE = Symbol('the body as templateMail made it');

export interface OutgoingMail {
  to: string;
  subject: string;
  /** The body as logged. */
  html: string;
  /** The body as sent, when it differs from the logged one by a secret. */
  secretHtml?: string;
  /** Null: the portal's sender from the settings. */
  fromName: string | null;
  fromEmail: string | null;
  memberId: number | null;
  senderId: number | null;
  /** The invoice the mail is about (its PDF goes with it when sent). */
  invoiceId?: number | null;
  /** The send to a group the mail belongs to. */
  outreachId?: number | null;
  /** The one-click unsubscribe address the worker puts in List-Unsubscribe (RFC 8058). */
  listUnsubscribe?: string | null;
  /** The body as templateMail made it, sanitised already (see loggedBody). */
  [MADE]?: string;
}

/**
 * The body to log: the one templateMail made stays as it is (its template's text and the values
 * in it were sanitised there, and only the server's own button and link were put in after);
 * anything else, a body a caller changed after (the office's list of lapses) included, is
 * sanitised here.
 */
const loggedBody = (mail: OutgoingMail): string => (mail[MADE] === mail.html ? mail.html : sanitizeMailHtml(mail.html));

/**
 * Logs the mail as queued and queues its sending; answers the message log id. The body is
 * sanitised here, once, and marked so: the message log shows it as stored.
 */
export async function sendMail(db: Queryable, outbox: Outbox, mail: OutgoingMail): Promise<number> {
  const html = loggedBody(mail);
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO message_log (member_id, channel, subject, email_from, from_name, email_to, content, sender_id,
                              delivery, status, attempts, redacted, content_sanitised, invoice_id, outreach_id, list_unsubscribe)
     VALUES ($1, 'email', $2, $3, $4, $5, $6, $7, $8, 'queued', 0, $9, true, $10, $11, $12) RETURNING id`,
    [
      mail.memberId,
      mail.subject,
      mail.fromEmail ?? outbox.from.email,
      mail.fromName ?? outbox.from.name,
      mail.to,
      html,
      mail.senderId,
      outbox.mail,
      mail.secretHtml !== undefined,
      mail.invoiceId ?? null,
      mail.outreachId ?? null,
      mail.listUnsubscribe ?? null,
    ],
  );
  if (mail.secretHtml !== undefined) {
    await db.query('INSERT INTO message_secrets (message_id, body) VALUES ($1, $2)', [row.id, sanitizeMailHtml(mail.secretHtml)]);
  }
  const job: MessageJob = { messageId: row.id };
  await outbox.jobs.send(MAIL_QUEUE, job, db);
  return row.id;
}

/**
 * Many mails without secrets at once (a run's invoices), as sendMail does for one. Answers each
 * logged message's id with the invoice it names, in the order given.
 */
export async function sendMails(db: Queryable, outbox: Outbox, mails: readonly OutgoingMail[]): Promise<{ id: number; invoice_id: number | null }[]> {
  if (mails.some((mail) => mail.secretHtml !== undefined)) throw new Error('En e-post med en hemmelighet sendes én og én (sendMail).');
  const ids = await logAndQueueMany(
    db,
    outbox,
    { name: 'email', queue: MAIL_QUEUE, delivery: outbox.mail },
    mails.map((mail) => ({
      member_id: mail.memberId,
      subject: mail.subject,
      email_from: mail.fromEmail ?? outbox.from.email,
      from_name: mail.fromName ?? outbox.from.name,
      email_to: mail.to,
      content: loggedBody(mail),
      sender_id: mail.senderId,
      content_sanitised: true,
      invoice_id: mail.invoiceId ?? null,
      outreach_id: mail.outreachId ?? null,
      list_unsubscribe: mail.listUnsubscribe ?? null,
    })),
  );
  return ids.map((id, index) => ({ id, invoice_id: mails[index].invoiceId ?? null }));
}

export interface TemplateValues {
  values?: Record<string, string>;
  /**
   * The secret link of the template's button (a reset or welcome link): placed by the server where
   * the template's text has {button}, never filled into the template. The logged copy shows
   * SECRET_REMOVED instead.
   */
  link?: string;
  /**
   * A secret code (an e-mailed sign-in code) for the template's {code}: the sent copy shows it,
   * the logged copy CODE_REMOVED.
   */
  code?: string;
  /** A button that is no secret (a link to a page of Min side, PAGE_BUTTONS), shown in the sent and the logged copy alike. */
  button?: MailButton;
  /** The address of Min side, put where the template has {min_side} (or at the end): the welcome and receipt mails. */
  minSide?: string;
  senderId?: number | null;
}

/** What the logged copy shows in place of a secret code. */
export const CODE_REMOVED = '[kode fjernet]';

/** The words on the button of each template that carries a secret link. */
export const BUTTON_LABELS: Record<string, string> = {
  'password-reset': 'Lag nytt passord',
  'vipps-welcome': 'Velg passord',
  'import-welcome': 'Velg passord',
  'two-factor-enrolment': 'Sett opp totrinnsinnlogging',
  'staff-invitation': 'Velg passord',
};

/** The templates that show the way to Min side ({min_side}): the welcomes and the sign-up receipt. */
export const MIN_SIDE_TEMPLATES = ['registration-received', 'vipps-welcome', 'import-welcome'];

/** The address of Min side, for a template's {min_side}. */
export const minSideAddress = (publicUrl: string): string => `${publicUrl}/profile`;

/**
 * Templates whose {button} is a plain link to a page of Min side (no secret in it): its words and
 * the page, for the member it goes to.
 */
export const PAGE_BUTTONS: Record<string, { label: string; path: (memberId: number) => string }> = {
  'valuation-expiring': { label: 'Last opp ny takst', path: (memberId) => `/profile/edit/instrument-insurance/${memberId}` },
  'valuation-renewal': { label: 'Last opp dokumentasjon', path: (memberId) => `/profile/edit/instrument-insurance/${memberId}` },
};

/** The button's words for a template (by slug), or null when the template has no button. */
export const buttonLabelOf = (slug: string | null): string | null => BUTTON_LABELS[slug ?? ''] ?? null;

/** Sends the template named by `slug` to a member, filling in their name and the given values. */
export async function sendTemplate(db: Queryable, outbox: Outbox, slug: string, recipient: TemplateRecipient, values: TemplateValues = {}): Promise<number> {
  return sendMail(db, outbox, templateMail(await templateBySlug(db, slug), slug, recipient, values));
}

export interface TemplateRecipient {
  id: number | null;
  email: string;
  first_name: string;
  last_name: string;
}

/** The mail a template makes for one recipient (see sendTemplate): what is logged, and what is sent when it has a secret. */
export function templateMail(
  template: Template,
  slug: string,
  recipient: TemplateRecipient,
  { values = {}, link, code, button, minSide, senderId = null }: TemplateValues = {},
): OutgoingMail {
  const shown = { first_name: recipient.first_name, last_name: recipient.last_name, ...values };
  const fill = (html: string) => fillTemplate(html, code === undefined ? shown : { ...shown, code: CODE_REMOVED }, true);
  const fillSecret = (html: string) => fillTemplate(html, code === undefined ? shown : { ...shown, code }, true);
  const label = buttonLabelOf(slug) ?? 'Åpne';
  const secret = link !== undefined || code !== undefined;
  const render = (html: string) => (minSide === undefined ? html : withMinSideLink(html, minSide));
  const html = render(
    renderMailHtml(template.content, fill, link === undefined ? (button ?? null) : `<strong>${escapeHtml(label)}</strong> ${SECRET_REMOVED}`),
  );
  return {
    to: recipient.email,
    subject: fillTemplate(template.title, shown, false),
    html,
    [MADE]: html,
    secretHtml: secret ? render(renderMailHtml(template.content, fillSecret, link === undefined ? (button ?? null) : { label, href: link })) : undefined,
    fromName: template.from_name,
    fromEmail: template.from_email,
    memberId: recipient.id,
    senderId,
  };
}

/** The templates the reject dialogs start from, by kind of request (the spec's ids 1, 2 and 3). */
export const REJECTION_TEMPLATE = { membership: 1, instrument: 2, travel: 3 } as const;

/**
 * Sends a rejection: subject and sender from the kind's template, the body as staff wrote it in
 * the reject dialog (which starts from the same template filled in). Answers the message log id.
 */
export async function sendRejectionMail(
  db: Queryable,
  outbox: Outbox,
  kind: keyof typeof REJECTION_TEMPLATE,
  recipient: { id: number; email: string; first_name: string; last_name: string },
  reasonHtml: string,
  senderId: number,
): Promise<number> {
  const [template] = await db.query<Template>('SELECT title, content, from_name, from_email FROM email_templates WHERE id = $1', [REJECTION_TEMPLATE[kind]]);
  if (!template) throw new Error(`E-postmal ${REJECTION_TEMPLATE[kind]} finnes ikke`);
  const values = { first_name: recipient.first_name, last_name: recipient.last_name };
  return sendMail(db, outbox, {
    to: recipient.email,
    subject: fillTemplate(template.title, values, false),
    html: fillTemplate(reasonHtml, values, true),
    fromName: template.from_name,
    fromEmail: template.from_email,
    memberId: recipient.id,
    senderId,
  });
}

export const RESEND_REFUSED = {
  notFailed: 'Bare meldinger som ikke kunne sendes, kan sendes på nytt.',
  redacted: 'Meldingen inneholdt en lenke eller kode som ikke lagres, og kan ikke sendes på nytt. Be om en ny i stedet.',
} as const;

/**
 * Queues a failed message again; answers null when there is no such message, or the reason
 * it cannot be sent again.
 */
export async function resendMessage(db: Database, outbox: Outbox, id: number): Promise<{ queued: true } | { queued: false; reason: string } | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ channel: 'email' | 'sms'; status: string; redacted: boolean }>(
      'SELECT channel, status, redacted FROM message_log WHERE id = $1 FOR UPDATE',
      [id],
    );
    if (!row) return null;
    if (row.status !== 'failed') return { queued: false as const, reason: RESEND_REFUSED.notFailed };
    if (row.redacted) return { queued: false as const, reason: RESEND_REFUSED.redacted };
    await tx.query("UPDATE message_log SET status = 'queued', error = NULL WHERE id = $1", [id]);
    const job: MessageJob = { messageId: id };
    await outbox.jobs.send(row.channel === 'email' ? MAIL_QUEUE : SMS_QUEUE, job, tx);
    return { queued: true as const };
  });
}

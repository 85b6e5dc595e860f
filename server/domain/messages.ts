/**
 * Sending e-mail: the template is filled in, the mail handed to the transport, and the
 * message log records it with its sender whether or not an outside service took it.
 */
import type { Queryable } from '../db/database.ts';
import type { MailTransport } from '../adapters/mail.ts';
import { escapeHtml, htmlToText, sanitizeRichText } from '../lib/html.ts';

export interface Template {
  title: string;
  content: string;
  from_name: string;
  from_email: string;
}

/** Fills {first_name}, {last_name}, {link} and the like; values are escaped as text. */
export function fillTemplate(text: string, values: Record<string, string>, escape: boolean): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) return whole;
    return escape ? escapeHtml(value) : value;
  });
}

export async function templateBySlug(db: Queryable, slug: string): Promise<Template> {
  const [template] = await db.query<Template>(
    'SELECT title, content, from_name, from_email FROM email_templates WHERE slug = $1',
    [slug],
  );
  if (!template) throw new Error(`E-postmalen «${slug}» finnes ikke`);
  return template;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  fromName: string;
  fromEmail: string;
  memberId: number | null;
  senderId: number | null;
}

/** Delivers and logs; a failed delivery is logged as failed and then thrown. */
export async function sendMail(db: Queryable, transport: MailTransport, mail: OutgoingMail): Promise<void> {
  const html = sanitizeRichText(mail.html);
  let delivery: string = transport.delivery;
  let error: string | null = null;
  try {
    await transport.deliver({ ...mail, html, text: htmlToText(html) });
  } catch (cause) {
    delivery = 'failed';
    error = cause instanceof Error ? cause.message : String(cause);
  }
  await db.query(
    `INSERT INTO message_log (member_id, channel, subject, email_from, from_name, email_to, content, sender_id, delivery, error)
     VALUES ($1, 'email', $2, $3, $4, $5, $6, $7, $8, $9)`,
    [mail.memberId, mail.subject, mail.fromEmail, mail.fromName, mail.to, html, mail.senderId, delivery, error],
  );
  if (error) throw new Error(`E-posten til ${mail.to} kunne ikke sendes: ${error}`);
}

/** Sends the template named by `slug` to a member, filling in their name and the given values. */
export async function sendTemplate(
  db: Queryable,
  transport: MailTransport,
  slug: string,
  recipient: { id: number | null; email: string; first_name: string; last_name: string },
  values: Record<string, string> = {},
  senderId: number | null = null,
): Promise<void> {
  const template = await templateBySlug(db, slug);
  const all = { first_name: recipient.first_name, last_name: recipient.last_name, ...values };
  await sendMail(db, transport, {
    to: recipient.email,
    subject: fillTemplate(template.title, all, false),
    html: fillTemplate(template.content, all, true),
    fromName: template.from_name,
    fromEmail: template.from_email,
    memberId: recipient.id,
    senderId,
  });
}

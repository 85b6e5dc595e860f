/**
 * The workers that send what the request side queued. A message already sent or failed is
 * left alone, so a job that runs twice (a worker killed after the send) does not send twice
 * from the log's point of view. Each attempt is counted; the last one marks the message failed.
 */
import type { Queryable } from '../db/database.ts';
import type { MailAttachment, MailTransport } from '../adapters/mail.ts';
import type { SmsTransport } from '../adapters/sms.ts';
import { mailText, sanitizeMailHtml } from '../lib/mail-html.ts';
import type { JobInfo } from './queue.ts';
import type { MessageJob } from './outbox.ts';

interface QueuedMessage {
  id: number;
  channel: 'email' | 'sms';
  subject: string;
  email_from: string | null;
  from_name: string | null;
  email_to: string;
  content: string;
  invoice_id: number | null;
}

async function queuedMessage(db: Queryable, id: number): Promise<QueuedMessage | null> {
  const [row] = await db.query<QueuedMessage>(
    `SELECT id, channel, subject, email_from, from_name, email_to, content, invoice_id FROM message_log
      WHERE id = $1 AND status = 'queued'`,
    [id],
  );
  return row ?? null;
}

async function attempt(db: Queryable, id: number, job: JobInfo, send: () => Promise<void>): Promise<void> {
  try {
    await send();
  } catch (cause) {
    const error = cause instanceof Error ? cause.message : String(cause);
    const last = job.retryCount >= job.retryLimit;
    await db.query(
      `UPDATE message_log SET attempts = attempts + 1, error = $2, status = CASE WHEN $3 THEN 'failed' ELSE status END
        WHERE id = $1`,
      [id, error, last],
    );
    throw cause;
  }
  await db.query(
    "UPDATE message_log SET attempts = attempts + 1, error = NULL, status = 'sent', sent_at = now() WHERE id = $1",
    [id],
  );
}

/** Makes the file a message that names an invoice carries (its PDF), at send time; null when the invoice is gone. */
export type InvoiceAttachment = (invoiceId: number) => Promise<MailAttachment | null>;

export function mailWorker(db: Queryable, transport: MailTransport, invoiceAttachment?: InvoiceAttachment) {
  return async (data: MessageJob, job: JobInfo): Promise<void> => {
    const message = await queuedMessage(db, data.messageId);
    if (!message) return;
    // Sanitised again on the way out: a message queued before a rule changed loads nothing either.
    const html = sanitizeMailHtml(data.body ?? message.content);
    await attempt(db, message.id, job, async () => {
      // An invoice's mail is never sent without its PDF: a failure to make it is a failed attempt.
      const attachment = message.invoice_id !== null && invoiceAttachment ? await invoiceAttachment(message.invoice_id) : null;
      await transport.deliver({
        to: message.email_to,
        subject: message.subject,
        html,
        text: mailText(html),
        fromName: message.from_name ?? '',
        fromEmail: message.email_from ?? '',
        ...(attachment ? { attachments: [attachment] } : {}),
      });
    });
  };
}

export function smsWorker(db: Queryable, transport: SmsTransport) {
  return async (data: MessageJob, job: JobInfo): Promise<void> => {
    const message = await queuedMessage(db, data.messageId);
    if (!message) return;
    await attempt(db, message.id, job, () => transport.send({ to: message.email_to, text: message.content }));
  };
}

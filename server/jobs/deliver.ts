/**
 * The workers that send what the request side queued. A job names only the message (or a batch's
 * messages, queued together by a run): what to send is read from the message log, and a mail's
 * body with its secret from message_secrets, which is emptied once the mail is sent or has failed
 * for good. A message already sent or failed (or erased) is left alone, so a job that runs twice (a
 * worker killed after the send) does not send twice from the log's point of view. Each attempt is
 * counted; the last one marks the message failed.
 */
import type { Queryable } from '../db/database.ts';
import type { MailAttachment, MailTransport } from '../adapters/mail.ts';
import type { SmsTransport } from '../adapters/sms.ts';
import { mailText, sanitizeMailHtml } from '../lib/mail-html.ts';
import type { JobInfo } from './queue.ts';
import type { MessageBatchJob, MessageJob } from './outbox.ts';
import type { MessageChannel, MessageResult } from '../lib/metrics.ts';

/** Told each attempt's outcome (the metrics); absent: nothing counts. */
export type MessageCount = (channel: MessageChannel, result: MessageResult) => void;
const uncounted: MessageCount = () => undefined;

interface QueuedMessage {
  id: number;
  channel: 'email' | 'sms';
  subject: string;
  email_from: string | null;
  from_name: string | null;
  email_to: string;
  content: string;
  /** The logged copy has a secret removed; `secret` is the body as sent, null once it is gone. */
  redacted: boolean;
  secret: string | null;
  invoice_id: number | null;
  /** The claim whose packet (a zip) the mail carries (migration 045). */
  claim_id: number | null;
  /** A send's optional kind: the one-click unsubscribe address (RFC 8058). */
  list_unsubscribe: string | null;
}

async function queuedMessage(db: Queryable, id: number): Promise<QueuedMessage | null> {
  const [row] = await db.query<QueuedMessage>(
    `SELECT m.id, m.channel, m.subject, m.email_from, m.from_name, m.email_to, m.content, m.redacted, s.body AS secret, m.invoice_id, m.claim_id, m.list_unsubscribe
       FROM message_log m LEFT JOIN message_secrets s ON s.message_id = m.id
      WHERE m.id = $1 AND m.status = 'queued'`,
    [id],
  );
  return row ?? null;
}

/** Why a mail with a secret was not sent: its link was cleaned up (expired) before a send went through. */
export const SECRET_GONE = 'Lenken i meldingen var utløpt før den kunne sendes. Be om en ny.';

async function attempt(db: Queryable, message: QueuedMessage, job: JobInfo, count: MessageCount, send: () => Promise<void>): Promise<void> {
  const id = message.id;
  try {
    await send();
  } catch (cause) {
    const error = cause instanceof Error ? cause.message : String(cause);
    const last = job.retryCount >= job.retryLimit;
    count(message.channel, last ? 'failed' : 'failed_attempt');
    // A message failed for good with a secret is never sent again (staff cannot resend it): the secret goes with the last attempt.
    await db.query(
      `WITH gone AS (DELETE FROM message_secrets WHERE message_id = $1 AND $3::boolean)
       UPDATE message_log SET attempts = attempts + 1, error = $2, status = CASE WHEN $3 THEN 'failed' ELSE status END
        WHERE id = $1`,
      [id, error, last],
    );
    // The queue keeps the error with the job for days: it names the message, not the server's
    // answer, which may quote the address (the message log has it for staff). No `cause` either:
    // pg-boss stores an error's causes with it.
    // eslint-disable-next-line preserve-caught-error
    throw new Error(`Meldingen ${id} ble ikke sendt.`);
  }
  // Sent: the secret has reached its recipient and goes, in the statement that says so.
  await db.query(
    `WITH gone AS (DELETE FROM message_secrets WHERE message_id = $1)
     UPDATE message_log SET attempts = attempts + 1, error = NULL, status = 'sent', sent_at = now() WHERE id = $1`,
    [id],
  );
  count(message.channel, 'sent');
}

/**
 * The headers that let a mail client offer 'unsubscribe' and do it with one POST (RFC 8058): the
 * address in angle brackets, and the body the client POSTs to it.
 */
export const listUnsubscribeHeaders = (address: string): Record<string, string> => ({
  'List-Unsubscribe': `<${address}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

/** Makes the file a message that names an invoice carries (its PDF), at send time; null when the invoice is gone. */
export type InvoiceAttachment = (invoiceId: number) => Promise<MailAttachment | null>;
/** Makes the file a message that names a claim carries (the packet's zip), at send time; null when the claim is gone. */
export type ClaimAttachment = (claimId: number) => Promise<MailAttachment | null>;

/** The makers of the files a logged message names. */
export interface MessageAttachments {
  invoice?: InvoiceAttachment;
  claim?: ClaimAttachment;
}

/**
 * Runs `send` for each message a job names: one, or a batch's. A batch goes on past a message that
 * failed and fails as a whole at the end, so the queue's retry tries again those still queued (a
 * sent one is no longer queued, and is left alone).
 */
function eachMessage(send: (id: number, job: JobInfo) => Promise<void>) {
  return async (data: MessageJob | MessageBatchJob, job: JobInfo): Promise<void> => {
    if (!('messageIds' in data)) return send(data.messageId, job);
    let failed = 0;
    for (const id of data.messageIds) {
      // The queue stopped and has failed the job: the rest goes with its retry, not from here as well.
      if (job.signal?.aborted) throw new Error('Sendingen ble avbrutt da serveren stoppet.');
      try {
        await send(id, job);
      } catch {
        failed += 1;
      }
    }
    if (failed > 0) throw new Error(`${failed} av ${data.messageIds.length} meldinger ble ikke sendt.`);
  };
}

export function mailWorker(db: Queryable, transport: MailTransport, attachments: MessageAttachments = {}, count: MessageCount = uncounted) {
  return eachMessage(async (messageId, job) => {
    const message = await queuedMessage(db, messageId);
    if (!message) return;
    if (message.redacted && message.secret === null) {
      await db.query("UPDATE message_log SET status = 'failed', error = $2 WHERE id = $1", [message.id, SECRET_GONE]);
      return;
    }
    // Sanitised again on the way out: a message queued before a rule changed loads nothing either.
    const html = sanitizeMailHtml(message.secret ?? message.content);
    await attempt(db, message, job, count, async () => {
      // An invoice's mail is never sent without its PDF, nor a claim's without its zip: a failure to make one is a failed attempt.
      const files = [
        message.invoice_id !== null && attachments.invoice ? await attachments.invoice(message.invoice_id) : null,
        message.claim_id !== null && attachments.claim ? await attachments.claim(message.claim_id) : null,
      ].filter((file): file is MailAttachment => file !== null);
      await transport.deliver({
        to: message.email_to,
        subject: message.subject,
        html,
        text: mailText(html),
        fromName: message.from_name ?? '',
        fromEmail: message.email_from ?? '',
        ...(files.length > 0 ? { attachments: files } : {}),
        ...(message.list_unsubscribe ? { headers: listUnsubscribeHeaders(message.list_unsubscribe) } : {}),
      });
    });
  });
}

export function smsWorker(db: Queryable, transport: SmsTransport, count: MessageCount = uncounted) {
  return eachMessage(async (messageId, job) => {
    const message = await queuedMessage(db, messageId);
    if (!message) return;
    await attempt(db, message, job, count, () => transport.send({ to: message.email_to, text: message.content }));
  });
}

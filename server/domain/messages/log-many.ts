/**
 * Many messages at once (a run's invoices, a reminder run's mails and SMS): logged as queued in
 * one statement and queued in another (queueMessages), as sendMail and sendSms do for one.
 */
import type { Queryable } from '../../db/database.ts';
import { queueMessages, type Outbox } from './outbox.ts';

/** One message's row in the message log, as the caller made it. */
export interface LoggedMessage {
  member_id: number | null;
  subject: string;
  email_from: string | null;
  from_name: string | null;
  email_to: string;
  content: string;
  sender_id: number | null;
  /** The body was sanitised before it came here (a mail's; an SMS is text and never is). */
  content_sanitised: boolean;
  invoice_id: number | null;
  outreach_id: number | null;
  /** A mail's List-Unsubscribe address (a send to a group's). */
  list_unsubscribe: string | null;
}

/**
 * Logs the messages of one channel as queued, with the transport the log names, and queues their
 * sending on `queue`; answers each message's log id in the order given. The ids are drawn in a CTE
 * read twice (so taken once: volatile, it is materialised), whatever order the insert goes in.
 */
export async function logAndQueueMany(
  db: Queryable,
  outbox: Outbox,
  channel: { name: 'email' | 'sms'; queue: string; delivery: string },
  messages: readonly LoggedMessage[],
): Promise<number[]> {
  if (messages.length === 0) return [];
  const rows = await db.query<{ id: string }>(
    `WITH m AS (
       SELECT nextval(pg_get_serial_sequence('message_log', 'id')) AS id, r.*
         FROM json_to_recordset($1::json) AS r(member_id int, subject text, email_from text, from_name text, email_to text, content text,
                                               sender_id int, content_sanitised boolean, invoice_id int, outreach_id int, list_unsubscribe text,
                                               n int)
     ), logged AS (
       INSERT INTO message_log (id, member_id, channel, subject, email_from, from_name, email_to, content, sender_id,
                                delivery, status, attempts, redacted, content_sanitised, invoice_id, outreach_id, list_unsubscribe)
       SELECT m.id, m.member_id, $2, m.subject, m.email_from, m.from_name, m.email_to, m.content, m.sender_id,
              $3, 'queued', 0, false, m.content_sanitised, m.invoice_id, m.outreach_id, m.list_unsubscribe
         FROM m ORDER BY m.id
     )
     SELECT id::text AS id FROM m ORDER BY n`,
    [JSON.stringify(messages.map((message, n) => ({ ...message, n }))), channel.name, channel.delivery],
    { prepare: true },
  );
  const ids = rows.map((row) => Number(row.id));
  await queueMessages(outbox, channel.queue, ids, db);
  return ids;
}

/** Sending SMS: logged as queued, with a job for the queue's worker, in the caller's transaction. */
import type { Queryable } from '../../db/database.ts';
import { SMS_QUEUE, queueMessages, type MessageJob, type Outbox } from './outbox.ts';

export interface SmsMessage {
  to: string;
  text: string;
  /** What the message log lists it as (the template's title). */
  subject: string;
  memberId: number | null;
  senderId: number | null;
  /** The send to a group the SMS belongs to. */
  outreachId?: number | null;
}

/** Logs the SMS as queued and queues its sending; answers the message log id. */
export async function sendSms(db: Queryable, outbox: Outbox, sms: SmsMessage): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO message_log (member_id, channel, subject, email_to, content, sender_id, delivery, status, attempts, outreach_id)
     VALUES ($1, 'sms', $2, $3, $4, $5, $6, 'queued', 0, $7) RETURNING id`,
    [sms.memberId, sms.subject, sms.to, sms.text, sms.senderId, outbox.sms, sms.outreachId ?? null],
  );
  const job: MessageJob = { messageId: row.id };
  await outbox.jobs.send(SMS_QUEUE, job, db);
  return row.id;
}

/**
 * Many SMS at once (a reminder run's batch): logged in one statement and queued in another, as
 * sendSms does for one. Answers each message's log id, in the order given.
 */
export async function sendSmsMany(db: Queryable, outbox: Outbox, messages: readonly SmsMessage[]): Promise<number[]> {
  if (messages.length === 0) return [];
  // Each message's id is drawn in a CTE read twice (so taken once: volatile, it is materialised) and
  // answered by its place in the list, whatever order the insert goes in.
  const rows = await db.query<{ id: string }>(
    `WITH m AS (
       SELECT nextval(pg_get_serial_sequence('message_log', 'id')) AS id, r.*
         FROM json_to_recordset($1::json) AS r(member_id int, subject text, email_to text, content text, sender_id int, n int)
     ), logged AS (
       INSERT INTO message_log (id, member_id, channel, subject, email_to, content, sender_id, delivery, status, attempts)
       SELECT m.id, m.member_id, 'sms', m.subject, m.email_to, m.content, m.sender_id, $2, 'queued', 0 FROM m ORDER BY m.id
     )
     SELECT id::text AS id FROM m ORDER BY n`,
    [
      JSON.stringify(
        messages.map((sms, n) => ({
          n,
          member_id: sms.memberId,
          subject: sms.subject,
          email_to: sms.to,
          content: sms.text,
          sender_id: sms.senderId,
        })),
      ),
      outbox.sms,
    ],
    { prepare: true },
  );
  const ids = rows.map((row) => Number(row.id));
  await queueMessages(outbox, SMS_QUEUE, ids, db);
  return ids;
}

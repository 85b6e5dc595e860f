/** Sending SMS: logged as queued, with a job for the queue's worker, in the caller's transaction. */
import type { Queryable } from '../../db/database.ts';
import { SMS_QUEUE, type MessageJob, type Outbox } from './outbox.ts';

export interface SmsMessage {
  to: string;
  text: string;
  /** What the message log lists it as (the template's title). */
  subject: string;
  memberId: number | null;
  senderId: number | null;
}

/** Logs the SMS as queued and queues its sending; answers the message log id. */
export async function sendSms(db: Queryable, outbox: Outbox, sms: SmsMessage): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO message_log (member_id, channel, subject, email_to, content, sender_id, delivery, status, attempts)
     VALUES ($1, 'sms', $2, $3, $4, $5, $6, 'queued', 0) RETURNING id`,
    [sms.memberId, sms.subject, sms.to, sms.text, sms.senderId, outbox.sms],
  );
  const job: MessageJob = { messageId: row.id };
  await outbox.jobs.send(SMS_QUEUE, job, db);
  return row.id;
}

/** Sending SMS: logged as queued, with a job for the queue's worker, in the caller's transaction. */
import type { Queryable } from '../../db/database.ts';
import { logAndQueueMany } from './log-many.ts';
import { SMS_QUEUE, type MessageJob, type Outbox } from './outbox.ts';

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

/** Many SMS at once (a reminder run's batch), as sendSms does for one; answers each one's log id, in the order given. */
export function sendSmsMany(db: Queryable, outbox: Outbox, messages: readonly SmsMessage[]): Promise<number[]> {
  return logAndQueueMany(
    db,
    outbox,
    { name: 'sms', queue: SMS_QUEUE, delivery: outbox.sms },
    messages.map((sms) => ({
      member_id: sms.memberId,
      subject: sms.subject,
      email_from: null,
      from_name: null,
      email_to: sms.to,
      content: sms.text,
      sender_id: sms.senderId,
      content_sanitised: false,
      invoice_id: null,
      outreach_id: sms.outreachId ?? null,
      list_unsubscribe: null,
    })),
  );
}

/** Sending SMS: handed to the transport, and recorded in the message log whatever happened. */
import type { Queryable } from '../db/database.ts';
import type { SmsTransport } from '../adapters/sms.ts';

export interface SmsMessage {
  to: string;
  text: string;
  /** What the message log lists it as (the template's title). */
  subject: string;
  memberId: number | null;
  senderId: number | null;
}

/** Delivers and logs; a failed delivery is logged as failed and then thrown. */
export async function sendSms(db: Queryable, transport: SmsTransport, sms: SmsMessage): Promise<void> {
  let delivery: string = transport.delivery;
  let error: string | null = null;
  try {
    await transport.send({ to: sms.to, text: sms.text });
  } catch (cause) {
    delivery = 'failed';
    error = cause instanceof Error ? cause.message : String(cause);
  }
  await db.query(
    `INSERT INTO message_log (member_id, channel, subject, email_to, content, sender_id, delivery, error)
     VALUES ($1, 'sms', $2, $3, $4, $5, $6, $7)`,
    [sms.memberId, sms.subject, sms.to, sms.text, sms.senderId, delivery, error],
  );
  if (error) throw new Error(`SMS til ${sms.to} kunne ikke sendes: ${error}`);
}

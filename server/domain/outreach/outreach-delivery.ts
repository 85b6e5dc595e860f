/**
 * Delivering a started send at the pace the mail server and SMS gateway accept: each run takes
 * the next OUTREACH_MAILS_PER_MINUTE e-mail and OUTREACH_SMS_PER_MINUTE SMS recipients, and queues
 * the next run a minute later until nobody is pending. Each recipient is one transaction: their
 * consent, erasure, block and address are checked again at that moment (a member who said no
 * since the send started is skipped with the reason), their message is logged and queued, and the
 * recipient is marked queued with it. A run killed half-way leaves each recipient either pending
 * or queued with their message, never both, so the next run (the queue retries an expired job)
 * sends nobody twice.
 */
import type { Database, Queryable } from '../../db/database.ts';
import type { Keys } from '../../lib/secret-key.ts';
import { Turns } from '../../lib/turns.ts';
import { norwegianMobile } from '../../lib/phone.ts';
import type { JobSender, Outbox } from '../messages/outbox.ts';
import { sendMail } from '../messages/messages.ts';
import { sendSms } from '../messages/sms.ts';
import { kindLabels } from './consent-kinds.ts';
import { EMAIL_OK, PHONE_OK, exclusionOf } from './outreach-audience.ts';
import { outreachMail, outreachSms, type ContentContext } from './outreach-content.ts';
import { outreachRecord, type OutreachRecord } from './outreach-model.ts';
import { OUTREACH_QUEUE, type OutreachJob } from './outreach-send.ts';

export interface DeliveryContext {
  jobs: JobSender;
  outbox: Outbox;
  publicUrl: string;
  keys: Keys;
  mailsPerMinute: number;
  smsPerMinute: number;
}

/** The recipient's address still usable on their channel now. */
const STILL_REACHABLE = `CASE WHEN r.channel = 'email' AND ${EMAIL_OK} THEN 'email' WHEN r.channel = 'sms' AND ${PHONE_OK} THEN 'sms' END`;

interface Recipient {
  member_id: number;
  channel: 'email' | 'sms';
  email: string;
  phone: string | null;
  first_name: string;
  last_name: string;
  excluded: string | null;
}

/** Makes one recipient's message, or skips them with the reason; false when the send is no longer sending. */
async function deliverOne(
  tx: Queryable,
  outreach: OutreachRecord & { sent_by: number | null },
  memberId: number,
  context: DeliveryContext,
  content: ContentContext,
): Promise<boolean> {
  // Read under the send's lock, so a pause or cancel committed before this point stops it here.
  const [{ state }] = await tx.query<{ state: string }>('SELECT state FROM outreaches WHERE id = $1 FOR SHARE', [outreach.id]);
  if (state !== 'sending') return false;
  const [recipient] = await tx.query<Recipient>(
    `SELECT r.member_id, r.channel, a.email, a.phone, a.first_name, a.last_name, ${exclusionOf(outreach.kind, STILL_REACHABLE)} AS excluded
       FROM outreach_recipients r JOIN accounts a ON a.id = r.member_id
      WHERE r.outreach_id = $1 AND r.member_id = $2 AND r.state = 'pending'
        FOR UPDATE OF r`,
    [outreach.id, memberId],
  );
  // Another run got there first.
  if (!recipient) return true;
  if (recipient.excluded !== null) {
    await tx.query("UPDATE outreach_recipients SET state = 'skipped', reason = $3 WHERE outreach_id = $1 AND member_id = $2", [
      outreach.id,
      memberId,
      recipient.excluded,
    ]);
    return true;
  }
  const person = { id: recipient.member_id, first_name: recipient.first_name, last_name: recipient.last_name };
  let messageId: number;
  if (recipient.channel === 'email') {
    const mail = outreachMail(outreach, person, content);
    messageId = await sendMail(tx, context.outbox, {
      to: recipient.email,
      subject: mail.subject,
      html: mail.html,
      fromName: null,
      fromEmail: null,
      memberId,
      senderId: outreach.sent_by,
      outreachId: outreach.id,
      listUnsubscribe: mail.listUnsubscribe,
    });
  } else {
    messageId = await sendSms(tx, context.outbox, {
      to: norwegianMobile(recipient.phone)!,
      text: outreachSms(outreach, person, content),
      subject: outreach.subject || content.kindLabel,
      memberId,
      senderId: outreach.sent_by,
      outreachId: outreach.id,
    });
  }
  await tx.query("UPDATE outreach_recipients SET state = 'queued', message_id = $3 WHERE outreach_id = $1 AND member_id = $2", [
    outreach.id,
    memberId,
    messageId,
  ]);
  return true;
}

/**
 * One run of a send's delivery (the job OUTREACH_QUEUE). Ends without queueing another when the
 * send is no longer sending, or the job is of an old chain (a pause and resume started a new one).
 */
export async function deliverOutreach(db: Database, context: DeliveryContext, job: OutreachJob): Promise<void> {
  const outreach = await outreachRecord(db, job.outreachId).catch(() => null);
  if (!outreach) return;
  const [current] = await db.query<{ state: string; run: number; sent_by: number | null }>(
    'SELECT state, delivery_run AS run, sent_by FROM outreaches WHERE id = $1',
    [job.outreachId],
  );
  if (current.state !== 'sending' || current.run !== job.run) return;
  // The chain is alive: the scheduled job's watch (restartStalledOutreaches) leaves it alone.
  await db.query('UPDATE outreaches SET last_run_at = now() WHERE id = $1', [job.outreachId]);
  const content: ContentContext = { publicUrl: context.publicUrl, keys: context.keys, kindLabel: (await kindLabels(db))[outreach.kind] };
  const pace = { email: context.mailsPerMinute, sms: context.smsPerMinute };
  const turns = new Turns();
  for (const channel of ['email', 'sms'] as const) {
    const next = await db.query<{ member_id: number }>(
      `SELECT member_id FROM outreach_recipients WHERE outreach_id = $1 AND state = 'pending' AND channel = $2
        ORDER BY member_id LIMIT $3`,
      [outreach.id, channel, pace[channel]],
    );
    for (const { member_id: memberId } of next) {
      const going = await db.transaction((tx) => deliverOne(tx, { ...outreach, sent_by: current.sent_by }, memberId, context, content));
      if (!going) return;
      // A run is a burst of transactions: requests get their turn between them (on the embedded
      // database they share this process and its one connection).
      if (turns.due()) await turns.give();
    }
  }
  await db.transaction(async (tx) => {
    const [left] = await tx.query<{ pending: boolean; state: string; run: number }>(
      `SELECT o.state, o.delivery_run AS run,
              EXISTS (SELECT 1 FROM outreach_recipients r WHERE r.outreach_id = o.id AND r.state = 'pending') AS pending
         FROM outreaches o WHERE o.id = $1 FOR UPDATE`,
      [outreach.id],
    );
    if (left.state !== 'sending' || left.run !== job.run) return;
    if (left.pending) await context.jobs.send(OUTREACH_QUEUE, job, tx, 60);
    else await tx.query("UPDATE outreaches SET state = 'done', finished_at = now(), updated_at = now() WHERE id = $1", [outreach.id]);
  });
}

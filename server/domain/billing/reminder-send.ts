/**
 * Sending reminders: a batch of invoices in one short transaction that locks them and reads their
 * state again, so a payment, a credit or a pause that came after the candidates were read stops
 * the reminder, recorded with its reason, and no message is queued.
 */
import type { Database } from '../../db/database.ts';
import type { Config } from '../../config.ts';
import type { Outbox } from '../messages/outbox.ts';
import { sendSmsMany } from '../messages/sms.ts';
import { sendMails, templateBySlug, templateMail, type OutgoingMail } from '../messages/messages.ts';
import { norwegianMobile } from '../../lib/phone.ts';
import { dottedDate } from './money.ts';
import { invoiceMailValues } from './invoice-mail.ts';
import { OSLO_TODAY, isStateChange, type LockedInvoice } from './invoices.ts';
import { queueLedger } from './tripletex-queue.ts';

export const REMINDER_TEMPLATES = { 1: 'invoice-reminder-1', 2: 'invoice-reminder-2' } as const;

export type ReminderLevel = 1 | 2;

export const STOPPED = {
  paid: 'Stoppet: fakturaen er betalt',
  credited: 'Stoppet: fakturaen er kreditert',
  paused: 'Stoppet: purring er utsatt',
} as const;

const LEVEL_NAME: Record<ReminderLevel, string> = { 1: 'Første purring', 2: 'Andre purring' };

/** What a reminder needs of the settings: the bank account, the ledger, the organisation's name for the SMS. */
export type ReminderConfig = Pick<Config, 'billing' | 'organisationName'>;

export type ReminderOutcome = 'sent' | 'stopped' | 'none';

/** One reminder of one invoice (see remindInvoices). */
export async function remindInvoice(db: Database, outbox: Outbox, config: ReminderConfig, invoiceId: number, level: ReminderLevel): Promise<ReminderOutcome> {
  const [outcome] = await remindInvoices(db, outbox, config, [{ id: invoiceId, level }]);
  return outcome;
}

interface Recipient {
  email: string | null;
  phone: string | null;
  first_name: string | null;
  last_name: string | null;
}

interface Reminded extends LockedInvoice, Recipient {
  paused: boolean;
  paused_until: string | null;
  due_date: string;
  kid: string;
  outstanding: number;
  in_tripletex: boolean;
  /** The highest reminder level the invoice has had, null for none. */
  had: number | null;
}

/**
 * Reminders of a batch of invoices, in one transaction and a fixed handful of statements however
 * many there are: the invoices are locked and read again, so a payment, credit or pause that came
 * after the candidates were read stops its reminder (recorded with its reason, nothing queued);
 * the others' mails and SMS are logged and queued, their reminders recorded and their state moved
 * on together. Answers each candidate's outcome, in order ('none': it has had this reminder, or is gone).
 */
export async function remindInvoices(
  db: Database,
  outbox: Outbox,
  config: ReminderConfig,
  batch: readonly { id: number; level: ReminderLevel }[],
): Promise<ReminderOutcome[]> {
  if (batch.length === 0) return [];
  return db.transaction(async (tx) => {
    const invoices = await tx.query<Omit<Reminded, keyof Recipient>>(
      `SELECT i.id, i.number, i.member_id, i.member_number, i.state, i.total_ore, i.paid_ore, i.credited_ore,
              coalesce(i.reminders_paused_until >= ${OSLO_TODAY}, false) AS paused, i.reminders_paused_until::text AS paused_until,
              i.due_date::text AS due_date, i.kid, greatest(i.total_ore - i.paid_ore - i.credited_ore, 0) AS outstanding,
              (i.tripletex_sent_at IS NOT NULL AND i.tripletex_invoice_id IS NOT NULL) AS in_tripletex,
              (SELECT max(r.level) FROM invoice_reminders r WHERE r.invoice_id = i.id) AS had
         FROM invoices i WHERE i.id = ANY($1::int[]) ORDER BY i.id FOR UPDATE`,
      [batch.map((candidate) => candidate.id)],
      { prepare: true },
    );
    // The members by their keys in a statement of their own: joined in the one above, the planner
    // reads every account for a batch of some hundred invoices.
    const recipients = await tx.query<Recipient & { id: number }>(
      `SELECT a.id, CASE WHEN a.erased_at IS NULL THEN a.email END AS email, CASE WHEN a.erased_at IS NULL THEN a.phone END AS phone,
              a.first_name, a.last_name
         FROM accounts a WHERE a.id = ANY($1::int[])`,
      [[...new Set(invoices.map((invoice) => invoice.member_id))]],
      { prepare: true },
    );
    const recipientOf = new Map(recipients.map(({ id, ...recipient }) => [id, recipient]));
    const byId = new Map<number, Reminded>();
    for (const invoice of invoices) {
      const recipient = recipientOf.get(invoice.member_id);
      if (recipient) byId.set(invoice.id, { ...invoice, ...recipient });
    }
    const outcomes: ReminderOutcome[] = [];
    const reminders: { invoice_id: number; level: number; status: 'sent' | 'stopped'; reason: string | null; tripletex_wanted: boolean; n: number }[] = [];
    const events: { invoice_id: number; from_state: string; to_state: string; reason: string; n: number }[] = [];
    const toSend: { invoice: Reminded; level: ReminderLevel; values: Record<string, string> }[] = [];
    let ledger = false;
    for (const { id, level } of batch) {
      const invoice = byId.get(id);
      if (!invoice || (invoice.had !== null && invoice.had >= level)) {
        outcomes.push('none');
        continue;
      }
      const stopped = invoice.state === 'credited' ? STOPPED.credited : invoice.outstanding === 0 || invoice.state === 'paid' ? STOPPED.paid : null;
      if (stopped) {
        reminders.push({ invoice_id: id, level, status: 'stopped', reason: stopped, tripletex_wanted: false, n: reminders.length });
        events.push({
          invoice_id: id,
          from_state: invoice.state,
          to_state: invoice.state,
          reason: `${LEVEL_NAME[level]} ikke sendt. ${stopped}`,
          n: events.length,
        });
        outcomes.push('stopped');
      } else if (invoice.paused) {
        // Postponed, not dropped: no reminder is recorded, so it goes once the pause has ended.
        events.push({
          invoice_id: id,
          from_state: invoice.state,
          to_state: invoice.state,
          reason: `${LEVEL_NAME[level]} ikke sendt. ${STOPPED.paused} til ${dottedDate(invoice.paused_until ?? '')}`,
          n: events.length,
        });
        outcomes.push('stopped');
      } else if (level === 2 && config.billing.tripletex && invoice.in_tripletex) {
        // Tripletex is the ledger: the second reminder is Tripletex's (:createReminder, by the ledger
        // job, which asks Tripletex once more whether it is paid first), not a mail of ours.
        reminders.push({ invoice_id: id, level, status: 'sent', reason: null, tripletex_wanted: true, n: reminders.length });
        isStateChange(invoice.state, 'reminded');
        events.push({ invoice_id: id, from_state: invoice.state, to_state: 'reminded', reason: `${LEVEL_NAME[level]} sendes fra Tripletex`, n: events.length });
        invoice.state = 'reminded';
        ledger = true;
        outcomes.push('sent');
      } else {
        isStateChange(invoice.state, 'reminded');
        toSend.push({ invoice, level, values: invoiceMailValues(invoice, invoice.outstanding, config.billing.bankAccount) });
        outcomes.push('sent');
      }
    }

    // The mails, one template read per level, logged and queued together; then the SMS.
    const mails: OutgoingMail[] = [];
    for (const level of [1, 2] as const) {
      const ofLevel = toSend.filter((item) => item.level === level && item.invoice.email !== null);
      if (ofLevel.length === 0) continue;
      const template = await templateBySlug(tx, REMINDER_TEMPLATES[level]);
      for (const { invoice, values } of ofLevel) {
        const recipient = { id: invoice.member_id, email: invoice.email!, first_name: invoice.first_name ?? '', last_name: invoice.last_name ?? '' };
        mails.push({ ...templateMail(template, REMINDER_TEMPLATES[level], recipient, { values }), invoiceId: invoice.id });
      }
    }
    const mailed = new Map((await sendMails(tx, outbox, mails)).map((row) => [row.invoice_id, row.id]));
    const texted = toSend.filter((item) => norwegianMobile(item.invoice.phone) !== null);
    const smsIds = await sendSmsMany(
      tx,
      outbox,
      texted.map(({ invoice, level, values }) => ({
        to: norwegianMobile(invoice.phone)!,
        subject: LEVEL_NAME[level],
        text:
          `${LEVEL_NAME[level]}: faktura ${values.invoice_number} på ${values.total} forfalt ${values.due_date} og er ikke betalt. ` +
          `Betal til konto ${values.account_number} med KID ${values.kid}. Hilsen ${config.organisationName}`,
        memberId: invoice.member_id,
        senderId: null,
      })),
    );
    const smsOf = new Map(texted.map((item, index) => [item.invoice.id, smsIds[index]]));
    const sentRows = toSend.map(({ invoice, level }) => {
      const emailId = mailed.get(invoice.id) ?? null;
      const smsId = smsOf.get(invoice.id) ?? null;
      const how = [emailId !== null ? 'e-post' : null, smsId !== null ? 'SMS' : null].filter(Boolean).join(' og ');
      events.push({
        invoice_id: invoice.id,
        from_state: invoice.state,
        to_state: 'reminded',
        n: events.length,
        reason: how ? `${LEVEL_NAME[level]} sendt på ${how}` : `${LEVEL_NAME[level]}: medlemmet har verken e-post eller mobilnummer`,
      });
      invoice.state = 'reminded';
      return { invoice_id: invoice.id, level, email_message_id: emailId, sms_message_id: smsId };
    });

    if (reminders.length > 0 || sentRows.length > 0) {
      await tx.query(
        `INSERT INTO invoice_reminders (invoice_id, level, status, reason, tripletex_wanted, email_message_id, sms_message_id)
         SELECT r.invoice_id, r.level, r.status, r.reason, r.tripletex_wanted, r.email_message_id, r.sms_message_id
           FROM json_to_recordset($1::json) AS r(invoice_id int, level smallint, status text, reason text, tripletex_wanted boolean,
                                                   email_message_id bigint, sms_message_id bigint, n int)
          ORDER BY r.n`,
        [
          JSON.stringify([
            ...reminders.map(({ n, ...row }) => ({ ...row, email_message_id: null, sms_message_id: null, n })),
            ...sentRows.map((row, index) => ({ ...row, status: 'sent', reason: null, tripletex_wanted: false, n: reminders.length + index })),
          ]),
        ],
        { prepare: true },
      );
    }
    const moved = events.filter((event) => event.to_state === 'reminded').map((event) => event.invoice_id);
    if (moved.length > 0) {
      await tx.query("UPDATE invoices SET state = 'reminded', updated_at = now() WHERE id = ANY($1::int[])", [moved], { prepare: true });
    }
    if (events.length > 0) {
      await tx.query(
        `INSERT INTO invoice_events (invoice_id, from_state, to_state, actor_id, reason)
         SELECT e.invoice_id, e.from_state, e.to_state, NULL, e.reason
           FROM json_to_recordset($1::json) AS e(invoice_id int, from_state text, to_state text, reason text, n int) ORDER BY e.n`,
        [JSON.stringify(events)],
        { prepare: true },
      );
    }
    if (ledger) await queueLedger(outbox.jobs, {}, tx);
    return outcomes;
  });
}

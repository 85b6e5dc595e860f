/**
 * Reminders and lapse. The job finds its candidates in one statement each (open invoices whose
 * reminder or lapse day has come), then handles each candidate in its own short transaction that
 * locks the invoice and reads its state again: a payment, a credit or a pause that came after the
 * candidates were read stops the reminder, recorded with its reason, and no message is queued.
 * invoice_reminders (migration 025) keeps which reminder each invoice has had, once per level.
 */
import type { Database, Queryable } from '../../db/database.ts';
import type { Config } from '../../config.ts';
import type { Outbox } from '../messages/outbox.ts';
import { sendSms } from '../messages/sms.ts';
import { norwegianMobile } from '../../lib/phone.ts';
import { validationFailed } from '../../lib/http-errors.ts';
import { dottedDate, formatKroner } from './money.ts';
import { invoiceMailValues, mailAboutInvoice } from './invoice-mail.ts';
import { OPEN, OSLO_TODAY, changeInvoiceState, loadInvoice, lockInvoice } from './invoices.ts';
import { billingDays } from './settings.ts';
import { recordLapseNotice, tellStaffOfLapses } from './lapse-notice.ts';
import { queueLedger } from './tripletex-queue.ts';
import type { InvoiceDetails } from '../../schemas/billing.ts';

export const REMINDER_QUEUE = 'invoice-reminders';
export const REMINDER_TEMPLATES = { 1: 'invoice-reminder-1', 2: 'invoice-reminder-2' } as const;
export const LAPSE_TEMPLATE = 'membership-lapsed';
export const REMINDERS_STARTED = 'Purringene kjøres nå.';

export type ReminderLevel = 1 | 2;

export const STOPPED = {
  paid: 'Stoppet: fakturaen er betalt',
  credited: 'Stoppet: fakturaen er kreditert',
  paused: 'Stoppet: purring er utsatt',
} as const;

const LEVEL_NAME: Record<ReminderLevel, string> = { 1: 'Første purring', 2: 'Andre purring' };

type BillingConfig = Pick<Config, 'billing' | 'organisationName'>;
/** The run also tells the office (SUPPORT_EMAIL) of the lapses. */
type RunConfig = BillingConfig & Pick<Config, 'supportEmail'>;

/** States a reminder or lapse may follow (a draft was never sent; a lapsed or credited one is done). */
const REMINDABLE = "i.state IN ('sent', 'partly_paid', 'overdue', 'reminded')";
const NOT_PAUSED = `(i.reminders_paused_until IS NULL OR i.reminders_paused_until < ${OSLO_TODAY})`;
/**
 * The day reminders and lapse count from: the due date; for an invoice moved in from another system
 * (the member import's 'Åpne fakturaer'), not before the day it was moved in, so an invoice long
 * overdue there gets its reminders here before it lapses, and never lapses the hour it arrives.
 * The queries keep `i.due_date + days <= today` as well, which the open invoices' index serves.
 */
const COUNT_FROM = "CASE WHEN i.kind = 'imported' THEN greatest(i.due_date, (i.created_at AT TIME ZONE 'Europe/Oslo')::date) ELSE i.due_date END";

/**
 * The reminders due now, in one statement: for each open, unpaused invoice the highest level whose
 * day has come and that it has not had (nor a higher one): an invoice found late gets the second
 * reminder only, not both at once.
 */
export async function reminderCandidates(db: Queryable, config: BillingConfig): Promise<{ id: number; level: ReminderLevel }[]> {
  const days = await billingDays(db, config);
  return db.query<{ id: number; level: ReminderLevel }>(
    `SELECT i.id, CASE WHEN ${COUNT_FROM} + $2::int <= ${OSLO_TODAY} THEN 2 ELSE 1 END AS level
       FROM invoices i
      WHERE ${OPEN} AND ${REMINDABLE} AND ${NOT_PAUSED}
        AND i.due_date + $1::int <= ${OSLO_TODAY} AND ${COUNT_FROM} + $1::int <= ${OSLO_TODAY}
        AND NOT EXISTS (
          SELECT 1 FROM invoice_reminders r
           WHERE r.invoice_id = i.id AND r.level >= CASE WHEN ${COUNT_FROM} + $2::int <= ${OSLO_TODAY} THEN 2 ELSE 1 END)
      ORDER BY i.id`,
    [days.reminder_1_days, days.reminder_2_days],
  );
}

/**
 * One reminder of one invoice, in one transaction: the invoice is locked and read again; paid,
 * credited or paused, the reminder is stopped with its reason and nothing is queued. Answers what
 * happened ('none' when the invoice has had this reminder already).
 */
export async function remindInvoice(
  db: Database, outbox: Outbox, config: BillingConfig, invoiceId: number, level: ReminderLevel,
): Promise<'sent' | 'stopped' | 'none'> {
  return db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, invoiceId);
    const [had] = await tx.query('SELECT 1 FROM invoice_reminders WHERE invoice_id = $1 AND level >= $2', [invoiceId, level]);
    if (had) return 'none';
    const [now] = await tx.query<{ paused: boolean; due_date: string; kid: string; outstanding: number; paused_until: string | null; in_tripletex: boolean }>(
      `SELECT coalesce(i.reminders_paused_until >= ${OSLO_TODAY}, false) AS paused, i.due_date::text AS due_date, i.kid,
              (i.tripletex_sent_at IS NOT NULL AND i.tripletex_invoice_id IS NOT NULL) AS in_tripletex,
              i.reminders_paused_until::text AS paused_until, greatest(i.total_ore - i.paid_ore - i.credited_ore, 0) AS outstanding
         FROM invoices i WHERE i.id = $1`,
      [invoiceId],
    );
    const stopped = invoice.state === 'credited' ? STOPPED.credited
      : now.outstanding === 0 || invoice.state === 'paid' ? STOPPED.paid
        : null;
    if (stopped) {
      await tx.query("INSERT INTO invoice_reminders (invoice_id, level, status, reason) VALUES ($1, $2, 'stopped', $3)", [invoiceId, level, stopped]);
      await historyLine(tx, invoiceId, invoice.state, `${LEVEL_NAME[level]} ikke sendt. ${stopped}`);
      return 'stopped';
    }
    if (now.paused) {
      // Postponed, not dropped: no reminder is recorded, so it goes once the pause has ended.
      await historyLine(tx, invoiceId, invoice.state, `${LEVEL_NAME[level]} ikke sendt. ${STOPPED.paused} til ${dottedDate(now.paused_until ?? '')}`);
      return 'stopped';
    }
    if (level === 2 && config.billing.tripletex && now.in_tripletex) {
      // Tripletex is the ledger: the second reminder is Tripletex's (:createReminder, by the ledger
      // job, which asks Tripletex once more whether it is paid first), not a mail of ours.
      await tx.query(
        "INSERT INTO invoice_reminders (invoice_id, level, status, tripletex_wanted) VALUES ($1, $2, 'sent', true)",
        [invoiceId, level],
      );
      await queueLedger(outbox.jobs, {}, tx);
      await changeInvoiceState(tx, invoice, 'reminded', { actorId: null, reason: `${LEVEL_NAME[level]} sendes fra Tripletex` });
      return 'sent';
    }
    const values = invoiceMailValues({ number: invoice.number, due_date: now.due_date, kid: now.kid }, now.outstanding, config.billing.bankAccount);
    const emailId = await mailAboutInvoice(tx, outbox, REMINDER_TEMPLATES[level], invoiceId, values);
    let smsId: number | null = null;
    const [member] = await tx.query<{ id: number; phone: string | null }>(
      'SELECT id, phone FROM accounts WHERE id = $1 AND erased_at IS NULL',
      [invoice.member_id],
    );
    const mobile = member ? norwegianMobile(member.phone) : null;
    if (mobile) {
      smsId = await sendSms(tx, outbox, {
        to: mobile,
        subject: LEVEL_NAME[level],
        text: `${LEVEL_NAME[level]}: faktura ${values.invoice_number} på ${values.total} forfalt ${values.due_date} og er ikke betalt. `
          + `Betal til konto ${values.account_number} med KID ${values.kid}. Hilsen ${config.organisationName}`,
        memberId: member.id,
        senderId: null,
      });
    }
    await tx.query(
      "INSERT INTO invoice_reminders (invoice_id, level, status, email_message_id, sms_message_id) VALUES ($1, $2, 'sent', $3, $4)",
      [invoiceId, level, emailId, smsId],
    );
    const how = [emailId !== null ? 'e-post' : null, smsId !== null ? 'SMS' : null].filter(Boolean).join(' og ');
    await changeInvoiceState(tx, invoice, 'reminded', {
      actorId: null, reason: how ? `${LEVEL_NAME[level]} sendt på ${how}` : `${LEVEL_NAME[level]}: medlemmet har verken e-post eller mobilnummer`,
    });
    return 'sent';
  });
}

/** A line in the state history that keeps the state (from = to), by the system. */
async function historyLine(tx: Queryable, invoiceId: number, state: string, reason: string) {
  await tx.query(
    'INSERT INTO invoice_events (invoice_id, from_state, to_state, actor_id, reason) VALUES ($1, $2, $2, NULL, $3)',
    [invoiceId, state, reason],
  );
}

/** Open, unpaused invoices whose lapse day has come, in one statement. */
export async function lapseCandidates(db: Queryable, config: BillingConfig): Promise<number[]> {
  const days = await billingDays(db, config);
  const rows = await db.query<{ id: number }>(
    `SELECT i.id FROM invoices i
      WHERE ${OPEN} AND ${REMINDABLE} AND ${NOT_PAUSED} AND i.due_date + $1::int <= ${OSLO_TODAY}
        AND ${COUNT_FROM} + $1::int <= ${OSLO_TODAY}
      ORDER BY i.id`,
    [days.lapse_days],
  );
  return rows.map((row) => row.id);
}

/**
 * Lapse of one invoice, in one transaction: still open and not paused, the invoice becomes
 * 'lapsed', the membership ends today, and each active insurance cover ends at the end of the
 * period a paid invoice covered (today when none did); the member is told by mail, and a notice
 * for staff is written (sent by the run's end: lapse-notice.ts).
 */
export async function lapseInvoice(db: Database, outbox: Outbox, invoiceId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, invoiceId);
    const [now] = await tx.query<{ open: boolean; due_date: string; outstanding: number }>(
      `SELECT (${OPEN} AND ${REMINDABLE} AND ${NOT_PAUSED}) AS open, i.due_date::text AS due_date,
              greatest(i.total_ore - i.paid_ore - i.credited_ore, 0) AS outstanding
         FROM invoices i WHERE i.id = $1`,
      [invoiceId],
    );
    if (!now.open) return false;
    await changeInvoiceState(tx, invoice, 'lapsed', { actorId: null, reason: 'Ikke betalt: medlemskapet er avsluttet og forsikringene opphører' });
    await tx.query(
      `UPDATE subscriptions SET state = 'ended', updated_at = now(),
              subscription_end = greatest(${OSLO_TODAY}, coalesce(subscription_start, ${OSLO_TODAY}))
        WHERE member_id = $1 AND kind = 'membership' AND state = 'active'`,
      [invoice.member_id],
    );
    const covers = await tx.query<{ covered_until: string }>(
      `UPDATE subscriptions s SET updated_at = now(),
              subscription_end = e.covered_until,
              state = CASE WHEN e.covered_until <= ${OSLO_TODAY} THEN 'ended' ELSE s.state END
         FROM (SELECT c.id, greatest(coalesce(c.subscription_start, ${OSLO_TODAY}), coalesce(
                 (SELECT max(l.period_to) FROM invoice_lines l JOIN invoices p ON p.id = l.invoice_id
                   WHERE l.subscription_id = c.id AND p.state = 'paid'), ${OSLO_TODAY})) AS covered_until
                 FROM subscriptions c
                WHERE c.member_id = $1 AND c.kind IN ('travel', 'instrument') AND c.state = 'active') e
        WHERE s.id = e.id
        RETURNING e.covered_until::text AS covered_until`,
      [invoice.member_id],
    );
    const [today] = await tx.query<{ today: string }>(`SELECT ${OSLO_TODAY}::text AS today`);
    const coveredUntil = covers.map((cover) => cover.covered_until).sort().at(-1) ?? today.today;
    await mailAboutInvoice(tx, outbox, LAPSE_TEMPLATE, invoiceId, {
      invoice_number: String(invoice.number),
      total: formatKroner(now.outstanding),
      due_date: dottedDate(now.due_date),
      covered_until: dottedDate(coveredUntil),
    });
    await recordLapseNotice(tx, invoiceId, now.outstanding);
    return true;
  });
}

/**
 * The job: lapse first (an invoice that lapses gets no reminder), then one mail to the office with
 * every lapse not yet told (none without one), then the reminders.
 */
export async function runReminders(db: Database, outbox: Outbox, config: RunConfig) {
  const result = { sent: 0, stopped: 0, lapsed: 0, staffTold: false };
  for (const id of await lapseCandidates(db, config)) {
    if (await lapseInvoice(db, outbox, id)) result.lapsed++;
  }
  result.staffTold = (await tellStaffOfLapses(db, outbox, config.supportEmail)) !== null;
  for (const candidate of await reminderCandidates(db, config)) {
    const outcome = await remindInvoice(db, outbox, config, candidate.id, candidate.level);
    if (outcome !== 'none') result[outcome]++;
  }
  return result;
}

export const PAUSE_ERRORS = {
  untilPast: 'Datoen kan ikke være tilbake i tid.',
  untilTooLate: 'Purring kan utsettes høyst ett år frem i tid.',
  reasonRequired: 'Skriv hvorfor purringen utsettes.',
} as const;

/**
 * Staff pause the invoice's reminders (and its lapse) until a date, with a reason: kept on the
 * invoice and as a line in its state history.
 */
export async function pauseReminders(
  db: Database, invoiceId: number, body: { until: string; reason: string }, staffId: number,
): Promise<InvoiceDetails> {
  const reason = body.reason.trim();
  const [check] = await db.query<{ past: boolean; too_late: boolean }>(
    `SELECT $1::date < ${OSLO_TODAY} AS past, $1::date > ${OSLO_TODAY} + interval '1 year' AS too_late`,
    [body.until],
  );
  const errors: Record<string, string[]> = {};
  if (check.past) errors.until = [PAUSE_ERRORS.untilPast];
  else if (check.too_late) errors.until = [PAUSE_ERRORS.untilTooLate];
  if (reason === '') errors.reason = [PAUSE_ERRORS.reasonRequired];
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  await db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, invoiceId);
    await tx.query('UPDATE invoices SET reminders_paused_until = $2, reminders_paused_reason = $3, updated_at = now() WHERE id = $1', [
      invoiceId, body.until, reason,
    ]);
    await tx.query(
      'INSERT INTO invoice_events (invoice_id, from_state, to_state, actor_id, reason) VALUES ($1, $2, $2, $3, $4)',
      [invoiceId, invoice.state, staffId, `Purring utsatt til ${dottedDate(body.until)}: ${reason}`],
    );
  });
  const details = await loadInvoice(db, invoiceId);
  if (!details) throw new Error('invoice gone');
  return details;
}

/**
 * Reminders and lapse. The job finds its candidates in one statement each (open invoices whose
 * reminder or lapse day has come), then handles the reminders in batches, each a short transaction
 * that locks its invoices and reads their state again (and each lapse in its own): a payment, a credit or a pause that came after the
 * candidates were read stops the reminder, recorded with its reason, and no message is queued.
 * invoice_reminders (migration 025) keeps which reminder each invoice has had, once per level.
 */
import type { Database, Queryable } from '../../db/database.ts';
import type { Config } from '../../config.ts';
import type { Outbox } from '../messages/outbox.ts';
import { setTimeout } from 'node:timers/promises';
import { sendSmsMany } from '../messages/sms.ts';
import { sendMails, templateBySlug, templateMail, type OutgoingMail } from '../messages/messages.ts';
import { norwegianMobile } from '../../lib/phone.ts';
import { validationFailed } from '../../lib/http-errors.ts';
import { dottedDate, formatKroner } from './money.ts';
import { invoiceMailValues, mailAboutInvoice } from './invoice-mail.ts';
import { OPEN, OSLO_TODAY, changeInvoiceState, isStateChange, loadInvoice, lockInvoice, type LockedInvoice } from './invoices.ts';
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

export type ReminderOutcome = 'sent' | 'stopped' | 'none';

/**
 * Reminders handled per transaction. On PGlite a batch holds the one session every request
 * shares, so its batches are small and each is followed by a pause as long.
 */
const REMINDER_BATCH = { postgres: 500, pglite: 50 };

/** One reminder of one invoice (see remindInvoices). */
export async function remindInvoice(
  db: Database, outbox: Outbox, config: BillingConfig, invoiceId: number, level: ReminderLevel,
): Promise<ReminderOutcome> {
  const [outcome] = await remindInvoices(db, outbox, config, [{ id: invoiceId, level }]);
  return outcome;
}

interface Reminded extends LockedInvoice {
  paused: boolean;
  paused_until: string | null;
  due_date: string;
  kid: string;
  outstanding: number;
  in_tripletex: boolean;
  /** The highest reminder level the invoice has had, null for none. */
  had: number | null;
  email: string | null;
  phone: string | null;
  first_name: string | null;
  last_name: string | null;
}

/**
 * Reminders of a batch of invoices, in one transaction and a fixed handful of statements however
 * many there are: the invoices are locked and read again, so a payment, credit or pause that came
 * after the candidates were read stops its reminder (recorded with its reason, nothing queued);
 * the others' mails and SMS are logged and queued, their reminders recorded and their state moved
 * on together. Answers each candidate's outcome, in order ('none': it has had this reminder, or is gone).
 */
export async function remindInvoices(
  db: Database, outbox: Outbox, config: BillingConfig, batch: readonly { id: number; level: ReminderLevel }[],
): Promise<ReminderOutcome[]> {
  if (batch.length === 0) return [];
  return db.transaction(async (tx) => {
    const rows = await tx.query<Reminded>(
      `SELECT i.id, i.number, i.member_id, i.member_number, i.state, i.total_ore, i.paid_ore, i.credited_ore,
              coalesce(i.reminders_paused_until >= ${OSLO_TODAY}, false) AS paused, i.reminders_paused_until::text AS paused_until,
              i.due_date::text AS due_date, i.kid, greatest(i.total_ore - i.paid_ore - i.credited_ore, 0) AS outstanding,
              (i.tripletex_sent_at IS NOT NULL AND i.tripletex_invoice_id IS NOT NULL) AS in_tripletex,
              (SELECT max(r.level) FROM invoice_reminders r WHERE r.invoice_id = i.id) AS had,
              CASE WHEN a.erased_at IS NULL THEN a.email END AS email, CASE WHEN a.erased_at IS NULL THEN a.phone END AS phone,
              a.first_name, a.last_name
         FROM invoices i JOIN accounts a ON a.id = i.member_id
        WHERE i.id = ANY($1::int[]) ORDER BY i.id FOR UPDATE OF i`,
      [batch.map((candidate) => candidate.id)],
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
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
      const stopped = invoice.state === 'credited' ? STOPPED.credited
        : invoice.outstanding === 0 || invoice.state === 'paid' ? STOPPED.paid
          : null;
      if (stopped) {
        reminders.push({ invoice_id: id, level, status: 'stopped', reason: stopped, tripletex_wanted: false, n: reminders.length });
        events.push({ invoice_id: id, from_state: invoice.state, to_state: invoice.state, reason: `${LEVEL_NAME[level]} ikke sendt. ${stopped}`, n: events.length });
        outcomes.push('stopped');
      } else if (invoice.paused) {
        // Postponed, not dropped: no reminder is recorded, so it goes once the pause has ended.
        events.push({
          invoice_id: id, from_state: invoice.state, to_state: invoice.state,
          reason: `${LEVEL_NAME[level]} ikke sendt. ${STOPPED.paused} til ${dottedDate(invoice.paused_until ?? '')}`, n: events.length,
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
    const smsIds = await sendSmsMany(tx, outbox, texted.map(({ invoice, level, values }) => ({
      to: norwegianMobile(invoice.phone)!,
      subject: LEVEL_NAME[level],
      text: `${LEVEL_NAME[level]}: faktura ${values.invoice_number} på ${values.total} forfalt ${values.due_date} og er ikke betalt. `
        + `Betal til konto ${values.account_number} med KID ${values.kid}. Hilsen ${config.organisationName}`,
      memberId: invoice.member_id,
      senderId: null,
    })));
    const smsOf = new Map(texted.map((item, index) => [item.invoice.id, smsIds[index]]));
    const sentRows = toSend.map(({ invoice, level }) => {
      const emailId = mailed.get(invoice.id) ?? null;
      const smsId = smsOf.get(invoice.id) ?? null;
      const how = [emailId !== null ? 'e-post' : null, smsId !== null ? 'SMS' : null].filter(Boolean).join(' og ');
      events.push({
        invoice_id: invoice.id, from_state: invoice.state, to_state: 'reminded', n: events.length,
        reason: how ? `${LEVEL_NAME[level]} sendt på ${how}` : `${LEVEL_NAME[level]}: medlemmet har verken e-post eller mobilnummer`,
      });
      invoice.state = 'reminded';
      return { invoice_id: invoice.id, level, email_message_id: emailId, sms_message_id: smsId };
    });

    if (reminders.length > 0 || sentRows.length > 0) {
      await tx.query(
        `INSERT INTO invoice_reminders (invoice_id, level, status, reason, tripletex_wanted, email_message_id, sms_message_id)
         SELECT r.invoice_id, r.level, r.status, r.reason, r.tripletex_wanted, r.email_message_id, r.sms_message_id
           FROM jsonb_to_recordset($1::jsonb) AS r(invoice_id int, level smallint, status text, reason text, tripletex_wanted boolean,
                                                   email_message_id bigint, sms_message_id bigint, n int)
          ORDER BY r.n`,
        [JSON.stringify([
          ...reminders.map(({ n, ...row }) => ({ ...row, email_message_id: null, sms_message_id: null, n })),
          ...sentRows.map((row, index) => ({ ...row, status: 'sent', reason: null, tripletex_wanted: false, n: reminders.length + index })),
        ])],
      );
    }
    const moved = events.filter((event) => event.to_state === 'reminded').map((event) => event.invoice_id);
    if (moved.length > 0) {
      await tx.query("UPDATE invoices SET state = 'reminded', updated_at = now() WHERE id = ANY($1::int[])", [moved]);
    }
    if (events.length > 0) {
      await tx.query(
        `INSERT INTO invoice_events (invoice_id, from_state, to_state, actor_id, reason)
         SELECT e.invoice_id, e.from_state, e.to_state, NULL, e.reason
           FROM jsonb_to_recordset($1::jsonb) AS e(invoice_id int, from_state text, to_state text, reason text, n int) ORDER BY e.n`,
        [JSON.stringify(events)],
      );
    }
    if (ledger) await queueLedger(outbox.jobs, {}, tx);
    return outcomes;
  });
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
  const candidates = await reminderCandidates(db, config);
  const size = REMINDER_BATCH[db.kind];
  for (let start = 0; start < candidates.length; start += size) {
    const started = performance.now();
    for (const outcome of await remindInvoices(db, outbox, config, candidates.slice(start, start + size))) {
      if (outcome !== 'none') result[outcome]++;
    }
    // On PGlite, the requests waiting for its one session have as long as the batch took.
    if (db.kind === 'pglite' && start + size < candidates.length) await setTimeout(performance.now() - started);
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

/**
 * Reminders and lapse. The job finds its candidates in one statement each (open invoices whose
 * reminder or lapse day has come), then handles the reminders in batches, each a short transaction
 * that locks its invoices and reads their state again (and each lapse in its own): a payment, a credit or a pause that came after the
 * candidates were read stops the reminder, recorded with its reason, and no message is queued.
 * invoice_reminders (migration 025) keeps which reminder each invoice has had, once per level.
 *
 * This file finds the candidates, lapses and runs the job; sending a batch of reminders
 * (reminder-send.ts) and staff's pause (reminder-pause.ts) are files of their own, re-exported here.
 */
import type { Database, Queryable } from '../../db/database.ts';
import type { Config } from '../../config.ts';
import type { Outbox } from '../messages/outbox.ts';
import { inSteps } from '../../db/step-aside.ts';
import { dottedDate, formatKroner } from './money.ts';
import { mailAboutInvoice } from './invoice-mail.ts';
import { OPEN, OSLO_TODAY, changeInvoiceState, lockInvoice } from './invoices.ts';
import { billingDays } from './settings.ts';
import { recordLapseNotice, tellStaffOfLapses } from './lapse-notice.ts';
import { remindInvoices, type ReminderConfig, type ReminderLevel } from './reminder-send.ts';

export { REMINDER_TEMPLATES, remindInvoice, remindInvoices, STOPPED, type ReminderLevel, type ReminderOutcome } from './reminder-send.ts';
export { PAUSE_ERRORS, pauseReminders } from './reminder-pause.ts';

export const REMINDER_QUEUE = 'invoice-reminders';
export const LAPSE_TEMPLATE = 'membership-lapsed';
export const REMINDERS_STARTED = 'Purringene kjøres nå.';

/** The run also tells the office (SUPPORT_EMAIL) of the lapses. */
type RunConfig = ReminderConfig & Pick<Config, 'supportEmail'>;

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
export async function reminderCandidates(db: Queryable, config: ReminderConfig): Promise<{ id: number; level: ReminderLevel }[]> {
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
 * Reminders handled per transaction. On PGlite a batch holds the one session every request
 * shares, so its batches are small and the requests in flight go first after each.
 */
export const REMINDER_BATCH = { postgres: 500, pglite: 150 };

/** Open, unpaused invoices whose lapse day has come, in one statement. */
export async function lapseCandidates(db: Queryable, config: ReminderConfig): Promise<number[]> {
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
    const coveredUntil =
      covers
        .map((cover) => cover.covered_until)
        .sort()
        .at(-1) ?? today.today;
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
  let start = 0;
  // On PGlite, the requests in flight get its one session first after each batch.
  await inSteps(db, { pauseOnPostgres: false }, async () => {
    if (start >= candidates.length) return false;
    for (const outcome of await remindInvoices(db, outbox, config, candidates.slice(start, start + size))) {
      if (outcome !== 'none') result[outcome]++;
    }
    start += size;
    return start < candidates.length;
  });
  return result;
}

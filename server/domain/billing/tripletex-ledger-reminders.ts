import type { Database } from '../../db/database.ts';
import { paymentState, type TripletexSession } from '../../adapters/tripletex.ts';
import { todayInOslo } from '../shared/oslo-date.ts';
import { historyLine, type Keep, type LedgerResult, type Succeeded } from './tripletex-ledger-common.ts';
import { applyStatus } from './tripletex-ledger-read-back.ts';

/**
 * The second reminders the reminder job handed to Tripletex: made there (type REMINDER by e-mail,
 * no fee) unless Tripletex says the invoice is paid by now, which is booked and stops the reminder.
 */
export async function makeReminders(db: Database, session: TripletexSession, result: LedgerResult, keep: Keep, succeeded: Succeeded) {
  const due = await db.query<{ id: number; invoice_id: number; tripletex_invoice_id: number; email: string | null }>(
    `SELECT r.id, r.invoice_id, i.tripletex_invoice_id::float8 AS tripletex_invoice_id, a.email
       FROM invoice_reminders r JOIN invoices i ON i.id = r.invoice_id JOIN accounts a ON a.id = i.member_id
      WHERE r.tripletex_wanted AND r.tripletex_reminded_at IS NULL AND r.status = 'sent' AND i.tripletex_invoice_id IS NOT NULL
      ORDER BY r.id`,
  );
  for (const reminder of due) {
    try {
      const remote = await session.getInvoice(reminder.tripletex_invoice_id);
      await applyStatus(db, reminder.invoice_id, remote);
      const [now] = await db.query<{ open: boolean }>(
        "SELECT (state <> 'credited' AND total_ore > paid_ore + credited_ore) AS open FROM invoices WHERE id = $1",
        [reminder.invoice_id],
      );
      if (!now.open || paymentState(remote).state === 'paid' || remote.isCredited) {
        await db.query("UPDATE invoice_reminders SET status = 'stopped', reason = $2 WHERE id = $1", [reminder.id, 'Stoppet: fakturaen er betalt']);
        await historyLine(db, reminder.invoice_id, 'Andre purring ikke sendt fra Tripletex. Stoppet: fakturaen er betalt');
        succeeded(reminder.invoice_id);
        continue;
      }
      await session.createReminder(reminder.tripletex_invoice_id, {
        type: 'REMINDER',
        date: todayInOslo(),
        dispatchType: 'EMAIL',
        includeCharge: false,
        ...(reminder.email ? { email: reminder.email } : {}),
      });
      await db.query('UPDATE invoice_reminders SET tripletex_reminded_at = now() WHERE id = $1', [reminder.id]);
      await historyLine(db, reminder.invoice_id, 'Andre purring sendt fra Tripletex (e-post)');
      result.remindersMade++;
      succeeded(reminder.invoice_id);
    } catch (error) {
      keep(reminder.invoice_id, 'Purringen kunne ikke lages i Tripletex', error);
    }
  }
}

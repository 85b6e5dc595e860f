/** Staff pause an invoice's reminders (and its lapse) until a date, with a reason. */
import type { Database } from '../../db/database.ts';
import { validationFailed } from '../../lib/http-errors.ts';
import { dottedDate } from './money.ts';
import { OSLO_TODAY, loadInvoice, lockInvoice } from './invoices.ts';
import type { InvoiceDetails } from '../../schemas/billing.ts';

export const PAUSE_ERRORS = {
  untilPast: 'Datoen kan ikke være tilbake i tid.',
  untilTooLate: 'Purring kan utsettes høyst ett år frem i tid.',
  reasonRequired: 'Skriv hvorfor purringen utsettes.',
} as const;

/**
 * Staff pause the invoice's reminders (and its lapse) until a date, with a reason: kept on the
 * invoice and as a line in its state history.
 */
export async function pauseReminders(db: Database, invoiceId: number, body: { until: string; reason: string }, staffId: number): Promise<InvoiceDetails> {
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
      invoiceId,
      body.until,
      reason,
    ]);
    await tx.query('INSERT INTO invoice_events (invoice_id, from_state, to_state, actor_id, reason) VALUES ($1, $2, $2, $3, $4)', [
      invoiceId,
      invoice.state,
      staffId,
      `Purring utsatt til ${dottedDate(body.until)}: ${reason}`,
    ]);
  });
  const details = await loadInvoice(db, invoiceId);
  if (!details) throw new Error('invoice gone');
  return details;
}

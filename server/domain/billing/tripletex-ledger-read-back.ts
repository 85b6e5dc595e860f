import type { Database } from '../../db/database.ts';
import { paymentState, TripletexError, type TripletexInvoice, type TripletexSession } from '../../adapters/tripletex.ts';
import { todayInOslo } from '../shared/oslo-date.ts';
import { lockInvoice } from './invoices.ts';
import { bookPayment, outstandingOf } from './payments.ts';
import { RateLimited, renewLease, STEP, type Keep, type LedgerResult, type Succeeded } from './tripletex-ledger-common.ts';

interface Open {
  id: number;
  invoice_date: string;
  tripletex_invoice_id: number;
}

/**
 * The open invoices sent by Tripletex, read back a step at a time (one search over the step's
 * invoice dates, an invoice not found in it read by id), each applied in its own transaction.
 */
export async function readBack(db: Database, session: TripletexSession, result: LedgerResult, keep: Keep, succeeded: Succeeded) {
  for (let after = { date: '0001-01-01', id: 0 }; ;) {
    const open = await db.query<Open>(
      `SELECT i.id, i.invoice_date::text AS invoice_date, i.tripletex_invoice_id::float8 AS tripletex_invoice_id
         FROM invoices i
        WHERE i.tripletex_sent_at IS NOT NULL AND i.tripletex_invoice_id IS NOT NULL
          AND i.state NOT IN ('credited', 'draft') AND i.total_ore > i.paid_ore + i.credited_ore
          AND (i.invoice_date, i.id) > ($1::date, $2::int)
        ORDER BY i.invoice_date, i.id LIMIT ${STEP}`,
      [after.date, after.id],
    );
    if (open.length === 0) return;
    const last = open[open.length - 1];
    after = { date: last.invoice_date, id: last.id };
    await renewLease(db);
    let found = new Map<number, TripletexInvoice>();
    try {
      const next = new Date(Date.parse(`${last.invoice_date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      const read = await session.searchInvoices({ invoiceDateFrom: open[0].invoice_date, invoiceDateTo: next });
      found = new Map(read.map((invoice) => [invoice.id, invoice]));
    } catch (error) {
      if (!(error instanceof TripletexError)) throw error;
      if (error.status === 429) throw new RateLimited(error.retryAfterMs ?? 60_000);
      // The search failed: each invoice is read by itself below.
    }
    for (const invoice of open) {
      try {
        const remote = found.get(invoice.tripletex_invoice_id) ?? (await session.getInvoice(invoice.tripletex_invoice_id));
        if (await applyStatus(db, invoice.id, remote)) result.paymentsBooked++;
        succeeded(invoice.id);
      } catch (error) {
        keep(invoice.id, 'Statusen kunne ikke leses fra Tripletex', error);
      }
    }
  }
}

/**
 * What Tripletex says of one invoice, applied: what it has been paid beyond the payments it knows
 * from us (ours registered there, and those read back before) is booked as a payment 'tripletex',
 * at most what is outstanding here. Its source names the invoice and what was paid in all, so the
 * same read twice books once. Answers whether a payment was booked.
 */
export async function applyStatus(db: Database, invoiceId: number, remote: TripletexInvoice): Promise<boolean> {
  return db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, invoiceId);
    await tx.query('UPDATE invoices SET tripletex_read_at = now() WHERE id = $1', [invoiceId]);
    if (invoice.state === 'credited' || invoice.state === 'draft') return false;
    const [known] = await tx.query<{ paid: number; credited: number }>(
      `SELECT (SELECT coalesce(sum(amount_ore), 0)::int FROM invoice_payments
                WHERE invoice_id = $1 AND (method = 'tripletex' OR tripletex_registered_at IS NOT NULL)) AS paid,
              (SELECT coalesce(sum(amount_ore), 0)::int FROM invoice_credits
                WHERE invoice_id = $1 AND tripletex_credit_note_id IS NOT NULL) AS credited`,
      [invoiceId],
    );
    const status = paymentState(remote, known.credited);
    if (status.state === 'credited') return false;
    const amount = Math.min(status.paidOre - known.paid, outstandingOf(invoice));
    if (amount <= 0) return false;
    const booked = await bookPayment(tx, invoice, {
      amountOre: amount,
      paidOn: todayInOslo(),
      method: 'tripletex',
      note: null,
      source: `tripletex:${remote.id}:${status.paidOre}`,
      actorId: null,
    });
    return booked !== null;
  });
}

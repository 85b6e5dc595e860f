/**
 * Payments booked on an invoice: by staff by hand ('Registrer innbetaling'), and later from an OCR
 * file, Vipps or Tripletex through `bookPayment`. A payment that leaves nothing outstanding makes
 * the invoice paid, one that leaves some of it partly paid. Staff cannot book more than is
 * outstanding (a bank's over-payment comes in through the payment file, where it is kept as paid).
 */
import type { Database, Queryable } from '../../db/database.ts';
import { validationFailed } from '../../lib/http-errors.ts';
import type { InvoiceDetails, PaymentBody, PaymentMethod } from '../../schemas/billing.ts';
import { norwegianDate, todayInOslo } from '../shared/oslo-date.ts';
import { changeInvoiceState, loadInvoice, lockInvoice, recordMoneyChange, STATE_REFUSED, type LockedInvoice } from './invoices.ts';
import { formatKroner } from './money.ts';
import { handToLedger } from './tripletex-queue.ts';
import type { JobSender } from '../messages/outbox.ts';
import { conflict } from '../../lib/http-errors.ts';

export const AMOUNT_NOT_POSITIVE = 'Beløpet må være større enn 0.';
export const DATE_IN_FUTURE = 'Datoen kan ikke være fram i tid.';
export const NOTHING_OUTSTANDING = 'Fakturaen har ikke noe utestående.';
export const overOutstanding = (outstandingOre: number) => `Beløpet er større enn utestående (${formatKroner(outstandingOre)}).`;

const METHOD_NAMES: Record<PaymentMethod, string> = {
  ocr: 'OCR', manual: 'manuell', bank: 'bank', cash: 'kontant', vipps: 'Vipps', tripletex: 'Tripletex',
};

export const outstandingOf = (invoice: Pick<LockedInvoice, 'total_ore' | 'paid_ore' | 'credited_ore'>): number =>
  Math.max(invoice.total_ore - invoice.paid_ore - invoice.credited_ore, 0);

export interface Payment {
  amountOre: number;
  paidOn: string;
  method: PaymentMethod;
  note: string | null;
  /** Where it came from (OCR transmission and transaction, Vipps reference); unique. */
  source: string | null;
  /** The staff user; null for the system. */
  actorId: number | null;
}

/**
 * Books a payment on the locked invoice and moves its state. Answers false when a payment with the
 * same source is booked already (nothing is booked twice).
 */
export async function bookPayment(tx: Queryable, invoice: LockedInvoice, payment: Payment): Promise<number | null> {
  const inserted = await tx.query<{ id: number }>(
    `INSERT INTO invoice_payments (invoice_id, amount_ore, paid_on, method, note, source, registered_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (source) DO NOTHING RETURNING id`,
    [invoice.id, payment.amountOre, payment.paidOn, payment.method, payment.note, payment.source, payment.actorId],
  );
  if (inserted.length === 0) return null;
  invoice.paid_ore += payment.amountOre;
  await tx.query('UPDATE invoices SET paid_ore = $2, updated_at = now() WHERE id = $1', [invoice.id, invoice.paid_ore]);
  const reason = `Innbetaling ${formatKroner(payment.amountOre)} (${METHOD_NAMES[payment.method]})`;
  if (invoice.state !== 'credited') {
    const next = outstandingOf(invoice) === 0 ? 'paid' : invoice.paid_ore > 0 ? 'partly_paid' : 'sent';
    await changeInvoiceState(tx, invoice, next, { actorId: payment.actorId, reason });
  }
  await recordMoneyChange(tx, invoice.member_id, payment.actorId, 'Innbetaling',
    `Faktura ${invoice.number}: ${formatKroner(payment.amountOre)} betalt ${norwegianDate(payment.paidOn)} (${METHOD_NAMES[payment.method]})`);
  return inserted[0].id;
}

/** Staff register a payment by hand; answers the invoice as it now is. */
export async function registerPayment(
  db: Database, invoiceId: number, body: PaymentBody, staffId: number, ledger: JobSender | null = null,
): Promise<InvoiceDetails> {
  const errors: Record<string, string[]> = {};
  if (body.amount <= 0) errors.amount = [AMOUNT_NOT_POSITIVE];
  if (body.paid_on > todayInOslo()) errors.paid_on = [DATE_IN_FUTURE];
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, invoiceId);
    if (invoice.state === 'credited' || invoice.state === 'draft') throw conflict(STATE_REFUSED);
    const outstanding = outstandingOf(invoice);
    if (outstanding === 0) throw validationFailed({ amount: [NOTHING_OUTSTANDING] });
    if (body.amount > outstanding) throw validationFailed({ amount: [overOutstanding(outstanding)] });
    const note = body.note?.trim() || null;
    await bookPayment(tx, invoice, { amountOre: body.amount, paidOn: body.paid_on, method: body.method, note, source: null, actorId: staffId });
    await handToLedger(tx, ledger, invoiceId);
    return (await loadInvoice(tx, invoiceId))!;
  });
}

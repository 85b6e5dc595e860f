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
import { isStateChange, loadInvoice, lockInvoice, recordMoneyChanges, STATE_REFUSED, type LockedInvoice } from './invoices.ts';
import { formatKroner } from './money.ts';
import { handToLedger } from './tripletex-queue.ts';
import type { JobSender } from '../messages/outbox.ts';
import { conflict } from '../../lib/http-errors.ts';

export const AMOUNT_NOT_POSITIVE = 'Beløpet må være større enn 0.';
export const DATE_IN_FUTURE = 'Datoen kan ikke være fram i tid.';
export const NOTHING_OUTSTANDING = 'Fakturaen har ikke noe utestående.';
export const overOutstanding = (outstandingOre: number) => `Beløpet er større enn utestående (${formatKroner(outstandingOre)}).`;

const METHOD_NAMES: Record<PaymentMethod, string> = {
  ocr: 'OCR',
  manual: 'manuell',
  bank: 'bank',
  cash: 'kontant',
  vipps: 'Vipps',
  tripletex: 'Tripletex',
  import: 'overført fra tidligere system',
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

/** A payment and the locked invoice it is booked on. */
export interface Booking {
  invoice: LockedInvoice;
  payment: Payment;
}

/**
 * Books a payment on the locked invoice and moves its state. Answers the payment's id, or null
 * when a payment with the same source is booked already (nothing is booked twice).
 */
export async function bookPayment(tx: Queryable, invoice: LockedInvoice, payment: Payment): Promise<number | null> {
  const [id] = await bookPayments(tx, [{ invoice, payment }]);
  return id;
}

/**
 * Books payments in their order, in a fixed handful of statements however many there are (an OCR
 * file's step books fifty or five hundred): each locked invoice is moved on in memory as its
 * payments are applied, so a later payment of the same invoice sees the earlier ones, and is then
 * written once. Answers each payment's id, null for one whose source was booked already.
 */
export async function bookPayments(tx: Queryable, bookings: readonly Booking[]): Promise<(number | null)[]> {
  if (bookings.length === 0) return [];
  // The ids are taken first, so the insert's answer says which payments went in (a source booked
  // before is skipped by ON CONFLICT and answers nothing). The insert leaves the invoices'
  // statistics to their update below (migration 062), which every invoice of an inserted payment gets.
  const ids = (
    await tx.query<{ id: number }>(
      `SELECT nextval(pg_get_serial_sequence('invoice_payments', 'id'))::int AS id, set_config('portal.invoices_updated_next', 'on', true)
         FROM generate_series(1, $1::int)`,
      [bookings.length],
    )
  ).map((row) => row.id);
  const inserted = new Set(
    (
      await tx.query<{ id: number }>(
        `INSERT INTO invoice_payments (id, invoice_id, amount_ore, paid_on, method, note, source, registered_by)
     SELECT p.id, p.invoice_id, p.amount_ore, p.paid_on, p.method, p.note, p.source, p.registered_by
       FROM jsonb_to_recordset($1::jsonb) AS p(id int, invoice_id int, amount_ore int, paid_on date, method text, note text,
                                               source text, registered_by int)
      ORDER BY p.id
     ON CONFLICT (source) DO NOTHING RETURNING id`,
        [
          JSON.stringify(
            bookings.map(({ invoice, payment }, index) => ({
              id: ids[index],
              invoice_id: invoice.id,
              amount_ore: payment.amountOre,
              paid_on: payment.paidOn,
              method: payment.method,
              note: payment.note,
              source: payment.source,
              registered_by: payment.actorId,
            })),
          ),
        ],
      )
    ).map((row) => row.id),
  );
  await tx.query("SELECT set_config('portal.invoices_updated_next', 'off', true)");

  const touched = new Map<number, LockedInvoice>();
  const events: { invoice_id: number; from_state: string; to_state: string; actor_id: number | null; reason: string; n: number }[] = [];
  const changes: { memberId: number; actorId: number | null; field: string; text: string }[] = [];
  bookings.forEach(({ invoice, payment }, index) => {
    if (!inserted.has(ids[index])) return;
    invoice.paid_ore += payment.amountOre;
    touched.set(invoice.id, invoice);
    const reason = `Innbetaling ${formatKroner(payment.amountOre)} (${METHOD_NAMES[payment.method]})`;
    if (invoice.state !== 'credited') {
      const next = outstandingOf(invoice) === 0 ? 'paid' : invoice.paid_ore > 0 ? 'partly_paid' : 'sent';
      if (isStateChange(invoice.state, next)) {
        events.push({ invoice_id: invoice.id, from_state: invoice.state, to_state: next, actor_id: payment.actorId, reason, n: events.length });
        invoice.state = next;
      }
    }
    changes.push({
      memberId: invoice.member_id,
      actorId: payment.actorId,
      field: 'Innbetaling',
      text: `Faktura ${invoice.number}: ${formatKroner(payment.amountOre)} betalt ${norwegianDate(payment.paidOn)} (${METHOD_NAMES[payment.method]})`,
    });
  });
  if (touched.size === 0) return ids.map(() => null);
  await tx.query(
    `UPDATE invoices i SET paid_ore = v.paid_ore, state = v.state, updated_at = now()
       FROM jsonb_to_recordset($1::jsonb) AS v(id int, paid_ore int, state text) WHERE i.id = v.id AND i.id = ANY($2::int[])`,
    [JSON.stringify([...touched.values()].map((invoice) => ({ id: invoice.id, paid_ore: invoice.paid_ore, state: invoice.state }))), [...touched.keys()]],
  );
  if (events.length > 0) {
    await tx.query(
      `INSERT INTO invoice_events (invoice_id, from_state, to_state, actor_id, reason)
       SELECT e.invoice_id, e.from_state, e.to_state, e.actor_id, e.reason
         FROM jsonb_to_recordset($1::jsonb) AS e(invoice_id int, from_state text, to_state text, actor_id int, reason text, n int) ORDER BY e.n`,
      [JSON.stringify(events)],
    );
  }
  await recordMoneyChanges(tx, changes);
  return ids.map((id) => (inserted.has(id) ? id : null));
}

/** Staff register a payment by hand; answers the invoice as it now is. */
export async function registerPayment(
  db: Database,
  invoiceId: number,
  body: PaymentBody,
  staffId: number,
  ledger: JobSender | null = null,
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

/**
 * Invoices paid with Vipps (ePayment) from Min side. A payment per invoice and attempt, its
 * reference derived from the invoice ('faktura-{number}-{attempt}'), idempotency keys on every
 * create, capture and cancel ('create-', 'capture-', 'cancel-' + the reference).
 *
 * Paid once, whatever arrives how often: at most one payment waits for the payer per invoice (a
 * unique index; a double tap or a second tab gets the same one), and an authorized payment is
 * captured only for what the invoice still owes at that moment, decided under the invoice's row
 * lock less what other payments of it are capturing just then; nothing owing: it is cancelled.
 * The payment is booked (`bookPayment`, method 'vipps', source the reference, so never twice)
 * only after Vipps has captured it, and handed to the Tripletex ledger as staff's payments are.
 *
 * `settleInvoicePayment` moves a payment on from what Vipps says it is. The webhook, the member's
 * return page and the follow-up job all call it; it is idempotent and safe to run in parallel.
 */
import type { Database, Queryable } from '../../db/database.ts';
import type { JobSender } from '../messages/outbox.ts';
import { conflict, HttpError, notFound } from '../../lib/http-errors.ts';
import { VippsError, type PaymentGateway } from '../../adapters/vipps.ts';
import { lockInvoice } from '../billing/invoices.ts';
import { bookPayment, outstandingOf } from '../billing/payments.ts';
import { handToLedger } from '../billing/tripletex-queue.ts';
import { todayInOslo } from '../shared/oslo-date.ts';

export interface InvoicePaymentDeps {
  db: Database;
  gateway: PaymentGateway | null;
  publicUrl: string;
  /** Where payments on Tripletex's invoices are handed on; null without Tripletex. */
  ledger?: JobSender | null;
  log?: { warn(object: object, message: string): void };
}

export const INVOICE_VIPPS_TEXTS = {
  paid: 'Fakturaen er allerede betalt.',
  credited: 'Fakturaen er kreditert og skal ikke betales.',
  draft: 'Fakturaen er ikke sendt ennå og kan ikke betales.',
  notConfigured: 'Betaling med Vipps er ikke tilgjengelig akkurat nå. Betal med KID til kontonummeret på fakturaen, eller prøv igjen senere.',
  vippsDown: 'Vi fikk ikke startet betalingen hos Vipps. Ingenting er trukket. Prøv igjen om litt.',
  nothingOwing: 'Fakturaen var allerede betalt da betalingen ble godkjent, så beløpet er ikke trukket.',
  captureRefused: 'Vipps godtok ikke at betalingen ble trukket.',
} as const;

const REFERENCE = /^faktura-\d+-\d+$/;
/** Whether a Vipps reference is an invoice payment's (and not a quick checkout's). */
export const isInvoiceReference = (reference: string): boolean => REFERENCE.test(reference);

/** What the member is told: the invoice is paid by it, it was not paid, or Vipps has not decided yet. */
export type InvoicePaymentOutcome = 'paid' | 'cancelled' | 'waiting';

type RowState = 'CREATED' | 'CAPTURING' | 'CAPTURED' | 'CANCELLING' | 'CANCELLED' | 'ABORTED' | 'EXPIRED' | 'TERMINATED' | 'REPLACED' | 'FAILED';

interface PaymentRow {
  id: number;
  invoice_id: number;
  member_id: number;
  reference: string;
  amount: number;
  state: RowState;
  redirect_url: string | null;
  authorized_amount: number;
  capture_amount: number;
  error: string | null;
}

const COLUMNS = 'id, invoice_id, member_id, reference, amount, state, redirect_url, authorized_amount, capture_amount, error';

const outcomeOf = (state: RowState): InvoicePaymentOutcome =>
  state === 'CAPTURED' ? 'paid' : state === 'CREATED' || state === 'CAPTURING' || state === 'CANCELLING' ? 'waiting' : 'cancelled';

async function loadPayment(db: Queryable, reference: string): Promise<PaymentRow | null> {
  const [row] = await db.query<PaymentRow>(`SELECT ${COLUMNS} FROM invoice_vipps_payments WHERE reference = $1`, [reference]);
  return row ?? null;
}

/** Where Vipps sends the member back: Min side's page for this payment. */
export const returnUrlOf = (publicUrl: string, memberId: number, invoiceId: number, reference: string) =>
  `${publicUrl}/profile/payment/${memberId}?invoice=${invoiceId}&reference=${encodeURIComponent(reference)}`;

const unavailable = (message: string) => new HttpError(503, { message });

/** Refuses an invoice that cannot be paid (409 with why); 404 for another member's. */
function assertPayable(invoice: { member_id: number; state: string; total_ore: number; paid_ore: number; credited_ore: number }, memberId: number): number {
  if (invoice.member_id !== memberId) throw notFound();
  if (invoice.state === 'credited') throw conflict(INVOICE_VIPPS_TEXTS.credited);
  if (invoice.state === 'draft') throw conflict(INVOICE_VIPPS_TEXTS.draft);
  const owing = outstandingOf(invoice);
  if (owing === 0) throw conflict(INVOICE_VIPPS_TEXTS.paid);
  return owing;
}

/**
 * The member starts paying their invoice: a payment at Vipps for what is owing, or the one
 * already waiting for them (same reference, same redirect). Nothing is made when the invoice is
 * not theirs (404), or paid, credited or not sent (409).
 */
export async function startInvoicePayment(deps: InvoicePaymentDeps, memberId: number, invoiceId: number): Promise<{ redirect_url: string; reference: string }> {
  const { db, gateway } = deps;
  // A payment left waiting may have been approved or given up on meanwhile: ask Vipps first.
  const [waiting] = await db.query<{ reference: string; member_id: number }>(
    "SELECT reference, member_id FROM invoice_vipps_payments WHERE invoice_id = $1 AND state = 'CREATED'",
    [invoiceId],
  );
  if (waiting && waiting.member_id === memberId && gateway) await settleQuietly(deps, waiting.reference);

  const { row, replaced } = await db.transaction(async (tx): Promise<{ row: PaymentRow; replaced: string | null }> => {
    const [exists] = await tx.query<{ member_id: number }>('SELECT member_id FROM invoices WHERE id = $1', [invoiceId]);
    if (!exists || exists.member_id !== memberId) throw notFound();
    const invoice = await lockInvoice(tx, invoiceId);
    const owing = assertPayable(invoice, memberId);
    if (!gateway) throw unavailable(INVOICE_VIPPS_TEXTS.notConfigured);
    const [open] = await tx.query<PaymentRow>(`SELECT ${COLUMNS} FROM invoice_vipps_payments WHERE invoice_id = $1 AND state = 'CREATED' FOR UPDATE`, [
      invoiceId,
    ]);
    if (open && open.amount === owing) return { row: open, replaced: null };
    // The amount owing changed while it waited (a part payment came in): a new payment takes its place.
    if (open) await tx.query("UPDATE invoice_vipps_payments SET state = 'REPLACED', updated_at = now() WHERE id = $1", [open.id]);
    const [{ attempt }] = await tx.query<{ attempt: number }>(
      'SELECT coalesce(max(attempt), 0) + 1 AS attempt FROM invoice_vipps_payments WHERE invoice_id = $1',
      [invoiceId],
    );
    const reference = `faktura-${invoice.number}-${attempt}`;
    const [made] = await tx.query<PaymentRow>(
      `INSERT INTO invoice_vipps_payments (invoice_id, member_id, attempt, reference, amount) VALUES ($1, $2, $3, $4, $5)
       RETURNING ${COLUMNS}`,
      [invoiceId, memberId, attempt, reference, owing],
    );
    return { row: made, replaced: open?.reference ?? null };
  });
  if (replaced) await cancelQuietly(deps, replaced);
  if (row.redirect_url) return { redirect_url: row.redirect_url, reference: row.reference };

  const [invoice] = await db.query<{ number: number }>('SELECT number FROM invoices WHERE id = $1', [invoiceId]);
  try {
    // The same reference and key from a second tab at the same moment: Vipps answers both alike.
    const { redirectUrl } = await gateway!.createPayment(
      {
        reference: row.reference,
        amount: row.amount,
        description: `Faktura ${invoice.number} – Musikerportalen`,
        returnUrl: returnUrlOf(deps.publicUrl, memberId, invoiceId, row.reference),
        profileScope: null,
      },
      `create-${row.reference}`,
    );
    await db.query("UPDATE invoice_vipps_payments SET redirect_url = $2, updated_at = now() WHERE id = $1 AND state = 'CREATED'", [row.id, redirectUrl]);
    return { redirect_url: redirectUrl, reference: row.reference };
  } catch (error) {
    if (!(error instanceof VippsError)) throw error;
    deps.log?.warn({ reference: row.reference, err: error.message, status: error.status }, 'Vipps create for an invoice failed');
    // Vipps did not make it (or we cannot know): the row stops waiting; if Vipps made it after
    // all, the follow-up job finds it, and an approval still settles (capture only what is owing).
    await db.query(
      "UPDATE invoice_vipps_payments SET state = 'REPLACED', error = $2, updated_at = now() WHERE id = $1 AND state = 'CREATED' AND redirect_url IS NULL",
      [row.id, error.message],
    );
    throw unavailable(INVOICE_VIPPS_TEXTS.vippsDown);
  }
}

async function settleQuietly(deps: InvoicePaymentDeps, reference: string): Promise<void> {
  try {
    await settleInvoicePayment(deps, reference);
  } catch (error) {
    if (!(error instanceof VippsError)) throw error;
  }
}

async function cancelQuietly(deps: InvoicePaymentDeps, reference: string): Promise<void> {
  try {
    await deps.gateway?.cancel(reference, `cancel-${reference}`);
  } catch (error) {
    if (!(error instanceof VippsError)) throw error;
    deps.log?.warn({ reference, err: error.message }, 'Vipps cancel of a replaced invoice payment failed');
  }
}

const ENDED = new Set(['ABORTED', 'EXPIRED', 'TERMINATED']);

/**
 * An authorized payment: under the invoice's lock, how much of it to capture (what is owing less
 * what the invoice's other payments are capturing now), or none (cancel).
 */
async function decideCapture(db: Database, row: PaymentRow, authorized: number): Promise<void> {
  await db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, row.invoice_id);
    const [locked] = await tx.query<{ state: RowState }>('SELECT state FROM invoice_vipps_payments WHERE id = $1 FOR UPDATE', [row.id]);
    if (locked?.state !== 'CREATED' && locked?.state !== 'REPLACED') return;
    const [{ reserved }] = await tx.query<{ reserved: number }>(
      "SELECT coalesce(sum(capture_amount), 0)::int AS reserved FROM invoice_vipps_payments WHERE invoice_id = $1 AND state = 'CAPTURING' AND id <> $2",
      [row.invoice_id, row.id],
    );
    const owing = invoice.state === 'credited' ? 0 : Math.max(outstandingOf(invoice) - reserved, 0);
    const amount = Math.min(authorized, owing);
    if (amount > 0) {
      await tx.query("UPDATE invoice_vipps_payments SET state = 'CAPTURING', authorized_amount = $2, capture_amount = $3, updated_at = now() WHERE id = $1", [
        row.id,
        authorized,
        amount,
      ]);
    } else {
      await tx.query("UPDATE invoice_vipps_payments SET state = 'CANCELLING', authorized_amount = $2, error = $3, updated_at = now() WHERE id = $1", [
        row.id,
        authorized,
        INVOICE_VIPPS_TEXTS.nothingOwing,
      ]);
    }
  });
}

/** Captured at Vipps: booked on the invoice (once: the source is the reference) and handed to the ledger. */
async function book(deps: InvoicePaymentDeps, row: PaymentRow): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, row.invoice_id);
    const [locked] = await tx.query<{ state: RowState }>('SELECT state FROM invoice_vipps_payments WHERE id = $1 FOR UPDATE', [row.id]);
    if (locked?.state !== 'CAPTURING') return;
    const paymentId = await bookPayment(tx, invoice, {
      amountOre: row.capture_amount,
      paidOn: todayInOslo(),
      method: 'vipps',
      note: `Betalt med Vipps på Min side (${row.reference})`,
      source: row.reference,
      actorId: null,
    });
    await tx.query("UPDATE invoice_vipps_payments SET state = 'CAPTURED', payment_id = coalesce($2, payment_id), updated_at = now() WHERE id = $1", [
      row.id,
      paymentId,
    ]);
    await handToLedger(tx, deps.ledger, row.invoice_id);
  });
}

async function capture(deps: InvoicePaymentDeps, gateway: PaymentGateway, row: PaymentRow): Promise<void> {
  try {
    await gateway.capture(row.reference, row.capture_amount, `capture-${row.reference}`);
  } catch (error) {
    if (!(error instanceof VippsError)) throw error;
    // No answer or a passing failure: the follow-up job tries again with the same key.
    if (error.status === null || error.status === 429 || error.status >= 500) throw error;
    const status = await gateway.getPayment(row.reference);
    if (status.captured < row.capture_amount) {
      await deps.db.query("UPDATE invoice_vipps_payments SET state = 'FAILED', error = $2, updated_at = now() WHERE id = $1 AND state = 'CAPTURING'", [
        row.id,
        `${INVOICE_VIPPS_TEXTS.captureRefused} ${error.message}`,
      ]);
      return;
    }
  }
  await book(deps, row);
  // Authorized for more than was owing: the rest is released to the member at once.
  if (row.authorized_amount > row.capture_amount) await cancelQuietly(deps, row.reference);
}

/**
 * Moves the payment on from its state at Vipps; answers what the member is to be told. Safe to
 * call any number of times and from several places at once. 'unknown' for a reference not ours.
 */
export async function settleInvoicePayment(deps: InvoicePaymentDeps, reference: string): Promise<InvoicePaymentOutcome | 'unknown'> {
  const { db, gateway } = deps;
  let row = await loadPayment(db, reference);
  if (!row || !gateway) return 'unknown';

  if (row.state === 'CREATED' || row.state === 'REPLACED') {
    const status = await gateway.getPayment(reference);
    if (status.state === 'AUTHORIZED') {
      await decideCapture(db, row, status.authorized - status.captured);
    } else if (ENDED.has(status.state)) {
      await db.query('UPDATE invoice_vipps_payments SET state = $2, updated_at = now() WHERE id = $1 AND state IN ($3, $4)', [
        row.id,
        status.state,
        'CREATED',
        'REPLACED',
      ]);
    }
    row = (await loadPayment(db, reference))!;
  }
  if (row.state === 'CAPTURING') {
    await capture(deps, gateway, row);
    row = (await loadPayment(db, reference))!;
  }
  if (row.state === 'CANCELLING') {
    await gateway.cancel(reference, `cancel-${reference}`);
    await db.query("UPDATE invoice_vipps_payments SET state = 'CANCELLED', updated_at = now() WHERE id = $1 AND state = 'CANCELLING'", [row.id]);
    row = (await loadPayment(db, reference))!;
  }
  return outcomeOf(row.state);
}

export interface InvoicePaymentState {
  reference: string;
  invoice_id: number;
  invoice_number: number;
  state: InvoicePaymentOutcome;
  amount: number;
  invoice_state: string;
  outstanding: number;
  message: string | null;
}

/**
 * The member's return page asks how the payment stands (settling it first). 404 unless the
 * payment is of this member's invoice. Vipps not answering leaves it 'waiting'.
 */
export async function invoicePaymentState(deps: InvoicePaymentDeps, memberId: number, invoiceId: number, reference: string): Promise<InvoicePaymentState> {
  const found = await loadPayment(deps.db, reference);
  if (!found || found.invoice_id !== invoiceId || found.member_id !== memberId) throw notFound();
  try {
    await settleInvoicePayment(deps, reference);
  } catch (error) {
    if (!(error instanceof VippsError)) throw error;
    deps.log?.warn({ reference, err: error.message }, 'Vipps status of an invoice payment failed');
  }
  const [row] = await deps.db.query<PaymentRow & { number: number; invoice_state: string; total_ore: number; paid_ore: number; credited_ore: number }>(
    `SELECT p.id, p.reference, p.amount, p.state, p.capture_amount, p.error, i.number, i.state AS invoice_state, i.total_ore, i.paid_ore, i.credited_ore
       FROM invoice_vipps_payments p JOIN invoices i ON i.id = p.invoice_id WHERE p.reference = $1`,
    [reference],
  );
  const state = outcomeOf(row.state);
  return {
    reference,
    invoice_id: invoiceId,
    invoice_number: row.number,
    state,
    amount: state === 'paid' ? row.capture_amount : row.amount,
    invoice_state: row.invoice_state,
    outstanding: outstandingOf(row),
    message: row.state === 'CANCELLED' || row.state === 'FAILED' ? row.error : null,
  };
}

/** Payments still moving (no webhook came, a capture or cancel failed): settled again by the job. */
export async function followUpInvoicePayments(deps: InvoicePaymentDeps): Promise<number> {
  const rows = await deps.db.query<{ reference: string; old: boolean }>(
    `SELECT reference, created_at < now() - interval '20 minutes' AS old FROM invoice_vipps_payments
      WHERE state IN ('CREATED', 'CAPTURING', 'CANCELLING', 'REPLACED') AND updated_at < now() - interval '1 minute'
      ORDER BY id LIMIT 100`,
  );
  for (const row of rows) {
    try {
      await settleInvoicePayment(deps, row.reference);
    } catch (error) {
      if (!(error instanceof VippsError)) throw error;
      // A payment Vipps never made (the create failed after our row was written).
      if (error.status === 404 && row.old) {
        await deps.db.query(
          "UPDATE invoice_vipps_payments SET state = 'EXPIRED', updated_at = now() WHERE reference = $1 AND state IN ('CREATED', 'REPLACED')",
          [row.reference],
        );
      }
      deps.log?.warn({ reference: row.reference, err: error.message }, 'Vipps follow-up of an invoice payment failed');
    }
  }
  return rows.length;
}

/** A charge on an agreement: made at Vipps by the charge job, and moved forward as Vipps reports it. */
import type { Queryable } from '../../db/database.ts';
import { VippsError } from '../../adapters/vipps.ts';
import { todayInOslo } from '../shared/oslo-date.ts';
import { lockInvoice } from '../billing/invoices.ts';
import { bookPayment, outstandingOf } from '../billing/payments.ts';
import { handToLedger } from '../billing/tripletex-queue.ts';
import { invoiceMailValues, mailAboutInvoice, queueInvoiceMail } from '../billing/invoice-mail.ts';
import { billingDays } from '../billing/settings.ts';
import { CHARGE_SELECT, record, type AgreementDeps, type ChargeRow, type Source } from './vipps-agreement-rows.ts';

/** How far a charge has come; it only moves to a later step (a late event for an earlier one changes nothing). */
const CHARGE_STEP: Record<string, number> = {
  QUEUED: 0,
  PENDING: 1,
  DUE: 2,
  PROCESSING: 3,
  RESERVED: 4,
  PARTIALLY_CAPTURED: 4,
  CHARGED: 5,
  FAILED: 5,
  CANCELLED: 5,
  REFUSED: 5,
  PARTIALLY_REFUNDED: 6,
  REFUNDED: 7,
};
const FALL_BACK = new Set(['FAILED', 'CANCELLED', 'REFUSED']);

interface ChargeMove {
  source: Source;
  event?: string | null;
  note?: string | null;
  failureReason?: string | null;
  due?: string;
}

/**
 * Moves our charge forward to `to` and records it, in one transaction with what follows: CHARGED
 * books the payment on the invoice; FAILED, CANCELLED or REFUSED hands the invoice back (mailed,
 * reminders from a new pay-by date) and tells the member. Anything else is recorded as ignored.
 */
export async function moveCharge(deps: AgreementDeps, id: number, to: string, move: ChargeMove): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const [charge] = await tx.query<ChargeRow>(`${CHARGE_SELECT} WHERE c.id = $1 FOR UPDATE OF c`, [id]);
    if (!charge) return false;
    const base = {
      agreementId: charge.agreement_id,
      chargeId: id,
      source: move.source,
      event: move.event,
      vippsAgreementId: charge.vipps_agreement_id,
      vippsChargeId: charge.order_id,
    };
    if ((CHARGE_STEP[to] ?? -1) <= (CHARGE_STEP[charge.state] ?? 0)) {
      if (move.event)
        await record(tx, { ...base, from: charge.state, to, note: charge.state === to ? 'Ingen endring' : 'Ignorert: trekket er allerede kommet lenger' });
      return false;
    }
    await tx.query(
      `UPDATE vipps_charges SET state = $2, failure_reason = coalesce($3, failure_reason), due_date = coalesce($4::date, due_date), updated_at = now() WHERE id = $1`,
      [id, to, move.failureReason ?? null, move.due ?? null],
    );
    await record(tx, { ...base, from: charge.state, to, note: move.note ?? null });
    if (to === 'CHARGED') {
      const invoice = await lockInvoice(tx, charge.invoice_id);
      await bookPayment(tx, invoice, {
        amountOre: charge.amount_ore,
        paidOn: todayInOslo(),
        method: 'vipps',
        note: `Trukket med Vipps-avtale (${charge.order_id})`,
        source: `vipps-charge:${charge.order_id}`,
        actorId: null,
      });
      await tx.query(
        "UPDATE invoices SET reminders_paused_until = NULL, reminders_paused_reason = NULL WHERE id = $1 AND reminders_paused_reason = 'Trekkes med Vipps-avtale'",
        [charge.invoice_id],
      );
      await handToLedger(tx, deps.jobs, charge.invoice_id);
    } else if (FALL_BACK.has(to) && charge.fell_back_at === null) {
      await fallBack(deps, tx, charge);
    }
    return true;
  });
}

/** The invoice goes the ordinary way after all: mailed, reminders from a new pay-by date, and the member told why. */
async function fallBack(deps: AgreementDeps, tx: Queryable, charge: ChargeRow): Promise<void> {
  await tx.query('UPDATE vipps_charges SET fell_back_at = now() WHERE id = $1', [charge.id]);
  const invoice = await lockInvoice(tx, charge.invoice_id);
  const outstanding = outstandingOf(invoice);
  if (invoice.state === 'credited' || outstanding === 0) return;
  const days = await billingDays(tx, { billing: deps.billing });
  const [{ pay_by: payBy, kid }] = await tx.query<{ pay_by: string; kid: string }>(
    `UPDATE invoices SET reminders_paused_until = (now() AT TIME ZONE 'Europe/Oslo')::date + $2::int, reminders_paused_reason = 'Trekk med Vipps feilet',
            updated_at = now() WHERE id = $1 RETURNING reminders_paused_until::text AS pay_by, kid`,
    [invoice.id, days.invoice_due_days],
  );
  // Tripletex's invoice is sent from Tripletex by the member's channel (the ledger's next run); ours is mailed here.
  const [tripletex] = await tx.query('UPDATE invoices SET tripletex_sent_at = NULL WHERE id = $1 AND tripletex_wanted_at IS NOT NULL RETURNING id', [
    invoice.id,
  ]);
  if (tripletex) await handToLedger(tx, deps.jobs, invoice.id);
  else await queueInvoiceMail(tx, deps.outbox, { billing: deps.billing }, invoice.id, null);
  await mailAboutInvoice(
    tx,
    deps.outbox,
    'vipps-charge-failed',
    invoice.id,
    invoiceMailValues({ number: invoice.number, due_date: payBy, kid }, outstanding, deps.billing.bankAccount),
  );
  await tx.query('INSERT INTO invoice_events (invoice_id, from_state, to_state, actor_id, reason) VALUES ($1, $2, $2, NULL, $3)', [
    invoice.id,
    invoice.state,
    tripletex ? 'Trekk med Vipps gikk ikke: sendes fra Tripletex' : 'Trekk med Vipps gikk ikke: sendt på e-post',
  ]);
}

/** Asks Vipps for the charge and moves ours to its state. */
export async function syncCharge(deps: AgreementDeps, charge: ChargeRow, source: Source, event: string | null = null): Promise<void> {
  if (!deps.recurring || !charge.vipps_agreement_id || charge.state === 'QUEUED') return;
  const status = await deps.recurring.getCharge(charge.vipps_agreement_id, charge.order_id);
  await moveCharge(deps, charge.id, status.status, {
    source,
    event,
    failureReason: status.status === 'FAILED' ? (status.failureDescription ?? status.failureReason ?? 'Trekket feilet') : null,
  });
}

const tomorrow = () => {
  const date = new Date(`${todayInOslo()}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
};

/**
 * The charge job: makes the planned charge at Vipps (our orderId, idempotency key from it), due at
 * least tomorrow. Vipps refusing it (the agreement no longer active, the amount) hands the invoice
 * back; Vipps down throws, so the queue (and later the polling job) tries again.
 */
export async function createChargeAtVipps(deps: AgreementDeps, chargeId: number): Promise<void> {
  const [charge] = await deps.db.query<ChargeRow>(`${CHARGE_SELECT} WHERE c.id = $1`, [chargeId]);
  if (!charge || charge.state !== 'QUEUED') return;
  if (!deps.recurring) return;
  if (charge.agreement_state !== 'ACTIVE' || !charge.vipps_agreement_id) {
    await moveCharge(deps, chargeId, 'REFUSED', { source: 'job', note: 'Avtalen er ikke aktiv', failureReason: 'Avtalen er ikke aktiv' });
    return;
  }
  const due = charge.due_date > tomorrow() ? charge.due_date : tomorrow();
  await deps.db.query('UPDATE vipps_charges SET attempts = attempts + 1, updated_at = now() WHERE id = $1', [chargeId]);
  try {
    await deps.recurring.createCharge(
      charge.vipps_agreement_id,
      {
        amount: charge.amount_ore,
        description: `Kontingent, faktura ${charge.invoice_number}`.slice(0, 45),
        due,
        retryDays: charge.retry_days,
        orderId: charge.order_id,
      },
      `charge-${charge.order_id}`,
    );
  } catch (error) {
    if (!(error instanceof VippsError)) throw error;
    const refused = error.status !== null && error.status >= 400 && error.status < 500 && error.status !== 429;
    if (!refused) throw error;
    // Made before (the answer was lost, or a retry on another day): take its state from Vipps.
    if (error.status === 409) {
      try {
        const existing = await deps.recurring.getCharge(charge.vipps_agreement_id, charge.order_id);
        await moveCharge(deps, chargeId, existing.status, { source: 'job', note: 'Trekket fantes hos Vipps' });
        return;
      } catch (lookup) {
        if (!(lookup instanceof VippsError) || lookup.status !== 404) throw lookup;
      }
    }
    await moveCharge(deps, chargeId, 'REFUSED', { source: 'job', note: error.message, failureReason: error.message });
    return;
  }
  await moveCharge(deps, chargeId, 'PENDING', { source: 'job', due, note: `Trekk laget hos Vipps, forfall ${due}` });
}

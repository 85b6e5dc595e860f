/**
 * Dues drawn automatically with Vipps Recurring. A member sets up an agreement on Min side (yearly,
 * the year's dues as its price) and approves it in Vipps; the renewal run then plans a charge on
 * it instead of mailing the invoice (billing/vipps-charges.ts), and the charge job makes it at
 * Vipps once the run's step has committed. A charge CHARGED pays the invoice (method 'vipps',
 * source the charge's id); one FAILED after its retries, CANCELLED or refused by Vipps hands the
 * invoice back to the ordinary way: mailed, reminders as usual, and the member told.
 *
 * State comes from Vipps: a webhook event only says that something happened, and the agreement or
 * charge is then asked of Vipps, as the polling job does as a safety net. A state only moves
 * forward (a replayed or late event changes nothing), and every change and every event, also one
 * ignored, is kept in vipps_agreement_events.
 */
import type { Database, Queryable } from '../../db/database.ts';
import type { BillingConfig } from '../../config.ts';
import type { JobSender, Outbox } from '../messages/outbox.ts';
import { conflict, HttpError, notFound } from '../../lib/http-errors.ts';
import { VippsError, type AgreementStatus, type RecurringEvent, type RecurringGateway } from '../../adapters/vipps.ts';
import { todayInOslo } from '../shared/oslo-date.ts';
import { agreementPrice } from './agreement-price.ts';
import { lockInvoice } from '../billing/invoices.ts';
import { bookPayment, outstandingOf } from '../billing/payments.ts';
import { handToLedger } from '../billing/tripletex-queue.ts';
import { invoiceMailValues, mailAboutInvoice, queueInvoiceMail } from '../billing/invoice-mail.ts';
import { billingDays } from '../billing/settings.ts';
import type { AgreementState, VippsAgreementView } from '../../schemas/vipps-agreements.ts';

export interface AgreementDeps {
  db: Database;
  /** Null when Vipps is not set up (production without VIPPS_* settings). */
  recurring: RecurringGateway | null;
  jobs: JobSender;
  outbox: Outbox;
  publicUrl: string;
  billing: BillingConfig;
  log?: { warn(object: object, message: string): void };
}

export const AGREEMENT_TEXTS = {
  notConfigured: 'Trekk med Vipps er ikke tilgjengelig akkurat nå.',
  alreadyActive: 'Du har allerede en aktiv Vipps-avtale.',
  noneOpen: 'Det finnes ingen Vipps-avtale å stoppe.',
  notMember: 'Bare medlemmer kan trekke kontingenten med Vipps.',
  vippsFailed: (detail: string) => `Vi fikk ikke laget avtalen hos Vipps. ${detail}`,
  stopFailed: (detail: string) => `Vi fikk ikke stoppet avtalen hos Vipps. ${detail}`,
} as const;

const AGREEMENT_FORWARD: Record<AgreementState, readonly AgreementState[]> = {
  PENDING: ['ACTIVE', 'STOPPED', 'EXPIRED'],
  ACTIVE: ['STOPPED', 'EXPIRED'],
  STOPPED: [],
  EXPIRED: [],
};

/** How far a charge has come; it only moves to a later step (a late event for an earlier one changes nothing). */
const CHARGE_STEP: Record<string, number> = {
  QUEUED: 0, PENDING: 1, DUE: 2, PROCESSING: 3, RESERVED: 4, PARTIALLY_CAPTURED: 4,
  CHARGED: 5, FAILED: 5, CANCELLED: 5, REFUSED: 5, PARTIALLY_REFUNDED: 6, REFUNDED: 7,
};
const OPEN_CHARGES = ['PENDING', 'DUE', 'PROCESSING', 'RESERVED'];
const FALL_BACK = new Set(['FAILED', 'CANCELLED', 'REFUSED']);

/** Where a change came from (vipps_agreement_events.source). */
export type Source = 'member' | 'staff' | 'webhook' | 'poll' | 'renewal' | 'job';

interface AgreementRow {
  id: number;
  member_id: number;
  vipps_agreement_id: string | null;
  state: AgreementState;
  confirmation_url: string | null;
}

interface ChargeRow {
  id: number;
  agreement_id: number;
  invoice_id: number;
  order_id: string;
  amount_ore: number;
  due_date: string;
  retry_days: number;
  state: string;
  vipps_agreement_id: string | null;
  agreement_state: AgreementState;
  invoice_number: number;
  fell_back_at: string | null;
}

const AGREEMENT_COLUMNS = 'id, member_id, vipps_agreement_id, state, confirmation_url';
const CHARGE_SELECT = `SELECT c.id, c.agreement_id, c.invoice_id, c.order_id, c.amount_ore, c.due_date::text AS due_date, c.retry_days, c.state,
         g.vipps_agreement_id, g.state AS agreement_state, i.number AS invoice_number, c.fell_back_at
    FROM vipps_charges c JOIN vipps_agreements g ON g.id = c.agreement_id JOIN invoices i ON i.id = c.invoice_id`;

export interface EventRecord {
  agreementId: number | null;
  chargeId?: number | null;
  source: Source;
  event?: string | null;
  vippsAgreementId?: string | null;
  vippsChargeId?: string | null;
  from?: string | null;
  to?: string | null;
  note?: string | null;
  actorId?: number | null;
}

/** Keeps one change or event in vipps_agreement_events. */
export async function record(db: Queryable, entry: EventRecord): Promise<void> {
  await db.query(
    `INSERT INTO vipps_agreement_events (agreement_id, charge_id, source, event, vipps_agreement_id, vipps_charge_id, from_state, to_state, note, actor_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [entry.agreementId, entry.chargeId ?? null, entry.source, entry.event ?? null, entry.vippsAgreementId ?? null, entry.vippsChargeId ?? null,
      entry.from ?? null, entry.to ?? null, entry.note ?? null, entry.actorId ?? null],
  );
}

const latestAgreement = async (db: Queryable, memberId: number): Promise<AgreementRow | null> =>
  (await db.query<AgreementRow>(`SELECT ${AGREEMENT_COLUMNS} FROM vipps_agreements WHERE member_id = $1 ORDER BY id DESC LIMIT 1`, [memberId]))[0] ?? null;

const openAgreement = async (db: Queryable, memberId: number): Promise<AgreementRow | null> =>
  (await db.query<AgreementRow>(
    `SELECT ${AGREEMENT_COLUMNS} FROM vipps_agreements WHERE member_id = $1 AND state IN ('PENDING', 'ACTIVE')`,
    [memberId],
  ))[0] ?? null;

const isTestCheckout = (recurring: RecurringGateway | null) => Boolean(recurring && 'testCheckout' in recurring);

/** The member's agreement (the latest), its charges and history; a waiting agreement is first asked of Vipps. */
export async function agreementView(deps: AgreementDeps, memberId: number): Promise<{ data: VippsAgreementView }> {
  const { db } = deps;
  const latest = await latestAgreement(db, memberId);
  if (latest?.state === 'PENDING' && latest.vipps_agreement_id && deps.recurring) {
    try {
      await syncAgreement(deps, latest, 'member');
    } catch (error) {
      if (!(error instanceof VippsError)) throw error;
      deps.log?.warn({ agreement: latest.id, err: error.message }, 'Vipps agreement check failed');
    }
  }
  const price = await agreementPrice(db, memberId);
  const [agreement] = latest
    ? await db.query<NonNullable<VippsAgreementView['agreement']>>(
        `SELECT g.id, g.vipps_agreement_id AS agreement_id, g.state, g.price_ore AS price, g.includes_premiums, g.premiums_ore AS premiums,
                g.product_name, g.created_at, g.updated_at,
                g.stopped_at, g.stopped_by, CASE WHEN g.state = 'PENDING' THEN g.confirmation_url END AS redirect_url
           FROM vipps_agreements g WHERE g.id = $1`,
        [latest.id],
      )
    : [];
  const charges = await db.query<VippsAgreementView['charges'][number]>(
    `SELECT c.id, c.invoice_id, i.number AS invoice_number, c.order_id AS charge_id, c.amount_ore AS amount, c.due_date::text AS due_date,
            c.retry_days, c.state, c.failure_reason, c.fell_back_at, c.updated_at
       FROM vipps_charges c JOIN vipps_agreements g ON g.id = c.agreement_id JOIN invoices i ON i.id = c.invoice_id
      WHERE g.member_id = $1 ORDER BY c.id DESC LIMIT 20`,
    [memberId],
  );
  const events = latest
    ? await db.query<VippsAgreementView['events'][number]>(
        `SELECT e.id::int AS id, e.at, e.source, e.event, e.from_state, e.to_state, e.note, e.vipps_charge_id AS charge_id
           FROM vipps_agreement_events e JOIN vipps_agreements g ON g.id = e.agreement_id
          WHERE g.member_id = $1 ORDER BY e.id DESC LIMIT 50`,
        [memberId],
      )
    : [];
  return {
    data: {
      available: deps.recurring !== null,
      test_checkout: isTestCheckout(deps.recurring),
      price: price.duesOre,
      premiums: price.premiumsOre,
      agreement: agreement ?? null,
      charges,
      events,
    },
  };
}

/**
 * The member sets up an agreement: our row (the database allows one waiting or active per member),
 * then the agreement at Vipps; the browser goes to `redirect_url` to approve it. A second tap while
 * one waits answers the same agreement; one already active is refused (409).
 */
export async function startAgreement(deps: AgreementDeps, memberId: number, options: { includesPremiums?: boolean } = {}): Promise<{ data: { redirect_url: string; agreement_id: string; state: AgreementState } }> {
  const { db, recurring } = deps;
  if (!recurring) throw new HttpError(503, { message: AGREEMENT_TEXTS.notConfigured });
  const [member] = await db.query<{ role_id: number; phone: string | null }>(
    'SELECT role_id, phone FROM accounts WHERE id = $1 AND erased_at IS NULL',
    [memberId],
  );
  if (!member) throw notFound();
  if (member.role_id !== 2) throw conflict(AGREEMENT_TEXTS.notMember);
  const waiting = async () => {
    const open = await openAgreement(db, memberId);
    if (open?.state === 'ACTIVE') throw conflict(AGREEMENT_TEXTS.alreadyActive);
    return open?.vipps_agreement_id && open.confirmation_url
      ? { data: { redirect_url: open.confirmation_url, agreement_id: open.vipps_agreement_id, state: open.state } }
      : null;
  };
  const before = await waiting();
  if (before) return before;

  const price = await agreementPrice(db, memberId);
  const premiums = options.includesPremiums ? price.premiumsOre : 0;
  const amount = price.duesOre + premiums;
  let row: { id: number };
  try {
    [row] = await db.query<{ id: number }>(
      `INSERT INTO vipps_agreements (member_id, price_ore, product_id, product_name, includes_premiums, premiums_ore)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [memberId, amount, price.productId, price.productName, options.includesPremiums === true, premiums],
    );
  } catch (error) {
    // Another tap made it first (vipps_agreements_one_open).
    if ((error as { code?: string }).code !== '23505') throw error;
    const other = await waiting();
    if (other) return other;
    throw conflict(AGREEMENT_TEXTS.alreadyActive);
  }
  const phone = (member.phone ?? '').replace(/\D/g, '');
  try {
    const created = await recurring.createAgreement(
      {
        amount,
        interval: { unit: 'YEAR', count: 1 },
        productName: price.productName.slice(0, 45),
        productDescription: options.includesPremiums ? 'Kontingenten og forsikringspremiene trekkes én gang i året.' : 'Kontingenten trekkes én gang i året.',
        merchantAgreementUrl: `${deps.publicUrl}/profile/${memberId}`,
        merchantRedirectUrl: `${deps.publicUrl}/profile/${memberId}?vipps_agreement=return`,
        phoneNumber: /^\d{8}$/.test(phone) ? `47${phone}` : null,
        externalId: `mp-avtale-${row.id}`,
      },
      `agreement-${row.id}`,
    );
    await db.transaction(async (tx) => {
      await tx.query(
        'UPDATE vipps_agreements SET vipps_agreement_id = $2, confirmation_url = $3, updated_at = now() WHERE id = $1',
        [row.id, created.agreementId, created.confirmationUrl],
      );
      await record(tx, { agreementId: row.id, source: 'member', vippsAgreementId: created.agreementId, to: 'PENDING', note: 'Avtale laget', actorId: memberId });
    });
    return { data: { redirect_url: created.confirmationUrl, agreement_id: created.agreementId, state: 'PENDING' } };
  } catch (error) {
    await db.query('DELETE FROM vipps_agreements WHERE id = $1 AND vipps_agreement_id IS NULL', [row.id]);
    if (!(error instanceof VippsError)) throw error;
    deps.log?.warn({ member: memberId, err: error.message, status: error.status }, 'Vipps agreement create failed');
    throw new HttpError(502, { message: AGREEMENT_TEXTS.vippsFailed(error.message) });
  }
}

/** The member (or staff) stops the agreement, at Vipps first; its charges not yet drawn are cancelled there and fall back. */
export async function stopAgreement(deps: AgreementDeps, memberId: number, actor: { id: number; staff: boolean }): Promise<{ data: VippsAgreementView }> {
  const { db, recurring } = deps;
  const open = await openAgreement(db, memberId);
  if (!open) throw conflict(AGREEMENT_TEXTS.noneOpen);
  if (!recurring) throw new HttpError(503, { message: AGREEMENT_TEXTS.notConfigured });
  if (open.vipps_agreement_id) {
    try {
      await recurring.stopAgreement(open.vipps_agreement_id, `stop-${open.id}`);
    } catch (error) {
      if (!(error instanceof VippsError)) throw error;
      // Vipps says it cannot be stopped (expired): take its state from Vipps instead.
      if (error.status !== 409) throw new HttpError(502, { message: AGREEMENT_TEXTS.stopFailed(error.message) });
      await syncAgreement(deps, open, actor.staff ? 'staff' : 'member');
      return agreementView(deps, memberId);
    }
  }
  await moveAgreement(deps, open.id, 'STOPPED', {
    source: actor.staff ? 'staff' : 'member',
    stoppedBy: actor.staff ? 'staff' : 'member',
    actorId: actor.id,
    note: actor.staff ? 'Stoppet av ansatt' : 'Stoppet på Min side',
  });
  return agreementView(deps, memberId);
}

interface MoveOptions {
  source: Source;
  event?: string | null;
  stoppedBy?: 'member' | 'staff' | 'app' | 'vipps';
  actorId?: number | null;
  note?: string | null;
}

/** Moves our agreement forward to `to` (and records it); a move backwards or none is recorded as ignored. */
async function moveAgreement(deps: AgreementDeps, id: number, to: AgreementState, options: MoveOptions): Promise<boolean> {
  const moved = await deps.db.transaction(async (tx) => {
    const [row] = await tx.query<AgreementRow>(`SELECT ${AGREEMENT_COLUMNS} FROM vipps_agreements WHERE id = $1 FOR UPDATE`, [id]);
    if (!row) return false;
    await tx.query('UPDATE vipps_agreements SET checked_at = now() WHERE id = $1', [id]);
    const base = { agreementId: id, source: options.source, event: options.event, vippsAgreementId: row.vipps_agreement_id, actorId: options.actorId };
    if (!AGREEMENT_FORWARD[row.state].includes(to)) {
      // Nothing to record for a poll that found nothing new; an event that changed nothing is kept.
      if (options.event) await record(tx, { ...base, from: row.state, to, note: row.state === to ? 'Ingen endring' : 'Ignorert: avtalen er allerede kommet lenger' });
      return false;
    }
    const ended = to === 'STOPPED' || to === 'EXPIRED';
    await tx.query(
      `UPDATE vipps_agreements SET state = $2, updated_at = now(), confirmation_url = CASE WHEN $2 = 'PENDING' THEN confirmation_url END,
              stopped_at = CASE WHEN $3 THEN now() ELSE stopped_at END, stopped_by = CASE WHEN $3 THEN $4 ELSE stopped_by END,
              stopped_by_account = CASE WHEN $3 THEN $5::int ELSE stopped_by_account END
        WHERE id = $1`,
      [id, to, ended, options.stoppedBy ?? (to === 'EXPIRED' ? 'vipps' : 'app'), options.actorId ?? null],
    );
    await record(tx, { ...base, from: row.state, to, note: options.note ?? null });
    return true;
  });
  if (moved && (to === 'STOPPED' || to === 'EXPIRED')) await settleChargesOf(deps, id, options.source);
  return moved;
}

/** Asks Vipps for the agreement and moves ours to its state (stopped by someone else than us: in the app). */
async function syncAgreement(deps: AgreementDeps, row: AgreementRow, source: Source, event: string | null = null, actor: string | null = null): Promise<void> {
  if (!deps.recurring || !row.vipps_agreement_id) return;
  const agreement = await deps.recurring.getAgreement(row.vipps_agreement_id);
  const status: AgreementStatus = agreement.status;
  await moveAgreement(deps, row.id, status, {
    source,
    event,
    stoppedBy: status === 'EXPIRED' || actor === 'SYSTEM' || actor === 'ADMIN' ? 'vipps' : 'app',
    note: status === 'STOPPED' ? (row.state === 'PENDING' ? 'Avvist eller stoppet i Vipps' : 'Stoppet i Vipps-appen') : null,
  });
  await deps.db.query('UPDATE vipps_agreements SET checked_at = now() WHERE id = $1', [row.id]);
}

/** After the agreement ended: its charges not yet at Vipps fall back, the others are asked of Vipps. */
async function settleChargesOf(deps: AgreementDeps, agreementId: number, source: Source): Promise<void> {
  const charges = await deps.db.query<ChargeRow>(`${CHARGE_SELECT} WHERE c.agreement_id = $1 AND c.state IN ('QUEUED', 'PENDING', 'DUE', 'PROCESSING', 'RESERVED')`, [agreementId]);
  for (const charge of charges) {
    if (charge.state === 'QUEUED') {
      await moveCharge(deps, charge.id, 'REFUSED', { source, note: 'Avtalen er ikke lenger aktiv', failureReason: 'Avtalen er ikke lenger aktiv' });
      continue;
    }
    try {
      await syncCharge(deps, charge, source);
    } catch (error) {
      if (!(error instanceof VippsError)) throw error;
      deps.log?.warn({ charge: charge.id, err: error.message }, 'Vipps charge check failed');
    }
  }
}

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
async function moveCharge(deps: AgreementDeps, id: number, to: string, move: ChargeMove): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const [charge] = await tx.query<ChargeRow>(`${CHARGE_SELECT} WHERE c.id = $1 FOR UPDATE OF c`, [id]);
    if (!charge) return false;
    const base = { agreementId: charge.agreement_id, chargeId: id, source: move.source, event: move.event, vippsAgreementId: charge.vipps_agreement_id, vippsChargeId: charge.order_id };
    if ((CHARGE_STEP[to] ?? -1) <= (CHARGE_STEP[charge.state] ?? 0)) {
      if (move.event) await record(tx, { ...base, from: charge.state, to, note: charge.state === to ? 'Ingen endring' : 'Ignorert: trekket er allerede kommet lenger' });
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
      await tx.query("UPDATE invoices SET reminders_paused_until = NULL, reminders_paused_reason = NULL WHERE id = $1 AND reminders_paused_reason = 'Trekkes med Vipps-avtale'", [charge.invoice_id]);
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
  const [tripletex] = await tx.query('UPDATE invoices SET tripletex_sent_at = NULL WHERE id = $1 AND tripletex_wanted_at IS NOT NULL RETURNING id', [invoice.id]);
  if (tripletex) await handToLedger(tx, deps.jobs, invoice.id);
  else await queueInvoiceMail(tx, deps.outbox, { billing: deps.billing }, invoice.id, null);
  await mailAboutInvoice(tx, deps.outbox, 'vipps-charge-failed', invoice.id,
    invoiceMailValues({ number: invoice.number, due_date: payBy, kid }, outstanding, deps.billing.bankAccount));
  await tx.query(
    'INSERT INTO invoice_events (invoice_id, from_state, to_state, actor_id, reason) VALUES ($1, $2, $2, NULL, $3)',
    [invoice.id, invoice.state, tripletex ? 'Trekk med Vipps gikk ikke: sendes fra Tripletex' : 'Trekk med Vipps gikk ikke: sendt på e-post'],
  );
}

/** Asks Vipps for the charge and moves ours to its state. */
async function syncCharge(deps: AgreementDeps, charge: ChargeRow, source: Source, event: string | null = null): Promise<void> {
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
      { amount: charge.amount_ore, description: `Kontingent, faktura ${charge.invoice_number}`.slice(0, 45), due, retryDays: charge.retry_days, orderId: charge.order_id },
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

/**
 * A recurring event from the webhook (signature already checked): the agreement or charge is asked
 * of Vipps and moved on. An event for an agreement or charge we do not know is recorded and ignored.
 */
export async function receiveRecurringEvent(deps: AgreementDeps, event: RecurringEvent): Promise<void> {
  const { db } = deps;
  const [agreement] = await db.query<AgreementRow>(`SELECT ${AGREEMENT_COLUMNS} FROM vipps_agreements WHERE vipps_agreement_id = $1`, [event.agreementId]);
  const chargeId = event.kind === 'charge' ? event.chargeId : null;
  if (!agreement) {
    await record(db, { agreementId: null, source: 'webhook', event: event.name, vippsAgreementId: event.agreementId, vippsChargeId: chargeId, note: 'Ignorert: ukjent avtale' });
    return;
  }
  if (event.kind === 'agreement') {
    await syncAgreement(deps, agreement, 'webhook', event.name, event.actor);
    return;
  }
  const [charge] = await db.query<ChargeRow>(`${CHARGE_SELECT} WHERE c.order_id = $1 AND c.agreement_id = $2`, [event.chargeId, agreement.id]);
  if (!charge) {
    await record(db, { agreementId: agreement.id, source: 'webhook', event: event.name, vippsAgreementId: event.agreementId, vippsChargeId: chargeId, note: 'Ignorert: ukjent trekk' });
    return;
  }
  if (charge.state === 'QUEUED') {
    // The event came before the charge job's answer: the job takes the state.
    await createChargeAtVipps(deps, charge.id);
    return;
  }
  await syncCharge(deps, charge, 'webhook', event.name);
}

/**
 * The polling job (the safety net for lost webhooks): agreements waiting for approval, active ones
 * not asked today (stopped in the app), open charges, and charges the charge job did not get to
 * Vipps. Answers how many it looked at.
 */
export async function pollAgreements(deps: AgreementDeps, limit = 200): Promise<number> {
  const { db } = deps;
  // An agreement row whose create never reached Vipps (the process stopped in between).
  await db.query(
    "UPDATE vipps_agreements SET state = 'EXPIRED', updated_at = now() WHERE state = 'PENDING' AND vipps_agreement_id IS NULL AND created_at < now() - interval '1 hour'",
  );
  const agreements = await db.query<AgreementRow>(
    `SELECT ${AGREEMENT_COLUMNS} FROM vipps_agreements
      WHERE vipps_agreement_id IS NOT NULL
        AND (state = 'PENDING' OR (state = 'ACTIVE' AND (checked_at IS NULL OR checked_at < now() - interval '1 day')))
      ORDER BY checked_at NULLS FIRST, id LIMIT $1`,
    [limit],
  );
  const charges = await db.query<ChargeRow>(
    `${CHARGE_SELECT} WHERE c.state = ANY($1::text[]) OR (c.state = 'QUEUED' AND c.updated_at < now() - interval '10 minutes') ORDER BY c.id LIMIT $2`,
    [OPEN_CHARGES, limit],
  );
  for (const agreement of agreements) {
    try {
      await syncAgreement(deps, agreement, 'poll');
    } catch (error) {
      if (!(error instanceof VippsError)) throw error;
      deps.log?.warn({ agreement: agreement.id, err: error.message }, 'Vipps agreement poll failed');
    }
  }
  for (const charge of charges) {
    try {
      if (charge.state === 'QUEUED') await createChargeAtVipps(deps, charge.id);
      else await syncCharge(deps, charge, 'poll');
    } catch (error) {
      if (!(error instanceof VippsError)) throw error;
      deps.log?.warn({ charge: charge.id, err: error.message }, 'Vipps charge poll failed');
    }
  }
  return agreements.length + charges.length;
}

/**
 * The embedded test checkout's stand-in for the Recurring API (no Vipps settings, never in
 * production): agreements and charges live in vipps_test_agreements and vipps_test_charges, with
 * Vipps' states. The test checkout's agreement page (domain/payments/vipps-test-agreements.ts)
 * approves or rejects an agreement, stops it "in the app", and carries out or fails a charge,
 * each followed by a signed event to our webhook, as Vipps would send it.
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import {
  VippsError,
  VIPPS_MESSAGES,
  RECURRING_MESSAGES,
  type AgreementStatus,
  type Charge,
  type ChargeStatus,
  type NewAgreement,
  type Payer,
  type RecurringGateway,
} from './vipps.ts';

interface AgreementRow {
  id: string;
  status: AgreementStatus;
  body: Pick<NewAgreement, 'productName' | 'productDescription' | 'merchantAgreementUrl' | 'merchantRedirectUrl' | 'interval' | 'initialCharge' | 'scope'>;
  amount: number;
  /** The profile shared on approval, when the agreement asked for one (scope). */
  payer: Payer | null;
  created_at: string;
  start_at: string | null;
  stop_at: string | null;
}

interface ChargeRow {
  id: string;
  agreement_id: string;
  type: 'INITIAL' | 'RECURRING';
  amount: number;
  description: string;
  due: string;
  retry_days: number;
  status: ChargeStatus;
  failure_reason: string | null;
}

export interface TestAgreements extends RecurringGateway {
  readonly testCheckout: true;
  /** The agreement as the test page shows it, with its charges; null for an unknown id. */
  agreement(id: string): Promise<(AgreementRow & { charges: ChargeRow[] }) | null>;
  /**
   * The member approves (PENDING → ACTIVE; the initial charge is drawn, and the payer is the profile
   * shared when the agreement asked for one) or rejects it (→ STOPPED; the initial charge cancelled).
   */
  decide(id: string, decision: 'approve' | 'reject', payer?: Payer | null): Promise<AgreementStatus>;
  /** The member stops the active agreement in "the app": its open charges are cancelled. */
  stopInApp(id: string): Promise<AgreementStatus>;
  /** Vipps' charge run for one charge: CHARGED, or FAILED after its retries. */
  settleCharge(chargeId: string, outcome: 'capture' | 'fail'): Promise<ChargeStatus>;
}

const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());

export function testAgreements(db: Queryable): TestAgreements {
  async function loadAgreement(id: string): Promise<AgreementRow | null> {
    const [row] = await db.query<AgreementRow>(
      'SELECT id, status, body, amount, payer, created_at::text, start_at::text, stop_at::text FROM vipps_test_agreements WHERE id = $1',
      [id],
    );
    return row ?? null;
  }
  async function existing(id: string): Promise<AgreementRow> {
    const row = await loadAgreement(id);
    if (!row) throw new VippsError(VIPPS_MESSAGES.agreementNotFound, 404);
    return row;
  }
  const charges = (agreementId: string) =>
    db.query<ChargeRow>(
      'SELECT id, agreement_id, type, amount, description, due::text AS due, retry_days, status, failure_reason FROM vipps_test_charges WHERE agreement_id = $1 ORDER BY created_at, id',
      [agreementId],
    );
  async function existingCharge(agreementId: string, chargeId: string): Promise<ChargeRow> {
    const [row] = await db.query<ChargeRow>(
      'SELECT id, agreement_id, type, amount, description, due::text AS due, retry_days, status, failure_reason FROM vipps_test_charges WHERE id = $1 AND agreement_id = $2',
      [chargeId, agreementId],
    );
    if (!row) throw new VippsError(VIPPS_MESSAGES.chargeNotFound, 404);
    return row;
  }
  const asCharge = (row: ChargeRow): Charge => ({
    id: row.id,
    agreementId: row.agreement_id,
    status: row.status,
    type: row.type,
    transactionType: 'DIRECT_CAPTURE',
    amount: row.amount,
    captured: row.status === 'CHARGED' || row.status === 'REFUNDED' ? row.amount : 0,
    refunded: row.status === 'REFUNDED' ? row.amount : 0,
    cancelled: row.status === 'CANCELLED' ? row.amount : 0,
    description: row.description,
    due: row.due,
    retryDays: row.retry_days,
    externalId: null,
    transactionId: row.status === 'CHARGED' ? `test-${row.id}` : null,
    failureReason: row.status === 'FAILED' ? 'user_action_required' : null,
    failureDescription: row.failure_reason,
    history: [],
  });
  async function stop(id: string) {
    await db.query("UPDATE vipps_test_agreements SET status = 'STOPPED', stop_at = now() WHERE id = $1 AND status IN ('PENDING', 'ACTIVE')", [id]);
    await db.query("UPDATE vipps_test_charges SET status = 'CANCELLED' WHERE agreement_id = $1 AND status IN ('PENDING', 'DUE')", [id]);
  }

  return {
    kind: 'recurring',
    testCheckout: true,

    async createAgreement(agreement, idempotencyKey) {
      const id = `agr_test_${randomBytes(6).toString('hex')}`;
      const [row] = await db.query<{ id: string }>(
        `INSERT INTO vipps_test_agreements (id, body, amount, idempotency_key) VALUES ($1, $2, $3, $4)
         ON CONFLICT (idempotency_key) DO UPDATE SET idempotency_key = EXCLUDED.idempotency_key RETURNING id`,
        [id, JSON.stringify(agreement), agreement.amount, idempotencyKey],
      );
      // The initial charge waits with the agreement and is drawn when the member approves (DIRECT_CAPTURE).
      const initial = agreement.initialCharge;
      let chargeId: string | null = null;
      if (initial) {
        chargeId = initial.orderId || `chr_test_${row.id.slice(-12)}`;
        const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Oslo' }).format(new Date());
        await db.query(
          `INSERT INTO vipps_test_charges (id, agreement_id, type, amount, description, due, retry_days) VALUES ($1, $2, 'INITIAL', $3, $4, $5, 0)
           ON CONFLICT (id) DO NOTHING`,
          [chargeId, row.id, initial.amount, initial.description, today],
        );
      }
      return { agreementId: row.id, confirmationUrl: `/api/vipps-test-checkout/agreement/${encodeURIComponent(row.id)}`, chargeId };
    },

    async getAgreement(id) {
      const row = await existing(id);
      return {
        id: row.id,
        status: row.status,
        amount: row.amount,
        interval: row.body.interval,
        productName: row.body.productName,
        productDescription: row.body.productDescription ?? null,
        externalId: null,
        merchantAgreementUrl: row.body.merchantAgreementUrl,
        merchantRedirectUrl: row.body.merchantRedirectUrl,
        created: iso(row.created_at)!,
        start: iso(row.start_at),
        stop: iso(row.stop_at),
        sub: row.payer && row.body.scope ? `test-${row.id}` : null,
      };
    },

    async stopAgreement(id) {
      const row = await existing(id);
      if (row.status === 'EXPIRED') throw new VippsError(VIPPS_MESSAGES.agreementConflict, 409);
      await stop(id);
    },

    async createCharge(agreementId, charge) {
      const row = await existing(agreementId);
      if (row.status !== 'ACTIVE') throw new VippsError(VIPPS_MESSAGES.agreementConflict, 409);
      const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Oslo' }).format(new Date());
      if (charge.due <= today) throw new VippsError(RECURRING_MESSAGES.due, 400, null, false);
      await db.query(
        `INSERT INTO vipps_test_charges (id, agreement_id, amount, description, due, retry_days) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (id) DO NOTHING`,
        [charge.orderId, agreementId, charge.amount, charge.description, charge.due, charge.retryDays],
      );
      return { chargeId: charge.orderId };
    },

    async getCharge(agreementId, chargeId) {
      return asCharge(await existingCharge(agreementId, chargeId));
    },

    async listCharges(agreementId, status) {
      await existing(agreementId);
      return (await charges(agreementId)).filter((row) => !status || row.status === status).map(asCharge);
    },

    async cancelCharge(agreementId, chargeId) {
      const row = await existingCharge(agreementId, chargeId);
      if (row.status !== 'PENDING' && row.status !== 'DUE' && row.status !== 'CANCELLED') throw new VippsError(VIPPS_MESSAGES.chargeConflict, 409);
      await db.query("UPDATE vipps_test_charges SET status = 'CANCELLED' WHERE id = $1", [chargeId]);
    },

    async refundCharge(agreementId, chargeId) {
      const row = await existingCharge(agreementId, chargeId);
      if (row.status !== 'CHARGED') throw new VippsError(VIPPS_MESSAGES.chargeConflict, 409);
      await db.query("UPDATE vipps_test_charges SET status = 'REFUNDED' WHERE id = $1", [chargeId]);
    },

    async userInfo(sub) {
      const row = await loadAgreement(sub.replace(/^test-/, ''));
      if (!row?.payer) throw new VippsError(VIPPS_MESSAGES.notFound, 404);
      return row.payer;
    },

    async agreement(id) {
      const row = await loadAgreement(id);
      return row ? { ...row, charges: await charges(id) } : null;
    },

    async decide(id, decision, payer = null) {
      await existing(id);
      if (decision === 'approve') {
        const approved = await db.query(
          "UPDATE vipps_test_agreements SET status = 'ACTIVE', start_at = now(), payer = $2 WHERE id = $1 AND status = 'PENDING' RETURNING id",
          [id, payer ? JSON.stringify(payer) : null],
        );
        if (approved.length > 0) {
          await db.query("UPDATE vipps_test_charges SET status = 'CHARGED' WHERE agreement_id = $1 AND type = 'INITIAL' AND status = 'PENDING'", [id]);
        }
      } else {
        const rejected = await db.query(
          "UPDATE vipps_test_agreements SET status = 'STOPPED', stop_at = now() WHERE id = $1 AND status = 'PENDING' RETURNING id",
          [id],
        );
        if (rejected.length > 0) await db.query("UPDATE vipps_test_charges SET status = 'CANCELLED' WHERE agreement_id = $1 AND status = 'PENDING'", [id]);
      }
      return (await existing(id)).status;
    },

    async stopInApp(id) {
      await existing(id);
      await stop(id);
      return (await existing(id)).status;
    },

    async settleCharge(chargeId, outcome) {
      const [row] = await db.query<{ status: ChargeStatus }>(
        `UPDATE vipps_test_charges SET status = $2, failure_reason = $3
          WHERE id = $1 AND status IN ('PENDING', 'DUE', 'PROCESSING') RETURNING status`,
        [chargeId, outcome === 'capture' ? 'CHARGED' : 'FAILED', outcome === 'capture' ? null : 'Testbetaling: trekket feilet'],
      );
      if (row) return row.status;
      const [now] = await db.query<{ status: ChargeStatus }>('SELECT status FROM vipps_test_charges WHERE id = $1', [chargeId]);
      if (!now) throw new VippsError(VIPPS_MESSAGES.chargeNotFound, 404);
      return now.status;
    },
  };
}

/**
 * The embedded test checkout: a stand-in for Vipps when no VIPPS_* settings are given (never in
 * production). Payments live in the table vipps_test_payments; the checkout page (served under
 * /api/vipps-test-checkout) approves or aborts them with a made-up payer, and the approval is
 * delivered to our webhook signed like Vipps signs, so the quick checkout runs the same code
 * path as with real Vipps.
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import { VippsError, VIPPS_MESSAGES, type Payer, type PaymentGateway, type PaymentState } from './vipps.ts';

/** A payment expires when the payer has not acted within 10 minutes, as at Vipps. */
const EXPIRY_MINUTES = 10;

interface TestPaymentRow {
  reference: string;
  amount: number;
  description: string;
  return_url: string;
  state: PaymentState;
  payer: Payer | null;
  captured_amount: number;
  refunded_amount: number;
  cancelled: boolean;
  expired: boolean;
}

export interface TestCheckout extends PaymentGateway {
  readonly kind: 'test-checkout';
  /** The payment as the checkout page shows it; null for an unknown reference. */
  payment(reference: string): Promise<TestPaymentRow | null>;
  /** The payer approves: the payment is authorized with this payer's details. */
  approve(reference: string, payer: Payer): Promise<TestPaymentRow>;
  abort(reference: string): Promise<TestPaymentRow>;
}

/** The payer the checkout page suggests; every field can be changed on the page. */
export const MADE_UP_PAYER: Payer = {
  first_name: 'Test',
  last_name: 'Betaler',
  email: 'test.betaler@example.no',
  phone: '4791234567',
  address: null,
  birthdate: null,
};

export function testCheckout(db: Queryable): TestCheckout {
  const webhookSecret = randomBytes(32).toString('base64');

  async function load(reference: string): Promise<TestPaymentRow | null> {
    const [row] = await db.query<TestPaymentRow>(
      `SELECT reference, amount, description, return_url, state, payer, captured_amount, refunded_amount, cancelled,
              created_at < now() - make_interval(mins => $2) AS expired
         FROM vipps_test_payments WHERE reference = $1`,
      [reference, EXPIRY_MINUTES],
    );
    if (row && row.state === 'CREATED' && row.expired) {
      await db.query("UPDATE vipps_test_payments SET state = 'EXPIRED' WHERE reference = $1 AND state = 'CREATED'", [reference]);
      return { ...row, state: 'EXPIRED' };
    }
    return row ?? null;
  }

  async function existing(reference: string): Promise<TestPaymentRow> {
    const row = await load(reference);
    if (!row) throw new VippsError(VIPPS_MESSAGES.notFound, 404);
    return row;
  }

  /** Runs a modification once per idempotency key, as Vipps does; false when the key was used before. */
  async function firstUse(reference: string, key: string): Promise<boolean> {
    const rows = await db.query(
      `UPDATE vipps_test_payments SET idempotency_keys = idempotency_keys || $2::text
        WHERE reference = $1 AND NOT ($2 = ANY (idempotency_keys)) RETURNING reference`,
      [reference, key],
    );
    return rows.length > 0;
  }

  return {
    kind: 'test-checkout',
    webhookSecret,

    async createPayment(payment, idempotencyKey) {
      await db.query(
        `INSERT INTO vipps_test_payments (reference, amount, description, return_url, idempotency_keys)
         VALUES ($1, $2, $3, $4, ARRAY[$5]) ON CONFLICT (reference) DO NOTHING`,
        [payment.reference, payment.amount, payment.description, payment.returnUrl, idempotencyKey],
      );
      return { redirectUrl: `/api/vipps-test-checkout/${encodeURIComponent(payment.reference)}` };
    },

    async getPayment(reference) {
      const row = await existing(reference);
      return {
        state: row.state,
        sub: row.state === 'AUTHORIZED' && row.payer ? `test-${row.reference}` : null,
        authorized: row.state === 'AUTHORIZED' ? row.amount : 0,
        captured: row.captured_amount,
        refunded: row.refunded_amount,
        cancelled: row.cancelled ? row.amount - row.captured_amount : 0,
      };
    },

    async capture(reference, amount, idempotencyKey) {
      const row = await existing(reference);
      if (row.state !== 'AUTHORIZED' || row.cancelled || row.captured_amount + amount > row.amount) {
        if (!(await firstUse(reference, idempotencyKey))) return;
        throw new VippsError(VIPPS_MESSAGES.conflict, 409);
      }
      if (!(await firstUse(reference, idempotencyKey))) return;
      await db.query('UPDATE vipps_test_payments SET captured_amount = captured_amount + $2 WHERE reference = $1', [reference, amount]);
    },

    async cancel(reference, idempotencyKey) {
      const row = await existing(reference);
      if (!(await firstUse(reference, idempotencyKey))) return;
      // What is not captured is released (as Vipps does); a fully captured payment cannot be cancelled.
      if (row.captured_amount >= row.amount) throw new VippsError(VIPPS_MESSAGES.conflict, 409);
      await db.query(
        "UPDATE vipps_test_payments SET cancelled = true, state = CASE WHEN state = 'CREATED' THEN 'TERMINATED' ELSE state END WHERE reference = $1",
        [reference],
      );
    },

    async refund(reference, amount, idempotencyKey) {
      const row = await existing(reference);
      if (!(await firstUse(reference, idempotencyKey))) return;
      if (row.refunded_amount + amount > row.captured_amount) throw new VippsError(VIPPS_MESSAGES.conflict, 409);
      await db.query('UPDATE vipps_test_payments SET refunded_amount = refunded_amount + $2 WHERE reference = $1', [reference, amount]);
    },

    async userInfo(sub) {
      const row = await load(sub.replace(/^test-/, ''));
      if (!row?.payer) throw new VippsError(VIPPS_MESSAGES.notFound, 404);
      return row.payer;
    },

    payment: load,

    async approve(reference, payer) {
      await existing(reference);
      await db.query("UPDATE vipps_test_payments SET state = 'AUTHORIZED', payer = $2 WHERE reference = $1 AND state = 'CREATED'", [
        reference,
        JSON.stringify(payer),
      ]);
      return existing(reference);
    },

    async abort(reference) {
      await existing(reference);
      await db.query("UPDATE vipps_test_payments SET state = 'ABORTED' WHERE reference = $1 AND state = 'CREATED'", [reference]);
      return existing(reference);
    },
  };
}

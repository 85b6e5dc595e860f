/**
 * Keeps a member's instrument insurance in step with their active instruments: one subscription
 * line per active instrument, carrying its value, so the lines' total is always the sum of the
 * active values. The first active instrument starts the subscription (a waiting one is taken
 * into use, else a new one is opened). Called in the same transaction as every change that can
 * alter an active instrument.
 */
import type { Queryable } from '../../db/database.ts';
import { snapshotSubscription } from './iterations.ts';

export const INSTRUMENT_PRODUCT_ID = 4;

async function currentSubscription(tx: Queryable, memberId: number): Promise<{ id: number; state: string } | undefined> {
  const [row] = await tx.query<{ id: number; state: string }>(
    `SELECT id, state FROM subscriptions
      WHERE member_id = $1 AND kind = 'instrument' AND state IN ('active', 'pending') AND deleted_at IS NULL
      ORDER BY (state = 'active') DESC, id DESC LIMIT 1 FOR UPDATE`,
    [memberId],
  );
  return row;
}

async function startSubscription(tx: Queryable, memberId: number, staffId: number, today: string, waiting?: { id: number }): Promise<number> {
  if (waiting) {
    await tx.query(
      `UPDATE subscriptions SET state = 'active', subscription_start = coalesce(subscription_start, $2::date),
              validated_at = now(), validated_by = $3, updated_at = now() WHERE id = $1`,
      [waiting.id, today, staffId],
    );
    return waiting.id;
  }
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO subscriptions (member_id, product_id, kind, state, value, subscription_start, validated_at, validated_by)
     SELECT $1, p.id, 'instrument', 'active', p.price, $2::date, now(), $3 FROM products p WHERE p.id = $4
     RETURNING id`,
    [memberId, today, staffId, INSTRUMENT_PRODUCT_ID],
  );
  return row.id;
}

export async function syncInstrumentInsurance(tx: Queryable, memberId: number, staffId: number, today: string): Promise<void> {
  const insured = await tx.query<{ id: number }>(
    `SELECT id FROM instruments
      WHERE member_id = $1 AND state = 'active' AND deleted_at IS NULL AND (insurance_end IS NULL OR insurance_end > $2::date)
      ORDER BY id`,
    [memberId, today],
  );
  let subscription = await currentSubscription(tx, memberId);
  if (insured.length > 0 && subscription?.state !== 'active') {
    subscription = { id: await startSubscription(tx, memberId, staffId, today, subscription), state: 'active' };
  }
  if (!subscription || subscription.state !== 'active') return;
  const ids = insured.map((row) => row.id);
  const subscriptionId = subscription.id;
  await tx.query('UPDATE instruments SET subscription_id = $1 WHERE id = ANY($2::int[]) AND subscription_id IS DISTINCT FROM $1', [subscriptionId, ids]);
  const removed = await tx.query(
    `DELETE FROM subscription_lines
      WHERE subscription_id = $1 AND (instrument_id IS NULL OR NOT (instrument_id = ANY($2::int[]))) RETURNING id`,
    [subscriptionId, ids],
  );
  const written = await tx.query(
    `INSERT INTO subscription_lines (subscription_id, instrument_id, product_id, quantity, value, subscription_start, validated_by)
     SELECT $1, i.id, $3, 1, i.value, i.insurance_start, $4 FROM instruments i
      WHERE i.id = ANY($2::int[])
        AND NOT EXISTS (SELECT 1 FROM subscription_lines l
                         WHERE l.instrument_id = i.id AND l.subscription_id = $1 AND l.value = i.value AND l.subscription_end IS NULL)
     ON CONFLICT (instrument_id) WHERE instrument_id IS NOT NULL
     DO UPDATE SET subscription_id = EXCLUDED.subscription_id, value = EXCLUDED.value, subscription_end = NULL,
                   validated_by = EXCLUDED.validated_by, updated_at = now()
     RETURNING id`,
    [subscriptionId, ids, INSTRUMENT_PRODUCT_ID, staffId],
  );
  if (removed.length > 0 || written.length > 0) await snapshotSubscription(tx, subscriptionId, staffId);
}

/**
 * Staff stop a member's instrument insurance: the subscription and its lines end today, the
 * instruments insured under it get today as their stop date, and every change is snapshotted.
 */
import type { Queryable } from '../../db/database.ts';
import { notFound, validationFailed } from '../../lib/http-errors.ts';
import type { Database } from '../../db/database.ts';
import { snapshotInstrument, snapshotSubscription } from './iterations.ts';
import { loadSubscription, type SubscriptionView } from './subscription-view.ts';
import { todayInOslo } from '../shared/oslo-date.ts';

export const NOT_CANCELLABLE = 'Bare en aktiv instrumentforsikring kan stoppes.';

export async function cancelInstrumentSubscription(tx: Queryable, id: number, staffId: number, today: string): Promise<void> {
  const [subscription] = await tx.query<{ kind: string; state: string; member_id: number }>(
    'SELECT kind, state, member_id FROM subscriptions WHERE id = $1 AND deleted_at IS NULL FOR UPDATE',
    [id],
  );
  if (!subscription) throw notFound();
  if (subscription.kind !== 'instrument' || subscription.state !== 'active') {
    throw validationFailed({ subscription: [NOT_CANCELLABLE] });
  }
  // An insurance that starts after today ends the day it starts: an end is never before a start.
  await tx.query(
    `UPDATE subscriptions
        SET state = 'cancelled', cancelled_at = now(), cancelled_by = $2, updated_at = now(),
            subscription_end = GREATEST(coalesce(subscription_start, $3::date), $3::date)
      WHERE id = $1`,
    [id, staffId, today],
  );
  await tx.query(
    `UPDATE subscription_lines
        SET subscription_end = GREATEST(coalesce(subscription_start, $2::date), $2::date), updated_at = now()
      WHERE subscription_id = $1 AND (subscription_end IS NULL OR subscription_end > $2::date)`,
    [id, today],
  );
  // A member has one active instrument insurance, so their active instruments not yet tied to
  // a subscription are insured under this one too.
  const instruments = await tx.query<{ id: number }>(
    `UPDATE instruments
        SET insurance_end = GREATEST(insurance_start, $3::date), updated_at = now()
      WHERE member_id = $2 AND (subscription_id = $1 OR subscription_id IS NULL)
        AND state = 'active' AND deleted_at IS NULL
        AND (insurance_end IS NULL OR insurance_end > $3::date)
      RETURNING id`,
    [id, subscription.member_id, today],
  );
  await snapshotSubscription(tx, id, staffId);
  for (const instrument of instruments.sort((a, b) => a.id - b.id)) {
    await snapshotInstrument(tx, instrument.id, staffId);
  }
}

/** Stops the instrument insurance today (Oslo) and answers it as saved. */
export const stopInstrumentInsurance = (db: Database, id: number, staffId: number): Promise<SubscriptionView> =>
  db.transaction(async (tx) => {
    await cancelInstrumentSubscription(tx, id, staffId, todayInOslo());
    return (await loadSubscription(tx, id))!;
  });

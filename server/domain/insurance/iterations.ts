/**
 * Iterations: a full snapshot of an instrument or an insurance subscription after each change,
 * with who made it. The insurance logs and their before/after modals read these, so every
 * change calls one of these functions, and the snapshots are built only here.
 */
import type { Queryable } from '../../db/database.ts';
import { statusOfStateSql } from './subscription-status.ts';

const INSTRUMENT_SNAPSHOT = `
  json_build_object(
    'id', i.id, 'member_id', i.member_id, 'subscription_id', i.subscription_id,
    'instrument_category', i.instrument_category, 'category', c.title,
    'make', i.make, 'model', i.model, 'serial_number', i.serial_number, 'value', i.value,
    'insurance_start', i.insurance_start, 'insurance_end', i.insurance_end, 'state', i.state,
    'requested_change', i.requested_change, 'reason_for_rejection', i.reason_for_rejection,
    'validated_at', i.validated_at, 'rejected_at', i.rejected_at,
    'created_at', i.created_at, 'updated_at', i.updated_at, 'deleted_at', i.deleted_at)`;

const SUBSCRIPTION_SNAPSHOT = `
  json_build_object(
    'id', s.id, 'member_id', s.member_id, 'product_id', s.product_id,
    'product', json_build_object('id', p.id, 'name', p.name, 'price', p.price),
    'kind', s.kind, 'state', s.state,
    'status', ${statusOfStateSql('s.state')},
    'value', s.value, 'invoiced_for', s.invoiced_for,
    'subscription_start', s.subscription_start, 'subscription_end', s.subscription_end,
    'reason_for_rejection', s.reason_for_rejection, 'validated_at', s.validated_at, 'rejected_at', s.rejected_at,
    'cancelled_at', s.cancelled_at, 'created_at', s.created_at, 'updated_at', s.updated_at, 'deleted_at', s.deleted_at,
    'subscription_lines', (
      SELECT coalesce(json_agg(json_build_object(
               'id', l.id, 'product_id', l.product_id, 'quantity', l.quantity, 'value', l.value,
               'subscription_start', l.subscription_start, 'subscription_end', l.subscription_end) ORDER BY l.id), '[]'::json)
        FROM subscription_lines l WHERE l.subscription_id = s.id))`;

/** Writes the instrument's current state as a new iteration; answers the iteration id. */
export async function snapshotInstrument(tx: Queryable, instrumentId: number, byAccountId: number | null): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO instrument_iterations (instrument_id, snapshot, created_by)
     SELECT i.id, ${INSTRUMENT_SNAPSHOT}, $2::int
       FROM instruments i JOIN instrument_categories c ON c.id = i.instrument_category
      WHERE i.id = $1
     RETURNING id`,
    [instrumentId, byAccountId],
  );
  if (!row) throw new Error(`Instrument ${instrumentId} finnes ikke`);
  return row.id;
}

/** The same for many instruments in one statement (an import): one iteration each, in id order. */
export async function snapshotInstruments(tx: Queryable, instrumentIds: readonly number[], byAccountId: number | null): Promise<void> {
  await tx.query(
    `INSERT INTO instrument_iterations (instrument_id, snapshot, created_by)
     SELECT i.id, ${INSTRUMENT_SNAPSHOT}, $2::int
       FROM instruments i JOIN instrument_categories c ON c.id = i.instrument_category
      WHERE i.id = ANY($1::int[])
      ORDER BY i.id`,
    [instrumentIds, byAccountId],
  );
}

/** Writes the subscription's current state (with its lines) as a new iteration; answers the iteration id. */
export async function snapshotSubscription(tx: Queryable, subscriptionId: number, byAccountId: number | null): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO subscription_iterations (subscription_id, snapshot, created_by)
     SELECT s.id, ${SUBSCRIPTION_SNAPSHOT}, $2::int
       FROM subscriptions s JOIN products p ON p.id = s.product_id
      WHERE s.id = $1
     RETURNING id`,
    [subscriptionId, byAccountId],
  );
  if (!row) throw new Error(`Abonnement ${subscriptionId} finnes ikke`);
  return row.id;
}

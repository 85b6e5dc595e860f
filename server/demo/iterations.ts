/**
 * Version history for the demo data. Each iteration is written by the same snapshot functions
 * the live system uses, then dated back and given the values the row had at that time, so the
 * logs read demo history exactly as they read real history.
 */
import type { Queryable } from '../db/database.ts';
import { snapshotInstrument, snapshotSubscription } from '../domain/insurance/iterations.ts';
import { STATUS_OF_STATE, type SubscriptionState } from '../domain/insurance/subscription-status.ts';

export interface IterationSpec {
  id: number;
  /** Fields that differed in this version from the current row. */
  overrides: Record<string, unknown>;
  created_at: string;
  created_by: number | null;
}

const chronological = (specs: readonly IterationSpec[]) => [...specs].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id);

async function backdate(db: Queryable, table: string, written: { iteration_id: number; overrides: Record<string, unknown>; created_at: string }[]) {
  // Only fields the snapshot has are put back, so the demo never adds fields the live system lacks.
  await db.query(
    `UPDATE ${table} it
        SET created_at = v.created_at,
            snapshot = it.snapshot || coalesce(
              (SELECT jsonb_object_agg(e.key, e.value) FROM jsonb_each(v.overrides) e WHERE it.snapshot ? e.key), '{}'::jsonb)
       FROM json_to_recordset($1::json) AS v(iteration_id bigint, overrides jsonb, created_at timestamptz)
      WHERE it.id = v.iteration_id`,
    [JSON.stringify(written)],
  );
}

export async function insertSubscriptionIterations(db: Queryable, specs: readonly IterationSpec[]): Promise<void> {
  const written = [];
  for (const spec of chronological(specs)) {
    const state = spec.overrides.state as SubscriptionState | undefined;
    const overrides = { ...spec.overrides, updated_at: spec.created_at, ...(state ? { status: STATUS_OF_STATE[state] } : {}) };
    written.push({ iteration_id: await snapshotSubscription(db, spec.id, spec.created_by), overrides, created_at: spec.created_at });
  }
  await backdate(db, 'subscription_iterations', written);
}

export async function insertInstrumentIterations(db: Queryable, specs: readonly IterationSpec[]): Promise<void> {
  const written = [];
  for (const spec of chronological(specs)) {
    const overrides = { ...spec.overrides, updated_at: spec.created_at };
    written.push({ iteration_id: await snapshotInstrument(db, spec.id, spec.created_by), overrides, created_at: spec.created_at });
  }
  await backdate(db, 'instrument_iterations', written);
}

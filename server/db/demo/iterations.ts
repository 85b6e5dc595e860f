/**
 * Version history: each iteration is the full row as it stood after a change. The current row
 * is read back from the database and earlier versions are that row with the fields that
 * changed since put back, so every snapshot has exactly the shape the live system writes.
 */
import type { Queryable } from '../database.ts';

export interface IterationSpec {
  id: number;
  /** Fields that differed in this version from the current row. */
  overrides: Record<string, unknown>;
  created_at: string;
  created_by: number | null;
}

const ordered = (specs: readonly IterationSpec[]) =>
  [...specs]
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id)
    .map((spec, seq) => ({ ...spec, overrides: { ...spec.overrides, updated_at: spec.created_at }, seq }));

export async function insertSubscriptionIterations(db: Queryable, specs: readonly IterationSpec[]): Promise<void> {
  if (specs.length === 0) return;
  await db.query(
    `INSERT INTO subscription_iterations (subscription_id, snapshot, created_at, created_by)
     SELECT v.id, to_jsonb(s) || jsonb_build_object('product', jsonb_build_object('id', p.id, 'name', p.name, 'price', p.price))
                 || v.overrides, v.created_at, v.created_by
       FROM json_to_recordset($1::json) AS v(id int, overrides jsonb, created_at timestamptz, created_by int, seq int)
       JOIN subscriptions s ON s.id = v.id
       JOIN products p ON p.id = s.product_id
      ORDER BY v.seq`,
    [JSON.stringify(ordered(specs))],
  );
}

export async function insertInstrumentIterations(db: Queryable, specs: readonly IterationSpec[]): Promise<void> {
  if (specs.length === 0) return;
  await db.query(
    `INSERT INTO instrument_iterations (instrument_id, snapshot, created_at, created_by)
     SELECT v.id, to_jsonb(i) || jsonb_build_object('category', c.title) || v.overrides, v.created_at, v.created_by
       FROM json_to_recordset($1::json) AS v(id int, overrides jsonb, created_at timestamptz, created_by int, seq int)
       JOIN instruments i ON i.id = v.id
       JOIN instrument_categories c ON c.id = i.instrument_category
      ORDER BY v.seq`,
    [JSON.stringify(ordered(specs))],
  );
}

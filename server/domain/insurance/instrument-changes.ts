/**
 * The rules of changing a member's instruments. Staff changes apply at once; a member's new
 * instrument waits as 'requested', and a member's change or delete of an insured instrument waits
 * in requested_change until staff accept or reject it (instrument-requests.ts). A member reaches
 * only their own instruments and never sets status, dates of insured rows or the owner.
 */
import type { Database, Queryable } from '../../db/database.ts';
import { conflict, notFound, validationFailed } from '../../lib/http-errors.ts';
import { instrumentRowErrors, instrumentValue } from '../../schemas/instrument-rules.ts';
import type { Instrument, InstrumentNewBody, InstrumentPatchBody, RequestedChange } from '../../schemas/instruments.ts';
import { snapshotInstrument } from './iterations.ts';
import { syncInstrumentInsurance } from './instrument-insurance.ts';
import { todayInOslo } from '../shared/oslo-date.ts';
import { assertMember, loadInstrument, type Actor } from './instruments.ts';

export const INSTRUMENT_REFUSED = {
  closed: 'Et slettet eller avvist instrument kan ikke endres.',
  otherMember: 'Instrumentet kan ikke flyttes til et annet medlem.',
  category: 'Ugyldig instrumenttype',
} as const;

async function checkCategory(db: Queryable, category: number): Promise<void> {
  const [row] = await db.query('SELECT 1 FROM instrument_categories WHERE id = $1 AND use_insurance = 1', [category]);
  if (!row) throw validationFailed({ instrument_category: [INSTRUMENT_REFUSED.category] });
}

function checkRow(row: Parameters<typeof instrumentRowErrors>[0]): void {
  const errors = instrumentRowErrors(row);
  if (Object.keys(errors).length > 0) {
    throw validationFailed(Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, [message]])));
  }
}

export interface NewInstrument {
  instrument_category: number;
  make: string;
  model: string;
  serial_number?: string | null;
  value: number;
  insurance_start?: string;
  insurance_end?: string | null;
  status?: number;
}

/**
 * Inserts one instrument in a transaction already open. A member's starts today and waits; staff
 * choose the start and whether it is active at once (status 1) or a request (status 0).
 */
export async function insertInstrument(tx: Queryable, actor: Actor, memberId: number, input: NewInstrument, today: string): Promise<number> {
  const row = {
    instrument_category: input.instrument_category,
    make: input.make.trim(),
    model: input.model.trim(),
    serial_number: input.serial_number?.trim() || null,
    value: input.value,
    insurance_start: actor.staff ? (input.insurance_start ?? today) : today,
    insurance_end: actor.staff ? (input.insurance_end ?? null) : null,
    state: actor.staff && input.status === 1 ? 'active' : 'requested',
  };
  checkRow(row);
  await checkCategory(tx, row.instrument_category);
  const [created] = await tx.query<{ id: number }>(
    `INSERT INTO instruments (member_id, instrument_category, make, model, serial_number, value, insurance_start, insurance_end,
                              state, validated_at, validated_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, CASE WHEN $9 = 'active' THEN now() END, CASE WHEN $9 = 'active' THEN $10::int END)
     RETURNING id`,
    [memberId, row.instrument_category, row.make, row.model, row.serial_number, row.value, row.insurance_start, row.insurance_end, row.state, actor.id],
  );
  await snapshotInstrument(tx, created.id, actor.id);
  return created.id;
}

export async function createInstrument(db: Database, actor: Actor, body: InstrumentNewBody): Promise<Instrument> {
  const today = todayInOslo();
  return db.transaction(async (tx) => {
    await assertMember(tx, actor, body.member_id);
    const id = await insertInstrument(tx, actor, body.member_id, body, today);
    if (actor.staff) await syncInstrumentInsurance(tx, body.member_id, actor.id, today);
    return (await loadInstrument(tx, id))!;
  });
}

interface LockedInstrument {
  id: number;
  member_id: number;
  state: string;
  instrument_category: number;
  make: string;
  model: string;
  serial_number: string | null;
  value: number;
  insurance_start: string;
  insurance_end: string | null;
  requested_change: RequestedChange | null;
}

export async function lockInstruments(tx: Queryable, ids: readonly number[]): Promise<LockedInstrument[]> {
  return tx.query<LockedInstrument>(
    `SELECT id, member_id, state, instrument_category, make, model, serial_number, value, insurance_start, insurance_end,
            requested_change
       FROM instruments WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE`,
    [ids],
  );
}

async function lockOwn(tx: Queryable, actor: Actor, id: number): Promise<LockedInstrument> {
  const [row] = await lockInstruments(tx, [id]);
  if (!row || (!actor.staff && row.member_id !== actor.id)) throw notFound();
  return row;
}

const CHANGEABLE = ['instrument_category', 'make', 'model', 'serial_number', 'value'] as const;

/** The fields of `body` a member may change, trimmed, that differ from the row. */
function changedFields(row: LockedInstrument, body: InstrumentPatchBody): Partial<Record<(typeof CHANGEABLE)[number], unknown>> {
  const changes: Partial<Record<(typeof CHANGEABLE)[number], unknown>> = {};
  for (const field of CHANGEABLE) {
    if (body[field] === undefined) continue;
    const raw = body[field];
    const value = typeof raw === 'string' ? (field === 'serial_number' ? raw.trim() || null : raw.trim()) : raw;
    if (value !== row[field]) changes[field] = value;
  }
  return changes;
}

export async function patchInstrument(db: Database, actor: Actor, id: number, body: InstrumentPatchBody): Promise<Instrument> {
  const today = todayInOslo();
  return db.transaction(async (tx) => {
    const row = await lockOwn(tx, actor, id);
    if (body.member_id !== undefined && body.member_id !== row.member_id) {
      throw validationFailed({ member_id: [INSTRUMENT_REFUSED.otherMember] });
    }
    if (row.state === 'deleted' || row.state === 'rejected') throw conflict(INSTRUMENT_REFUSED.closed);
    const changes: Record<string, unknown> = changedFields(row, body);
    if (actor.staff) {
      if (body.insurance_start !== undefined && body.insurance_start !== row.insurance_start) changes.insurance_start = body.insurance_start;
      if (body.insurance_end !== undefined && body.insurance_end !== row.insurance_end) changes.insurance_end = body.insurance_end;
    }
    const after = { ...row, ...changes };
    checkRow({ ...after, value: instrumentValue(after.value) ?? '' });
    if (changes.instrument_category !== undefined) await checkCategory(tx, Number(changes.instrument_category));
    if (Object.keys(changes).length === 0) return (await loadInstrument(tx, id))!;
    if (!actor.staff && row.state === 'active') {
      // The member's change to an insured instrument waits for staff; the insured values stay.
      const waiting = row.requested_change?.delete ? {} : (row.requested_change ?? {});
      const change = { ...Object.fromEntries(CHANGEABLE.map((field) => [field, row[field]])), ...waiting, ...changes };
      await tx.query('UPDATE instruments SET requested_change = $2, updated_at = now() WHERE id = $1', [id, JSON.stringify(change)]);
    } else {
      const fields = Object.keys(changes);
      await tx.query(`UPDATE instruments SET ${fields.map((field, index) => `${field} = $${index + 2}`).join(', ')}, updated_at = now() WHERE id = $1`, [
        id,
        ...fields.map((field) => changes[field]),
      ]);
    }
    await snapshotInstrument(tx, id, actor.id);
    if (actor.staff && row.state === 'active') await syncInstrumentInsurance(tx, row.member_id, actor.id, today);
    return (await loadInstrument(tx, id))!;
  });
}

/** Ends an insured instrument today (or on its start, if that is later); its line goes. */
export async function endInstrument(tx: Queryable, id: number, today: string): Promise<void> {
  await tx.query(
    `UPDATE instruments
        SET state = 'deleted', deleted_at = now(), updated_at = now(), requested_change = NULL,
            insurance_end = CASE WHEN insurance_end IS NULL OR insurance_end > $2::date THEN GREATEST(insurance_start, $2::date)
                                 ELSE insurance_end END
      WHERE id = $1`,
    [id, today],
  );
}

/**
 * Deletes an instrument. One still waiting is withdrawn (removed). An insured one is ended at
 * once by staff; a member's delete of an insured one waits for staff like any other change.
 * Answers the instrument as it now is, or null when it is gone.
 */
export async function deleteInstrument(db: Database, actor: Actor, id: number): Promise<Instrument | null> {
  const today = todayInOslo();
  return db.transaction(async (tx) => {
    const row = await lockOwn(tx, actor, id);
    if (row.state === 'deleted' || row.state === 'rejected') throw conflict(INSTRUMENT_REFUSED.closed);
    if (row.state === 'requested') {
      await tx.query('DELETE FROM instruments WHERE id = $1', [id]);
      return null;
    }
    if (actor.staff) await endInstrument(tx, id, today);
    else await tx.query(`UPDATE instruments SET requested_change = '{"delete": true}', updated_at = now() WHERE id = $1`, [id]);
    await snapshotInstrument(tx, id, actor.id);
    if (actor.staff) await syncInstrumentInsurance(tx, row.member_id, actor.id, today);
    return (await loadInstrument(tx, id))!;
  });
}

/**
 * A member's instruments: reading them (active, waiting, deleted; one with its versions; the
 * waiting list for staff) and the rules of changing them. Staff changes apply at once; a member's
 * new instrument waits as 'requested', and a member's change or delete of an insured instrument
 * waits in requested_change until staff accept or reject it (instrument-requests.ts). A member
 * reaches only their own instruments and never sets status, dates of insured rows or the owner.
 */
import type { Database, Queryable } from '../../db/database.ts';
import { badRequest, conflict, notFound, validationFailed } from '../../lib/http-errors.ts';
import { parseListQuery, type FilterBuilder, type ListDefinition } from '../../lib/list.ts';
import { queryPage, type Page, type PagedSource } from '../../lib/paged-query.ts';
import { instrumentRowErrors, instrumentValue } from '../../schemas/instrument-rules.ts';
import type {
  Instrument, InstrumentNewBody, InstrumentPatchBody, InstrumentWithIterations, MemberInstruments, RequestedChange,
} from '../../schemas/instruments.ts';
import { snapshotInstrument } from './iterations.ts';
import { syncInstrumentInsurance } from './instrument-insurance.ts';
import { norwegianDate, todayInOslo } from '../shared/oslo-date.ts';
import type { CsvColumn } from '../../lib/csv.ts';
import { personJson } from '../shared/person-json.ts';

/** Who acts: staff, or the member whose id this is. */
export interface Actor {
  id: number;
  staff: boolean;
}

export const INSTRUMENT_REFUSED = {
  closed: 'Et slettet eller avvist instrument kan ikke endres.',
  otherMember: 'Instrumentet kan ikke flyttes til et annet medlem.',
  category: 'Ugyldig instrumenttype',
} as const;

/** A row waits for staff when it is new, or insured with a change or delete asked for. */
export const WAITING_SQL = `(i.state = 'requested' OR (i.state = 'active' AND i.requested_change IS NOT NULL))`;

const STATUS_SQL = `CASE i.state WHEN 'requested' THEN 0 WHEN 'active' THEN 1 WHEN 'rejected' THEN 2 ELSE 3 END`;

const COLUMNS = `i.id, i.member_id, i.subscription_id, i.instrument_category, c.title AS category, i.make, i.model,
  i.serial_number, i.value, i.insurance_start, i.insurance_end, i.state, ${STATUS_SQL} AS status, i.requested_change,
  i.reason_for_rejection, i.created_at, i.updated_at, i.deleted_at, ${personJson('vb')} AS validated_by_user`;

const FROM = `FROM instruments i
  JOIN instrument_categories c ON c.id = i.instrument_category
  LEFT JOIN accounts vb ON vb.id = i.validated_by`;

export async function loadInstrument(db: Queryable, id: number): Promise<Instrument | undefined> {
  const [row] = await db.query<Instrument>(`SELECT ${COLUMNS} ${FROM} WHERE i.id = $1`, [id]);
  return row;
}

/** Many instruments by id, in id order (an import's answer). */
export async function loadInstruments(db: Queryable, ids: readonly number[]): Promise<Instrument[]> {
  return db.query<Instrument>(`SELECT ${COLUMNS} ${FROM} WHERE i.id = ANY($1::int[]) ORDER BY i.id`, [ids]);
}

/** Staff see every instrument; a member only their own (another's answers 404 like a missing one). */
async function ownInstrument(db: Queryable, actor: Actor, id: number): Promise<Instrument> {
  const row = await loadInstrument(db, id);
  if (!row || (!actor.staff && row.member_id !== actor.id)) throw notFound();
  return row;
}

export async function instrumentWithIterations(db: Queryable, actor: Actor, id: number): Promise<InstrumentWithIterations> {
  const instrument = await ownInstrument(db, actor, id);
  const iterations = await db.query<InstrumentWithIterations['iterations'][number]>(
    `SELECT it.id, it.created_at, ${personJson('cb')} AS created_by, it.snapshot
       FROM instrument_iterations it LEFT JOIN accounts cb ON cb.id = it.created_by
      WHERE it.instrument_id = $1 ORDER BY it.id`,
    [id],
  );
  return { ...instrument, iterations };
}

/** The member's instruments as both apps show them; 404 for a member that is not there (or not the caller). */
export async function memberInstruments(db: Queryable, actor: Actor, memberId: number): Promise<MemberInstruments> {
  await assertMember(db, actor, memberId);
  const rows = await db.query<Instrument & { waiting: boolean }>(
    `SELECT ${COLUMNS}, ${WAITING_SQL} AS waiting ${FROM} WHERE i.member_id = $1 ORDER BY i.id`,
    [memberId],
  );
  return {
    active: rows.filter((row) => row.state === 'active').map(strip),
    requested: rows.filter((row) => row.waiting).map(strip),
    deleted: rows.filter((row) => row.state === 'deleted').map(strip),
    rejected: rows.filter((row) => row.state === 'rejected').map(strip),
  };
}

const strip = ({ waiting: _waiting, ...row }: Instrument & { waiting: boolean }): Instrument => row;

export async function assertMember(db: Queryable, actor: Actor, memberId: number): Promise<void> {
  if (!actor.staff && actor.id !== memberId) throw notFound();
  const [member] = await db.query('SELECT 1 FROM accounts WHERE id = $1 AND role_id IN (1, 2)', [memberId]);
  if (!member) throw notFound();
}

const ids: (column: string) => FilterBuilder = (column) => (values, params) => {
  if (!values.every((value) => /^\d{1,9}$/.test(value))) throw badRequest('Filteret må være en liste med id-er.');
  return `${column} IN (${params.list(values.map(Number))})`;
};

const STATUS_FILTER: Record<string, string> = {
  0: WAITING_SQL,
  1: "i.state = 'active'",
  2: "i.state = 'rejected'",
  3: "i.state = 'deleted'",
};

const instrumentList: PagedSource & { list: ListDefinition } = {
  list: {
    filters: {
      member_id: ids('i.member_id'),
      status: (values) => {
        if (!values.every((value) => value in STATUS_FILTER)) throw badRequest('filter[status] må være 0, 1, 2 eller 3.');
        return `(${values.map((value) => STATUS_FILTER[value]).join(' OR ')})`;
      },
    },
    sorts: { id: 'i.id', created_at: 'i.created_at', value: 'i.value', make: 'i.make', insurance_start: 'i.insurance_start' },
    defaultSort: 'id',
    tieBreaker: 'i.id',
  },
  from: `${FROM} WHERE TRUE`,
  columns: COLUMNS,
};

export const instrumentPage = (db: Queryable, query: Record<string, unknown>): Promise<Page<Instrument>> =>
  queryPage<Instrument>(db, instrumentList, parseListQuery(query, instrumentList.list));

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
    [memberId, row.instrument_category, row.make, row.model, row.serial_number, row.value, row.insurance_start,
      row.insurance_end, row.state, actor.id],
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
      await tx.query(
        `UPDATE instruments SET ${fields.map((field, index) => `${field} = $${index + 2}`).join(', ')}, updated_at = now() WHERE id = $1`,
        [id, ...fields.map((field) => changes[field])],
      );
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

export const INSTRUMENT_CSV_FILENAME = 'instrument_liste.csv';

export const INSTRUMENT_CSV: CsvColumn<Instrument>[] = [
  { header: 'Type instrument', value: (row) => row.category },
  { header: 'Fabrikant', value: (row) => row.make },
  { header: 'Modell', value: (row) => row.model },
  { header: 'Serienummer', value: (row) => row.serial_number },
  { header: 'Verdi', value: (row) => row.value, kind: 'amount' },
  { header: 'Oppr. dato', value: (row) => norwegianDate(row.insurance_start), kind: 'date' },
  { header: 'Stopp dato', value: (row) => norwegianDate(row.insurance_end), kind: 'date' },
];

/** The member's instruments for the CSV export (filter[status] as on the list, active by default), as one batch. */
export async function* instrumentExport(db: Queryable, actor: Actor, memberId: number, status = '1'): AsyncGenerator<Instrument[]> {
  await assertMember(db, actor, memberId);
  const statuses = status.split(',').map((value) => value.trim());
  if (!statuses.every((value) => value in STATUS_FILTER)) throw badRequest('filter[status] må være 0, 1, 2 eller 3.');
  yield await db.query<Instrument>(
    `SELECT ${COLUMNS} ${FROM} WHERE i.member_id = $1 AND (${statuses.map((value) => STATUS_FILTER[value]).join(' OR ')}) ORDER BY i.id`,
    [memberId],
  );
}

/** The list's filters and sorts, which the route's query schema documents (lib/list.ts listQuery). */
export { instrumentList };

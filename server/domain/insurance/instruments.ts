/**
 * A member's instruments as they are read: active, waiting, deleted; one with its versions; the
 * waiting list for staff; the list export. Changing them has its rules in instrument-changes.ts.
 * A member reaches only their own instruments.
 */
import type { Queryable } from '../../db/database.ts';
import { badRequest, notFound } from '../../lib/http-errors.ts';
import { parseListQuery, type FilterBuilder, type ListDefinition } from '../../lib/list.ts';
import { queryPage, type Page, type PagedSource } from '../../lib/paged-query.ts';
import type { Instrument, InstrumentListItem, InstrumentWithIterations, MemberInstruments } from '../../schemas/instruments.ts';
import { norwegianDate } from '../shared/oslo-date.ts';
import type { CsvColumn } from '../../lib/csv.ts';
import { personJson } from '../shared/person-json.ts';
import { VALUATION_COLUMN, valuationJoins, valuationPrefilter } from './valuation.ts';
import { VALUATION_STATES } from '../../schemas/valuation.ts';

/** Who acts: staff, or the member whose id this is. */
export interface Actor {
  id: number;
  staff: boolean;
}

/** A row waits for staff when it is new, or insured with a change or delete asked for. */
export const WAITING_SQL = `(i.state = 'requested' OR (i.state = 'active' AND i.requested_change IS NOT NULL))`;

const STATUS_SQL = `CASE i.state WHEN 'requested' THEN 0 WHEN 'active' THEN 1 WHEN 'rejected' THEN 2 ELSE 3 END`;

const COLUMNS = `i.id, i.member_id, i.subscription_id, i.instrument_category, c.title AS category, i.make, i.model,
  i.serial_number, i.value, i.insurance_start, i.insurance_end, i.state, ${STATUS_SQL} AS status, i.requested_change,
  i.reason_for_rejection, i.created_at, i.updated_at, i.deleted_at, ${personJson('vb')} AS validated_by_user, ${VALUATION_COLUMN}`;

/** Every instrument read carries its valuation (valuation.ts), judged today. */
const FROM = `FROM instruments i
  JOIN instrument_categories c ON c.id = i.instrument_category
  LEFT JOIN accounts vb ON vb.id = i.validated_by
  ${valuationJoins()}`;

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
  const rows = await db.query<Instrument & { waiting: boolean }>(`SELECT ${COLUMNS}, ${WAITING_SQL} AS waiting ${FROM} WHERE i.member_id = $1 ORDER BY i.id`, [
    memberId,
  ]);
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
      valuation: (values, params) => {
        if (!values.every((value) => (VALUATION_STATES as readonly string[]).includes(value))) {
          throw badRequest('filter[valuation] må være missing, expiring, expired eller ok.');
        }
        return `${valuationPrefilter(values)} AND vt.state IN (${params.list(values)})`;
      },
    },
    sorts: {
      id: 'i.id',
      created_at: 'i.created_at',
      value: 'i.value',
      make: 'i.make',
      insurance_start: 'i.insurance_start',
      expires_on: 'vn.expires_on',
    },
    defaultSort: 'id',
    tieBreaker: 'i.id',
    // The unfiltered total is kept by migration 057's counter: the list's first and last pages count nothing.
    counter: 'instruments',
  },
  from: `${FROM} JOIN accounts m ON m.id = i.member_id WHERE TRUE`,
  columns: `${COLUMNS}, json_build_object('id', m.id, 'remote_id', m.remote_id, 'first_name', m.first_name, 'last_name', m.last_name) AS member`,
};

export const instrumentPage = (db: Queryable, query: Record<string, unknown>): Promise<Page<InstrumentListItem>> =>
  queryPage<InstrumentListItem>(db, instrumentList, parseListQuery(query, instrumentList.list));

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

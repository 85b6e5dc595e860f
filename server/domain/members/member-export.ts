/** The member overview as a CSV: the same filters and order as the list, every row, no paging. */
import type { Database } from '../../db/database.ts';
import type { CsvColumn } from '../../lib/csv.ts';
import { parseListQuery } from '../../lib/list.ts';
import type { MemberListItem } from '../../schemas/member.ts';
import { ACTIVE_KINDS, INSTRUMENT, MEMBERSHIP, MEMBERS_FROM, TRAVEL, memberList } from './member-list.ts';
import { orderedBatches } from '../shared/export-batches.ts';
import { norwegianDate } from '../shared/oslo-date.ts';

export const MEMBER_EXPORT_FILENAME = 'medlemsoversikt.csv';

const STATUS_WORDS: Record<string, string> = { '0': 'Inaktiv', '1': 'Aktiv', '2': 'Avvist' };
/** An applicant (role 1) not rejected is 'Søker', so the member import reads the file back as the same register. */
export const APPLICANT_WORD = 'Søker';

type Row = Pick<
  MemberListItem,
  'remote_id' | 'first_name' | 'last_name' | 'email' | 'phone' | 'address' | 'postal_code' | 'postal_area' | 'birthdate' | 'status' | 'role_id'
> & { key: number; membership_start_date: string | null; active_kinds: number | null };

// The covers as the list reads them: one walk of the member's subscriptions per row, as bits
// (a grouped look-up of the batch's subscriptions by = ANY cost PostgreSQL four times as much).
// Dates come as text, so the batch may come as one JSON document (orderedBatches).
const ROWS_SQL = `
  SELECT a.id AS key, a.remote_id, a.first_name, a.last_name, a.email, a.phone, a.address, a.postal_code,
         a.postal_area, a.birthdate, a.status, a.role_id, a.membership_start_date::text AS membership_start_date,
         ${ACTIVE_KINDS} AS active_kinds
    FROM accounts a
   WHERE a.id = ANY($1::int[])`;

const covers = (m: Row, kind: number) => ((m.active_kinds ?? 0) & kind) !== 0;

export const MEMBER_EXPORT_COLUMNS: CsvColumn<Row>[] = [
  { header: 'Medlemsnummer', value: (m) => m.remote_id },
  { header: 'Fornavn', value: (m) => m.first_name },
  { header: 'Etternavn', value: (m) => m.last_name },
  { header: 'E-post', value: (m) => m.email },
  { header: 'Mobil', value: (m) => m.phone },
  { header: 'Adresse', value: (m) => m.address },
  { header: 'Postnummer', value: (m) => m.postal_code },
  { header: 'Poststed', value: (m) => m.postal_area },
  { header: 'Født', value: (m) => norwegianDate(m.birthdate), kind: 'date', cell: (m) => m.birthdate },
  { header: 'Medlem fra', value: (m) => norwegianDate(m.membership_start_date), kind: 'date', cell: (m) => m.membership_start_date },
  { header: 'Status', value: (m) => (m.role_id === 1 && m.status !== '2' ? APPLICANT_WORD : (STATUS_WORDS[m.status] ?? m.status)) },
  { header: 'Medlemskap', value: (m) => covers(m, MEMBERSHIP) },
  { header: 'Instrumentforsikring', value: (m) => covers(m, INSTRUMENT) },
  { header: 'Reiseforsikring', value: (m) => covers(m, TRAVEL) },
];

/** Batches of the filtered, sorted member list; page and per_page are ignored. */
export function memberExportBatches(db: Database, query: Record<string, unknown>): AsyncGenerator<Row[]> {
  const { page: _page, per_page: _perPage, ...rest } = query;
  const list = parseListQuery(rest, memberList);
  return orderedBatches<Row>(db, {
    keysSql: `SELECT a.id AS key ${MEMBERS_FROM} AND ${list.where} ORDER BY ${list.orderBy}`,
    keysParams: list.params.values,
    rowsSql: ROWS_SQL,
    rowsAsJson: true,
  });
}

/** The member overview as a CSV: the same filters and order as the list, every row, no paging. */
import type { Queryable } from '../db/database.ts';
import type { CsvColumn } from '../lib/csv.ts';
import { parseListQuery } from '../lib/list.ts';
import type { MemberListItem } from '../schemas/member.ts';
import { MEMBER_LIST_COLUMNS, memberList } from './members.ts';
import { orderedBatches } from './export-batches.ts';
import { norwegianDate } from './oslo-date.ts';

export const MEMBER_EXPORT_FILENAME = 'medlemsoversikt.csv';

const STATUS_WORDS: Record<string, string> = { '0': 'Inaktiv', '1': 'Aktiv', '2': 'Avvist' };

type Row = MemberListItem & { key: number };

export const MEMBER_EXPORT_COLUMNS: CsvColumn<Row>[] = [
  { header: 'Medlemsnummer', value: (m) => m.remote_id },
  { header: 'Fornavn', value: (m) => m.first_name },
  { header: 'Etternavn', value: (m) => m.last_name },
  { header: 'E-post', value: (m) => m.email },
  { header: 'Mobil', value: (m) => m.phone },
  { header: 'Adresse', value: (m) => m.address },
  { header: 'Postnummer', value: (m) => m.postal_code },
  { header: 'Poststed', value: (m) => m.postal_area },
  { header: 'Født', value: (m) => norwegianDate(m.birthdate) },
  { header: 'Status', value: (m) => STATUS_WORDS[m.status] ?? m.status },
  { header: 'Medlemskap', value: (m) => m.has_membership },
  { header: 'Instrumentforsikring', value: (m) => m.has_instrument_insurance },
  { header: 'Reiseforsikring', value: (m) => m.has_travel_insurance },
];

/** Batches of the filtered, sorted member list; page and per_page are ignored. */
export function memberExportBatches(db: Queryable, query: Record<string, unknown>): AsyncGenerator<Row[]> {
  const { page: _page, per_page: _perPage, ...rest } = query;
  const list = parseListQuery(rest, memberList);
  return orderedBatches<Row>(db, {
    keysSql: `SELECT a.id AS key FROM accounts a WHERE a.role_id IN (1, 2) AND ${list.where} ORDER BY ${list.orderBy}`,
    keysParams: list.params.values,
    rowsSql: `SELECT a.id AS key, ${MEMBER_LIST_COLUMNS} FROM accounts a WHERE a.id = ANY($1::int[])`,
  });
}

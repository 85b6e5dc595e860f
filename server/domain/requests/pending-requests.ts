/**
 * The staff request queues behind 'Forespørsler': pending memberships of finished registrations,
 * pending travel insurance, and members with instruments waiting. Each queue is one list
 * definition with the SQL of its rows, shared by the paged list and its CSV export.
 */
import type { Queryable } from '../../db/database.ts';
import type { CsvColumn } from '../../lib/csv.ts';
import { parseListQuery, type ListDefinition } from '../../lib/list.ts';
import { queryPage, type Page, type PagedSource } from '../../lib/paged-query.ts';
import type { PendingInstruments, PendingMembership, PendingTravel, RequestMember } from '../../schemas/pending-requests.ts';
import { searchCondition } from '../members/member-list.ts';
import { orderedBatches } from '../shared/export-batches.ts';
import { norwegianDate } from '../shared/oslo-date.ts';

/** `from` is FROM … WHERE <what makes a row pending>. */
export interface PendingQueue<Item> extends PagedSource {
  list: ListDefinition;
  /** A unique integer per row, for export batches. */
  key: string;
  filename: string;
  csv: CsvColumn<Item>[];
}

const MEMBER = `json_build_object(
  'id', a.id, 'remote_id', a.remote_id, 'first_name', a.first_name, 'last_name', a.last_name, 'email', a.email,
  'phone', a.phone, 'address', a.address, 'postal_code', a.postal_code, 'postal_area', a.postal_area,
  'artist_name', a.artist_name) AS member`;

const memberSorts = {
  remote_id: 'a.remote_id',
  name: "lower(a.first_name || ' ' || a.last_name)",
  first_name: 'a.first_name',
  last_name: 'a.last_name',
  email: 'a.email',
  phone: 'a.phone',
  address: 'a.address',
  artist_name: 'a.artist_name',
};

const memberColumns = <Item extends { member: RequestMember }>(): CsvColumn<Item>[] => [
  { header: 'Medlemsnummer', value: (row) => row.member.remote_id },
  { header: 'Fornavn', value: (row) => row.member.first_name },
  { header: 'Etternavn', value: (row) => row.member.last_name },
  { header: 'E-post', value: (row) => row.member.email },
  { header: 'Mobil', value: (row) => row.member.phone },
  { header: 'Adresse', value: (row) => row.member.address },
  { header: 'Postnummer', value: (row) => row.member.postal_code },
  { header: 'Poststed', value: (row) => row.member.postal_area },
  { header: 'Artist/band', value: (row) => row.member.artist_name },
];

export const pendingMemberships: PendingQueue<PendingMembership> = {
  list: {
    filters: { name: searchCondition },
    search: 'name',
    counter: 'pending-memberships',
    sorts: { id: 's.id', created_at: 's.created_at', ...memberSorts },
    defaultSort: 'created_at',
    tieBreaker: 's.id',
  },
  from: `FROM subscriptions s JOIN accounts a ON a.id = s.member_id
         LEFT JOIN accounts d ON d.id = a.possible_duplicate_of
         WHERE s.kind = 'membership' AND s.state = 'pending' AND s.deleted_at IS NULL
           AND a.registration_completed = 1 AND a.role_id IN (1, 2)`,
  key: 's.id',
  // VARSEL: the member the platform found this applicant probably duplicates at sign-up.
  columns: `s.id, s.member_id, ${MEMBER}, s.created_at, 0 AS status,
            CASE WHEN d.id IS NULL THEN NULL ELSE json_build_object(
              'id', d.id, 'remote_id', d.remote_id, 'first_name', d.first_name, 'last_name', d.last_name) END AS possible_duplicate`,
  filename: 'medlemskap-foresporsel.csv',
  csv: [
    ...memberColumns<PendingMembership>(),
    { header: 'Søkt dato', value: (row) => norwegianDate(row.created_at), kind: 'date' },
    { header: 'Status', value: () => 'Forespørsel' },
    {
      header: 'Varsel',
      value: (row) => (row.possible_duplicate ? `Mulig duplikat av ${row.possible_duplicate.first_name} ${row.possible_duplicate.last_name}` : ''),
    },
  ],
};

export const pendingTravel: PendingQueue<PendingTravel> = {
  list: {
    filters: { name: searchCondition },
    search: 'name',
    counter: 'pending-travel',
    sorts: { id: 's.id', created_at: 's.created_at', product: 'p.name', subscription_start: 's.subscription_start', ...memberSorts },
    defaultSort: 'created_at',
    tieBreaker: 's.id',
  },
  from: `FROM subscriptions s JOIN accounts a ON a.id = s.member_id JOIN products p ON p.id = s.product_id
         WHERE s.kind = 'travel' AND s.state = 'pending' AND s.deleted_at IS NULL AND a.role_id IN (1, 2)`,
  key: 's.id',
  columns: `s.id, s.member_id, ${MEMBER}, s.product_id,
            json_build_object('id', p.id, 'name', p.name, 'price', p.price, 'remote_id', p.remote_id) AS product,
            s.value, s.subscription_start, s.subscription_end, s.created_at, 0 AS status`,
  filename: 'reiseforsikring-foresporsel.csv',
  csv: [
    ...memberColumns<PendingTravel>(),
    { header: 'Produkt', value: (row) => row.product.name },
    { header: 'Startdato', value: (row) => norwegianDate(row.subscription_start), kind: 'date' },
    { header: 'Stoppdato', value: (row) => norwegianDate(row.subscription_end), kind: 'date' },
    { header: 'Søkt dato', value: (row) => norwegianDate(row.created_at), kind: 'date' },
  ],
};

export const pendingInstruments: PendingQueue<PendingInstruments> = {
  list: {
    filters: { name: searchCondition },
    search: 'name',
    counter: 'pending-instruments',
    sorts: { id: 'a.id', created_at: 'p.instruments_requested_at', Status: 'p.waiting_instruments', ...memberSorts },
    defaultSort: 'created_at',
    tieBreaker: 'a.id',
  },
  // A new instrument waits in state 'requested'; a change to an insured one waits in requested_change.
  // Each member's count of them and the oldest one's time are kept in list_count_shares (migrations
  // 011 and 017), so a page walks an index of the members waiting instead of grouping every instrument.
  from: `FROM list_count_shares p JOIN accounts a ON a.id = p.account_id
         WHERE p.waiting_instruments > 0 AND a.role_id IN (1, 2)`,
  key: 'a.id',
  // A page's member ids are found first; only those 25 rows are then built.
  keyFirst: { key: 'a.id', table: 'accounts a JOIN list_count_shares p ON p.account_id = a.id' },
  columns: `a.id, a.id AS member_id, ${MEMBER}, 'Instrumentforsikring' AS product, p.waiting_instruments AS "Status",
            p.instruments_requested_at AS created_at`,
  filename: 'instrumentforsikring-foresporsel.csv',
  csv: [
    ...memberColumns<PendingInstruments>(),
    { header: 'Produkt', value: (row) => row.product },
    { header: 'Antall instrumenter', value: (row) => row.Status },
    { header: 'Søkt dato', value: (row) => norwegianDate(row.created_at), kind: 'date' },
  ],
};

export const pendingPage = <Item>(db: Queryable, queue: PendingQueue<Item>, query: Record<string, unknown>): Promise<Page<Item>> =>
  queryPage<Item>(db, queue, parseListQuery(query, queue.list));

/** Every row of the queue with the list's filters and order, page and per_page ignored. */
export function pendingExportBatches<Item>(
  db: Queryable,
  queue: PendingQueue<Item>,
  query: Record<string, unknown>,
): AsyncGenerator<(Item & { key: number })[]> {
  const { page: _page, per_page: _perPage, ...rest } = query;
  const list = parseListQuery(rest, queue.list);
  return orderedBatches<Item & { key: number }>(db, {
    keysSql: `SELECT ${queue.key} AS key ${queue.from} AND ${list.where} ORDER BY ${list.orderBy}`,
    keysParams: list.params.values,
    rowsSql: queue.keyFirst
      ? `SELECT ${queue.key} AS key, ${queue.columns} FROM ${queue.keyFirst.table} WHERE ${queue.keyFirst.key} = ANY($1::int[])`
      : `SELECT ${queue.key} AS key, ${queue.columns} ${queue.from} AND ${queue.key} = ANY($1::int[])`,
  });
}

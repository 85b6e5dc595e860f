/**
 * The staff queue 'Skademeldinger' under Forespørsler, in the shape of the other request queues
 * (domain/requests/pending-requests.ts): one list definition with the SQL of its rows, shared by
 * the paged list and its CSV/xlsx export. Newest first; `filter[state]=sent,in_progress` is what
 * waits (the menu badge's 'pending-claims'), `filter[q]` (or `filter[name]`, as the member search
 * of the other queues sends it) finds the member by name, e-mail, phone or number, or the
 * instrument by make or model.
 */
import type { Queryable } from '../../db/database.ts';
import { badRequest } from '../../lib/http-errors.ts';
import type { FilterBuilder } from '../../lib/list.ts';
import { escapeLike, type SqlParams } from '../../lib/sql.ts';
import { CLAIM_KINDS, CLAIM_STATES, countryName } from '../../schemas/claim-rules.ts';
import type { ClaimListItem } from '../../schemas/claims.ts';
import { norwegianDate } from '../shared/oslo-date.ts';
import { pendingExportBatches, pendingPage, type PendingQueue } from '../requests/pending-requests.ts';
import { claimNumber } from './claims.ts';
import { KIND_WORDS, stateWords } from './claim-words.ts';

/** Every word must occur in the member's name, e-mail, phone or number, or in the instrument's make and model. */
function search(values: string[], params: SqlParams): string {
  const words = values.join(' ').toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 'TRUE';
  return words
    .map((word) => {
      const like = params.add(`%${escapeLike(word)}%`);
      return `(a.search_text LIKE ${like} OR lower((c.snapshot #>> '{instrument,make}') || ' ' || (c.snapshot #>> '{instrument,model}')) LIKE ${like})`;
    })
    .join(' AND ');
}

const oneOf =
  (column: string, allowed: readonly string[], what: string): FilterBuilder =>
  (values, params) => {
    const unknown = values.filter((value) => !allowed.includes(value));
    if (unknown.length > 0) throw badRequest(`Ukjent ${what}: ${unknown.join(', ')}. Gyldige verdier: ${allowed.join(', ')}.`);
    return `${column} IN (${params.list(values)})`;
  };

export const claimQueue: PendingQueue<ClaimListItem> = {
  list: {
    filters: {
      q: search,
      name: search,
      state: oneOf('c.state', CLAIM_STATES, 'status'),
      kind: oneOf('c.kind', CLAIM_KINDS, 'type skade'),
    },
    search: 'q',
    sorts: {
      id: 'c.id',
      created_at: 'c.created_at',
      updated_at: 'c.updated_at',
      occurred_on: 'c.occurred_on',
      state: 'c.state',
      kind: 'c.kind',
      remote_id: 'a.remote_id',
      name: "lower(coalesce(a.first_name, '') || ' ' || coalesce(a.last_name, ''))",
      first_name: 'a.first_name',
      last_name: 'a.last_name',
    },
    defaultSort: '-created_at',
    tieBreaker: 'c.id',
    // The unfiltered total is kept by migration 056's counter: the queue's first and last pages count nothing.
    counter: 'claims',
  },
  from: 'FROM claims c JOIN accounts a ON a.id = c.member_id WHERE TRUE',
  key: 'c.id',
  columns: `c.id, c.member_id, c.instrument_id, c.kind, c.occurred_on, c.place, c.country, c.description, c.police_report,
            c.state, c.outcome, c.note, c.created_at, c.updated_at,
            json_build_object('id', a.id, 'remote_id', a.remote_id, 'first_name', a.first_name, 'last_name', a.last_name,
                              'email', a.email, 'phone', a.phone) AS member,
            c.snapshot -> 'instrument' AS instrument,
            (SELECT count(*)::int FROM claim_documents cd WHERE cd.claim_id = c.id) AS documents`,
  filename: 'skademeldinger.csv',
  csv: [
    { header: 'Sak', value: (row) => claimNumber(row.id) },
    { header: 'Meldt dato', value: (row) => norwegianDate(row.created_at), kind: 'date' },
    { header: 'Status', value: (row) => stateWords(row.state, row.outcome) },
    { header: 'Medlemsnummer', value: (row) => row.member.remote_id },
    { header: 'Fornavn', value: (row) => row.member.first_name },
    { header: 'Etternavn', value: (row) => row.member.last_name },
    { header: 'E-post', value: (row) => row.member.email },
    { header: 'Mobil', value: (row) => row.member.phone },
    { header: 'Type', value: (row) => row.instrument.category },
    { header: 'Produsent', value: (row) => row.instrument.make },
    { header: 'Modell', value: (row) => row.instrument.model },
    { header: 'Serienummer', value: (row) => row.instrument.serial_number },
    { header: 'Forsikringssum', value: (row) => row.instrument.value },
    { header: 'Hva skjedde', value: (row) => KIND_WORDS.nb[row.kind] },
    { header: 'Skadedato', value: (row) => norwegianDate(row.occurred_on), kind: 'date' },
    { header: 'Sted', value: (row) => row.place },
    { header: 'Land', value: (row) => countryName(row.country, 'nb') },
    { header: 'Anmeldelsesnummer', value: (row) => row.police_report },
    { header: 'Dokumenter', value: (row) => row.documents },
    { header: 'Merknad', value: (row) => row.note },
  ],
};

export const claimPage = (db: Queryable, query: Record<string, unknown>) => pendingPage(db, claimQueue, query);

/** Every row of the queue with the list's filters and order, page and per_page ignored. */
export const claimExportBatches = (db: Queryable, query: Record<string, unknown>) => pendingExportBatches(db, claimQueue, query);

/**
 * The staff invoice list ('Betaling'): filtered, sorted and paged as every list, with the totals
 * of the filtered invoices (count, invoiced, paid, outstanding in øre) beside the page, and the
 * same rows as CSV or .xlsx.
 *
 * The totals read only the invoices table (paid and credited sums are kept on each invoice), and
 * each filter but the free-text search is a condition on its columns, so migration 019's covering
 * indexes answer them by an index-only walk. The page's total is the totals' count (no second
 * count), and a deep page is read from the far end, as every list does.
 */
import type { Database, Queryable } from '../../db/database.ts';
import type { CsvColumn } from '../../lib/csv.ts';
import { escapeLike, type SqlParams } from '../../lib/sql.ts';
import { parseListQuery, type ListDefinition, type ListQuery } from '../../lib/list.ts';
import { rowsKnowingTotal, type Page } from '../../lib/paged-query.ts';
import { normaliseKid } from '../../lib/kid.ts';
import type { Invoice, InvoiceTotals } from '../../schemas/billing.ts';
import { orderedBatches } from '../shared/export-batches.ts';
import { norwegianDate } from '../shared/oslo-date.ts';
import { INVOICE_COLUMNS, INVOICE_FROM, OPEN, OSLO_TODAY } from './invoices.ts';
import { agingCondition } from './aging.ts';

const OVERDUE = `${OPEN} AND i.due_date < ${OSLO_TODAY}`;
const integers = (values: string[]) => values.filter((value) => /^\d{1,9}$/.test(value)).map(Number);

/**
 * Every word must match: a name, e-mail or member number word in the member's search text, or
 * a number that is the invoice's number, its member number or its KID.
 */
function searchInvoices(values: string[], params: SqlParams): string {
  const words = values.join(' ').toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 'TRUE';
  return words
    .map((word) => {
      const member = `i.member_id IN (SELECT s.id FROM accounts s WHERE s.search_text LIKE ${params.add(`%${escapeLike(word)}%`)})`;
      const kid = normaliseKid(word);
      if (kid) return `(i.kid = ${params.add(kid)} OR ${member})`;
      if (/^\d{1,9}$/.test(word)) {
        const number = params.add(Number(word));
        return `(i.number = ${number} OR i.member_number = ${number} OR ${member})`;
      }
      return member;
    })
    .join(' AND ');
}

export const invoiceList: ListDefinition = {
  filters: {
    year: (values, params) => `i.year IN (${params.list(integers(values))})`,
    state: (values, params) => `i.state IN (${params.list(values)})`,
    channel: (values, params) => `i.channel IN (${params.list(values.map((value) => value.toUpperCase()))})`,
    overdue: (values) => (values.includes('1') || values.includes('true') ? OVERDUE : `NOT (${OVERDUE})`),
    // The aging summary's buckets (an unknown bucket matches nothing).
    age: (values) => `(${values.map(agingCondition).filter(Boolean).join(' OR ') || 'FALSE'})`,
    campaign: (values, params) => `lower(i.campaign_code) IN (${params.list(values.map((value) => value.toLowerCase()))})`,
    member_id: (values, params) => `i.member_id IN (${params.list(integers(values))})`,
    number: (values, params) => `i.number IN (${params.list(integers(values))})`,
    q: searchInvoices,
    // Invoices drawn (or to be drawn) on a Vipps agreement.
    vipps_agreement: (values) =>
      `${values.includes('1') || values.includes('true') ? '' : 'NOT '}EXISTS (SELECT 1 FROM vipps_charges vc WHERE vc.invoice_id = i.id)`,
  },
  sorts: {
    id: 'i.id',
    number: 'i.number',
    invoice_date: 'i.invoice_date',
    due_date: 'i.due_date',
    total: 'i.total_ore',
    outstanding: 'greatest(i.total_ore - i.paid_ore - i.credited_ore, 0)',
    state: 'i.state',
    member_name: "lower(a.first_name || ' ' || a.last_name)",
  },
  defaultSort: '-number',
  tieBreaker: 'i.number',
};

/** The filters' descriptions in the OpenAPI document. */
export const INVOICE_FILTER_DOCS: Record<string, string> = {
  year: 'Fakturaåret, f.eks. 2027 (kommaseparert)',
  state: 'draft, sent, paid, partly_paid, overdue, reminded, lapsed, credited (kommaseparert)',
  channel: 'EFAKTURA, EMAIL, AVTALEGIRO (kommaseparert)',
  overdue: '1: bare forfalte (forfallsdato passert, noe utestående, ikke kreditert); 0: bare de andre',
  vipps_agreement: '1: bare fakturaer som trekkes med Vipps-avtale; 0: bare de andre',
  age: 'Utestående etter alder: not_due (ikke forfalt), 1-30, 31-60, 61-90, over_90 (dager etter forfall)',
  campaign: 'Kampanjekoden medlemmet meldte seg inn med',
  member_id: 'Medlemmets id',
  number: 'Fakturanummeret (kommaseparert): bare de fakturaene, der q også treffer medlemsnumre og navn',
  q: 'Fritekst: navn, medlemsnummer, fakturanummer eller KID; hvert ord må passe',
};

const FROM_WHERE = `${INVOICE_FROM} WHERE TRUE`;

/** The filters whose conditions read only an invoice's year, state and channel, which migration 056's totals are kept by. */
const KEPT_TOTALS_FILTERS = new Set(['year', 'state', 'channel']);

/**
 * The filtered invoices' totals: with no filter, or only year, state and channel, a sum over the
 * totals kept per year, state and channel (a few rows, whatever the invoices); otherwise over the
 * invoices the filters find.
 */
async function totalsOf(db: Queryable, list: ListQuery): Promise<InvoiceTotals> {
  const kept = Object.entries(list.filters).every(([name, values]) => values.length === 0 || KEPT_TOTALS_FILTERS.has(name));
  const sql = kept
    ? `SELECT coalesce(sum(i.invoices), 0)::int AS count, coalesce(sum(i.invoiced), 0)::bigint::text AS invoiced,
              coalesce(sum(i.paid), 0)::bigint::text AS paid, coalesce(sum(i.outstanding), 0)::bigint::text AS outstanding
         FROM invoice_total_deltas i WHERE ${list.where}`
    : `SELECT count(*)::int AS count, coalesce(sum(i.total_ore), 0)::bigint::text AS invoiced,
              coalesce(sum(i.paid_ore), 0)::bigint::text AS paid,
              coalesce(sum(greatest(i.total_ore - i.paid_ore - i.credited_ore, 0)), 0)::bigint::text AS outstanding
         FROM invoices i WHERE ${list.where}`;
  const [row] = await db.query<InvoiceTotals>(sql, list.params.values);
  return { count: row.count, invoiced: Number(row.invoiced), paid: Number(row.paid), outstanding: Number(row.outstanding) };
}

export async function invoicePage(db: Queryable, query: Record<string, unknown>): Promise<Page<Invoice> & { totals: InvoiceTotals }> {
  const list = parseListQuery(query, invoiceList);
  const totals = await totalsOf(db, list);
  const rows = await rowsKnowingTotal<Invoice>(db, { from: FROM_WHERE, columns: INVOICE_COLUMNS }, list, totals.count);
  return { list, rows, total: totals.count, totals };
}

const kroner = (ore: number) => (ore / 100).toFixed(2).replace('.', ',');

const STATE_NAMES: Record<Invoice['state'], string> = {
  draft: 'Utkast',
  sent: 'Sendt',
  paid: 'Betalt',
  partly_paid: 'Delvis betalt',
  overdue: 'Forfalt',
  reminded: 'Purret',
  lapsed: 'Utmeldt',
  credited: 'Kreditert',
};
const KIND_NAMES: Record<Invoice['kind'], string> = { first: 'Første faktura', renewal: 'Fornyelse', cover: 'Forsikring', imported: 'Overført' };
const CHANNEL_NAMES: Record<Invoice['channel'], string> = { EFAKTURA: 'eFaktura', EMAIL: 'E-post', AVTALEGIRO: 'AvtaleGiro' };

const amount = (header: string, of: (row: Invoice) => number): CsvColumn<Invoice> => ({
  header,
  value: (row) => kroner(of(row)),
  kind: 'amount',
  cell: (row) => of(row) / 100,
});

export const INVOICE_EXPORT_FILENAME = 'fakturaer.csv';

export const INVOICE_CSV: CsvColumn<Invoice>[] = [
  { header: 'Fakturanummer', value: (row) => row.number },
  { header: 'Medlemsnummer', value: (row) => row.member_number },
  { header: 'Navn', value: (row) => row.member_name },
  { header: 'År', value: (row) => row.year },
  { header: 'Type', value: (row) => KIND_NAMES[row.kind] },
  { header: 'Fakturadato', value: (row) => norwegianDate(row.invoice_date), kind: 'date' },
  { header: 'Forfallsdato', value: (row) => norwegianDate(row.due_date), kind: 'date' },
  { header: 'KID', value: (row) => row.kid },
  { header: 'Kanal', value: (row) => CHANNEL_NAMES[row.channel] },
  { header: 'Status', value: (row) => STATE_NAMES[row.state] },
  { header: 'Forfalt', value: (row) => (row.overdue ? 'Ja' : 'Nei') },
  amount('Beløp (kr)', (row) => row.total),
  amount('Betalt (kr)', (row) => row.paid),
  amount('Kreditert (kr)', (row) => row.credited),
  amount('Utestående (kr)', (row) => row.outstanding),
  { header: 'Kampanjekode', value: (row) => row.campaign_code },
];

/** The filtered invoices in list order, in batches, for the export. */
export function invoiceExportBatches(db: Database, query: Record<string, unknown>): AsyncGenerator<(Invoice & { key: number })[]> {
  const { page: _page, per_page: _perPage, ...rest } = query;
  const list = parseListQuery(rest, invoiceList);
  return orderedBatches<Invoice & { key: number }>(db, {
    keysSql: `SELECT i.id AS key ${FROM_WHERE} AND ${list.where} ORDER BY ${list.orderBy}`,
    keysParams: list.params.values,
    rowsSql: `SELECT i.id AS key, ${INVOICE_COLUMNS} ${INVOICE_FROM} WHERE i.id = ANY($1::int[])`,
    // Amounts as numbers, dates as text: nothing JSON would give back otherwise.
    rowsAsJson: true,
  });
}

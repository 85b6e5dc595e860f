/**
 * The payment-app report: quick-checkout registrations in a date range, as CSV (vipps_registrations).
 * Its range filter and its time and amount columns are the report's, shared with the tab of
 * invoice payments and charges (vipps-invoice-export.ts).
 */
import type { Queryable } from '../../db/database.ts';
import type { CsvColumn } from '../../lib/csv.ts';
import { HttpError, validationFailed } from '../../lib/http-errors.ts';
import { parseListQuery, type FilterBuilder, type ListDefinition } from '../../lib/list.ts';
import { isCalendarDate } from '../../schemas/rules.ts';
import { orderedBatches } from '../shared/export-batches.ts';
import { norwegianDate } from '../shared/oslo-date.ts';

export const VIPPS_EXPORT_FILENAME = 'vipps_registrations.csv';
export const VIPPS_EXPORT_EMPTY = 'Ingen Vipps-registreringer i perioden.';

interface VippsRow {
  key: number;
  reference: string;
  created_at: string;
  state: string;
  amount: number;
  campaign_code: string | null;
  remote_id: number | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  error: string | null;
}

const dateFilter =
  (column: string, operator: '>=' | '<='): FilterBuilder =>
  (values, params) => {
    const [value] = values;
    if (!isCalendarDate(value)) throw validationFailed({ [operator === '>=' ? 'created_at_from' : 'created_at_to']: ['Ugyldig dato (ÅÅÅÅ-MM-DD)'] });
    return `(${column} AT TIME ZONE 'Europe/Oslo')::date ${operator} ${params.add(value)}::date`;
  };

/** filter[created_at_from] and filter[created_at_to]: Oslo calendar days of `column`, both ends included. */
export const osloDayRange = (column: string): ListDefinition['filters'] => ({
  created_at_from: dateFilter(column, '>='),
  created_at_to: dateFilter(column, '<='),
});

const vippsList: ListDefinition = {
  filters: osloDayRange('r.created_at'),
  sorts: { id: 'r.id', created_at: 'r.created_at' },
  defaultSort: '-id',
  tieBreaker: 'r.id',
};

const amountInKroner = (ore: number) => (ore / 100).toFixed(2).replace('.', ',');
const osloTime = new Intl.DateTimeFormat('nb-NO', { timeZone: 'Europe/Oslo', hour: '2-digit', minute: '2-digit' });

/** 'Dato' (a date cell in the spreadsheet) and 'Tid', both in Oslo. */
export const dateAndTimeColumns = <Row extends { created_at: string }>(): CsvColumn<Row>[] => [
  { header: 'Dato', value: (row) => norwegianDate(row.created_at), kind: 'date' },
  { header: 'Tid', value: (row) => osloTime.format(new Date(row.created_at)) },
];

/** 'Beløp (kr)' from øre: 1450,00 in the CSV, the number 1450 in the spreadsheet. */
export const amountColumn = <Row extends { amount: number }>(): CsvColumn<Row> => ({
  header: 'Beløp (kr)',
  value: (row) => amountInKroner(row.amount),
  kind: 'amount',
  cell: (row) => row.amount / 100,
});

const [dateColumn, timeColumn] = dateAndTimeColumns<VippsRow>();

export const VIPPS_CSV: CsvColumn<VippsRow>[] = [
  { header: 'ID', value: (row) => row.key },
  { header: 'Referanse', value: (row) => row.reference },
  dateColumn,
  timeColumn,
  { header: 'Status', value: (row) => row.state },
  amountColumn(),
  { header: 'Kampanjekode', value: (row) => row.campaign_code },
  { header: 'Medlemsnummer', value: (row) => row.remote_id },
  { header: 'Fornavn', value: (row) => row.first_name },
  { header: 'Etternavn', value: (row) => row.last_name },
  { header: 'E-post', value: (row) => row.email },
  { header: 'Mobil', value: (row) => row.phone },
  { header: 'Feil', value: (row) => row.error },
];

/**
 * The registrations in the range (Oslo calendar days, both ends included), in batches for
 * sendCsv. A range with none answers 404 with a Norwegian message instead of an empty file.
 */
export async function vippsExportBatches(db: Queryable, query: Record<string, unknown>): Promise<AsyncIterable<VippsRow[]>> {
  const { page: _page, per_page: _perPage, ...rest } = query;
  const list = parseListQuery(rest, vippsList);
  const from = `FROM vipps_registrations r WHERE ${list.where}`;
  const [{ count }] = await db.query<{ count: number }>(`SELECT count(*)::int AS count ${from}`, list.params.values);
  if (count === 0) throw new HttpError(404, { message: VIPPS_EXPORT_EMPTY });
  return orderedBatches<VippsRow>(db, {
    keysSql: `SELECT r.id AS key ${from} ORDER BY ${list.orderBy}`,
    keysParams: list.params.values,
    rowsSql: `SELECT r.id AS key, r.reference, r.created_at, r.state, r.amount, coalesce(c.code, r.campaign_code) AS campaign_code,
                     a.remote_id,
                     coalesce(a.first_name, r.payer->>'given_name') AS first_name,
                     coalesce(a.last_name, r.payer->>'family_name') AS last_name,
                     coalesce(a.email, r.payer->>'email') AS email,
                     coalesce(a.phone, r.payer->>'phone_number') AS phone, r.error
                FROM vipps_registrations r
                LEFT JOIN accounts a ON a.id = r.member_id
                LEFT JOIN campaigns c ON c.id = r.campaign_id
               WHERE r.id = ANY($1::int[])`,
  });
}

/** The list's filters and sorts, which the route's query schema documents (lib/list.ts listQuery). */
export { vippsList };

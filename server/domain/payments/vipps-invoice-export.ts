/**
 * The Vipps report's second tab: every Vipps money movement on an invoice in a date range, as
 * CSV (vipps_fakturabetalinger) or spreadsheet. One row per ePayment a member started on Min side
 * to pay an invoice (vipps-invoices.ts), in whatever state it ended, and one per charge on a
 * Vipps Recurring agreement (vipps-agreements.ts), with its state. The range is of the day the
 * payment was started or the charge made, in Oslo, as the registrations tab's is.
 *
 * A payment's amount is what was captured once it is CAPTURED (what was still owing when it was
 * approved, which a payment in between may have made smaller), otherwise what it asked for.
 */
import type { Queryable } from '../../db/database.ts';
import type { CsvColumn } from '../../lib/csv.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { parseListQuery, type ListDefinition } from '../../lib/list.ts';
import { orderedBatches } from '../shared/export-batches.ts';
import { amountColumn, dateAndTimeColumns, osloDayRange } from './vipps-export.ts';

export const VIPPS_INVOICE_EXPORT_FILENAME = 'vipps_fakturabetalinger.csv';
export const VIPPS_INVOICE_EXPORT_EMPTY = 'Ingen Vipps-betalinger eller trekk av fakturaer i perioden.';

export interface VippsInvoiceRow {
  /** A payment's id, or a charge's id negated: one integer key over both tables. */
  key: number;
  kind: 'payment' | 'charge';
  reference: string;
  created_at: string;
  state: string;
  amount: number;
  invoice_number: number;
  kid: string;
  member_number: number;
  member_id: number;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  error: string | null;
}

/** Both tables' movements with the columns the range and the order need. */
const MOVEMENTS = `(SELECT p.id AS key, p.created_at FROM invoice_vipps_payments p
                   UNION ALL
                   SELECT -c.id AS key, c.created_at FROM vipps_charges c) m`;

const movementList: ListDefinition = {
  filters: osloDayRange('m.created_at'),
  sorts: { created_at: 'm.created_at' },
  defaultSort: '-created_at',
  tieBreaker: 'm.key',
};

const KIND_NAMES: Record<VippsInvoiceRow['kind'], string> = { payment: 'Betaling', charge: 'Trekk' };

const [dateColumn, timeColumn] = dateAndTimeColumns<VippsInvoiceRow>();

export const VIPPS_INVOICE_CSV: CsvColumn<VippsInvoiceRow>[] = [
  { header: 'Type', value: (row) => KIND_NAMES[row.kind] },
  { header: 'Referanse', value: (row) => row.reference },
  dateColumn,
  timeColumn,
  { header: 'Status', value: (row) => row.state },
  amountColumn(),
  { header: 'Fakturanummer', value: (row) => row.invoice_number },
  // Fifteen digits: text, so a spreadsheet neither rounds it nor drops a leading zero.
  { header: 'KID', value: (row) => row.kid },
  { header: 'Medlemsnummer', value: (row) => row.member_number },
  { header: 'Fornavn', value: (row) => row.first_name },
  { header: 'Etternavn', value: (row) => row.last_name },
  { header: 'E-post', value: (row) => row.email },
  { header: 'Feil/årsak', value: (row) => row.error },
];

/**
 * The movements in the range (Oslo calendar days, both ends included), newest first, in batches
 * for sendExport. A range with none answers 404 with a Norwegian message instead of an empty file.
 */
export async function vippsInvoiceExportBatches(db: Queryable, query: Record<string, unknown>): Promise<AsyncIterable<VippsInvoiceRow[]>> {
  const { page: _page, per_page: _perPage, ...rest } = query;
  const list = parseListQuery(rest, movementList);
  const from = `FROM ${MOVEMENTS} WHERE ${list.where}`;
  const [{ any }] = await db.query<{ any: boolean }>(`SELECT EXISTS (SELECT 1 ${from}) AS any`, list.params.values);
  if (!any) throw new HttpError(404, { message: VIPPS_INVOICE_EXPORT_EMPTY });
  return orderedBatches<VippsInvoiceRow>(db, {
    keysSql: `SELECT m.key ${from} ORDER BY ${list.orderBy}`,
    keysParams: list.params.values,
    rowsSql: `SELECT p.id AS key, 'payment' AS kind, p.reference, p.created_at, p.state,
                     CASE WHEN p.state = 'CAPTURED' THEN p.capture_amount ELSE p.amount END AS amount,
                     i.number AS invoice_number, i.kid, i.member_number, p.member_id,
                     a.first_name, a.last_name, a.email, p.error
                FROM invoice_vipps_payments p
                JOIN invoices i ON i.id = p.invoice_id
                LEFT JOIN accounts a ON a.id = p.member_id
               WHERE p.id = ANY($1::int[])
              UNION ALL
              SELECT -c.id AS key, 'charge' AS kind, c.order_id, c.created_at, c.state, c.amount_ore,
                     i.number, i.kid, i.member_number, g.member_id,
                     a.first_name, a.last_name, a.email, c.failure_reason
                FROM vipps_charges c
                JOIN vipps_agreements g ON g.id = c.agreement_id
                JOIN invoices i ON i.id = c.invoice_id
                LEFT JOIN accounts a ON a.id = g.member_id
               WHERE c.id IN (SELECT -key FROM unnest($1::int[]) AS key WHERE key < 0)`,
  });
}

/**
 * Aging on the front of 'Betaling': what is outstanding, by how many days past its due date
 * (not yet due, 1–30, 31–60, 61–90, over 90), and this year's invoices against what is paid on them.
 *
 * Outstanding is what the invoice list calls outstanding (migration 019's invoices_open_due: not
 * credited, something still owed), so the buckets past due add up to the list's total with
 * 'Bare forfalte' ticked. A lapsed invoice is still owed and stays in its bucket until it is paid
 * or credited; a credited one is in none. Due today is not yet overdue, as everywhere else.
 * One statement over the sums migration 056 keeps: what open invoices owe per due date, and the
 * totals per year, state and channel; a few rows each, whatever the invoices.
 */
import type { Queryable } from '../../db/database.ts';
import type { AgingBucket, InvoiceAging } from '../../schemas/billing.ts';
import { OPEN, OSLO_TODAY } from './invoices.ts';

/** Each bucket's days past the due date (a day count; null: no bound). */
export const AGING_BUCKETS: readonly { bucket: AgingBucket; from: number | null; to: number | null }[] = [
  { bucket: 'not_due', from: null, to: 0 },
  { bucket: '1-30', from: 1, to: 30 },
  { bucket: '31-60', from: 31, to: 60 },
  { bucket: '61-90', from: 61, to: 90 },
  { bucket: 'over_90', from: 91, to: null },
];

/** The list filter's condition for a bucket (open, due date in its range), on `invoices i`. */
export function agingCondition(bucket: string): string | null {
  const range = AGING_BUCKETS.find((entry) => entry.bucket === bucket);
  if (!range) return null;
  // Day counts written into the SQL are the constants above, never the caller's text.
  const bounds = [
    range.to !== null ? `i.due_date >= ${OSLO_TODAY} - ${range.to}` : null,
    range.from !== null ? `i.due_date <= ${OSLO_TODAY} - ${range.from}` : null,
  ].filter(Boolean);
  return `(${OPEN} AND ${bounds.join(' AND ')})`;
}

/** Today, worked out once per statement (a parameter of the plan, not a timezone conversion per row). */
const TODAY = '(SELECT t.today FROM t)';

/** The bucket of an open invoice by its due date: its index in AGING_BUCKETS. */
const BUCKET_OF = `CASE ${AGING_BUCKETS.map((range, index) => (range.to === null ? `ELSE ${index}` : `WHEN i.due_date >= ${TODAY} - ${range.to} THEN ${index}`)).join(' ')} END`;

export async function invoiceAging(db: Queryable): Promise<InvoiceAging> {
  // One row per bucket that has invoices (or one row of nulls when none has), each with the year's sums.
  const rows = await db.query<{ b: number | null; count: number | null; owed: string | null; year: number; invoiced: string; paid: string }>(
    `WITH t AS MATERIALIZED (SELECT d AS today, extract(year FROM d)::int AS year FROM (SELECT ${OSLO_TODAY} AS d) x),
     o AS (
       SELECT ${BUCKET_OF} AS b, sum(i.invoices)::int AS count, sum(i.owed)::bigint::text AS owed
         FROM invoice_open_deltas i GROUP BY 1 HAVING sum(i.invoices) <> 0
     ), y AS (
       SELECT (SELECT t.year FROM t) AS year, coalesce(sum(i.invoiced - i.credited), 0)::bigint::text AS invoiced,
              coalesce(sum(i.paid), 0)::bigint::text AS paid
         FROM invoice_total_deltas i WHERE i.year = (SELECT t.year FROM t)
     )
     SELECT o.b, o.count, o.owed, y.year, y.invoiced, y.paid FROM y LEFT JOIN o ON TRUE`,
  );
  const buckets = AGING_BUCKETS.map((range, index) => {
    const row = rows.find((candidate) => candidate.b === index);
    return { bucket: range.bucket, count: row?.count ?? 0, outstanding: Number(row?.owed ?? 0) };
  });
  const [first] = rows;
  return {
    buckets,
    outstanding: buckets.reduce((sum, bucket) => sum + bucket.outstanding, 0),
    count: buckets.reduce((sum, bucket) => sum + bucket.count, 0),
    year: first.year,
    invoiced: Number(first.invoiced),
    paid: Number(first.paid),
  };
}

/** One invoice as its page shows it, and whose it is. */
import type { Queryable } from '../../db/database.ts';
import type { InvoiceDetails, Invoice } from '../../schemas/billing.ts';
import { INVOICE_COLUMNS, INVOICE_FROM } from './invoice-columns.ts';

const PERSON_NAME = (alias: string) => `(SELECT trim(coalesce(${alias}.first_name, '') || ' ' || coalesce(${alias}.last_name, ''))
  FROM accounts ${alias} WHERE ${alias}.id =`;

/** One invoice as its page shows it: lines, state history, payments, credits, Vipps (payments from Min side, the charge's changes), Tripletex. */
export async function loadInvoice(db: Queryable, id: number): Promise<InvoiceDetails | null> {
  const [invoice] = await db.query<
    Invoice & {
      tripletex_invoice_id: string | null;
      tripletex_error: string | null;
      tripletex_read_at: string | null;
      previous_number: string | null;
      previous_kid: string | null;
    }
  >(
    `SELECT ${INVOICE_COLUMNS}, i.tripletex_invoice_id::text AS tripletex_invoice_id, i.tripletex_error, i.tripletex_read_at,
            i.previous_number, i.previous_kid
       ${INVOICE_FROM} WHERE i.id = $1`,
    [id],
  );
  if (!invoice) return null;
  // One after another: on a transaction's one connection overlapping queries are not allowed.
  const lines = await db.query<InvoiceDetails['lines'][number]>(
    `SELECT l.id, l.product_id, p.name AS product_name, l.description, l.period_from::text AS period_from,
            l.period_to::text AS period_to, l.amount_ore AS amount, l.subscription_id
       FROM invoice_lines l JOIN products p ON p.id = l.product_id WHERE l.invoice_id = $1 ORDER BY l.id`,
    [id],
  );
  const events = await db.query<InvoiceDetails['events'][number]>(
    `SELECT e.id::int AS id, e.at, e.from_state, e.to_state,
            CASE WHEN e.actor_id IS NULL THEN 'System' ELSE coalesce(${PERSON_NAME('ea')} e.actor_id), 'Slettet bruker') END AS actor_name,
            e.reason
       FROM invoice_events e WHERE e.invoice_id = $1 ORDER BY e.id`,
    [id],
  );
  const payments = await db.query<InvoiceDetails['payments'][number]>(
    `SELECT py.id, py.amount_ore AS amount, py.paid_on::text AS paid_on, py.method, py.note,
            ${PERSON_NAME('pa')} py.registered_by) AS registered_by_name, py.created_at
       FROM invoice_payments py WHERE py.invoice_id = $1 ORDER BY py.id`,
    [id],
  );
  const credits = await db.query<InvoiceDetails['credits'][number]>(
    `SELECT c.id, c.amount_ore AS amount, c.reason, c.created_at, ${PERSON_NAME('ca')} c.created_by) AS created_by_name
       FROM invoice_credits c WHERE c.invoice_id = $1 ORDER BY c.id`,
    [id],
  );
  const vipps = await db.query<InvoiceDetails['vipps'][number]>(
    `SELECT (row_number() OVER (ORDER BY v.at, v.n))::int AS id, v.at, v.kind, v.reference, v.from_state, v.to_state, v.amount, v.note
       FROM (SELECT p.created_at AS at, p.id::bigint AS n, 'payment' AS kind, p.reference, NULL AS from_state, p.state AS to_state,
                    CASE WHEN p.capture_amount > 0 THEN p.capture_amount ELSE p.amount END AS amount, p.error AS note
               FROM invoice_vipps_payments p WHERE p.invoice_id = $1
             UNION ALL
             SELECT e.at, e.id, 'charge', c.order_id, e.from_state, e.to_state, c.amount_ore,
                    nullif(concat_ws(': ', e.event, e.note), '')
               FROM vipps_charges c JOIN vipps_agreement_events e ON e.charge_id = c.id WHERE c.invoice_id = $1) v
      ORDER BY v.at, v.n`,
    [id],
  );
  const {
    tripletex_invoice_id: tripletexId,
    tripletex_error: tripletexError,
    tripletex_read_at: readAt,
    previous_number: previousNumber,
    previous_kid: previousKid,
    ...row
  } = invoice;
  return {
    ...row,
    lines,
    events,
    payments,
    credits,
    vipps,
    tripletex: { invoice_id: tripletexId === null ? null : Number(tripletexId), url: null, error: tripletexError, read_at: readAt },
    ...(row.kind === 'imported' ? { previous: { number: previousNumber, kid: previousKid } } : {}),
  };
}

/** The member an invoice is for (the access log's entry), or null. */
export async function invoiceOwner(db: Queryable, id: number): Promise<number | null> {
  const [row] = await db.query<{ member_id: number }>('SELECT member_id FROM invoices WHERE id = $1', [id]);
  return row?.member_id ?? null;
}

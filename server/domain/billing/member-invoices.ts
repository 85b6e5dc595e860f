/**
 * A member's invoices as Min side shows them (and staff on the member's behalf): the invoice list's
 * rows for the member, each with its lines and its payments (amount, day, method; no staff names
 * or notes). A member does not see a draft: it is not sent to them yet (with Tripletex as the
 * ledger an invoice is a draft until Tripletex has sent it).
 */
import type { Queryable } from '../../db/database.ts';
import type { Page } from '../../lib/paged-query.ts';
import type { MemberInvoice } from '../../schemas/invoice-vipps.ts';
import { INVOICE_STATES } from '../../schemas/billing.ts';
import { invoicePage } from './invoice-list.ts';

export async function memberInvoicePage(db: Queryable, memberId: number, query: Record<string, unknown>, staff: boolean): Promise<Page<MemberInvoice>> {
  const filters: Record<string, string> = { 'filter[member_id]': String(memberId) };
  if (!staff) filters['filter[state]'] = INVOICE_STATES.filter((state) => state !== 'draft').join(',');
  const page = await invoicePage(db, { ...query, ...filters });
  const ids = page.rows.map((row) => row.id);
  if (ids.length === 0) return { ...page, rows: [] };
  const lines = await db.query<MemberInvoice['lines'][number] & { invoice_id: number }>(
    `SELECT l.invoice_id, l.description, p.name AS product_name, l.period_from::text AS period_from, l.period_to::text AS period_to,
            l.amount_ore AS amount
       FROM invoice_lines l JOIN products p ON p.id = l.product_id WHERE l.invoice_id = ANY($1::int[]) ORDER BY l.invoice_id, l.id`,
    [ids],
  );
  const payments = await db.query<MemberInvoice['payments'][number] & { invoice_id: number }>(
    `SELECT invoice_id, amount_ore AS amount, paid_on::text AS paid_on, method
       FROM invoice_payments WHERE invoice_id = ANY($1::int[]) ORDER BY invoice_id, id`,
    [ids],
  );
  const of = <T extends { invoice_id: number }>(rows: T[], id: number) =>
    rows.filter((row) => row.invoice_id === id).map(({ invoice_id: _invoice, ...rest }) => rest);
  return { ...page, rows: page.rows.map((row) => ({ ...row, lines: of(lines, row.id), payments: of(payments, row.id) })) };
}

/** The OCR files read in, as staff see them: the list, and one file with its payments. */
import type { Queryable } from '../../db/database.ts';
import { parseListQuery, type ListDefinition } from '../../lib/list.ts';
import { queryPage, type Page } from '../../lib/paged-query.ts';
import type { PaymentFile, PaymentFileDetails, PaymentFileItem, PaymentItemKind } from '../../schemas/payment-files.ts';
import { ERASED_NAME } from './invoices.ts';

/** Booked on the invoice the KID names; every other kind is left for staff. */
export const MATCHED_KINDS: ReadonlySet<PaymentItemKind> = new Set(['exact', 'partial', 'overpaid']);

const PERSON = (alias: string) => `trim(coalesce(${alias}.first_name, '') || ' ' || coalesce(${alias}.last_name, ''))`;

const FILE_COLUMNS = `f.id, f.transmission_number, f.data_sender, f.file_name,
  (SELECT ${PERSON('u')} FROM accounts u WHERE u.id = f.uploaded_by) AS uploaded_by_name, f.uploaded_at, f.state, f.booked_at,
  json_build_object('count', f.payment_count, 'amount', f.amount_ore, 'booked', f.booked_ore, 'unplaced', f.unbooked_ore,
                    'matched', f.matched_count, 'unmatched', f.unmatched_count,
                    'pending', f.payment_count - f.matched_count - f.unmatched_count) AS totals`;

const memberName = (alias: string) => `CASE WHEN ${alias}.id IS NULL THEN NULL
  WHEN ${alias}.erased_at IS NOT NULL OR ${alias}.first_name IS NULL THEN '${ERASED_NAME}'
  ELSE trim(${alias}.first_name || ' ' || coalesce(${alias}.last_name, '')) END`;

export const ITEM_SELECT = `SELECT it.id, it.line, it.assignment_number, it.transaction_number, it.paid_on::text AS paid_on,
       it.amount_ore AS amount, it.kid, it.kind, it.invoice_id, i.number AS invoice_number, i.member_id,
       ${memberName('m')} AS member_name, it.booked_ore AS booked, it.unplaced_ore AS unplaced, it.payment_id,
       it.placed_invoice_id, pi.number AS placed_invoice_number,
       (SELECT ${PERSON('p')} FROM accounts p WHERE p.id = it.placed_by) AS placed_by_name, it.placed_at, it.resolved
  FROM payment_file_items it
  LEFT JOIN invoices i ON i.id = it.invoice_id
  LEFT JOIN accounts m ON m.id = i.member_id
  LEFT JOIN invoices pi ON pi.id = it.placed_invoice_id`;

/** The list of files read in, newest first. */
export const paymentFileList: ListDefinition = {
  filters: {},
  sorts: { id: 'f.id', uploaded_at: 'f.uploaded_at' },
  defaultSort: '-uploaded_at',
  tieBreaker: 'f.id',
};

export async function paymentFilePage(db: Queryable, query: Record<string, unknown>): Promise<Page<PaymentFile>> {
  return queryPage<PaymentFile>(db, { from: 'FROM payment_files f WHERE true', columns: FILE_COLUMNS }, parseListQuery(query, paymentFileList));
}

/** One file with its payments, those booked on the invoice their KID names and those left for staff. */
export async function loadPaymentFile(db: Queryable, id: number): Promise<PaymentFileDetails | null> {
  const [file] = await db.query<PaymentFile>(`SELECT ${FILE_COLUMNS} FROM payment_files f WHERE f.id = $1`, [id]);
  if (!file) return null;
  const items = await db.query<PaymentFileItem>(`${ITEM_SELECT} WHERE it.file_id = $1 AND it.kind IS NOT NULL ORDER BY it.line`, [id]);
  return {
    ...file,
    matched: items.filter((item) => MATCHED_KINDS.has(item.kind)),
    unmatched: items.filter((item) => !MATCHED_KINDS.has(item.kind)),
  };
}

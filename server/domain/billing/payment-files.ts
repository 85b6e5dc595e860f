/**
 * 'Innbetalinger': staff read in the bank's OCR giro file. The file is read and checked
 * (lib/ocr-giro.ts), its account must be the organisation's, and a transmission is read in once.
 * Then, in one transaction, the invoices the file's KIDs name are locked in one query, the
 * payments matched by KID (ocr-matching.ts) and each matched one booked through `bookPayment`
 * with a source naming the transmission, assignment and transaction, so nothing is booked twice.
 * What matching leaves (no invoice for the KID, an invalid KID, a paid or credited invoice, an
 * over-payment's surplus) stays on the file's item for staff to place on an invoice.
 */
import type { Database, Queryable } from '../../db/database.ts';
import { conflict, notFound, validationFailed } from '../../lib/http-errors.ts';
import { parseListQuery, type ListDefinition } from '../../lib/list.ts';
import { queryPage, type Page } from '../../lib/paged-query.ts';
import { OcrGiroError, parseOcrGiroInTurns, type OcrGiroFile } from '../../lib/ocr-giro.ts';
import type { PaymentFile, PaymentFileDetails, PaymentFileItem, PaymentItemKind } from '../../schemas/payment-files.ts';
import { ERASED_NAME, lockInvoice, type LockedInvoice } from './invoices.ts';
import { checkOcrAccounts, matchOcrPayments, ocrKids, type OcrInvoice, type OcrPaymentMatch } from './ocr-matching.ts';
import { bookPayment, NOTHING_OUTSTANDING, outstandingOf, overOutstanding } from './payments.ts';

/** The largest file read: a 20 000-payment file is about 3.3 MB. */
export const PAYMENT_FILE_BYTES = 10 * 1024 * 1024;
export const PAYMENT_FILE_TOO_BIG = `Filen er for stor. En OCR-fil kan være høyst ${PAYMENT_FILE_BYTES / 1024 / 1024} MB.`;
export const alreadyRead = (transmission: string) => `Denne filen er allerede lest inn (forsendelse ${transmission})`;
export const ALREADY_PLACED = 'Denne innbetalingen er allerede ført.';
export const REVERSAL_NOT_PLACED = 'En tilbakeføring kan ikke plasseres på en faktura.';
export const INVOICE_CREDITED = 'Fakturaen er kreditert og kan ikke få innbetalinger.';
export const INVOICE_NOT_SENT = 'Fakturaen er ikke sendt ennå.';
export const INVOICE_MISSING = 'Fakturaen finnes ikke.';

/** Booked on the invoice the KID names; every other kind is left for staff. */
const MATCHED_KINDS: ReadonlySet<PaymentItemKind> = new Set(['exact', 'partial', 'overpaid']);

/** A payment's source in invoice_payments: transaction numbers start at 1 in every assignment. */
const sourceOf = (transmission: string, payment: Pick<OcrPaymentMatch, 'assignmentNumber' | 'transactionNumber'>) =>
  `ocr:${transmission}:${payment.assignmentNumber}:${payment.transactionNumber}`;
/** The source of an over-payment's surplus once staff place it (its first part has the item's source). */
const SURPLUS_SUFFIX = ':rest';

const PERSON = (alias: string) => `trim(coalesce(${alias}.first_name, '') || ' ' || coalesce(${alias}.last_name, ''))`;

const FILE_COLUMNS = `f.id, f.transmission_number, f.data_sender, f.file_name,
  (SELECT ${PERSON('u')} FROM accounts u WHERE u.id = f.uploaded_by) AS uploaded_by_name, f.uploaded_at,
  json_build_object('count', f.payment_count, 'amount', f.amount_ore, 'booked', f.booked_ore, 'unplaced', f.unbooked_ore,
                    'matched', f.matched_count, 'unmatched', f.unmatched_count) AS totals`;

const memberName = (alias: string) => `CASE WHEN ${alias}.id IS NULL THEN NULL
  WHEN ${alias}.erased_at IS NOT NULL OR ${alias}.first_name IS NULL THEN '${ERASED_NAME}'
  ELSE trim(${alias}.first_name || ' ' || coalesce(${alias}.last_name, '')) END`;

const ITEM_SELECT = `SELECT it.id, it.line, it.assignment_number, it.transaction_number, it.paid_on::text AS paid_on,
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
  const items = await db.query<PaymentFileItem>(`${ITEM_SELECT} WHERE it.file_id = $1 ORDER BY it.line`, [id]);
  return {
    ...file,
    matched: items.filter((item) => MATCHED_KINDS.has(item.kind)),
    unmatched: items.filter((item) => !MATCHED_KINDS.has(item.kind)),
  };
}

/** The file as read, or the parser's 422 with its Norwegian message and the line it names. */
async function readFile(buffer: Buffer): Promise<OcrGiroFile> {
  try {
    return await parseOcrGiroInTurns(buffer);
  } catch (error) {
    if (error instanceof OcrGiroError) throw validationFailed({ file: [error.message] }, { line: error.line });
    throw error;
  }
}

/**
 * Reads in one OCR file uploaded by staff: 422 for a file that is not one or pays another
 * account, 409 for a transmission read in before; answers the file with its payments.
 */
export async function readPaymentFile(
  db: Database, upload: { name: string; buffer: Buffer }, staffId: number, bankAccount: string,
): Promise<PaymentFileDetails> {
  const file = await readFile(upload.buffer);
  const mismatches = checkOcrAccounts(file, bankAccount);
  if (mismatches.length > 0) throw validationFailed({ file: mismatches.map((mismatch) => mismatch.message) });
  const transmission = file.transmissionNumber;
  const [seen] = await db.query('SELECT 1 FROM payment_files WHERE transmission_number = $1', [transmission]);
  if (seen) throw conflict(alreadyRead(transmission));

  return db.transaction(async (tx) => {
    // Claims the transmission first: a second upload of it at the same moment waits here for this
    // transaction and then finds it taken.
    const [created] = await tx.query<{ id: number }>(
      `INSERT INTO payment_files (transmission_number, data_sender, file_name, uploaded_by, payment_count, amount_ore,
                                  booked_ore, unbooked_ore, matched_count, unmatched_count)
       VALUES ($1, $2, $3, $4, 0, 0, 0, 0, 0, 0) ON CONFLICT (transmission_number) DO NOTHING RETURNING id`,
      [transmission, file.dataSender, upload.name.slice(0, 255), staffId],
    );
    if (!created) throw conflict(alreadyRead(transmission));

    // Every invoice the file's KIDs name, in one query, locked in id order (no deadlock with
    // another writer locking several). A draft is not sent, so nobody can have paid it.
    const invoices = await tx.query<LockedInvoice & { kid: string }>(
      `SELECT id, number, member_id, member_number, state, total_ore, paid_ore, credited_ore, kid
         FROM invoices WHERE kid = ANY($1::text[]) AND state <> 'draft' ORDER BY id FOR UPDATE`,
      [ocrKids(file)],
    );
    const byKid = new Map<string, OcrInvoice>(invoices.map((invoice) => [invoice.kid, {
      invoiceId: invoice.id, kid: invoice.kid, outstandingOre: outstandingOf(invoice), state: invoice.state,
    }]));
    const locked = new Map(invoices.map((invoice) => [invoice.id, invoice]));
    const result = matchOcrPayments(file, byKid, bankAccount);
    if (!result.ok) throw validationFailed({ file: result.errors.map((error) => error.message) });

    // No pauses here: each booking waits on the database, which leaves the event loop free, and
    // a pause inside the transaction would only hold its locks (on PGlite: the database) longer.
    for (const payment of result.payments) {
      if (payment.appliedOre <= 0 || payment.invoiceId === null) continue;
      await bookPayment(tx, locked.get(payment.invoiceId)!, {
        amountOre: payment.appliedOre,
        paidOn: payment.date,
        method: 'ocr',
        note: `OCR-fil, forsendelse ${transmission}`,
        source: sourceOf(transmission, payment),
        actorId: staffId,
      });
    }

    const items = result.payments.map((payment) => ({
      line: payment.line,
      assignment_number: payment.assignmentNumber,
      transaction_number: payment.transactionNumber,
      paid_on: payment.date,
      amount_ore: payment.amountOre,
      kid: payment.kid,
      kind: payment.kind,
      invoice_id: payment.invoiceId,
      booked_ore: payment.appliedOre,
      unplaced_ore: payment.unappliedOre,
      source: sourceOf(transmission, payment),
      resolved: payment.kind !== 'reversal' && payment.unappliedOre === 0,
    }));
    await tx.query(
      `INSERT INTO payment_file_items (file_id, line, assignment_number, transaction_number, paid_on, amount_ore, kid, kind,
                                       invoice_id, booked_ore, unplaced_ore, source, payment_id, resolved)
       SELECT $1, r.line, r.assignment_number, r.transaction_number, r.paid_on, r.amount_ore, r.kid, r.kind,
              r.invoice_id, r.booked_ore, r.unplaced_ore, r.source, p.id, r.resolved
         FROM jsonb_to_recordset($2::jsonb) AS r(line int, assignment_number text, transaction_number int, paid_on date,
              amount_ore bigint, kid text, kind text, invoice_id int, booked_ore bigint, unplaced_ore bigint, source text, resolved boolean)
         LEFT JOIN invoice_payments p ON p.source = r.source
        ORDER BY r.line`,
      [created.id, JSON.stringify(items)],
    );
    const { summary } = result;
    const matched = result.payments.filter((payment) => MATCHED_KINDS.has(payment.kind)).length;
    await tx.query(
      `UPDATE payment_files SET payment_count = $2, amount_ore = $3, booked_ore = $4, unbooked_ore = $5,
                                matched_count = $6, unmatched_count = $7 WHERE id = $1`,
      [created.id, summary.count, summary.amountOre, summary.appliedOre, summary.unappliedOre, matched, summary.count - matched],
    );
    return (await loadPaymentFile(tx, created.id))!;
  });
}

/** The member whose invoice a place request names, for the access log. */
export async function ownerOfInvoice(db: Queryable, invoiceId: number): Promise<number | null> {
  const [row] = await db.query<{ member_id: number }>('SELECT member_id FROM invoices WHERE id = $1', [invoiceId]);
  return row?.member_id ?? null;
}

/**
 * Staff place what matching left of a payment (all of it, or an over-payment's surplus) on an
 * invoice: booked through `bookPayment` with the item's source, recorded with who and when.
 */
export async function placePayment(db: Database, itemId: number, invoiceId: number, staffId: number): Promise<PaymentFileItem> {
  return db.transaction(async (tx) => {
    const [item] = await tx.query<{ id: number; kind: PaymentItemKind; paid_on: string; unplaced_ore: number; source: string; placed_at: string | null; transmission_number: string }>(
      `SELECT it.id, it.kind, it.paid_on::text AS paid_on, it.unplaced_ore, it.source, it.placed_at, f.transmission_number
         FROM payment_file_items it JOIN payment_files f ON f.id = it.file_id WHERE it.id = $1 FOR UPDATE OF it`,
      [itemId],
    );
    if (!item) throw notFound();
    if (item.placed_at !== null || (item.kind !== 'reversal' && item.unplaced_ore <= 0)) throw conflict(ALREADY_PLACED);
    if (item.kind === 'reversal') throw validationFailed({ invoice_id: [REVERSAL_NOT_PLACED] });
    const [exists] = await tx.query('SELECT 1 FROM invoices WHERE id = $1', [invoiceId]);
    if (!exists) throw validationFailed({ invoice_id: [INVOICE_MISSING] });
    const invoice = await lockInvoice(tx, invoiceId);
    if (invoice.state === 'credited') throw validationFailed({ invoice_id: [INVOICE_CREDITED] });
    if (invoice.state === 'draft') throw validationFailed({ invoice_id: [INVOICE_NOT_SENT] });
    const outstanding = outstandingOf(invoice);
    if (outstanding === 0) throw validationFailed({ invoice_id: [NOTHING_OUTSTANDING] });
    if (item.unplaced_ore > outstanding) throw validationFailed({ invoice_id: [overOutstanding(outstanding)] });
    const source = item.kind === 'overpaid' ? `${item.source}${SURPLUS_SUFFIX}` : item.source;
    const booked = await bookPayment(tx, invoice, {
      amountOre: item.unplaced_ore,
      paidOn: item.paid_on,
      method: 'ocr',
      note: `OCR-fil, forsendelse ${item.transmission_number}, plassert av ansatt`,
      source,
      actorId: staffId,
    });
    if (!booked) throw conflict(ALREADY_PLACED);
    await tx.query(
      `UPDATE payment_file_items SET placed_invoice_id = $2, placed_by = $3, placed_at = now(), unplaced_ore = 0, resolved = true,
              placed_payment_id = (SELECT id FROM invoice_payments WHERE source = $4)
        WHERE id = $1`,
      [itemId, invoiceId, staffId, source],
    );
    await tx.query('UPDATE payment_files SET booked_ore = booked_ore + $2, unbooked_ore = unbooked_ore - $2 WHERE id = (SELECT file_id FROM payment_file_items WHERE id = $1)', [
      itemId, item.unplaced_ore,
    ]);
    const [placed] = await tx.query<PaymentFileItem>(`${ITEM_SELECT} WHERE it.id = $1`, [itemId]);
    return placed;
  });
}

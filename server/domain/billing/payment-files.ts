/**
 * 'Innbetalinger': staff read in the bank's OCR giro file. The request reads and checks it
 * (lib/ocr-giro.ts), its account must be the organisation's, and a transmission is read in once;
 * it stores the payments and queues the booking. The queue's job books them in the file's order,
 * in paced steps (each its own transaction: the invoices its KIDs name locked in one query, each
 * payment matched by KID in ocr-matching.ts and booked through `bookPayments` with a source naming
 * the transmission, assignment and transaction, so nothing is booked twice, also when a step is
 * run again). What matching leaves (no invoice for the KID, an invalid KID, a paid or credited
 * invoice, an over-payment's surplus) stays on the file's item for staff to place on an invoice.
 *
 * This file reads a file in and places what is left; the booking job (payment-file-booking.ts) and
 * the list and one file as staff see them (payment-file-list.ts) are files of their own, re-exported here.
 */
import type { Database, Queryable } from '../../db/database.ts';
import type { JobSender } from '../messages/outbox.ts';
import { conflict, notFound, validationFailed } from '../../lib/http-errors.ts';
import { OcrGiroError, parseOcrGiroInTurns, type OcrGiroFile } from '../../lib/ocr-giro.ts';
import type { PaymentFileDetails, PaymentFileItem, PaymentItemKind } from '../../schemas/payment-files.ts';
import { lockInvoice } from './invoices.ts';
import { checkOcrAccounts, ocrPayments, type OcrPaymentMatch } from './ocr-matching.ts';
import { bookPayment, NOTHING_OUTSTANDING, outstandingOf, overOutstanding } from './payments.ts';
import { handToLedger } from './tripletex-queue.ts';
import { ITEM_SELECT, loadPaymentFile } from './payment-file-list.ts';

export { loadPaymentFile, paymentFileList, paymentFilePage } from './payment-file-list.ts';
export { bookPaymentFile } from './payment-file-booking.ts';

/** The largest file read: a 20 000-payment file is about 3.3 MB. */
export const PAYMENT_FILE_BYTES = 10 * 1024 * 1024;
export const PAYMENT_FILE_TOO_BIG = `Filen er for stor. En OCR-fil kan være høyst ${PAYMENT_FILE_BYTES / 1024 / 1024} MB.`;
export const alreadyRead = (transmission: string) => `Denne filen er allerede lest inn (forsendelse ${transmission})`;
export const ALREADY_PLACED = 'Denne innbetalingen er allerede ført.';
export const REVERSAL_NOT_PLACED = 'En tilbakeføring kan ikke plasseres på en faktura.';
export const INVOICE_CREDITED = 'Fakturaen er kreditert og kan ikke få innbetalinger.';
export const INVOICE_NOT_SENT = 'Fakturaen er ikke sendt ennå.';
export const INVOICE_MISSING = 'Fakturaen finnes ikke.';
export const STILL_BOOKING = 'Filen føres fortsatt. Prøv igjen om litt.';

export const PAYMENT_FILE_QUEUE = 'payment-file';

/** A payment's source in invoice_payments: transaction numbers start at 1 in every assignment. */
const sourceOf = (transmission: string, payment: Pick<OcrPaymentMatch, 'assignmentNumber' | 'transactionNumber'>) =>
  `ocr:${transmission}:${payment.assignmentNumber}:${payment.transactionNumber}`;
/** The source of an over-payment's surplus once staff place it (its first part has the item's source). */
const SURPLUS_SUFFIX = ':rest';

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
 * account, 409 for a transmission read in before. Stores its payments and queues their booking
 * in the same transaction; answers the file, queued.
 */
export async function readPaymentFile(
  db: Database,
  jobs: JobSender,
  upload: { name: string; buffer: Buffer },
  staffId: number,
  bankAccount: string,
): Promise<PaymentFileDetails> {
  const file = await readFile(upload.buffer);
  const mismatches = checkOcrAccounts(file, bankAccount);
  if (mismatches.length > 0) throw validationFailed({ file: mismatches.map((mismatch) => mismatch.message) });
  const transmission = file.transmissionNumber;
  const [seen] = await db.query('SELECT 1 FROM payment_files WHERE transmission_number = $1', [transmission]);
  if (seen) throw conflict(alreadyRead(transmission));
  const payments = ocrPayments(file);

  return db.transaction(async (tx) => {
    // Claims the transmission first: a second upload of it at the same moment waits here for this
    // transaction and then finds it taken.
    const [created] = await tx.query<{ id: number }>(
      `INSERT INTO payment_files (transmission_number, data_sender, file_name, uploaded_by, payment_count, amount_ore,
                                  booked_ore, unbooked_ore, matched_count, unmatched_count)
       VALUES ($1, $2, $3, $4, $5, $6, 0, 0, 0, 0) ON CONFLICT (transmission_number) DO NOTHING RETURNING id`,
      [transmission, file.dataSender, upload.name.slice(0, 255), staffId, payments.length, payments.reduce((sum, payment) => sum + payment.amountOre, 0)],
    );
    if (!created) throw conflict(alreadyRead(transmission));
    await tx.query(
      `INSERT INTO payment_file_items (file_id, line, assignment_number, transaction_number, paid_on, amount_ore, kid, transaction_type, source)
       SELECT $1, r.line, r.assignment_number, r.transaction_number, r.paid_on, r.amount_ore, r.kid, r.transaction_type, r.source
         FROM jsonb_to_recordset($2::jsonb) AS r(line int, assignment_number text, transaction_number int, paid_on date,
              amount_ore bigint, kid text, transaction_type smallint, source text)`,
      [
        created.id,
        JSON.stringify(
          payments.map((payment) => ({
            line: payment.line,
            assignment_number: payment.assignmentNumber,
            transaction_number: payment.transactionNumber,
            paid_on: payment.date,
            amount_ore: payment.amountOre,
            kid: payment.kid,
            transaction_type: payment.transactionType,
            source: sourceOf(transmission, payment),
          })),
        ),
      ],
    );
    await jobs.send(PAYMENT_FILE_QUEUE, { fileId: created.id }, tx);
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
export async function placePayment(
  db: Database,
  itemId: number,
  invoiceId: number,
  staffId: number,
  ledger: JobSender | null = null,
): Promise<PaymentFileItem> {
  return db.transaction(async (tx) => {
    const [item] = await tx.query<{
      id: number;
      kind: PaymentItemKind | null;
      paid_on: string;
      unplaced_ore: number;
      source: string;
      placed_at: string | null;
      transmission_number: string;
    }>(
      `SELECT it.id, it.kind, it.paid_on::text AS paid_on, it.unplaced_ore, it.source, it.placed_at, f.transmission_number
         FROM payment_file_items it JOIN payment_files f ON f.id = it.file_id WHERE it.id = $1 FOR UPDATE OF it`,
      [itemId],
    );
    if (!item) throw notFound();
    if (item.kind === null) throw conflict(STILL_BOOKING);
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
    if (booked === null) throw conflict(ALREADY_PLACED);
    await handToLedger(tx, ledger, invoiceId);
    await tx.query(
      `UPDATE payment_file_items SET placed_invoice_id = $2, placed_by = $3, placed_at = now(), unplaced_ore = 0, resolved = true,
              placed_payment_id = $4
        WHERE id = $1`,
      [itemId, invoiceId, staffId, booked],
    );
    await tx.query(
      'UPDATE payment_files SET booked_ore = booked_ore + $2, unbooked_ore = unbooked_ore - $2 WHERE id = (SELECT file_id FROM payment_file_items WHERE id = $1)',
      [itemId, item.unplaced_ore],
    );
    const [placed] = await tx.query<PaymentFileItem>(`${ITEM_SELECT} WHERE it.id = $1`, [itemId]);
    return placed;
  });
}

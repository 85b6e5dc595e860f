/**
 * 'Innbetalinger': staff read in the bank's OCR giro file. The request reads and checks it
 * (lib/ocr-giro.ts), its account must be the organisation's, and a transmission is read in once;
 * it stores the payments and queues the booking. The queue's job books them in the file's order,
 * in paced steps (each its own transaction: the invoices its KIDs name locked in one query, each
 * payment matched by KID in ocr-matching.ts and booked through `bookPayments` with a source naming
 * the transmission, assignment and transaction, so nothing is booked twice, also when a step is
 * run again). What matching leaves (no invoice for the KID, an invalid KID, a paid or credited
 * invoice, an over-payment's surplus) stays on the file's item for staff to place on an invoice.
 */
import { setTimeout } from 'node:timers/promises';
import type { Database, Queryable } from '../../db/database.ts';
import type { JobSender } from '../messages/outbox.ts';
import { conflict, notFound, validationFailed } from '../../lib/http-errors.ts';
import { parseListQuery, type ListDefinition } from '../../lib/list.ts';
import { queryPage, type Page } from '../../lib/paged-query.ts';
import { OcrGiroError, parseOcrGiroInTurns, type OcrGiroFile } from '../../lib/ocr-giro.ts';
import type { PaymentFile, PaymentFileDetails, PaymentFileItem, PaymentItemKind } from '../../schemas/payment-files.ts';
import { ERASED_NAME, lockInvoice, type LockedInvoice } from './invoices.ts';
import { checkOcrAccounts, kidDigits, matchPayment, ocrPayments, type OcrInvoice, type OcrPaymentInput, type OcrPaymentMatch } from './ocr-matching.ts';
import { bookPayment, bookPayments, NOTHING_OUTSTANDING, outstandingOf, overOutstanding, type Booking } from './payments.ts';
import { handToLedger } from './tripletex-queue.ts';

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

/**
 * Payments booked per step of the job, each step its own transaction followed by a pause as long.
 * On PGlite a step holds the one session every request shares, so its steps are small (a booking
 * is a few statements: about 50 take a third of a second there).
 */
const BOOKING_STEP = { postgres: 500, pglite: 50 };

/** Booked on the invoice the KID names; every other kind is left for staff. */
const MATCHED_KINDS: ReadonlySet<PaymentItemKind> = new Set(['exact', 'partial', 'overpaid']);

/** A payment's source in invoice_payments: transaction numbers start at 1 in every assignment. */
const sourceOf = (transmission: string, payment: Pick<OcrPaymentMatch, 'assignmentNumber' | 'transactionNumber'>) =>
  `ocr:${transmission}:${payment.assignmentNumber}:${payment.transactionNumber}`;
/** The source of an over-payment's surplus once staff place it (its first part has the item's source). */
const SURPLUS_SUFFIX = ':rest';

const PERSON = (alias: string) => `trim(coalesce(${alias}.first_name, '') || ' ' || coalesce(${alias}.last_name, ''))`;

const FILE_COLUMNS = `f.id, f.transmission_number, f.data_sender, f.file_name,
  (SELECT ${PERSON('u')} FROM accounts u WHERE u.id = f.uploaded_by) AS uploaded_by_name, f.uploaded_at, f.state, f.booked_at,
  json_build_object('count', f.payment_count, 'amount', f.amount_ore, 'booked', f.booked_ore, 'unplaced', f.unbooked_ore,
                    'matched', f.matched_count, 'unmatched', f.unmatched_count,
                    'pending', f.payment_count - f.matched_count - f.unmatched_count) AS totals`;

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
  const items = await db.query<PaymentFileItem>(`${ITEM_SELECT} WHERE it.file_id = $1 AND it.kind IS NOT NULL ORDER BY it.line`, [id]);
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
 * account, 409 for a transmission read in before. Stores its payments and queues their booking
 * in the same transaction; answers the file, queued.
 */
export async function readPaymentFile(
  db: Database, jobs: JobSender, upload: { name: string; buffer: Buffer }, staffId: number, bankAccount: string,
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
      [transmission, file.dataSender, upload.name.slice(0, 255), staffId, payments.length,
        payments.reduce((sum, payment) => sum + payment.amountOre, 0)],
    );
    if (!created) throw conflict(alreadyRead(transmission));
    await tx.query(
      `INSERT INTO payment_file_items (file_id, line, assignment_number, transaction_number, paid_on, amount_ore, kid, transaction_type, source)
       SELECT $1, r.line, r.assignment_number, r.transaction_number, r.paid_on, r.amount_ore, r.kid, r.transaction_type, r.source
         FROM jsonb_to_recordset($2::jsonb) AS r(line int, assignment_number text, transaction_number int, paid_on date,
              amount_ore bigint, kid text, transaction_type smallint, source text)`,
      [created.id, JSON.stringify(payments.map((payment) => ({
        line: payment.line,
        assignment_number: payment.assignmentNumber,
        transaction_number: payment.transactionNumber,
        paid_on: payment.date,
        amount_ore: payment.amountOre,
        kid: payment.kid,
        transaction_type: payment.transactionType,
        source: sourceOf(transmission, payment),
      })))],
    );
    await jobs.send(PAYMENT_FILE_QUEUE, { fileId: created.id }, tx);
    return (await loadPaymentFile(tx, created.id))!;
  });
}

interface StoredPayment {
  id: number;
  line: number;
  assignment_number: string;
  transaction_number: number;
  paid_on: string;
  amount_ore: number;
  kid: string | null;
  transaction_type: number;
  source: string;
}

/**
 * The queue's job: books a file's payments not yet booked, in the file's order, a step at a time.
 * Each step locks the invoices its KIDs name and reads them as they are now, so a payment sees the
 * ones booked before it, in this step or an earlier one; after each step the server is left to
 * other requests for as long as the step took. A step run again (a worker killed) books nothing
 * twice: its items are marked in the same transaction as its bookings.
 */
export async function bookPaymentFile(db: Database, fileId: number): Promise<void> {
  const [file] = await db.query<{ transmission_number: string; uploaded_by: number | null }>(
    "UPDATE payment_files SET state = 'booking' WHERE id = $1 AND state <> 'done' RETURNING transmission_number, uploaded_by",
    [fileId],
  );
  if (!file) return;
  // The line the last step reached: the next step reads on from there instead of walking past
  // every payment booked before it (which made a large file's booking grow with its square).
  let after = 0;
  for (;;) {
    const started = performance.now();
    const last = await db.transaction((tx) => bookStep(tx, fileId, file.transmission_number, file.uploaded_by, BOOKING_STEP[db.kind], after));
    if (last === null) break;
    after = last;
    await setTimeout(performance.now() - started);
  }
  await db.query("UPDATE payment_files SET state = 'done', booked_at = now() WHERE id = $1", [fileId]);
}

/** One step of the booking, from the payments after line `after`; answers the last line it booked, or null when none were left. */
async function bookStep(
  tx: Queryable, fileId: number, transmission: string, actorId: number | null, size: number, after: number,
): Promise<number | null> {
  const stored = await tx.query<StoredPayment>(
    `SELECT id, line, assignment_number, transaction_number, paid_on::text AS paid_on, amount_ore::int AS amount_ore, kid,
            transaction_type, source
       FROM payment_file_items WHERE file_id = $1 AND line > $3 AND kind IS NULL ORDER BY line LIMIT $2 FOR UPDATE`,
    [fileId, size, after],
  );
  if (stored.length === 0) return null;
  const kids = [...new Set(stored.map((item) => kidDigits(item.kid)).filter((kid) => kid !== null))];
  // Every invoice the step's KIDs name (ours, or an imported invoice's old KID), in one query,
  // locked in id order (no deadlock with another writer locking several). A draft is not sent,
  // so nobody can have paid it.
  const invoices = await tx.query<LockedInvoice & { kid: string; previous_kid: string | null }>(
    `SELECT id, number, member_id, member_number, state, total_ore, paid_ore, credited_ore, kid, previous_kid
       FROM invoices WHERE (kid = ANY($1::text[]) OR previous_kid = ANY($1::text[])) AND state <> 'draft' ORDER BY id FOR UPDATE`,
    [kids],
  );
  const byKid = new Map<string, OcrInvoice>();
  const entry = (invoice: (typeof invoices)[number]): OcrInvoice => ({
    invoiceId: invoice.id, kid: invoice.kid, outstandingOre: outstandingOf(invoice), state: invoice.state,
  });
  // Old KIDs first: where one is also a KID of ours, our invoice has it.
  for (const invoice of invoices) if (invoice.previous_kid !== null) byKid.set(invoice.previous_kid, entry(invoice));
  for (const invoice of invoices) byKid.set(invoice.kid, entry(invoice));
  const locked = new Map(invoices.map((invoice) => [invoice.id, invoice]));
  const outstanding = new Map<number, number>();
  const results: { id: number; match: OcrPaymentMatch; paymentId: number | null }[] = [];
  const bookings: { result: (typeof results)[number]; booking: Booking }[] = [];
  for (const item of stored) {
    const payment: OcrPaymentInput = {
      assignmentNumber: item.assignment_number, transactionNumber: item.transaction_number, line: item.line,
      kid: item.kid, date: item.paid_on, amountOre: item.amount_ore, transactionType: item.transaction_type,
    };
    const match = matchPayment(payment, byKid, outstanding);
    const result = { id: item.id, match, paymentId: null as number | null };
    results.push(result);
    if (match.appliedOre > 0 && match.invoiceId !== null) {
      bookings.push({ result, booking: { invoice: locked.get(match.invoiceId)!, payment: {
        amountOre: match.appliedOre,
        paidOn: match.date,
        method: 'ocr',
        note: `OCR-fil, forsendelse ${transmission}`,
        source: item.source,
        actorId,
      } } });
    }
  }
  // Booked in the file's order, the step's payments together: an invoice's later payment sees its earlier ones.
  const paymentIds = await bookPayments(tx, bookings.map(({ booking }) => booking));
  bookings.forEach(({ result }, index) => (result.paymentId = paymentIds[index]));

  await tx.query(
    `UPDATE payment_file_items it SET kind = r.kind, invoice_id = r.invoice_id, booked_ore = r.booked_ore,
            unplaced_ore = r.unplaced_ore, payment_id = r.payment_id, resolved = r.resolved
       FROM jsonb_to_recordset($1::jsonb) AS r(id int, kind text, invoice_id int, booked_ore bigint, unplaced_ore bigint,
            payment_id int, resolved boolean)
      WHERE it.id = r.id AND it.id = ANY($2::int[])`,
    [JSON.stringify(results.map(({ id, match, paymentId }) => ({
      id,
      kind: match.kind,
      invoice_id: match.invoiceId,
      booked_ore: match.appliedOre,
      unplaced_ore: match.unappliedOre,
      payment_id: paymentId,
      resolved: match.kind !== 'reversal' && match.unappliedOre === 0,
    }))), results.map(({ id }) => id)],
  );
  const matched = results.filter(({ match }) => MATCHED_KINDS.has(match.kind)).length;
  const booked = results.reduce((sum, { match }) => sum + match.appliedOre, 0);
  const unbooked = results.reduce((sum, { match }) => sum + match.unappliedOre, 0);
  await tx.query(
    `UPDATE payment_files SET booked_ore = booked_ore + $2, unbooked_ore = unbooked_ore + $3,
            matched_count = matched_count + $4, unmatched_count = unmatched_count + $5 WHERE id = $1`,
    [fileId, booked, unbooked, matched, results.length - matched],
  );
  return stored[stored.length - 1].line;
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
  db: Database, itemId: number, invoiceId: number, staffId: number, ledger: JobSender | null = null,
): Promise<PaymentFileItem> {
  return db.transaction(async (tx) => {
    const [item] = await tx.query<{ id: number; kind: PaymentItemKind | null; paid_on: string; unplaced_ore: number; source: string; placed_at: string | null; transmission_number: string }>(
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
    await tx.query('UPDATE payment_files SET booked_ore = booked_ore + $2, unbooked_ore = unbooked_ore - $2 WHERE id = (SELECT file_id FROM payment_file_items WHERE id = $1)', [
      itemId, item.unplaced_ore,
    ]);
    const [placed] = await tx.query<PaymentFileItem>(`${ITEM_SELECT} WHERE it.id = $1`, [itemId]);
    return placed;
  });
}

/**
 * The queue's job that books a file's payments: in the file's order, in paced steps, each its own
 * transaction that locks the invoices its KIDs name, matches each payment by KID (ocr-matching.ts)
 * and books it through `bookPayments`, so nothing is booked twice, also when a step is run again.
 */
import { inSteps } from '../../db/step-aside.ts';
import type { Database, Queryable } from '../../db/database.ts';
import type { LockedInvoice } from './invoices.ts';
import { kidDigits, matchPayment, type OcrInvoice, type OcrPaymentInput, type OcrPaymentMatch } from './ocr-matching.ts';
import { bookPayments, outstandingOf, type Booking } from './payments.ts';
import { MATCHED_KINDS } from './payment-file-list.ts';

/**
 * Payments booked per step of the job, each step its own transaction, after which the requests
 * waiting go first (server/db/step-aside.ts).
 * On PGlite a step holds the one session every request shares, so its steps are small (a booking
 * is a few statements: about 50 take a third of a second there).
 */
const BOOKING_STEP = { postgres: 500, pglite: 50 };

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
 * ones booked before it, in this step or an earlier one; after each step the requests waiting go
 * first. A step run again (a worker killed) books nothing
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
  await inSteps(db, { pauseOnPostgres: true }, async () => {
    const last = await db.transaction((tx) => bookStep(tx, fileId, file.transmission_number, file.uploaded_by, BOOKING_STEP[db.kind], after));
    if (last === null) return false;
    after = last;
    return true;
  });
  await db.query("UPDATE payment_files SET state = 'done', booked_at = now() WHERE id = $1", [fileId]);
}

/** One step of the booking, from the payments after line `after`; answers the last line it booked, or null when none were left. */
async function bookStep(tx: Queryable, fileId: number, transmission: string, actorId: number | null, size: number, after: number): Promise<number | null> {
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
    invoiceId: invoice.id,
    kid: invoice.kid,
    outstandingOre: outstandingOf(invoice),
    state: invoice.state,
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
      assignmentNumber: item.assignment_number,
      transactionNumber: item.transaction_number,
      line: item.line,
      kid: item.kid,
      date: item.paid_on,
      amountOre: item.amount_ore,
      transactionType: item.transaction_type,
    };
    const match = matchPayment(payment, byKid, outstanding);
    const result = { id: item.id, match, paymentId: null as number | null };
    results.push(result);
    if (match.appliedOre > 0 && match.invoiceId !== null) {
      bookings.push({
        result,
        booking: {
          invoice: locked.get(match.invoiceId)!,
          payment: {
            amountOre: match.appliedOre,
            paidOn: match.date,
            method: 'ocr',
            note: `OCR-fil, forsendelse ${transmission}`,
            source: item.source,
            actorId,
          },
        },
      });
    }
  }
  // Booked in the file's order, the step's payments together: an invoice's later payment sees its earlier ones.
  const paymentIds = await bookPayments(
    tx,
    bookings.map(({ booking }) => booking),
  );
  bookings.forEach(({ result }, index) => (result.paymentId = paymentIds[index]));

  await tx.query(
    `UPDATE payment_file_items it SET kind = r.kind, invoice_id = r.invoice_id, booked_ore = r.booked_ore,
            unplaced_ore = r.unplaced_ore, payment_id = r.payment_id, resolved = r.resolved
       FROM jsonb_to_recordset($1::jsonb) AS r(id int, kind text, invoice_id int, booked_ore bigint, unplaced_ore bigint,
            payment_id int, resolved boolean)
      WHERE it.id = r.id AND it.id = ANY($2::int[])`,
    [
      JSON.stringify(
        results.map(({ id, match, paymentId }) => ({
          id,
          kind: match.kind,
          invoice_id: match.invoiceId,
          booked_ore: match.appliedOre,
          unplaced_ore: match.unappliedOre,
          payment_id: paymentId,
          resolved: match.kind !== 'reversal' && match.unappliedOre === 0,
        })),
      ),
      results.map(({ id }) => id),
    ],
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

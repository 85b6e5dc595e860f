/**
 * Tripletex as the ledger. An invoice made while Tripletex is set up is Tripletex's to send: the
 * ledger job (queue `tripletex-ledger`) makes the member's customer (found by member number), an
 * order of our reference `MP-FAK-{number}` with the invoice's lines, invoices it with our KID and
 * due date and sends it (`:send`) through the member's channel. It registers the portal's own
 * payments there (`:payment`; never one read back from Tripletex), makes staff's credits there
 * (whole: `:createCreditNote`, part: a credit note order), makes the second reminders the reminder
 * job handed over (`:createReminder`), and reads the open invoices' status back, booking what
 * Tripletex has been paid beyond what we have as a payment with method 'tripletex'.
 *
 * Everything it is to do is read from our tables (what is not yet sent, registered, made), so a
 * run cut off and run again does the rest and nothing twice (the client looks in Tripletex before
 * it creates an order or an invoice). One run at a time across servers (a lease in
 * tripletex_ledger). A failure is kept on the invoice (`tripletex_error`) until a later run gets
 * through; a 429 the client gave up on stops the run, which the queue tries again when Tripletex
 * said to.
 *
 * A step of the run a file: sending (tripletex-ledger-send.ts), payments, credits, the read-back
 * and the reminders (tripletex-ledger-payments.ts, -credits.ts, -read-back.ts, -reminders.ts);
 * what they share in tripletex-ledger-common.ts.
 */
import type { Database } from '../../db/database.ts';
import { TripletexError, type TripletexClient, type TripletexSession } from '../../adapters/tripletex.ts';
import { RateLimited, releaseLease, takeLease, type LedgerConfig, type LedgerResult } from './tripletex-ledger-common.ts';
import { makeCredits } from './tripletex-ledger-credits.ts';
import { registerPayments } from './tripletex-ledger-payments.ts';
import { readBack } from './tripletex-ledger-read-back.ts';
import { makeReminders } from './tripletex-ledger-reminders.ts';
import { sendUnsent } from './tripletex-ledger-send.ts';

export type { LedgerConfig, LedgerResult } from './tripletex-ledger-common.ts';
export { creditReference } from './tripletex-ledger-credits.ts';
export { applyStatus } from './tripletex-ledger-read-back.ts';
export { invoiceOrderReference } from './tripletex-ledger-send.ts';

/**
 * One run of the ledger. Answers 'busy' at once when another run holds the lease (the caller
 * queues it again a little later). Throws only what is not Tripletex's (a programming error).
 */
export async function runTripletexLedger(
  db: Database,
  client: TripletexClient | null,
  config: LedgerConfig,
  options: { readBack?: boolean } = {},
): Promise<LedgerResult> {
  const result: LedgerResult = {
    state: 'done',
    retryAfterMs: null,
    sent: 0,
    paymentsRegistered: 0,
    creditsMade: 0,
    remindersMade: 0,
    paymentsBooked: 0,
    readBack: false,
  };
  if (!client) return { ...result, state: 'failed' };
  if (!(await takeLease(db))) return { ...result, state: 'busy' };
  /** This run's word on each invoice it tried something for: null when all went through. */
  const outcome = new Map<number, string | null>();
  const failed = (invoiceId: number, message: string) => {
    const before = outcome.get(invoiceId);
    outcome.set(invoiceId, before ? `${before} ${message}` : message);
  };
  const succeeded = (invoiceId: number) => {
    if (!outcome.has(invoiceId)) outcome.set(invoiceId, null);
  };
  /** A Tripletex failure kept on the invoice; a 429 the client gave up on also stops the run. */
  const keep = (invoiceId: number, what: string, error: unknown) => {
    if (!(error instanceof TripletexError)) throw error;
    failed(invoiceId, `${what}: ${error.message}`);
    if (error.status === 429) throw new RateLimited(error.retryAfterMs ?? 60_000);
  };

  try {
    let session: TripletexSession;
    try {
      session = await client.open();
    } catch (error) {
      if (!(error instanceof TripletexError)) throw error;
      // Nothing could be done: what was to be sent says why; a read-back says it on the ledger's row.
      await db.query('UPDATE invoices SET tripletex_error = $1 WHERE tripletex_wanted_at IS NOT NULL AND tripletex_sent_at IS NULL', [
        `Tripletex: ${error.message}`,
      ]);
      if (options.readBack) await db.query('UPDATE tripletex_ledger SET read_error = $1', [error.message]);
      if (error.status === 429) return { ...result, state: 'rate_limited', retryAfterMs: error.retryAfterMs ?? 60_000 };
      return { ...result, state: 'failed' };
    }
    await sendUnsent(db, session, result, keep, succeeded);
    await registerPayments(db, session, config, result, keep, succeeded);
    await makeCredits(db, session, result, keep, succeeded);
    if (options.readBack) {
      await readBack(db, session, result, keep, succeeded);
      result.readBack = true;
      await db.query('UPDATE tripletex_ledger SET read_at = now(), read_error = NULL');
    }
    await makeReminders(db, session, result, keep, succeeded);
    return result;
  } catch (error) {
    if (error instanceof RateLimited) return { ...result, state: 'rate_limited', retryAfterMs: error.retryAfterMs };
    throw error;
  } finally {
    if (outcome.size > 0) {
      await db.query(
        `UPDATE invoices i SET tripletex_error = o.error
           FROM jsonb_to_recordset($1::jsonb) AS o(id int, error text) WHERE i.id = o.id`,
        [JSON.stringify([...outcome].map(([id, error]) => ({ id, error })))],
      );
    }
    await releaseLease(db);
  }
}

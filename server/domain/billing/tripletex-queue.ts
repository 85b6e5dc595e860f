/**
 * The Tripletex ledger's queue, apart from the job itself (tripletex-ledger.ts), so the code that
 * hands it work (invoices, payments, credits, reminders) imports only this.
 */
import type { Queryable } from '../../db/database.ts';
import type { JobSender } from '../messages/outbox.ts';
import { HttpError } from '../../lib/http-errors.ts';

export const LEDGER_QUEUE = 'tripletex-ledger';
export const STATUS_STARTED = 'Status for fakturaene hentes fra Tripletex nå.';
export const LEDGER_NOT_CONFIGURED = 'Tripletex er ikke satt opp på denne serveren.';

/** The job: push what is still to do; `readBack` also reads the open invoices' status; `reminders` runs the reminder job after a read-back. */
export interface LedgerJob {
  readBack?: boolean;
  reminders?: boolean;
}

/** Queues a run (in `tx` when given, so it stands or falls with what it is to send). */
export async function queueLedger(jobs: JobSender, data: LedgerJob = {}, tx?: Queryable, startAfterSeconds?: number): Promise<void> {
  await jobs.send(LEDGER_QUEUE, data, tx, startAfterSeconds);
}

/** Staff ask for the status now (POST /api/invoice/tripletex-status); 503 without Tripletex. */
export async function startStatusRead(jobs: JobSender, configured: boolean): Promise<void> {
  if (!configured) throw new HttpError(503, { message: LEDGER_NOT_CONFIGURED });
  await queueLedger(jobs, { readBack: true });
}

/**
 * After a payment or credit on the invoice (in its transaction): when the invoice is Tripletex's,
 * a run is queued that takes it there once the transaction has committed. Without `jobs` nothing.
 */
export async function handToLedger(tx: Queryable, jobs: JobSender | null | undefined, invoiceId: number): Promise<void> {
  if (!jobs) return;
  const [ours] = await tx.query('SELECT 1 FROM invoices WHERE id = $1 AND tripletex_wanted_at IS NOT NULL', [invoiceId]);
  if (ours) await queueLedger(jobs, {}, tx);
}

/** The staff app's link to the invoice in Tripletex (TRIPLETEX_INVOICE_URL with {id}), or null. */
export const tripletexInvoiceUrl = (template: string | null, tripletexInvoiceId: number | null): string | null =>
  template && tripletexInvoiceId !== null ? template.replaceAll('{id}', String(tripletexInvoiceId)) : null;

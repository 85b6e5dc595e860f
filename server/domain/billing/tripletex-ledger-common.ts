/** What every step of the Tripletex ledger's run shares: its settings and result, the lease, the pace, the history line. */
import type { Queryable } from '../../db/database.ts';

export interface LedgerConfig {
  /** The payment type the portal's payments are registered with; null: the first bank type Tripletex lists. */
  paymentTypeId: number | null;
}

export interface LedgerResult {
  /** busy: another run holds the lease; rate_limited: Tripletex asked us to wait `retryAfterMs`; failed: no session. */
  state: 'done' | 'busy' | 'rate_limited' | 'failed';
  retryAfterMs: number | null;
  sent: number;
  paymentsRegistered: number;
  creditsMade: number;
  remindersMade: number;
  /** Payments booked from the read-back. */
  paymentsBooked: number;
  /** Whether the read-back ran to its end. */
  readBack: boolean;
}

const LEASE = "interval '10 minutes'";

export async function takeLease(db: Queryable): Promise<boolean> {
  const rows = await db.query(`UPDATE tripletex_ledger SET lease_until = now() + ${LEASE} WHERE lease_until IS NULL OR lease_until < now() RETURNING id`);
  return rows.length > 0;
}
export const renewLease = (db: Queryable) => db.query(`UPDATE tripletex_ledger SET lease_until = now() + ${LEASE}`);
export const releaseLease = (db: Queryable) => db.query('UPDATE tripletex_ledger SET lease_until = NULL');

/** Stops the run: Tripletex said to wait. */
export class RateLimited extends Error {
  readonly retryAfterMs: number;
  constructor(retryAfterMs: number) {
    super('rate limited');
    this.retryAfterMs = retryAfterMs;
  }
}

export const STEP = 200;

export type Keep = (invoiceId: number, what: string, error: unknown) => void;
export type Succeeded = (invoiceId: number) => void;

/** A line in the invoice's state history that keeps its state, by the system. */
export async function historyLine(db: Queryable, invoiceId: number, reason: string) {
  await db.query(
    `INSERT INTO invoice_events (invoice_id, from_state, to_state, actor_id, reason)
     SELECT id, state, state, NULL, $2 FROM invoices WHERE id = $1`,
    [invoiceId, reason],
  );
}

/**
 * An invoice's states and the one way it moves between them: its row locked, the move checked
 * against the states it may go to, and each change kept (from, to, who or 'System', why, when).
 */
import type { Queryable } from '../../db/database.ts';
import { conflict, notFound } from '../../lib/http-errors.ts';
import type { InvoiceState } from '../../schemas/billing.ts';

/** Where each state may go. A state not listed for itself is no change (a second part payment). */
const TRANSITIONS: Record<InvoiceState, readonly InvoiceState[]> = {
  draft: ['sent', 'credited'],
  // An invoice whose reminders never went (paused, stopped) still lapses at its day.
  sent: ['paid', 'partly_paid', 'overdue', 'reminded', 'lapsed', 'credited'],
  partly_paid: ['paid', 'overdue', 'reminded', 'lapsed', 'credited'],
  overdue: ['paid', 'partly_paid', 'reminded', 'lapsed', 'credited'],
  // A second reminder is a change from reminded to reminded, and is kept as one.
  reminded: ['paid', 'partly_paid', 'reminded', 'lapsed', 'credited'],
  lapsed: ['paid', 'partly_paid', 'credited'],
  // A refund booked on a paid invoice opens it again.
  paid: ['partly_paid', 'sent'],
  credited: [],
};

export const STATE_REFUSED = 'Fakturaen kan ikke endres slik nå. Oppdater siden for å se hvordan den står.';

export interface LockedInvoice {
  id: number;
  number: number;
  member_id: number;
  member_number: number;
  state: InvoiceState;
  total_ore: number;
  paid_ore: number;
  credited_ore: number;
}

/** The invoice's row, locked for the rest of the transaction; 404 when there is none. */
export async function lockInvoice(tx: Queryable, id: number): Promise<LockedInvoice> {
  const [row] = await tx.query<LockedInvoice>(
    'SELECT id, number, member_id, member_number, state, total_ore, paid_ore, credited_ore FROM invoices WHERE id = $1 FOR UPDATE',
    [id],
  );
  if (!row) throw notFound();
  return row;
}

export interface StateChange {
  /** The staff user, or null for the system (a job, a payment file). */
  actorId: number | null;
  reason?: string | null;
}

/**
 * The one way an invoice changes state: checks the move is allowed (409 otherwise), sets the state
 * and records the event. Answers false when the invoice already is in that state (nothing recorded).
 */
export async function changeInvoiceState(tx: Queryable, invoice: Pick<LockedInvoice, 'id' | 'state'>, to: InvoiceState, change: StateChange): Promise<boolean> {
  const from = invoice.state;
  if (!isStateChange(from, to)) return false;
  await tx.query('UPDATE invoices SET state = $2, updated_at = now() WHERE id = $1', [invoice.id, to]);
  await tx.query('INSERT INTO invoice_events (invoice_id, from_state, to_state, actor_id, reason) VALUES ($1, $2, $3, $4, $5)', [
    invoice.id,
    from,
    to,
    change.actorId,
    change.reason ?? null,
  ]);
  invoice.state = to;
  return true;
}

/**
 * Whether moving from `from` to `to` is a change to record: false when it stays as it is (and
 * staying is no change of its own, as a second reminder is); a move the states do not allow is
 * refused with 409.
 */
export function isStateChange(from: InvoiceState, to: InvoiceState): boolean {
  if (from === to && !TRANSITIONS[from].includes(to)) return false;
  if (!TRANSITIONS[from].includes(to)) throw conflict(STATE_REFUSED);
  return true;
}

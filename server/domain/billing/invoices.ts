/**
 * Our invoices: made with their lines and KID in one transaction, read with their lines, state
 * history, payments and credits, and moved from state to state only by `changeInvoiceState`,
 * which keeps each change (from, to, who or 'System', why, when).
 *
 * States: draft → sent → paid | partly_paid | overdue → reminded → lapsed, or credited. Whether
 * an invoice is overdue is also worked out on every read (due date passed in Oslo, something
 * outstanding, not credited), so the list's flag never waits for a job.
 */
import type { Queryable } from '../../db/database.ts';
import { conflict, notFound } from '../../lib/http-errors.ts';
import { makeKid } from '../../lib/kid.ts';
import type { BillingConfig } from '../../config.ts';
import type { Outbox } from '../messages/outbox.ts';
import { queueInvoiceMail } from './invoice-mail.ts';
import type { InvoiceChannel, InvoiceDetails, InvoiceKind, InvoiceState, Invoice } from '../../schemas/billing.ts';

/** Today in Oslo, in SQL (a stable value within a statement, so an index on due_date serves it). */
export const OSLO_TODAY = "(now() AT TIME ZONE 'Europe/Oslo')::date";

/** Open: something is outstanding and the invoice is not credited (migration 019's invoices_open_due). */
export const OPEN = "i.state <> 'credited' AND i.total_ore > i.paid_ore + i.credited_ore";

export const ERASED_NAME = 'Slettet medlem';

export const INVOICE_COLUMNS = `i.id, i.number, i.member_id, i.member_number,
  CASE WHEN a.erased_at IS NOT NULL OR a.first_name IS NULL THEN '${ERASED_NAME}'
       ELSE trim(a.first_name || ' ' || coalesce(a.last_name, '')) END AS member_name,
  i.year, i.kind, i.total_ore AS total, i.paid_ore AS paid, i.credited_ore AS credited,
  greatest(i.total_ore - i.paid_ore - i.credited_ore, 0) AS outstanding,
  i.invoice_date::text AS invoice_date, i.due_date::text AS due_date, i.kid, i.channel, i.state,
  (${OPEN} AND i.due_date < ${OSLO_TODAY}) AS overdue,
  i.campaign_code, i.reminders_paused_until::text AS reminders_paused_until`;

export const INVOICE_FROM = 'FROM invoices i JOIN accounts a ON a.id = i.member_id';

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
  if (from === to && !TRANSITIONS[from].includes(to)) return false;
  if (!TRANSITIONS[from].includes(to)) throw conflict(STATE_REFUSED);
  await tx.query('UPDATE invoices SET state = $2, updated_at = now() WHERE id = $1', [invoice.id, to]);
  await tx.query(
    'INSERT INTO invoice_events (invoice_id, from_state, to_state, actor_id, reason) VALUES ($1, $2, $3, $4, $5)',
    [invoice.id, from, to, change.actorId, change.reason ?? null],
  );
  invoice.state = to;
  return true;
}

/** A line of a new invoice; the amount is whole øre, worked out by the caller at the year's price. */
export interface NewLine {
  product_id: number;
  subscription_id: number | null;
  description: string;
  period_from: string;
  period_to: string;
  amount_ore: number;
}

export interface NewInvoice {
  memberId: number;
  year: number;
  kind: InvoiceKind;
  lines: readonly NewLine[];
  invoiceDate: string;
  dueDays: number;
  campaignCode: string | null;
  actorId: number | null;
  /** Why it was made, for its first event ('Medlemskap akseptert'). */
  reason: string;
  /** How it is sent (see sendInvoice); null: marked sent only. */
  sending: InvoiceSending | null;
}

/** The member's channel from their invoice method: e-invoice, or e-mail (the default). */
export const channelOf = (invoiceMethod: string | null): InvoiceChannel =>
  invoiceMethod === 'EFAKTURA' ? 'EFAKTURA' : invoiceMethod === 'AVTALEGIRO' ? 'AVTALEGIRO' : 'EMAIL';

const addDays = (date: string, days: number): string => {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
};

/**
 * Makes an invoice with its lines and KID (from the member number and the invoice's number, taken
 * from the sequence here), records it in the member's change history and sends it. Answers its id.
 */
export async function createInvoice(tx: Queryable, input: NewInvoice): Promise<number> {
  const [member] = await tx.query<{ remote_id: number | null; invoice_method: string | null }>(
    'SELECT remote_id, invoice_method FROM accounts WHERE id = $1',
    [input.memberId],
  );
  if (!member || member.remote_id === null) throw new Error(`Faktura til en konto uten medlemsnummer: ${input.memberId}`);
  const [{ number }] = await tx.query<{ number: number }>("SELECT nextval('invoice_number_seq')::int AS number");
  const total = input.lines.reduce((sum, line) => sum + line.amount_ore, 0);
  const [invoice] = await tx.query<{ id: number }>(
    `INSERT INTO invoices (number, member_id, member_number, year, kind, total_ore, invoice_date, due_date, kid, channel,
                           campaign_code, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
    [number, input.memberId, member.remote_id, input.year, input.kind, total, input.invoiceDate,
      addDays(input.invoiceDate, input.dueDays), makeKid(member.remote_id, number), channelOf(member.invoice_method),
      input.campaignCode, input.actorId],
  );
  for (const line of input.lines) {
    await tx.query(
      `INSERT INTO invoice_lines (invoice_id, product_id, subscription_id, description, period_from, period_to, amount_ore)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [invoice.id, line.product_id, line.subscription_id, line.description, line.period_from, line.period_to, line.amount_ore],
    );
  }
  await tx.query(
    "INSERT INTO invoice_events (invoice_id, from_state, to_state, actor_id, reason) VALUES ($1, NULL, 'draft', $2, $3)",
    [invoice.id, input.actorId, input.reason],
  );
  await recordMoneyChange(tx, input.memberId, input.actorId, 'Faktura', `Faktura ${number} laget (${input.year})`);
  await sendInvoice(tx, { id: invoice.id, state: 'draft' }, input.actorId, input.sending);
  return invoice.id;
}

/** How an invoice is sent: the outbox for the portal's own e-mail, and the billing settings (is Tripletex the ledger?). */
export interface InvoiceSending {
  outbox: Outbox;
  billing: Pick<BillingConfig, 'bankAccount' | 'tripletex'>;
}

/**
 * Where an invoice leaves us, marked sent once made. Without Tripletex the portal is the ledger
 * and mails the invoice with its PDF, whatever the channel (an e-invoice or AvtaleGiro needs
 * Tripletex), queued in this transaction. With Tripletex, its order, invoice and :send are to be
 * started from here. `sending` null: marked sent only (demo data made outside a request).
 */
export async function sendInvoice(
  tx: Queryable, invoice: Pick<LockedInvoice, 'id' | 'state'>, actorId: number | null, sending: InvoiceSending | null,
): Promise<void> {
  await tx.query('UPDATE invoices SET sent_at = now() WHERE id = $1', [invoice.id]);
  const mailed = sending !== null && !sending.billing.tripletex
    && (await queueInvoiceMail(tx, sending.outbox, sending, invoice.id, actorId)) !== null;
  await changeInvoiceState(tx, invoice, 'sent', { actorId, reason: mailed ? 'Sendt på e-post' : 'Sendt' });
}

/** One line in the member's change history for a money action: field → [null, what happened]. */
export async function recordMoneyChange(tx: Queryable, memberId: number, actorId: number | null, field: string, text: string): Promise<void> {
  await tx.query('INSERT INTO member_changes (member_id, changed_by, changes) VALUES ($1, $2, $3)', [
    memberId, actorId, JSON.stringify({ [field]: [null, text] }),
  ]);
}

const PERSON_NAME = (alias: string) => `(SELECT trim(coalesce(${alias}.first_name, '') || ' ' || coalesce(${alias}.last_name, ''))
  FROM accounts ${alias} WHERE ${alias}.id =`;

/** One invoice as its page shows it: lines, state history, payments, credits, Tripletex. */
export async function loadInvoice(db: Queryable, id: number): Promise<InvoiceDetails | null> {
  const [invoice] = await db.query<Invoice & { tripletex_invoice_id: string | null; tripletex_error: string | null }>(
    `SELECT ${INVOICE_COLUMNS}, i.tripletex_invoice_id::text AS tripletex_invoice_id, i.tripletex_error ${INVOICE_FROM} WHERE i.id = $1`,
    [id],
  );
  if (!invoice) return null;
  const [lines, events, payments, credits] = await Promise.all([
    db.query<InvoiceDetails['lines'][number]>(
      `SELECT l.id, l.product_id, p.name AS product_name, l.description, l.period_from::text AS period_from,
              l.period_to::text AS period_to, l.amount_ore AS amount, l.subscription_id
         FROM invoice_lines l JOIN products p ON p.id = l.product_id WHERE l.invoice_id = $1 ORDER BY l.id`,
      [id],
    ),
    db.query<InvoiceDetails['events'][number]>(
      `SELECT e.id::int AS id, e.at, e.from_state, e.to_state,
              CASE WHEN e.actor_id IS NULL THEN 'System' ELSE coalesce(${PERSON_NAME('ea')} e.actor_id), 'Slettet bruker') END AS actor_name,
              e.reason
         FROM invoice_events e WHERE e.invoice_id = $1 ORDER BY e.id`,
      [id],
    ),
    db.query<InvoiceDetails['payments'][number]>(
      `SELECT py.id, py.amount_ore AS amount, py.paid_on::text AS paid_on, py.method, py.note,
              ${PERSON_NAME('pa')} py.registered_by) AS registered_by_name, py.created_at
         FROM invoice_payments py WHERE py.invoice_id = $1 ORDER BY py.id`,
      [id],
    ),
    db.query<InvoiceDetails['credits'][number]>(
      `SELECT c.id, c.amount_ore AS amount, c.reason, c.created_at, ${PERSON_NAME('ca')} c.created_by) AS created_by_name
         FROM invoice_credits c WHERE c.invoice_id = $1 ORDER BY c.id`,
      [id],
    ),
  ]);
  const { tripletex_invoice_id: tripletexId, tripletex_error: tripletexError, ...row } = invoice;
  return {
    ...row,
    lines,
    events,
    payments,
    credits,
    tripletex: { invoice_id: tripletexId === null ? null : Number(tripletexId), url: null, error: tripletexError },
  };
}

/** The member an invoice is for (the access log's entry), or null. */
export async function invoiceOwner(db: Queryable, id: number): Promise<number | null> {
  const [row] = await db.query<{ member_id: number }>('SELECT member_id FROM invoices WHERE id = $1', [id]);
  return row?.member_id ?? null;
}

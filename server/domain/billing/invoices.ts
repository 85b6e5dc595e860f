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
import { queueInvoiceMails } from './invoice-mail.ts';
import { queueLedger } from './tripletex-queue.ts';
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
  if (!isStateChange(from, to)) return false;
  await tx.query('UPDATE invoices SET state = $2, updated_at = now() WHERE id = $1', [invoice.id, to]);
  await tx.query(
    'INSERT INTO invoice_events (invoice_id, from_state, to_state, actor_id, reason) VALUES ($1, $2, $3, $4, $5)',
    [invoice.id, from, to, change.actorId, change.reason ?? null],
  );
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
  /** How it is sent (see sendInvoices); null: marked sent only. */
  sending: InvoiceSending | null;
  /** An invoice moved in from another system (kind 'imported'): its number and KID there. */
  previous?: { number: string | null; kid: string | null };
}

/** The member's channel from their invoice method: e-invoice, or e-mail (the default). */
export const channelOf = (invoiceMethod: string | null): InvoiceChannel =>
  invoiceMethod === 'EFAKTURA' ? 'EFAKTURA' : invoiceMethod === 'AVTALEGIRO' ? 'AVTALEGIRO' : 'EMAIL';

/**
 * Makes an invoice with its lines and KID (from the member number and the invoice's number, taken
 * from the sequence here), records it in the member's change history and sends it. Answers its id.
 */
export async function createInvoice(tx: Queryable, input: NewInvoice): Promise<number> {
  const [id] = await createInvoices(tx, [input]);
  return id;
}

/**
 * Makes several invoices at once, as createInvoice makes one, in a fixed number of statements
 * whatever their count (a renewal run's step); answers their ids in the order given. Each must be
 * for a member with a member number.
 */
export async function createInvoices(tx: Queryable, inputs: readonly NewInvoice[]): Promise<number[]> {
  if (inputs.length === 0) return [];
  const members = new Map((await tx.query<{ id: number; remote_id: number | null; invoice_method: string | null }>(
    'SELECT id, remote_id, invoice_method FROM accounts WHERE id = ANY($1::int[])',
    [inputs.map((input) => input.memberId)],
  )).map((member) => [member.id, member]));
  const numbers = await tx.query<{ number: number }>("SELECT nextval('invoice_number_seq')::int AS number FROM generate_series(1, $1::int)", [inputs.length]);
  const rows = inputs.map((input, index) => {
    const member = members.get(input.memberId);
    if (!member || member.remote_id === null) throw new Error(`Faktura til en konto uten medlemsnummer: ${input.memberId}`);
    const { number } = numbers[index];
    return {
      number,
      member_id: input.memberId,
      member_number: member.remote_id,
      year: input.year,
      kind: input.kind,
      total: input.lines.reduce((sum, line) => sum + line.amount_ore, 0),
      invoice_date: input.invoiceDate,
      due_days: input.dueDays,
      kid: makeKid(member.remote_id, number),
      channel: channelOf(member.invoice_method),
      campaign_code: input.campaignCode,
      created_by: input.actorId,
      previous_number: input.previous?.number ?? null,
      previous_kid: input.previous?.kid ?? null,
    };
  });
  const made = await tx.query<{ id: number; number: number }>(
    `INSERT INTO invoices (number, member_id, member_number, year, kind, total_ore, invoice_date, due_date, kid, channel, campaign_code, created_by,
                          previous_number, previous_kid)
     SELECT r.number, r.member_id, r.member_number, r.year, r.kind, r.total, r.invoice_date, r.invoice_date + r.due_days, r.kid, r.channel,
            r.campaign_code, r.created_by, r.previous_number, r.previous_kid
       FROM jsonb_to_recordset($1::jsonb) AS r(number int, member_id int, member_number int, year int, kind text, total int, invoice_date date,
                                              due_days int, kid text, channel text, campaign_code text, created_by int,
                                              previous_number text, previous_kid text)
     RETURNING id, number`,
    [JSON.stringify(rows)],
  );
  const idOf = new Map(made.map((row) => [row.number, row.id]));
  const ids = rows.map((row) => idOf.get(row.number)!);
  await tx.query(
    `INSERT INTO invoice_lines (invoice_id, product_id, subscription_id, description, period_from, period_to, amount_ore)
     SELECT l.invoice_id, l.product_id, l.subscription_id, l.description, l.period_from, l.period_to, l.amount_ore
       FROM jsonb_to_recordset($1::jsonb) AS l(invoice_id int, product_id int, subscription_id int, description text,
                                                               period_from date, period_to date, amount_ore int, n bigint)
      ORDER BY l.n`,
    [JSON.stringify(inputs.flatMap((input, index) => input.lines.map((line) => ({ invoice_id: ids[index], ...line }))).map((line, n) => ({ ...line, n })))],
  );
  await tx.query(
    `INSERT INTO invoice_events (invoice_id, from_state, to_state, actor_id, reason)
     SELECT e.invoice_id, NULL, 'draft', e.actor_id, e.reason
       FROM jsonb_to_recordset($1::jsonb) AS e(invoice_id int, actor_id int, reason text, n bigint) ORDER BY e.n`,
    [JSON.stringify(inputs.map((input, index) => ({ invoice_id: ids[index], actor_id: input.actorId, reason: input.reason, n: index })))],
  );
  await recordMoneyChanges(tx, inputs.map((input, index) => ({
    memberId: input.memberId, actorId: input.actorId, field: 'Faktura', text: `Faktura ${rows[index].number} laget (${input.year})`,
  })));
  // Sent together where they are sent alike and by the same hand (a run's step: all of them).
  const groups = new Map<InvoiceSending | null, Map<number | null, number[]>>();
  inputs.forEach((input, index) => {
    const byActor = groups.get(input.sending) ?? new Map<number | null, number[]>();
    byActor.set(input.actorId, [...(byActor.get(input.actorId) ?? []), ids[index]]);
    groups.set(input.sending, byActor);
  });
  // An imported invoice was sent by the old system: it is marked sent here and not sent again.
  const movedIn = new Set(ids.filter((_id, index) => inputs[index].kind === 'imported'));
  for (const [sending, byActor] of groups) {
    for (const [actorId, group] of byActor) await sendInvoices(tx, group, actorId, sending, movedIn);
  }
  return ids;
}

/** How an invoice is sent: the outbox for the portal's own e-mail, and the billing settings (is Tripletex the ledger?). */
export interface InvoiceSending {
  outbox: Outbox;
  billing: Pick<BillingConfig, 'bankAccount' | 'tripletex'>;
}

/**
 * Where new invoices (drafts) leave us. Without Tripletex the portal is the ledger and mails each
 * invoice with its PDF, whatever the channel (an e-invoice or AvtaleGiro needs Tripletex), queued
 * in this transaction, and marks it sent. With Tripletex the invoices stay drafts, handed to the
 * ledger job (queued in this transaction), which makes each an order and invoice in Tripletex,
 * sends it there and then marks it sent (tripletex-ledger.ts). `sending` null: marked sent only
 * (demo data made outside a request).
 */
async function sendInvoices(
  tx: Queryable, ids: readonly number[], actorId: number | null, sending: InvoiceSending | null, movedIn: ReadonlySet<number>,
): Promise<void> {
  if (sending !== null && sending.billing.tripletex) {
    await tx.query('UPDATE invoices SET tripletex_wanted_at = now() WHERE id = ANY($1::int[])', [ids]);
    await queueLedger(sending.outbox.jobs, {}, tx);
    return;
  }
  const mailed = sending !== null && !sending.billing.tripletex
    ? await queueInvoiceMails(tx, sending.outbox, sending, ids, actorId)
    : new Map<number, number>();
  await tx.query("UPDATE invoices SET sent_at = now(), state = 'sent', updated_at = now() WHERE id = ANY($1::int[]) AND state = 'draft'", [ids]);
  await tx.query(
    `INSERT INTO invoice_events (invoice_id, from_state, to_state, actor_id, reason)
     SELECT e.invoice_id, 'draft', 'sent', $2, e.reason
       FROM jsonb_to_recordset($1::jsonb) AS e(invoice_id int, reason text, n bigint) ORDER BY e.n`,
    [JSON.stringify(ids.map((id, n) => ({
      invoice_id: id, reason: mailed.has(id) ? 'Sendt på e-post' : movedIn.has(id) ? 'Sendt fra tidligere system' : 'Sendt', n,
    }))), actorId],
  );
}

/** One line in the member's change history for a money action: field → [null, what happened]. */
export async function recordMoneyChange(tx: Queryable, memberId: number, actorId: number | null, field: string, text: string): Promise<void> {
  await recordMoneyChanges(tx, [{ memberId, actorId, field, text }]);
}

/** Several such lines in one statement. */
export async function recordMoneyChanges(tx: Queryable, changes: readonly { memberId: number; actorId: number | null; field: string; text: string }[]): Promise<void> {
  await tx.query(
    `INSERT INTO member_changes (member_id, changed_by, changes)
     SELECT c.member_id, c.changed_by, c.changes
       FROM jsonb_to_recordset($1::jsonb) AS c(member_id int, changed_by int, changes jsonb, n bigint) ORDER BY c.n`,
    [JSON.stringify(changes.map((change, n) => ({ member_id: change.memberId, changed_by: change.actorId, changes: { [change.field]: [null, change.text] }, n })))],
  );
}

const PERSON_NAME = (alias: string) => `(SELECT trim(coalesce(${alias}.first_name, '') || ' ' || coalesce(${alias}.last_name, ''))
  FROM accounts ${alias} WHERE ${alias}.id =`;

/** One invoice as its page shows it: lines, state history, payments, credits, Vipps (payments from Min side, the charge's changes), Tripletex. */
export async function loadInvoice(db: Queryable, id: number): Promise<InvoiceDetails | null> {
  const [invoice] = await db.query<Invoice & {
    tripletex_invoice_id: string | null; tripletex_error: string | null; tripletex_read_at: string | null;
    previous_number: string | null; previous_kid: string | null;
  }>(
    `SELECT ${INVOICE_COLUMNS}, i.tripletex_invoice_id::text AS tripletex_invoice_id, i.tripletex_error, i.tripletex_read_at,
            i.previous_number, i.previous_kid
       ${INVOICE_FROM} WHERE i.id = $1`,
    [id],
  );
  if (!invoice) return null;
  // One after another: on a transaction's one connection overlapping queries are not allowed.
  const lines = await db.query<InvoiceDetails['lines'][number]>(
    `SELECT l.id, l.product_id, p.name AS product_name, l.description, l.period_from::text AS period_from,
            l.period_to::text AS period_to, l.amount_ore AS amount, l.subscription_id
       FROM invoice_lines l JOIN products p ON p.id = l.product_id WHERE l.invoice_id = $1 ORDER BY l.id`,
    [id],
  );
  const events = await db.query<InvoiceDetails['events'][number]>(
    `SELECT e.id::int AS id, e.at, e.from_state, e.to_state,
            CASE WHEN e.actor_id IS NULL THEN 'System' ELSE coalesce(${PERSON_NAME('ea')} e.actor_id), 'Slettet bruker') END AS actor_name,
            e.reason
       FROM invoice_events e WHERE e.invoice_id = $1 ORDER BY e.id`,
    [id],
  );
  const payments = await db.query<InvoiceDetails['payments'][number]>(
    `SELECT py.id, py.amount_ore AS amount, py.paid_on::text AS paid_on, py.method, py.note,
            ${PERSON_NAME('pa')} py.registered_by) AS registered_by_name, py.created_at
       FROM invoice_payments py WHERE py.invoice_id = $1 ORDER BY py.id`,
    [id],
  );
  const credits = await db.query<InvoiceDetails['credits'][number]>(
    `SELECT c.id, c.amount_ore AS amount, c.reason, c.created_at, ${PERSON_NAME('ca')} c.created_by) AS created_by_name
       FROM invoice_credits c WHERE c.invoice_id = $1 ORDER BY c.id`,
    [id],
  );
  const vipps = await db.query<InvoiceDetails['vipps'][number]>(
    `SELECT (row_number() OVER (ORDER BY v.at, v.n))::int AS id, v.at, v.kind, v.reference, v.from_state, v.to_state, v.amount, v.note
       FROM (SELECT p.created_at AS at, p.id::bigint AS n, 'payment' AS kind, p.reference, NULL AS from_state, p.state AS to_state,
                    CASE WHEN p.capture_amount > 0 THEN p.capture_amount ELSE p.amount END AS amount, p.error AS note
               FROM invoice_vipps_payments p WHERE p.invoice_id = $1
             UNION ALL
             SELECT e.at, e.id, 'charge', c.order_id, e.from_state, e.to_state, c.amount_ore,
                    nullif(concat_ws(': ', e.event, e.note), '')
               FROM vipps_charges c JOIN vipps_agreement_events e ON e.charge_id = c.id WHERE c.invoice_id = $1) v
      ORDER BY v.at, v.n`,
    [id],
  );
  const {
    tripletex_invoice_id: tripletexId, tripletex_error: tripletexError, tripletex_read_at: readAt,
    previous_number: previousNumber, previous_kid: previousKid, ...row
  } = invoice;
  return {
    ...row,
    lines,
    events,
    payments,
    credits,
    vipps,
    tripletex: { invoice_id: tripletexId === null ? null : Number(tripletexId), url: null, error: tripletexError, read_at: readAt },
    ...(row.kind === 'imported' ? { previous: { number: previousNumber, kid: previousKid } } : {}),
  };
}

/** The member an invoice is for (the access log's entry), or null. */
export async function invoiceOwner(db: Queryable, id: number): Promise<number | null> {
  const [row] = await db.query<{ member_id: number }>('SELECT member_id FROM invoices WHERE id = $1', [id]);
  return row?.member_id ?? null;
}

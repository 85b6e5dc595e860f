/**
 * Our invoices: made with their lines and KID in one transaction, read with their lines, state
 * history, payments and credits, and moved from state to state only by `changeInvoiceState`,
 * which keeps each change (from, to, who or 'System', why, when).
 *
 * States: draft → sent → paid | partly_paid | overdue → reminded → lapsed, or credited. Whether
 * an invoice is overdue is also worked out on every read (due date passed in Oslo, something
 * outstanding, not credited), so the list's flag never waits for a job.
 *
 * This file makes and sends invoices and records money changes in the member's history; the SQL an
 * invoice is read with (invoice-columns.ts), its states (invoice-states.ts) and its page
 * (invoice-details.ts) are files of their own, re-exported here.
 */
import type { Queryable } from '../../db/database.ts';
import { makeKid } from '../../lib/kid.ts';
import type { BillingConfig } from '../../config.ts';
import type { Outbox } from '../messages/outbox.ts';
import { queueInvoiceMails } from './invoice-mail.ts';
import { queueLedger } from './tripletex-queue.ts';
import type { InvoiceChannel, InvoiceKind } from '../../schemas/billing.ts';

export { ERASED_NAME, INVOICE_COLUMNS, INVOICE_FROM, OPEN, OSLO_TODAY } from './invoice-columns.ts';
export { changeInvoiceState, isStateChange, lockInvoice, STATE_REFUSED, type LockedInvoice, type StateChange } from './invoice-states.ts';
export { invoiceOwner, loadInvoice } from './invoice-details.ts';

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
  const members = new Map(
    (
      await tx.query<{ id: number; remote_id: number | null; invoice_method: string | null }>(
        'SELECT id, remote_id, invoice_method FROM accounts WHERE id = ANY($1::int[])',
        [inputs.map((input) => input.memberId)],
        { prepare: true },
      )
    ).map((member) => [member.id, member]),
  );
  const numbers = await tx.query<{ number: number }>("SELECT nextval('invoice_number_seq')::int AS number FROM generate_series(1, $1::int)", [inputs.length], {
    prepare: true,
  });
  // Tripletex's invoices stay drafts for the ledger job; the others are sent as they are made.
  const forTripletex = (input: NewInvoice) => input.sending !== null && input.sending.billing.tripletex;
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
      tripletex: forTripletex(input),
    };
  });
  const made = await tx.query<{ id: number; number: number }>(
    `INSERT INTO invoices (number, member_id, member_number, year, kind, total_ore, invoice_date, due_date, kid, channel, campaign_code, created_by,
                          previous_number, previous_kid, state, sent_at, tripletex_wanted_at)
     SELECT r.number, r.member_id, r.member_number, r.year, r.kind, r.total, r.invoice_date, r.invoice_date + r.due_days, r.kid, r.channel,
            r.campaign_code, r.created_by, r.previous_number, r.previous_kid,
            CASE WHEN r.tripletex THEN 'draft' ELSE 'sent' END, CASE WHEN r.tripletex THEN NULL ELSE now() END, CASE WHEN r.tripletex THEN now() END
       FROM jsonb_to_recordset($1::jsonb) AS r(number int, member_id int, member_number int, year int, kind text, total int, invoice_date date,
                                              due_days int, kid text, channel text, campaign_code text, created_by int,
                                              previous_number text, previous_kid text, tripletex boolean)
     RETURNING id, number`,
    [JSON.stringify(rows)],
    { prepare: true },
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
    { prepare: true },
  );
  await recordMoneyChanges(
    tx,
    inputs.map((input, index) => ({
      memberId: input.memberId,
      actorId: input.actorId,
      field: 'Faktura',
      text: `Faktura ${rows[index].number} laget (${input.year})`,
    })),
  );
  const mailed = await sendInvoices(tx, inputs, ids);
  // Each invoice's history: made (a draft), and sent where it was; every draft comes before the first sent.
  const movedIn = (index: number) => inputs[index].kind === 'imported';
  const events = [
    ...inputs.map((input, index) => ({ invoice_id: ids[index], from_state: null, to_state: 'draft', actor_id: input.actorId, reason: input.reason })),
    ...inputs.flatMap((input, index) =>
      rows[index].tripletex
        ? []
        : [
            {
              invoice_id: ids[index],
              from_state: 'draft',
              to_state: 'sent',
              actor_id: input.actorId,
              reason: mailed.has(ids[index]) ? 'Sendt på e-post' : movedIn(index) ? 'Sendt fra tidligere system' : 'Sendt',
            },
          ],
    ),
  ];
  await tx.query(
    `INSERT INTO invoice_events (invoice_id, from_state, to_state, actor_id, reason)
     SELECT e.invoice_id, e.from_state, e.to_state, e.actor_id, e.reason
       FROM jsonb_to_recordset($1::jsonb) AS e(invoice_id int, from_state text, to_state text, actor_id int, reason text, n bigint) ORDER BY e.n`,
    [JSON.stringify(events.map((event, n) => ({ ...event, n })))],
    { prepare: true },
  );
  return ids;
}

/** How an invoice is sent: the outbox for the portal's own e-mail, and the billing settings (is Tripletex the ledger?). */
export interface InvoiceSending {
  outbox: Outbox;
  billing: Pick<BillingConfig, 'bankAccount' | 'tripletex'>;
}

/**
 * Where new invoices leave us (made sent, or drafts for Tripletex: createInvoices). Without Tripletex
 * the portal is the ledger and mails each invoice with its PDF, whatever the channel (an e-invoice
 * or AvtaleGiro needs Tripletex), queued in this transaction; sent together where they are sent
 * alike and by the same hand (a run's step: all of them). With Tripletex the drafts are handed to
 * the ledger job (queued in this transaction), which makes each an order and invoice in Tripletex,
 * sends it there and then marks it sent (tripletex-ledger.ts). `sending` null: marked sent only
 * (an invoice moved in from another system, one charged by Vipps, demo data made outside a
 * request). Answers the message of each invoice mailed.
 */
async function sendInvoices(tx: Queryable, inputs: readonly NewInvoice[], ids: readonly number[]): Promise<Map<number, number>> {
  const groups = new Map<InvoiceSending, Map<number | null, number[]>>();
  inputs.forEach((input, index) => {
    if (input.sending === null) return;
    const byActor = groups.get(input.sending) ?? new Map<number | null, number[]>();
    byActor.set(input.actorId, [...(byActor.get(input.actorId) ?? []), ids[index]]);
    groups.set(input.sending, byActor);
  });
  const mailed = new Map<number, number>();
  for (const [sending, byActor] of groups) {
    if (sending.billing.tripletex) {
      await queueLedger(sending.outbox.jobs, {}, tx);
      continue;
    }
    for (const [actorId, group] of byActor) {
      for (const [invoiceId, messageId] of await queueInvoiceMails(tx, sending.outbox, sending, group, actorId)) mailed.set(invoiceId, messageId);
    }
  }
  return mailed;
}

/** One line in the member's change history for a money action: field → [null, what happened]. */
export async function recordMoneyChange(tx: Queryable, memberId: number, actorId: number | null, field: string, text: string): Promise<void> {
  await recordMoneyChanges(tx, [{ memberId, actorId, field, text }]);
}

/** Several such lines in one statement. */
export async function recordMoneyChanges(
  tx: Queryable,
  changes: readonly { memberId: number; actorId: number | null; field: string; text: string }[],
): Promise<void> {
  await tx.query(
    `INSERT INTO member_changes (member_id, changed_by, changes)
     SELECT c.member_id, c.changed_by, c.changes
       FROM jsonb_to_recordset($1::jsonb) AS c(member_id int, changed_by int, changes jsonb, n bigint) ORDER BY c.n`,
    [
      JSON.stringify(
        changes.map((change, n) => ({ member_id: change.memberId, changed_by: change.actorId, changes: { [change.field]: [null, change.text] }, n })),
      ),
    ],
    { prepare: true },
  );
}

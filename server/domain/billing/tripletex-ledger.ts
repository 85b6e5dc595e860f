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
 */
import type { Database, Queryable } from '../../db/database.ts';
import {
  TripletexError, paymentState, type TripletexClient, type TripletexInvoice, type TripletexSendType, type TripletexSession,
} from '../../adapters/tripletex.ts';
import { ensureCustomer, type CustomerRow } from '../payments/tripletex-sync.ts';
import { todayInOslo } from '../shared/oslo-date.ts';
import { lockInvoice } from './invoices.ts';
import { bookPayment, outstandingOf } from './payments.ts';
import type { InvoiceChannel } from '../../schemas/billing.ts';

/** Our reference on an invoice's order in Tripletex. */
export const invoiceOrderReference = (invoiceNumber: number) => `MP-FAK-${invoiceNumber}`;
/** Our reference on the order of a part credit. */
export const creditReference = (creditId: number) => `MP-KRED-${creditId}`;

/** How Tripletex sends an invoice of the channel. */
const SEND_TYPE: Record<InvoiceChannel, TripletexSendType> = { EMAIL: 'EMAIL', EFAKTURA: 'EFAKTURA', AVTALEGIRO: 'AVTALEGIRO' };
const SENT_BY: Record<InvoiceChannel, string> = { EMAIL: 'e-post', EFAKTURA: 'eFaktura', AVTALEGIRO: 'AvtaleGiro' };

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

async function takeLease(db: Queryable): Promise<boolean> {
  const rows = await db.query(
    `UPDATE tripletex_ledger SET lease_until = now() + ${LEASE} WHERE lease_until IS NULL OR lease_until < now() RETURNING id`,
  );
  return rows.length > 0;
}
const renewLease = (db: Queryable) => db.query(`UPDATE tripletex_ledger SET lease_until = now() + ${LEASE}`);
const releaseLease = (db: Queryable) => db.query('UPDATE tripletex_ledger SET lease_until = NULL');

/** Stops the run: Tripletex said to wait. */
class RateLimited extends Error {
  readonly retryAfterMs: number;
  constructor(retryAfterMs: number) {
    super('rate limited');
    this.retryAfterMs = retryAfterMs;
  }
}

const STEP = 200;

interface Unsent extends CustomerRow {
  id: number;
  number: number;
  member_id: number;
  state: string;
  invoice_date: string;
  due_date: string;
  kid: string;
  channel: InvoiceChannel;
  customer_id: number | null;
  tripletex_order_id: number | null;
  tripletex_invoice_id: number | null;
  /** Drawn on the member's Vipps agreement (and not fallen back): made in Tripletex, not sent to the member. */
  drawn: boolean;
}

/**
 * One run of the ledger. Answers 'busy' at once when another run holds the lease (the caller
 * queues it again a little later). Throws only what is not Tripletex's (a programming error).
 */
export async function runTripletexLedger(
  db: Database, client: TripletexClient | null, config: LedgerConfig, options: { readBack?: boolean } = {},
): Promise<LedgerResult> {
  const result: LedgerResult = {
    state: 'done', retryAfterMs: null, sent: 0, paymentsRegistered: 0, creditsMade: 0, remindersMade: 0, paymentsBooked: 0, readBack: false,
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
      await db.query(
        'UPDATE invoices SET tripletex_error = $1 WHERE tripletex_wanted_at IS NOT NULL AND tripletex_sent_at IS NULL',
        [`Tripletex: ${error.message}`],
      );
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

type Keep = (invoiceId: number, what: string, error: unknown) => void;
type Succeeded = (invoiceId: number) => void;

/** A line in the invoice's state history that keeps its state, by the system. */
async function historyLine(db: Queryable, invoiceId: number, reason: string) {
  await db.query(
    `INSERT INTO invoice_events (invoice_id, from_state, to_state, actor_id, reason)
     SELECT id, state, state, NULL, $2 FROM invoices WHERE id = $1`,
    [invoiceId, reason],
  );
}

/** Invoices of the Tripletex ledger not yet sent there: customer, order, invoice, :send. */
async function sendUnsent(db: Database, session: TripletexSession, result: LedgerResult, keep: Keep, succeeded: Succeeded) {
  for (let after = 0; ;) {
    const invoices = await db.query<Unsent>(
      `SELECT i.id, i.number, i.member_id, i.state, i.invoice_date::text AS invoice_date, i.due_date::text AS due_date, i.kid, i.channel,
              i.tripletex_order_id::float8 AS tripletex_order_id, i.tripletex_invoice_id::float8 AS tripletex_invoice_id,
              i.member_number AS remote_id, a.first_name, a.last_name, a.email, a.phone, a.address, a.postal_code, a.postal_area,
              a.invoice_method, a.invoice_email, c.tripletex_id::float8 AS customer_id,
              EXISTS (SELECT 1 FROM vipps_charges v WHERE v.invoice_id = i.id AND v.fell_back_at IS NULL) AS drawn
         FROM invoices i
         JOIN accounts a ON a.id = i.member_id
         LEFT JOIN tripletex_links c ON c.kind = 'customer' AND c.local_id = i.member_id
        WHERE i.tripletex_wanted_at IS NOT NULL AND i.tripletex_sent_at IS NULL AND i.id > $1
        ORDER BY i.id LIMIT ${STEP}`,
      [after],
    );
    if (invoices.length === 0) return;
    after = invoices[invoices.length - 1].id;
    await renewLease(db);
    for (const invoice of invoices) {
      // Credited before it was ever made in Tripletex: there is nothing for Tripletex to send.
      if (invoice.state === 'credited' && invoice.tripletex_invoice_id === null) {
        await db.query('UPDATE invoices SET tripletex_wanted_at = NULL WHERE id = $1', [invoice.id]);
        continue;
      }
      let step = 'Kunden kunne ikke lagres i Tripletex';
      try {
        const customer = await ensureCustomer(db, session, invoice.member_id, invoice.customer_id, invoice);
        step = 'Ordren kunne ikke lages i Tripletex';
        const lines = await db.query<{ description: string; amount_ore: number }>(
          'SELECT description, amount_ore FROM invoice_lines WHERE invoice_id = $1 ORDER BY id',
          [invoice.id],
        );
        const order = await session.ensureOrder({
          customerId: customer.id,
          reference: invoiceOrderReference(invoice.number),
          orderDate: invoice.invoice_date,
          lines: lines.map((line) => ({ description: line.description, unitPriceOre: line.amount_ore })),
          invoiceComment: `Faktura ${invoice.number}`,
        });
        await db.query('UPDATE invoices SET tripletex_order_id = $2 WHERE id = $1', [invoice.id, order.id]);
        step = 'Fakturaen kunne ikke lages i Tripletex';
        const made = await session.invoiceOrder(order.id, {
          customerId: customer.id, invoiceDate: invoice.invoice_date, dueDate: invoice.due_date, kid: invoice.kid,
        });
        await db.query('UPDATE invoices SET tripletex_invoice_id = $2 WHERE id = $1', [invoice.id, made.id]);
        if (invoice.state === 'credited') {
          // Made in Tripletex, then credited here before it was sent: the credit note follows, no sending.
          await db.query('UPDATE invoices SET tripletex_sent_at = now() WHERE id = $1', [invoice.id]);
          succeeded(invoice.id);
          continue;
        }
        step = 'Fakturaen kunne ikke sendes fra Tripletex';
        await session.sendInvoice(made.id, invoice.drawn ? 'MANUAL' : SEND_TYPE[invoice.channel]);
        await markSent(db, invoice.id, invoice.drawn ? null : invoice.channel);
        result.sent++;
        succeeded(invoice.id);
      } catch (error) {
        keep(invoice.id, step, error);
      }
    }
  }
}

/** Sent by Tripletex (channel null: made there but drawn with Vipps, not sent): a draft becomes sent; the history says how. */
async function markSent(db: Database, invoiceId: number, channel: InvoiceChannel | null) {
  await db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, invoiceId);
    await tx.query('UPDATE invoices SET tripletex_sent_at = now(), sent_at = coalesce(sent_at, now()), updated_at = now() WHERE id = $1', [invoiceId]);
    const reason = channel === null ? 'Laget i Tripletex, ikke sendt: trekkes med Vipps-avtale' : `Sendt fra Tripletex (${SENT_BY[channel]})`;
    if (invoice.state === 'draft') {
      await tx.query("UPDATE invoices SET state = 'sent' WHERE id = $1", [invoiceId]);
      await tx.query(
        "INSERT INTO invoice_events (invoice_id, from_state, to_state, actor_id, reason) VALUES ($1, 'draft', 'sent', NULL, $2)",
        [invoiceId, reason],
      );
    } else {
      await historyLine(tx, invoiceId, reason);
    }
  });
}

/** The payment type the portal's payments go in with: the setting, or the first bank type Tripletex lists. */
async function paymentTypeOf(session: TripletexSession, config: LedgerConfig): Promise<number> {
  if (config.paymentTypeId !== null) return config.paymentTypeId;
  const types = await session.paymentTypes();
  const chosen = types.find((type) => /bank/i.test(type.description)) ?? types[0];
  if (!chosen) throw new TripletexError('Tripletex har ingen betalingstyper for innbetalinger');
  return chosen.id;
}

/** The portal's payments (by hand, OCR, Vipps) on invoices sent by Tripletex, registered there. */
async function registerPayments(db: Database, session: TripletexSession, config: LedgerConfig, result: LedgerResult, keep: Keep, succeeded: Succeeded) {
  let typeId: number | null = null;
  for (let after = 0; ;) {
    const payments = await db.query<{ id: number; invoice_id: number; amount_ore: number; paid_on: string; tripletex_invoice_id: number }>(
      `SELECT p.id, p.invoice_id, p.amount_ore, p.paid_on::text AS paid_on, i.tripletex_invoice_id::float8 AS tripletex_invoice_id
         FROM invoice_payments p JOIN invoices i ON i.id = p.invoice_id
        WHERE p.tripletex_registered_at IS NULL AND p.method <> 'tripletex' AND p.id > $1
          AND i.tripletex_sent_at IS NOT NULL AND i.tripletex_invoice_id IS NOT NULL
        ORDER BY p.id LIMIT ${STEP}`,
      [after],
    );
    if (payments.length === 0) return;
    after = payments[payments.length - 1].id;
    await renewLease(db);
    for (const payment of payments) {
      try {
        typeId ??= await paymentTypeOf(session, config);
        await session.registerPayment(payment.tripletex_invoice_id, { paymentDate: payment.paid_on, paymentTypeId: typeId, amountOre: payment.amount_ore });
        await db.query('UPDATE invoice_payments SET tripletex_registered_at = now() WHERE id = $1', [payment.id]);
        result.paymentsRegistered++;
        succeeded(payment.invoice_id);
      } catch (error) {
        keep(payment.invoice_id, 'Innbetalingen kunne ikke registreres i Tripletex', error);
      }
    }
  }
}

/**
 * Staff's credits on invoices in Tripletex, made there: a credit of the whole invoice (nothing paid,
 * nothing credited before) as Tripletex's credit note of the invoice, any other as a credit note
 * order of our reference with one line of the amount. Both are found again on a second run.
 */
async function makeCredits(db: Database, session: TripletexSession, result: LedgerResult, keep: Keep, succeeded: Succeeded) {
  const credits = await db.query<{
    id: number; invoice_id: number; amount_ore: number; reason: string; date: string; number: number; total_ore: number;
    earlier: number; paid_ore: number; tripletex_invoice_id: number; customer_id: number | null;
  }>(
    `SELECT c.id, c.invoice_id, c.amount_ore, c.reason, (c.created_at AT TIME ZONE 'Europe/Oslo')::date::text AS date, i.number, i.total_ore,
            (SELECT coalesce(sum(e.amount_ore), 0)::int FROM invoice_credits e WHERE e.invoice_id = c.invoice_id AND e.id < c.id) AS earlier,
            (SELECT coalesce(sum(p.amount_ore), 0)::int FROM invoice_payments p WHERE p.invoice_id = c.invoice_id AND p.created_at < c.created_at) AS paid_ore,
            i.tripletex_invoice_id::float8 AS tripletex_invoice_id, l.tripletex_id::float8 AS customer_id
       FROM invoice_credits c
       JOIN invoices i ON i.id = c.invoice_id
       LEFT JOIN tripletex_links l ON l.kind = 'customer' AND l.local_id = i.member_id
      WHERE c.tripletex_credit_note_id IS NULL AND i.tripletex_invoice_id IS NOT NULL AND i.tripletex_sent_at IS NOT NULL
      ORDER BY c.id`,
  );
  for (const credit of credits) {
    try {
      let noteId: number;
      if (credit.amount_ore === credit.total_ore && credit.earlier === 0 && credit.paid_ore === 0) {
        noteId = await wholeCreditNote(session, credit.tripletex_invoice_id, credit.date, credit.reason);
      } else {
        const original = credit.customer_id ?? (await session.getInvoice(credit.tripletex_invoice_id)).customerId;
        if (original === null) throw new TripletexError('Tripletex svarte uten kunde på fakturaen');
        const note = await session.creditPart(credit.tripletex_invoice_id, {
          customerId: original,
          reference: creditReference(credit.id),
          date: credit.date,
          lines: [{ description: `Kreditering av faktura ${credit.number}: ${credit.reason}`, unitPriceOre: credit.amount_ore }],
          comment: credit.reason,
        });
        noteId = note.id;
      }
      await db.query('UPDATE invoice_credits SET tripletex_credit_note_id = $2 WHERE id = $1', [credit.id, noteId]);
      await historyLine(db, credit.invoice_id, 'Kreditnota laget i Tripletex');
      result.creditsMade++;
      succeeded(credit.invoice_id);
    } catch (error) {
      keep(credit.invoice_id, 'Krediteringen kunne ikke lages i Tripletex', error);
    }
  }
}

/** The whole invoice credited; a credit note made by an earlier run (cut off before we noted it) is found instead. */
async function wholeCreditNote(session: TripletexSession, invoiceId: number, date: string, comment: string): Promise<number> {
  const invoice = await session.getInvoice(invoiceId);
  if (invoice.isCredited) {
    const next = new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const notes = await session.searchInvoices({ invoiceDateFrom: date, invoiceDateTo: next, customerId: invoice.customerId ?? undefined });
    const note = notes.find((candidate) => candidate.isCreditNote && candidate.creditedInvoiceId === invoiceId);
    if (note) return note.id;
  }
  return (await session.createCreditNote(invoiceId, { date, comment, sendToCustomer: false })).id;
}

interface Open {
  id: number;
  invoice_date: string;
  tripletex_invoice_id: number;
}

/**
 * The open invoices sent by Tripletex, read back a step at a time (one search over the step's
 * invoice dates, an invoice not found in it read by id), each applied in its own transaction.
 */
async function readBack(db: Database, session: TripletexSession, result: LedgerResult, keep: Keep, succeeded: Succeeded) {
  for (let after = { date: '0001-01-01', id: 0 }; ;) {
    const open = await db.query<Open>(
      `SELECT i.id, i.invoice_date::text AS invoice_date, i.tripletex_invoice_id::float8 AS tripletex_invoice_id
         FROM invoices i
        WHERE i.tripletex_sent_at IS NOT NULL AND i.tripletex_invoice_id IS NOT NULL
          AND i.state NOT IN ('credited', 'draft') AND i.total_ore > i.paid_ore + i.credited_ore
          AND (i.invoice_date, i.id) > ($1::date, $2::int)
        ORDER BY i.invoice_date, i.id LIMIT ${STEP}`,
      [after.date, after.id],
    );
    if (open.length === 0) return;
    const last = open[open.length - 1];
    after = { date: last.invoice_date, id: last.id };
    await renewLease(db);
    let found = new Map<number, TripletexInvoice>();
    try {
      const next = new Date(Date.parse(`${last.invoice_date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      const read = await session.searchInvoices({ invoiceDateFrom: open[0].invoice_date, invoiceDateTo: next });
      found = new Map(read.map((invoice) => [invoice.id, invoice]));
    } catch (error) {
      if (!(error instanceof TripletexError)) throw error;
      if (error.status === 429) throw new RateLimited(error.retryAfterMs ?? 60_000);
      // The search failed: each invoice is read by itself below.
    }
    for (const invoice of open) {
      try {
        const remote = found.get(invoice.tripletex_invoice_id) ?? (await session.getInvoice(invoice.tripletex_invoice_id));
        if (await applyStatus(db, invoice.id, remote)) result.paymentsBooked++;
        succeeded(invoice.id);
      } catch (error) {
        keep(invoice.id, 'Statusen kunne ikke leses fra Tripletex', error);
      }
    }
  }
}

/**
 * What Tripletex says of one invoice, applied: what it has been paid beyond the payments it knows
 * from us (ours registered there, and those read back before) is booked as a payment 'tripletex',
 * at most what is outstanding here. Its source names the invoice and what was paid in all, so the
 * same read twice books once. Answers whether a payment was booked.
 */
export async function applyStatus(db: Database, invoiceId: number, remote: TripletexInvoice): Promise<boolean> {
  return db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, invoiceId);
    await tx.query('UPDATE invoices SET tripletex_read_at = now() WHERE id = $1', [invoiceId]);
    if (invoice.state === 'credited' || invoice.state === 'draft') return false;
    const [known] = await tx.query<{ paid: number; credited: number }>(
      `SELECT (SELECT coalesce(sum(amount_ore), 0)::int FROM invoice_payments
                WHERE invoice_id = $1 AND (method = 'tripletex' OR tripletex_registered_at IS NOT NULL)) AS paid,
              (SELECT coalesce(sum(amount_ore), 0)::int FROM invoice_credits
                WHERE invoice_id = $1 AND tripletex_credit_note_id IS NOT NULL) AS credited`,
      [invoiceId],
    );
    const status = paymentState(remote, known.credited);
    if (status.state === 'credited') return false;
    const amount = Math.min(status.paidOre - known.paid, outstandingOf(invoice));
    if (amount <= 0) return false;
    const booked = await bookPayment(tx, invoice, {
      amountOre: amount,
      paidOn: todayInOslo(),
      method: 'tripletex',
      note: null,
      source: `tripletex:${remote.id}:${status.paidOre}`,
      actorId: null,
    });
    return booked !== null;
  });
}

/**
 * The second reminders the reminder job handed to Tripletex: made there (type REMINDER by e-mail,
 * no fee) unless Tripletex says the invoice is paid by now, which is booked and stops the reminder.
 */
async function makeReminders(db: Database, session: TripletexSession, result: LedgerResult, keep: Keep, succeeded: Succeeded) {
  const due = await db.query<{ id: number; invoice_id: number; tripletex_invoice_id: number; email: string | null }>(
    `SELECT r.id, r.invoice_id, i.tripletex_invoice_id::float8 AS tripletex_invoice_id, a.email
       FROM invoice_reminders r JOIN invoices i ON i.id = r.invoice_id JOIN accounts a ON a.id = i.member_id
      WHERE r.tripletex_wanted AND r.tripletex_reminded_at IS NULL AND r.status = 'sent' AND i.tripletex_invoice_id IS NOT NULL
      ORDER BY r.id`,
  );
  for (const reminder of due) {
    try {
      const remote = await session.getInvoice(reminder.tripletex_invoice_id);
      await applyStatus(db, reminder.invoice_id, remote);
      const [now] = await db.query<{ open: boolean }>(
        "SELECT (state <> 'credited' AND total_ore > paid_ore + credited_ore) AS open FROM invoices WHERE id = $1",
        [reminder.invoice_id],
      );
      if (!now.open || paymentState(remote).state === 'paid' || remote.isCredited) {
        await db.query("UPDATE invoice_reminders SET status = 'stopped', reason = $2 WHERE id = $1", [reminder.id, 'Stoppet: fakturaen er betalt']);
        await historyLine(db, reminder.invoice_id, 'Andre purring ikke sendt fra Tripletex. Stoppet: fakturaen er betalt');
        succeeded(reminder.invoice_id);
        continue;
      }
      await session.createReminder(reminder.tripletex_invoice_id, {
        type: 'REMINDER', date: todayInOslo(), dispatchType: 'EMAIL', includeCharge: false, ...(reminder.email ? { email: reminder.email } : {}),
      });
      await db.query('UPDATE invoice_reminders SET tripletex_reminded_at = now() WHERE id = $1', [reminder.id]);
      await historyLine(db, reminder.invoice_id, 'Andre purring sendt fra Tripletex (e-post)');
      result.remindersMade++;
      succeeded(reminder.invoice_id);
    } catch (error) {
      keep(reminder.invoice_id, 'Purringen kunne ikke lages i Tripletex', error);
    }
  }
}

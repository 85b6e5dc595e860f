import type { Database } from '../../db/database.ts';
import type { TripletexSendType, TripletexSession } from '../../adapters/tripletex.ts';
import { ensureCustomer, type CustomerRow } from '../payments/tripletex-sync.ts';
import { lockInvoice } from './invoices.ts';
import type { InvoiceChannel } from '../../schemas/billing.ts';
import { historyLine, renewLease, STEP, type Keep, type LedgerResult, type Succeeded } from './tripletex-ledger-common.ts';

/** Our reference on an invoice's order in Tripletex. */
export const invoiceOrderReference = (invoiceNumber: number) => `MP-FAK-${invoiceNumber}`;

/** How Tripletex sends an invoice of the channel. */
const SEND_TYPE: Record<InvoiceChannel, TripletexSendType> = { EMAIL: 'EMAIL', EFAKTURA: 'EFAKTURA', AVTALEGIRO: 'AVTALEGIRO' };
const SENT_BY: Record<InvoiceChannel, string> = { EMAIL: 'e-post', EFAKTURA: 'eFaktura', AVTALEGIRO: 'AvtaleGiro' };

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

/** Invoices of the Tripletex ledger not yet sent there: customer, order, invoice, :send. */
export async function sendUnsent(db: Database, session: TripletexSession, result: LedgerResult, keep: Keep, succeeded: Succeeded) {
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
          customerId: customer.id,
          invoiceDate: invoice.invoice_date,
          dueDate: invoice.due_date,
          kid: invoice.kid,
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

/**
 * Sent by Tripletex (channel null: made there but drawn with Vipps, not sent): a draft becomes
 * sent, without the failure an earlier run kept on it; the history says how. A drawn one whose charge failed while Tripletex made it is left
 * unsent: the fall-back queued the run that sends it by the member's channel.
 */
export async function markSent(db: Database, invoiceId: number, channel: InvoiceChannel | null) {
  await db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, invoiceId);
    if (channel === null) {
      const [drawn] = await tx.query('SELECT 1 FROM vipps_charges WHERE invoice_id = $1 AND fell_back_at IS NULL LIMIT 1', [invoiceId]);
      if (!drawn) return;
    }
    // Sent: an earlier run's failure is over with it (the run's own word, written as it ends, may add a later step's).
    await tx.query(
      'UPDATE invoices SET tripletex_sent_at = now(), sent_at = coalesce(sent_at, now()), tripletex_error = NULL, updated_at = now() WHERE id = $1',
      [invoiceId],
    );
    const reason = channel === null ? 'Laget i Tripletex, ikke sendt: trekkes med Vipps-avtale' : `Sendt fra Tripletex (${SENT_BY[channel]})`;
    if (invoice.state === 'draft') {
      await tx.query("UPDATE invoices SET state = 'sent' WHERE id = $1", [invoiceId]);
      await tx.query("INSERT INTO invoice_events (invoice_id, from_state, to_state, actor_id, reason) VALUES ($1, 'draft', 'sent', NULL, $2)", [
        invoiceId,
        reason,
      ]);
    } else {
      await historyLine(tx, invoiceId, reason);
    }
  });
}

/**
 * The invoice by e-mail, when the portal is the ledger (no Tripletex): the staff-editable
 * 'invoice' template, filled in with the invoice's number, total, due date, account number and
 * KID, with the invoice's PDF attached. The message log row names the invoice (migration 024),
 * and the mail worker makes the PDF again when it sends: the queue's job carries only the
 * message id, never the file.
 */
import type { Database, Queryable } from '../../db/database.ts';
import type { Config } from '../../config.ts';
import type { Outbox } from '../messages/outbox.ts';
import { sendMails, sendTemplate, templateBySlug, templateMail } from '../messages/messages.ts';
import { conflict, notFound } from '../../lib/http-errors.ts';
import { formatAccountNumber } from '../../lib/kid.ts';
import { dottedDate, formatKroner } from './money.ts';
import { groupKid, invoiceFilename, invoicePdf, invoiceSheet } from './invoice-pdf.ts';

export const INVOICE_TEMPLATE = 'invoice';

export const RESENT = 'Fakturaen er lagt i kø for å sendes på nytt på e-post.';
export const RESEND_CREDITED = 'En kreditert faktura sendes ikke på nytt.';
export const RESEND_NO_EMAIL = 'Medlemmet har ingen e-postadresse fakturaen kan sendes til.';

/** What every mail about an invoice may fill in: its number, an amount, the due date, the account and the KID. */
export function invoiceMailValues(invoice: { number: number; due_date: string; kid: string }, amountOre: number, bankAccount: string): Record<string, string> {
  return {
    invoice_number: String(invoice.number),
    total: formatKroner(amountOre),
    due_date: dottedDate(invoice.due_date),
    kid: groupKid(invoice.kid),
    account_number: formatAccountNumber(bankAccount),
  };
}

/**
 * Queues a template about an invoice to its member in `tx` (the invoice, a reminder, the lapse);
 * the message log row names the invoice. Answers the message id, or null when the member has no
 * address to send to (erased, or none given).
 */
export async function mailAboutInvoice(
  tx: Queryable,
  outbox: Outbox,
  template: string,
  invoiceId: number,
  values: Record<string, string>,
  senderId: number | null = null,
): Promise<number | null> {
  const [member] = await tx.query<{ id: number; email: string; first_name: string | null; last_name: string | null }>(
    `SELECT a.id, a.email, a.first_name, a.last_name FROM invoices i JOIN accounts a ON a.id = i.member_id
      WHERE i.id = $1 AND a.erased_at IS NULL AND a.email IS NOT NULL`,
    [invoiceId],
  );
  if (!member) return null;
  const messageId = await sendTemplate(
    tx,
    outbox,
    template,
    {
      id: member.id,
      email: member.email,
      first_name: member.first_name ?? '',
      last_name: member.last_name ?? '',
    },
    { values, senderId },
  );
  await tx.query('UPDATE message_log SET invoice_id = $2 WHERE id = $1', [messageId, invoiceId]);
  return messageId;
}

/** Queues the invoice's own mail (its PDF attached when sent) in `tx`; null when the member has no address. */
export async function queueInvoiceMail(
  tx: Queryable,
  outbox: Outbox,
  config: { billing: Pick<Config['billing'], 'bankAccount'> },
  invoiceId: number,
  senderId: number | null,
): Promise<number | null> {
  return (await queueInvoiceMails(tx, outbox, config, [invoiceId], senderId)).get(invoiceId) ?? null;
}

/**
 * Queues the invoices' own mails in `tx`, the template read once and the mails logged and queued
 * in one statement each (a renewal run's step). Answers the message id of each invoice mailed;
 * an invoice whose member has no address (erased, or none given) is not in it.
 */
export async function queueInvoiceMails(
  tx: Queryable,
  outbox: Outbox,
  config: { billing: Pick<Config['billing'], 'bankAccount'> },
  invoiceIds: readonly number[],
  senderId: number | null,
): Promise<Map<number, number>> {
  const invoices = await tx.query<{
    id: number;
    number: number;
    total_ore: number;
    due_date: string;
    kid: string;
    member_id: number;
    email: string;
    first_name: string | null;
    last_name: string | null;
  }>(
    `SELECT i.id, i.number, i.total_ore, i.due_date::text AS due_date, i.kid, a.id AS member_id, a.email, a.first_name, a.last_name
       FROM invoices i JOIN accounts a ON a.id = i.member_id
      WHERE i.id = ANY($1::int[]) AND a.erased_at IS NULL AND a.email IS NOT NULL ORDER BY i.id`,
    [invoiceIds],
  );
  if (invoices.length === 0) return new Map();
  const template = await templateBySlug(tx, INVOICE_TEMPLATE);
  const sent = await sendMails(
    tx,
    outbox,
    invoices.map((invoice) => ({
      ...templateMail(
        template,
        INVOICE_TEMPLATE,
        {
          id: invoice.member_id,
          email: invoice.email,
          first_name: invoice.first_name ?? '',
          last_name: invoice.last_name ?? '',
        },
        { values: invoiceMailValues(invoice, invoice.total_ore, config.billing.bankAccount), senderId },
      ),
      invoiceId: invoice.id,
    })),
  );
  return new Map(sent.map((row) => [row.invoice_id!, row.id]));
}

/**
 * Staff send the invoice again by e-mail: a new mail in the member's message log, and a line in
 * the invoice's state history (the state stays). 409 for a credited invoice; 422 without an address.
 */
export async function resendInvoice(db: Database, outbox: Outbox, config: Pick<Config, 'billing'>, invoiceId: number, staffId: number): Promise<void> {
  await db.transaction(async (tx) => {
    // Locked here rather than with invoices.ts's lockInvoice: invoices.ts sends invoices through this file.
    const [invoice] = await tx.query<{ state: string }>('SELECT state FROM invoices WHERE id = $1 FOR UPDATE', [invoiceId]);
    if (!invoice) throw notFound();
    if (invoice.state === 'credited') throw conflict(RESEND_CREDITED);
    const messageId = await queueInvoiceMail(tx, outbox, config, invoiceId, staffId);
    if (messageId === null) throw conflict(RESEND_NO_EMAIL);
    await tx.query('INSERT INTO invoice_events (invoice_id, from_state, to_state, actor_id, reason) VALUES ($1, $2, $2, $3, $4)', [
      invoiceId,
      invoice.state,
      staffId,
      'Sendt på nytt på e-post',
    ]);
  });
}

/** The PDF the mail worker attaches to a message that names an invoice; null when the invoice is gone. */
export async function invoiceAttachment(
  db: Queryable,
  config: Pick<Config, 'organisationName' | 'billing'>,
  invoiceId: number,
): Promise<{ filename: string; contentType: string; content: Buffer } | null> {
  const sheet = await invoiceSheet(db, invoiceId);
  if (!sheet) return null;
  return { filename: invoiceFilename(sheet.number), contentType: 'application/pdf', content: await invoicePdf(sheet, config) };
}

/** The invoice's PDF for a download; 404 when there is none. */
export async function invoicePdfFor(db: Queryable, config: Pick<Config, 'organisationName' | 'billing'>, invoiceId: number) {
  const attachment = await invoiceAttachment(db, config, invoiceId);
  if (!attachment) throw notFound();
  return attachment;
}

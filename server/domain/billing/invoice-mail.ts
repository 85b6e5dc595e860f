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
import { sendTemplate } from '../messages/messages.ts';
import { conflict, notFound } from '../../lib/http-errors.ts';
import { formatAccountNumber } from '../../lib/kid.ts';
import { formatKroner } from './money.ts';
import { groupKid, invoiceFilename, invoicePdf, invoiceSheet } from './invoice-pdf.ts';

export const INVOICE_TEMPLATE = 'invoice';

export const RESENT = 'Fakturaen er lagt i kø for å sendes på nytt på e-post.';
export const RESEND_CREDITED = 'En kreditert faktura sendes ikke på nytt.';
export const RESEND_NO_EMAIL = 'Medlemmet har ingen e-postadresse fakturaen kan sendes til.';

const norwegianDate = (iso: string) => iso.split('-').reverse().join('.');

/**
 * Queues the invoice's mail to the member in `tx`; answers the message log id, or null when the
 * member has no address to send to (erased).
 */
export async function queueInvoiceMail(
  tx: Queryable, outbox: Outbox, config: { billing: Pick<Config['billing'], 'bankAccount'> }, invoiceId: number, senderId: number | null,
): Promise<number | null> {
  const [row] = await tx.query<{
    member_id: number; email: string | null; first_name: string | null; last_name: string | null; erased: boolean;
    number: number; total_ore: number; due_date: string; kid: string;
  }>(
    `SELECT a.id AS member_id, a.email, a.first_name, a.last_name, a.erased_at IS NOT NULL AS erased,
            i.number, i.total_ore, i.due_date::text AS due_date, i.kid
       FROM invoices i JOIN accounts a ON a.id = i.member_id WHERE i.id = $1`,
    [invoiceId],
  );
  if (!row || row.erased || !row.email) return null;
  const messageId = await sendTemplate(tx, outbox, INVOICE_TEMPLATE, {
    id: row.member_id, email: row.email, first_name: row.first_name ?? '', last_name: row.last_name ?? '',
  }, {
    values: {
      invoice_number: String(row.number),
      total: formatKroner(row.total_ore),
      due_date: norwegianDate(row.due_date),
      kid: groupKid(row.kid),
      account_number: formatAccountNumber(config.billing.bankAccount),
    },
    senderId,
  });
  await tx.query('UPDATE message_log SET invoice_id = $2 WHERE id = $1', [messageId, invoiceId]);
  return messageId;
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
    await tx.query(
      'INSERT INTO invoice_events (invoice_id, from_state, to_state, actor_id, reason) VALUES ($1, $2, $2, $3, $4)',
      [invoiceId, invoice.state, staffId, 'Sendt på nytt på e-post'],
    );
  });
}

/** The PDF the mail worker attaches to a message that names an invoice; null when the invoice is gone. */
export async function invoiceAttachment(
  db: Queryable, config: Pick<Config, 'organisationName' | 'billing'>, invoiceId: number,
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

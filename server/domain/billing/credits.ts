/**
 * Crediting an invoice, in whole or in part, always with a reason. A credit takes from what is
 * outstanding (what is paid stays paid); when nothing is left the invoice is credited.
 */
import type { Database } from '../../db/database.ts';
import { conflict, validationFailed } from '../../lib/http-errors.ts';
import { RULE_MESSAGES } from '../../schemas/rules.ts';
import type { CreditBody, InvoiceDetails } from '../../schemas/billing.ts';
import { changeInvoiceState, loadInvoice, lockInvoice, recordMoneyChange, STATE_REFUSED } from './invoices.ts';
import { formatKroner } from './money.ts';
import { handToLedger } from './tripletex-queue.ts';
import type { JobSender } from '../messages/outbox.ts';
import { AMOUNT_NOT_POSITIVE, NOTHING_OUTSTANDING, outstandingOf } from './payments.ts';

export const creditOverOutstanding = (outstandingOre: number) => `Beløpet er større enn det som kan krediteres (${formatKroner(outstandingOre)} utestående).`;

export async function creditInvoice(
  db: Database,
  invoiceId: number,
  body: CreditBody,
  staffId: number,
  ledger: JobSender | null = null,
): Promise<InvoiceDetails> {
  const reason = body.reason.trim();
  const errors: Record<string, string[]> = {};
  if (reason === '') errors.reason = [RULE_MESSAGES.required];
  if (body.amount !== undefined && body.amount !== null && body.amount <= 0) errors.amount = [AMOUNT_NOT_POSITIVE];
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, invoiceId);
    if (invoice.state === 'credited') throw conflict(STATE_REFUSED);
    const outstanding = outstandingOf(invoice);
    if (outstanding === 0) throw validationFailed({ amount: [NOTHING_OUTSTANDING] });
    const amount = body.amount ?? outstanding;
    if (amount > outstanding) throw validationFailed({ amount: [creditOverOutstanding(outstanding)] });
    await tx.query('INSERT INTO invoice_credits (invoice_id, amount_ore, reason, created_by) VALUES ($1, $2, $3, $4)', [invoiceId, amount, reason, staffId]);
    invoice.credited_ore += amount;
    await tx.query('UPDATE invoices SET credited_ore = $2, updated_at = now() WHERE id = $1', [invoiceId, invoice.credited_ore]);
    if (outstandingOf(invoice) === 0) {
      await changeInvoiceState(tx, invoice, 'credited', { actorId: staffId, reason: `Kreditert ${formatKroner(amount)}: ${reason}` });
    }
    await handToLedger(tx, ledger, invoiceId);
    await recordMoneyChange(tx, invoice.member_id, staffId, 'Kreditering', `Faktura ${invoice.number}: ${formatKroner(amount)} kreditert (${reason})`);
    return (await loadInvoice(tx, invoiceId))!;
  });
}

import type { Database } from '../../db/database.ts';
import { TripletexError, type TripletexSession } from '../../adapters/tripletex.ts';
import { historyLine, type Keep, type LedgerResult, type Succeeded } from './tripletex-ledger-common.ts';

/** Our reference on the order of a part credit. */
export const creditReference = (creditId: number) => `MP-KRED-${creditId}`;

/**
 * Staff's credits on invoices in Tripletex, made there: a credit of the whole invoice (nothing paid,
 * nothing credited before) as Tripletex's credit note of the invoice, any other as a credit note
 * order of our reference with one line of the amount. Both are found again on a second run.
 */
export async function makeCredits(db: Database, session: TripletexSession, result: LedgerResult, keep: Keep, succeeded: Succeeded) {
  const credits = await db.query<{
    id: number;
    invoice_id: number;
    amount_ore: number;
    reason: string;
    date: string;
    number: number;
    total_ore: number;
    earlier: number;
    paid_ore: number;
    tripletex_invoice_id: number;
    customer_id: number | null;
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
export async function wholeCreditNote(session: TripletexSession, invoiceId: number, date: string, comment: string): Promise<number> {
  const invoice = await session.getInvoice(invoiceId);
  if (invoice.isCredited) {
    const next = new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const notes = await session.searchInvoices({ invoiceDateFrom: date, invoiceDateTo: next, customerId: invoice.customerId ?? undefined });
    const note = notes.find((candidate) => candidate.isCreditNote && candidate.creditedInvoiceId === invoiceId);
    if (note) return note.id;
  }
  return (await session.createCreditNote(invoiceId, { date, comment, sendToCustomer: false })).id;
}

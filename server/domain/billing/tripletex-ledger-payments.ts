import type { Database } from '../../db/database.ts';
import { TripletexError, type TripletexSession } from '../../adapters/tripletex.ts';
import { renewLease, STEP, type Keep, type LedgerConfig, type LedgerResult, type Succeeded } from './tripletex-ledger-common.ts';

/** The payment type the portal's payments go in with: the setting, or the first bank type Tripletex lists. */
async function paymentTypeOf(session: TripletexSession, config: LedgerConfig): Promise<number> {
  if (config.paymentTypeId !== null) return config.paymentTypeId;
  const types = await session.paymentTypes();
  const chosen = types.find((type) => /bank/i.test(type.description)) ?? types[0];
  if (!chosen) throw new TripletexError('Tripletex har ingen betalingstyper for innbetalinger');
  return chosen.id;
}

/** The portal's payments (by hand, OCR, Vipps) on invoices sent by Tripletex, registered there. */
export async function registerPayments(db: Database, session: TripletexSession, config: LedgerConfig, result: LedgerResult, keep: Keep, succeeded: Succeeded) {
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

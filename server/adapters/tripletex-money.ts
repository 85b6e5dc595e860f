/**
 * Money between Tripletex's decimal kroner (123.45) and our øre integers (12345), converted through
 * strings so no amount drifts by a float's rounding, and what an invoice read back says is paid.
 */
import type { TripletexInvoice } from './tripletex-types.ts';

/** 12345 øre → '123.45' exactly (a string: no float on the way). */
export function oreToKronerText(ore: number): string {
  if (!Number.isSafeInteger(ore)) throw new TypeError(`Beløpet må være et helt antall øre: ${ore}`);
  const sign = ore < 0 ? '-' : '';
  const abs = Math.abs(ore);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * 12345 øre → 123.45 as the JSON number Tripletex reads. The number is the double nearest to the
 * decimal, and JSON writes it back as that decimal (the shortest text that reads as the same double).
 */
export const oreToKroner = (ore: number): number => Number(oreToKronerText(ore));

/**
 * 123.45 (as Tripletex answers) → 12345 øre exactly: read through the number's two-decimal text,
 * not by multiplying (0.1 + 0.2 kroner is 30 øre, 1.15 kroner is 115 øre).
 */
export function kronerToOre(kroner: number): number {
  if (typeof kroner !== 'number' || !Number.isFinite(kroner)) throw new TypeError(`Ikke et beløp: ${String(kroner)}`);
  const text = kroner.toFixed(2);
  const ore = Number(text.replace('.', ''));
  if (!Number.isSafeInteger(ore)) throw new TypeError(`Beløpet er for stort: ${text}`);
  return ore === 0 ? 0 : ore;
}

export type TripletexPaymentState = 'paid' | 'partly_paid' | 'unpaid' | 'credited';

/**
 * What an invoice read back says: credited when it is credited whole (or is a credit note); paid
 * when nothing of the invoice itself is owed (amountOutstanding ≤ 0), even while a reminder fee
 * is; partly paid when some but not all of what is due was paid. `creditedOre` is what partial
 * credit notes took off (Tripletex keeps the invoice's amount and lowers what is outstanding);
 * the fee still owed is `feesOre`.
 */
export function paymentState(invoice: TripletexInvoice, creditedOre = 0): { state: TripletexPaymentState; paidOre: number; feesOre: number } {
  const feesOre = Math.max(0, invoice.outstandingTotalOre - Math.max(0, invoice.outstandingOre));
  const dueOre = invoice.amountOre - creditedOre;
  const paidOre = dueOre - invoice.outstandingOre;
  if (invoice.isCredited || invoice.isCreditNote) return { state: 'credited', paidOre, feesOre };
  if (invoice.outstandingOre <= 0) return { state: 'paid', paidOre, feesOre };
  if (invoice.outstandingOre < dueOre) return { state: 'partly_paid', paidOre, feesOre };
  return { state: 'unpaid', paidOre, feesOre };
}

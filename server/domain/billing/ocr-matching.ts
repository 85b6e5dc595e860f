/**
 * Which invoice each payment of a bank's OCR giro file pays, by its KID alone: pure, no database.
 * The caller reads the invoices the file's KIDs name (`ocrKids`), asks this, and books what it
 * says. A KID names an invoice by our KID or by the old system's KID an imported invoice keeps
 * (migration 029), so a member who pays with the old giro still pays the right invoice. A payment
 * whose KID names no invoice is never placed on one by amount, name or date: staff place it.
 *
 * Payments are applied in the file's order, so two payments of one invoice in the same file see
 * each other: the second of two full payments is `already_paid`.
 */
import { formatAccountNumber, normaliseKid } from '../../lib/kid.ts';
import type { OcrGiroFile } from '../../lib/ocr-giro.ts';
import { OCR_REVERSAL_TYPES } from '../../lib/ocr-giro.ts';

export type OcrInvoiceState = 'draft' | 'sent' | 'paid' | 'partly_paid' | 'overdue' | 'reminded' | 'lapsed' | 'credited';

/** An invoice as matching needs it. */
export interface OcrInvoice {
  invoiceId: number;
  kid: string;
  /** What is still to pay, in øre (0 or less once paid). */
  outstandingOre: number;
  state: OcrInvoiceState;
}

/** Anything that finds an invoice by its KID: a Map does. */
export interface OcrInvoiceLookup {
  get(kid: string): OcrInvoice | undefined;
}

/**
 * exact, partial, overpaid: booked on the invoice (an over-payment up to what was owed, the rest
 * left for staff). already_paid, credited: the KID names an invoice that takes no more money, so
 * nothing is booked. unknown_kid: a valid KID of ours that names no invoice. invalid_kid: no KID,
 * or not one of ours (wrong length or check digit) nor an imported invoice's old KID. reversal: money back to a payer (transaction
 * type 18 or 20, or a negative amount) or an amount of 0; never booked by itself.
 */
export type OcrPaymentKind = 'exact' | 'partial' | 'overpaid' | 'already_paid' | 'credited' | 'unknown_kid' | 'invalid_kid' | 'reversal';

export const OCR_PAYMENT_KINDS: readonly OcrPaymentKind[] = [
  'exact',
  'partial',
  'overpaid',
  'already_paid',
  'credited',
  'unknown_kid',
  'invalid_kid',
  'reversal',
];

export interface OcrPaymentMatch {
  assignmentNumber: string;
  transactionNumber: number;
  /** The line of the payment's amount item 1 in the file. */
  line: number;
  /** As written in the file (null when blank). */
  kid: string | null;
  date: string;
  amountOre: number;
  kind: OcrPaymentKind;
  /** The invoice the KID names; null when it names none (never a guess). */
  invoiceId: number | null;
  /** The invoice's outstanding amount before and after this payment; null without an invoice. */
  outstandingBeforeOre: number | null;
  outstandingAfterOre: number | null;
  /** Booked on the invoice. */
  appliedOre: number;
  /** Not booked: left for staff. `appliedOre + unappliedOre` is always `amountOre`. */
  unappliedOre: number;
}

export interface OcrAccountMismatch {
  assignmentNumber: string;
  account: string;
  message: string;
}

export type OcrMatchResult = { ok: true; payments: OcrPaymentMatch[]; summary: OcrMatchSummary } | { ok: false; errors: OcrAccountMismatch[] };

export interface OcrMatchSummary {
  count: number;
  amountOre: number;
  appliedOre: number;
  unappliedOre: number;
  byKind: Record<OcrPaymentKind, { count: number; amountOre: number }>;
}

const digitsOnly = (account: string) => account.replace(/[\s.]/g, '');

/** Assignments paid into another account than the organisation's: the caller refuses the file with these messages. */
export function checkOcrAccounts(file: OcrGiroFile, bankAccount: string): OcrAccountMismatch[] {
  const ours = digitsOnly(bankAccount);
  return file.assignments
    .filter((assignment) => assignment.account !== ours)
    .map((assignment) => ({
      assignmentNumber: assignment.assignmentNumber,
      account: assignment.account,
      message: `Oppdraget gjelder konto ${formatAccountNumber(assignment.account)}, men organisasjonens konto er ${formatAccountNumber(ours)}.`,
    }));
}

/**
 * A KID as a file or a person writes it, spaces dropped; null when blank or not digits (a MOD11
 * KID of another system may end in '-', its check digit for 10).
 */
export function kidDigits(raw: string | null): string | null {
  const digits = raw?.replace(/\s+/g, '') ?? '';
  return /^\d+-?$/.test(digits) ? digits : null;
}

/**
 * The file's KIDs, each once: what the caller looks invoices up by, as our KID or as an imported
 * invoice's old KID (so also those that are not a valid KID of ours).
 */
export function ocrKids(file: OcrGiroFile): string[] {
  const kids = new Set<string>();
  for (const assignment of file.assignments) {
    for (const transaction of assignment.transactions) {
      const kid = kidDigits(transaction.kid);
      if (kid !== null) kids.add(kid);
    }
  }
  return [...kids];
}

/** One payment as matching needs it: where it stands in the file, and what it says. */
export interface OcrPaymentInput {
  assignmentNumber: string;
  transactionNumber: number;
  line: number;
  kid: string | null;
  date: string;
  amountOre: number;
  transactionType: number;
}

/**
 * Classifies one payment. `outstanding` holds what each invoice still owes after the payments
 * before this one (in the file's order, or in earlier steps' bookings); it is updated here.
 */
export function matchPayment(payment: OcrPaymentInput, invoices: OcrInvoiceLookup, outstanding: Map<number, number>): OcrPaymentMatch {
  const { transactionType, ...base } = payment;
  const unmatched = (kind: OcrPaymentKind): OcrPaymentMatch => ({
    ...base,
    kind,
    invoiceId: null,
    outstandingBeforeOre: null,
    outstandingAfterOre: null,
    appliedOre: 0,
    unappliedOre: payment.amountOre,
  });
  if (OCR_REVERSAL_TYPES.has(transactionType) || payment.amountOre <= 0) return unmatched('reversal');
  const digits = kidDigits(payment.kid);
  // Our KID, or an imported invoice's old one (any length, its own check digit).
  const invoice = digits === null ? undefined : invoices.get(digits);
  if (invoice === undefined) return unmatched(digits !== null && normaliseKid(digits) !== null ? 'unknown_kid' : 'invalid_kid');
  const before = outstanding.get(invoice.invoiceId) ?? invoice.outstandingOre;
  const onInvoice = (kind: OcrPaymentKind, appliedOre: number): OcrPaymentMatch => ({
    ...base,
    kind,
    invoiceId: invoice.invoiceId,
    outstandingBeforeOre: before,
    outstandingAfterOre: before - appliedOre,
    appliedOre,
    unappliedOre: payment.amountOre - appliedOre,
  });
  let match: OcrPaymentMatch;
  if (invoice.state === 'credited') match = onInvoice('credited', 0);
  else if (invoice.state === 'paid' || before <= 0) match = onInvoice('already_paid', 0);
  else if (payment.amountOre === before) match = onInvoice('exact', before);
  else if (payment.amountOre < before) match = onInvoice('partial', payment.amountOre);
  else match = onInvoice('overpaid', before);
  outstanding.set(invoice.invoiceId, match.outstandingAfterOre!);
  return match;
}

/** The file's payments in its order, as matching takes them. */
export function ocrPayments(file: OcrGiroFile): OcrPaymentInput[] {
  return file.assignments.flatMap((assignment) =>
    assignment.transactions.map((transaction) => ({
      assignmentNumber: assignment.assignmentNumber,
      transactionNumber: transaction.transactionNumber,
      line: transaction.line,
      kid: transaction.kid,
      date: transaction.date,
      amountOre: transaction.amountOre,
      transactionType: transaction.transactionType,
    })),
  );
}

/** Classifies every payment of the file; an assignment to another account refuses the whole file. */
export function matchOcrPayments(file: OcrGiroFile, invoices: OcrInvoiceLookup, bankAccount: string): OcrMatchResult {
  const errors = checkOcrAccounts(file, bankAccount);
  if (errors.length > 0) return { ok: false, errors };
  const outstanding = new Map<number, number>();
  const payments = ocrPayments(file).map((payment) => matchPayment(payment, invoices, outstanding));
  return { ok: true, payments, summary: summarise(payments) };
}

function summarise(payments: OcrPaymentMatch[]): OcrMatchSummary {
  const byKind = Object.fromEntries(OCR_PAYMENT_KINDS.map((kind) => [kind, { count: 0, amountOre: 0 }])) as OcrMatchSummary['byKind'];
  const summary: OcrMatchSummary = { count: 0, amountOre: 0, appliedOre: 0, unappliedOre: 0, byKind };
  for (const payment of payments) {
    summary.count += 1;
    summary.amountOre += payment.amountOre;
    summary.appliedOre += payment.appliedOre;
    summary.unappliedOre += payment.unappliedOre;
    byKind[payment.kind].count += 1;
    byKind[payment.kind].amountOre += payment.amountOre;
  }
  return summary;
}

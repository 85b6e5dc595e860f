/** The OCR giro file's codes and its contents as plain data (the layout is described in ocr-giro.ts). */
import { HttpError } from './http-errors.ts';

export const OCR_LINE_LENGTH = 80;
/** Nets' own id, the data sender of every OCR file a bank delivers. */
export const NETS_ID = '00008080';

/** Transaction types of the OCR giro service: 10–17 giro and bank payments, 18–21 terminal and internet payments. */
export const OCR_TRANSACTION_TYPES: Readonly<Record<number, string>> = {
  10: 'Giro belastet konto',
  11: 'Faste oppdrag',
  12: 'Direkte remittering',
  13: 'Bedriftsterminalgiro',
  14: 'Skrankegiro',
  15: 'AvtaleGiro',
  16: 'Telegiro',
  17: 'Giro betalt kontant',
  18: 'Reversering med KID',
  19: 'Kjøp med KID',
  20: 'Reversering med fritekst',
  21: 'Kjøp med fritekst',
};
/** Reversals (money back to the payer); their amount is still added to the end records' sums. */
export const OCR_REVERSAL_TYPES: ReadonlySet<number> = new Set([18, 20]);
/** Transaction types whose transaction has an amount item 3 with free text. */
export const TEXT_TYPES: ReadonlySet<number> = new Set([20, 21]);

export interface OcrGiroTransaction {
  /** 1, 2, 3 … within the assignment. */
  transactionNumber: number;
  transactionType: number;
  /** Nets' processing date, yyyy-mm-dd: the day the payment is settled. */
  date: string;
  /** Øre, negative when the sign field is '-' (a reversal the agreement lets the bank sign). */
  amountOre: number;
  /** The KID as written, without its padding; null when the field is blank. */
  kid: string | null;
  centreId: string;
  dayCode: number;
  partialSettlementNumber: number;
  partialSettlementSerialNumber: string;
  /** '-' or '0' as written. */
  sign: '-' | '0';
  formNumber: string;
  /** The payer's agreement id or the archive reference, by payment method. */
  bankReference: string;
  /** The date the payer's bank booked it, yyyy-mm-dd; null when the field is zeros. */
  bankDate: string | null;
  /** The payer's account when the bank knows it; null when the field is zeros. */
  payerAccount: string | null;
  /** Amount item 3's free text (transaction types 20 and 21); null otherwise or when blank. */
  text: string | null;
  /** The line of its amount item 1, so a caller can point at it. */
  line: number;
}

export interface OcrGiroAssignment {
  /** 7 digits as written. */
  assignmentNumber: string;
  /** The payee's agreement id with Nets, 9 digits. */
  agreementId: string;
  /** The account the payments went to, 11 digits. */
  account: string;
  /** From the end record: the day Nets made the assignment, and its transactions' first and last dates (null when zeros). */
  date: string | null;
  earliestDate: string | null;
  latestDate: string | null;
  /** The sum of the amount fields, as the end record states it (reversals added). */
  totalOre: number;
  transactions: OcrGiroTransaction[];
  /** The line of its start record. */
  line: number;
}

export interface OcrGiroFile {
  /** 7 digits as written: the bank's number for this delivery, the same when it is delivered again. */
  transmissionNumber: string;
  dataSender: string;
  dataRecipient: string;
  /** The day Nets made the transmission (null when zeros). */
  date: string | null;
  transactionCount: number;
  totalOre: number;
  assignments: OcrGiroAssignment[];
}

/** A file that is not a readable OCR giro file: a 422 with the reason in Norwegian and the line it is on. */
export class OcrGiroError extends HttpError {
  /** 1-based; null for the file as a whole (an empty file). */
  readonly line: number | null;

  constructor(message: string, line: number | null) {
    super(422, { message, errors: { file: [message] } });
    this.name = 'OcrGiroError';
    this.line = line;
  }
}

/** '1 000,00 kr' (ordinary spaces, so the message reads the same in a log and a test). */
export function formatKroner(ore: number): string {
  const sign = ore < 0 ? '-' : '';
  const abs = Math.abs(ore);
  const kroner = String(Math.trunc(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${sign}${kroner},${String(abs % 100).padStart(2, '0')} kr`;
}

/**
 * DDMMYY as yyyy-mm-dd. The century is fixed, not read from the clock: 69–99 are 1969–1999 and
 * 00–68 are 2000–2068 (the POSIX and Python rule, so files read the same everywhere).
 */
export function parseDate(value: string): string | null {
  if (!/^\d{6}$/.test(value)) return null;
  const day = Number(value.slice(0, 2));
  const month = Number(value.slice(2, 4));
  const yy = Number(value.slice(4, 6));
  const year = yy < 69 ? 2000 + yy : 1900 + yy;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

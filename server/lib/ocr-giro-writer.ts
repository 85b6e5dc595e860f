/** Writing an OCR giro file, as a bank delivers it (for fixtures, tests and benchmarks). */
import { NETS_ID, OCR_TRANSACTION_TYPES, parseDate, TEXT_TYPES } from './ocr-giro-format.ts';

export interface OcrGiroTransactionInput {
  /** Default 10, giro debited an account. */
  transactionType?: number;
  /** yyyy-mm-dd, Nets' processing date. */
  date: string;
  /** Øre, an integer; a negative amount is written with the sign '-'. */
  amountOre: number;
  kid: string | null;
  centreId?: string;
  /** Default: the day of the month of `date`, as Nets fills it in. */
  dayCode?: number;
  partialSettlementNumber?: number;
  partialSettlementSerialNumber?: string;
  formNumber?: string;
  bankReference?: string;
  /** Default: `date`; null writes zeros. */
  bankDate?: string | null;
  payerAccount?: string | null;
  /** Amount item 3's text, for transaction types 20 and 21. */
  text?: string | null;
}

export interface OcrGiroAssignmentInput {
  assignmentNumber: string | number;
  agreementId: string;
  account: string;
  /** Default: the latest transaction date, or the transmission's date. */
  date?: string;
  transactions: OcrGiroTransactionInput[];
}

export interface OcrGiroInput {
  transmissionNumber: string | number;
  /** Default: Nets' id. */
  dataSender?: string;
  dataRecipient: string;
  /** yyyy-mm-dd, the day Nets made the file. */
  date: string;
  assignments: OcrGiroAssignmentInput[];
}

function number(value: string | number, width: number, what: string): string {
  const text = String(value);
  if (!/^\d+$/.test(text) || text.length > width) throw new Error(`${what} must be at most ${width} digits, got ${text}`);
  return text.padStart(width, '0');
}

function ddmmyy(date: string | null | undefined): string {
  if (date === null || date === undefined) return '000000';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match || parseDate(`${match[3]}${match[2]}${match[1].slice(2)}`) !== date)
    throw new Error(`A date from 1969 to 2068 as yyyy-mm-dd is needed, got ${date}`);
  return `${match[3]}${match[2]}${match[1].slice(2)}`;
}

/**
 * An OCR giro file as a bank delivers it (text; encode it with `Buffer.from(text, 'latin1')`):
 * transaction numbers, counts, sums and the end records' dates are worked out here, so what it
 * writes is always valid. A fixture that needs a wrong file changes a line afterwards.
 */
export function writeOcrGiro(input: OcrGiroInput, options: { lineEnding?: '\r\n' | '\n' } = {}): string {
  const lines: string[] = [];
  lines.push(
    `NY000010${number(input.dataSender ?? NETS_ID, 8, 'dataSender')}${number(input.transmissionNumber, 7, 'transmissionNumber')}` +
      `${number(input.dataRecipient, 8, 'dataRecipient')}${'0'.repeat(49)}`,
  );
  let transmissionTransactions = 0;
  let transmissionSum = 0;
  for (const assignment of input.assignments) {
    const start = lines.length;
    lines.push(
      `NY090020${number(assignment.agreementId, 9, 'agreementId')}${number(assignment.assignmentNumber, 7, 'assignmentNumber')}` +
        `${number(assignment.account, 11, 'account')}${'0'.repeat(45)}`,
    );
    let sum = 0;
    const dates: string[] = [];
    assignment.transactions.forEach((transaction, index) => {
      const transactionNumber = number(index + 1, 7, 'transactionNumber');
      const type = transaction.transactionType ?? 10;
      if (OCR_TRANSACTION_TYPES[type] === undefined) throw new Error(`Unknown transaction type ${type}`);
      if (!Number.isSafeInteger(transaction.amountOre)) throw new Error(`An amount in øre must be an integer, got ${transaction.amountOre}`);
      const kid = transaction.kid ?? '';
      if (kid.length > 25 || !/^(\d+-?)?$/.test(kid)) throw new Error(`A KID of at most 25 digits is needed, got ${kid}`);
      const date = ddmmyy(transaction.date);
      dates.push(transaction.date);
      const amount = Math.abs(transaction.amountOre);
      sum += amount;
      const prefix = `NY09${number(type, 2, 'transactionType')}`;
      lines.push(
        `${prefix}30${transactionNumber}${date}${number(transaction.centreId ?? '01', 2, 'centreId')}` +
          `${number(transaction.dayCode ?? Number(transaction.date.slice(8, 10)), 2, 'dayCode')}` +
          `${number(transaction.partialSettlementNumber ?? 1, 1, 'partialSettlementNumber')}` +
          `${number(transaction.partialSettlementSerialNumber ?? '00001', 5, 'partialSettlementSerialNumber')}` +
          `${transaction.amountOre < 0 ? '-' : '0'}${number(amount, 17, 'amountOre')}${kid.padStart(25, ' ')}${'0'.repeat(6)}`,
      );
      lines.push(
        `${prefix}31${transactionNumber}${number(transaction.formNumber ?? '0', 10, 'formNumber')}` +
          `${number(transaction.bankReference ?? '0', 9, 'bankReference')}${'0'.repeat(7)}` +
          `${ddmmyy(transaction.bankDate === undefined ? transaction.date : transaction.bankDate)}` +
          `${number(transaction.payerAccount ?? '0', 11, 'payerAccount')}${'0'.repeat(22)}`,
      );
      if (TEXT_TYPES.has(type)) {
        const text = transaction.text ?? '';
        // The file is ISO-8859-1: a character outside it would be lost when the text is encoded.
        if (text.length > 40 || !/^[\x20-\x7E\xA0-\xFF]*$/.test(text)) throw new Error('Amount item 3 holds at most 40 characters of ISO-8859-1 text');
        lines.push(`${prefix}32${transactionNumber}${text.padEnd(40, ' ')}${'0'.repeat(25)}`);
      }
    });
    const sorted = [...dates].sort();
    const records = lines.length - start + 1;
    lines.push(
      `NY090088${number(assignment.transactions.length, 8, 'transactions')}${number(records, 8, 'records')}` +
        `${number(sum, 17, 'sum')}${ddmmyy(assignment.date ?? sorted.at(-1) ?? input.date)}` +
        `${ddmmyy(sorted[0] ?? null)}${ddmmyy(sorted.at(-1) ?? null)}${'0'.repeat(21)}`,
    );
    transmissionTransactions += assignment.transactions.length;
    transmissionSum += sum;
  }
  lines.push(
    `NY000089${number(transmissionTransactions, 8, 'transactions')}${number(lines.length + 1, 8, 'records')}` +
      `${number(transmissionSum, 17, 'sum')}${ddmmyy(input.date)}${'0'.repeat(33)}`,
  );
  const lineEnding = options.lineEnding ?? '\r\n';
  return lines.join(lineEnding) + lineEnding;
}

/** Reading one field of an OCR line by the specification's positions, and checking an end record's totals. */
import { formatKroner, OcrGiroError, parseDate } from './ocr-giro-format.ts';

export const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A field by the specification's positions, counted from 1, both ends included. */
export const field = (line: string, from: number, to: number) => line.slice(from - 1, to);

export function digits(line: string, from: number, to: number, name: string, n: number): string {
  const value = field(line, from, to);
  if (!/^\d+$/.test(value)) throw new OcrGiroError(`Feltet for ${name} «${value}» kan bare ha sifre (linje ${n}).`, n);
  return value;
}

export function amountField(line: string, from: number, to: number, name: string, n: number): number {
  const value = field(line, from, to);
  if (!/^\d+$/.test(value)) throw new OcrGiroError(`${capitalised(name)} «${value}» kan bare ha sifre (linje ${n}).`, n);
  const ore = Number(value);
  if (!Number.isSafeInteger(ore)) throw new OcrGiroError(`${capitalised(name)} «${value}» er for stort (linje ${n}).`, n);
  return ore;
}

export function safeSum(total: number, amount: number, n: number): number {
  const sum = total + amount;
  if (!Number.isSafeInteger(sum)) throw new OcrGiroError(`Summen av beløpene blir for stor (linje ${n}).`, n);
  return sum;
}

export function dateField(line: string, from: number, to: number, name: string, n: number, optional: boolean): string | null {
  const value = field(line, from, to);
  if (optional && value === '000000') return null;
  const date = parseDate(value);
  if (date === null) throw new OcrGiroError(`${capitalised(name)} «${value}» er ikke en dato på formen DDMMÅÅ (linje ${n}).`, n);
  return date;
}

export function checkTotals(who: string, what: string, line: string, n: number, counted: { transactions: number; records: number; sum: number }): void {
  const transactions = Number(digits(line, 9, 16, 'antall transaksjoner', n));
  const records = Number(digits(line, 17, 24, 'antall poster', n));
  const sum = amountField(line, 25, 41, 'summen', n);
  if (transactions !== counted.transactions) {
    throw new OcrGiroError(`${who} oppgir ${transactions} transaksjoner, men ${what} har ${counted.transactions} (linje ${n}).`, n);
  }
  if (records !== counted.records) {
    throw new OcrGiroError(`${who} oppgir ${records} poster, men ${what} har ${counted.records} (linje ${n}).`, n);
  }
  if (sum !== counted.sum) {
    throw new OcrGiroError(`${who} oppgir sum ${formatKroner(sum)}, men beløpspostene summerer til ${formatKroner(counted.sum)} (linje ${n}).`, n);
  }
}

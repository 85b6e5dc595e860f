/**
 * The bank's OCR giro file (Nets, now Mastercard Payment Services): the fixed-width file a
 * Norwegian bank delivers with the KID payments made to an account. Read here into plain data,
 * checked line by line, and written back (for fixtures, tests and benchmarks).
 *
 * Every line is 80 characters, starts 'NY', a 2-digit service code (00 on the transmission's
 * start and end, 09 for OCR giro), a 2-digit transaction or assignment type and a 2-digit record
 * type. Positions below are the system specification's, counted from 1:
 *
 *   10 start of transmission  9–16 data sender (Nets' id), 17–23 transmission number, 24–31 data recipient
 *   20 start of assignment    9–17 agreement id, 18–24 assignment number, 25–35 the payee's account
 *   30 amount item 1          9–15 transaction number, 16–21 Nets date DDMMYY, 22–23 centre id,
 *                             24–25 day code, 26 partial settlement number, 27–31 its serial number,
 *                             32 sign ('-' or '0'), 33–49 amount in øre, 50–74 KID right-aligned
 *   31 amount item 2          9–15 transaction number, 16–25 form number, 26–34 agreement id or
 *                             archive reference, 42–47 bank date, 48–58 the payer's account
 *   32 amount item 3          9–15 transaction number, 16–55 free text (transaction types 20 and 21 only)
 *   88 end of assignment      9–16 transactions, 17–24 records (its start and end included),
 *                             25–41 sum in øre, 42–47 Nets date, 48–53 earliest, 54–59 latest date
 *   89 end of transmission    9–16 transactions, 17–24 records (all lines), 25–41 sum, 42–47 Nets date
 *
 * The end records' sums add the amount field as written: a reversal (transaction type 18 or 20)
 * is added, not deducted, as the specification says. Fillers are not read: the public test data
 * has digits in a filler, and nothing we use is in one.
 */
import { HttpError } from './http-errors.ts';
import { Turns } from './turns.ts';

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
const TEXT_TYPES: ReadonlySet<number> = new Set([20, 21]);

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

const RECORD_NAMES: Readonly<Record<string, string>> = {
  '10': 'startposten for forsendelsen',
  '20': 'startposten for et oppdrag',
  '30': 'beløpspost 1',
  '31': 'beløpspost 2',
  '32': 'beløpspost 3',
  '88': 'sluttposten for oppdraget',
  '89': 'sluttposten for forsendelsen',
};

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** '1 000,00 kr' (ordinary spaces, so the message reads the same in a log and a test). */
export function formatKroner(ore: number): string {
  const sign = ore < 0 ? '-' : '';
  const abs = Math.abs(ore);
  const kroner = String(Math.trunc(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${sign}${kroner},${String(abs % 100).padStart(2, '0')} kr`;
}

/** The assignment number as people say it: '0001234' is oppdrag 1234. */
const assignmentName = (assignmentNumber: string) => String(Number(assignmentNumber));

/**
 * DDMMYY as yyyy-mm-dd. The century is fixed, not read from the clock: 69–99 are 1969–1999 and
 * 00–68 are 2000–2068 (the POSIX and Python rule, so files read the same everywhere).
 */
function parseDate(value: string): string | null {
  if (!/^\d{6}$/.test(value)) return null;
  const day = Number(value.slice(0, 2));
  const month = Number(value.slice(2, 4));
  const yy = Number(value.slice(4, 6));
  const year = yy < 69 ? 2000 + yy : 1900 + yy;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The reader: one line at a time, so the same rules serve a plain loop and a loop that gives turns. */
class OcrGiroReader {
  private transmission: Omit<OcrGiroFile, 'transactionCount' | 'totalOre'> | null = null;
  private assignment: { value: OcrGiroAssignment; records: number; sum: number } | null = null;
  /** The transaction whose amount item 2 (or 3) is still to come. */
  private pending: { transaction: OcrGiroTransaction; next: '31' | '32' } | null = null;
  private ended = false;
  private records = 0;
  private transactions = 0;
  private sum = 0;
  private readonly assignmentNumbers = new Set<string>();

  read(raw: string, n: number): void {
    const line = this.checkShape(raw, n);
    const serviceCode = line.slice(2, 4);
    const recordType = line.slice(6, 8);
    const name = RECORD_NAMES[recordType];
    if (name === undefined) throw new OcrGiroError(`Ukjent posttype «${recordType}» (linje ${n}).`, n);
    const expectedService = recordType === '10' || recordType === '89' ? '00' : '09';
    if (serviceCode !== expectedService) {
      const what = serviceCode === '21' ? ' (AvtaleGiro: avtaler og trekkrav, ikke innbetalinger)' : '';
      throw new OcrGiroError(`Ukjent tjenestekode «${serviceCode}»${what} på ${name}, som skal ha ${expectedService} (linje ${n}).`, n);
    }
    this.checkOrder(recordType, n);
    this.records += 1;
    if (this.assignment) this.assignment.records += 1;
    switch (recordType) {
      case '10': return this.startTransmission(line, n);
      case '20': return this.startAssignment(line, n);
      case '30': return this.amountItem1(line, n);
      case '31': return this.amountItem2(line, n);
      case '32': return this.amountItem3(line, n);
      case '88': return this.endAssignment(line, n);
      default: return this.endTransmission(line, n);
    }
  }

  finish(lastLine: number): OcrGiroFile {
    if (!this.transmission) throw new OcrGiroError('Filen er tom.', null);
    if (!this.ended) {
      throw new OcrGiroError(`Filen slutter før sluttposten for forsendelsen: den kan være avkortet (linje ${lastLine}).`, lastLine);
    }
    return { ...this.transmission, transactionCount: this.transactions, totalOre: this.sum };
  }

  private checkShape(raw: string, n: number): string {
    if (!raw.startsWith('NY')) {
      if (n === 1) throw new OcrGiroError('Filen er ikke en OCR-fil fra banken (linje 1 begynner ikke med NY).', 1);
      if (raw.trim() === '') throw new OcrGiroError(`Linjen er tom, men en OCR-fil har ingen tomme linjer (linje ${n}).`, n);
      throw new OcrGiroError(`Linjen begynner ikke med NY, som hver linje i en OCR-fil gjør (linje ${n}).`, n);
    }
    // Some programs pad a line with spaces when they save it; nothing else may differ from 80.
    const line = raw.length > OCR_LINE_LENGTH && raw.slice(OCR_LINE_LENGTH).trim() === '' ? raw.slice(0, OCR_LINE_LENGTH) : raw;
    if (line.length !== OCR_LINE_LENGTH) {
      throw new OcrGiroError(`Linjen har ${line.length} tegn, men en OCR-linje har ${OCR_LINE_LENGTH} (linje ${n}).`, n);
    }
    return line;
  }

  private checkOrder(recordType: string, n: number): void {
    const name = RECORD_NAMES[recordType];
    if (this.ended) throw new OcrGiroError(`Linjen kommer etter sluttposten for forsendelsen (linje ${n}).`, n);
    let expected: string[];
    if (!this.transmission) expected = ['10'];
    else if (this.pending) expected = [this.pending.next];
    else if (this.assignment) expected = ['30', '88'];
    else expected = ['20', '89'];
    if (expected.includes(recordType)) return;
    if (!this.transmission) {
      throw new OcrGiroError(`Filen må begynne med startposten for forsendelsen (posttype 10), men første linje er ${name} (linje ${n}).`, n);
    }
    if (recordType === '31' && this.assignment && !this.pending) {
      throw new OcrGiroError(`Beløpspost 2 mangler beløpspost 1 foran seg (linje ${n}).`, n);
    }
    if (this.pending) {
      const waiting = RECORD_NAMES[this.pending.next];
      throw new OcrGiroError(
        `Transaksjon ${this.pending.transaction.transactionNumber} mangler ${waiting}: ${name} kom i stedet (linje ${n}).`, n);
    }
    const names = expected.map((type) => RECORD_NAMES[type]).join(' eller ');
    throw new OcrGiroError(`${capitalised(name)} kan ikke stå her; ventet ${names} (linje ${n}).`, n);
  }

  private startTransmission(line: string, n: number): void {
    if (line.slice(4, 6) !== '00') throw new OcrGiroError(`Ukjent forsendelsestype «${line.slice(4, 6)}», som skal være 00 (linje ${n}).`, n);
    this.transmission = {
      dataSender: digits(line, 9, 16, 'dataavsender', n),
      transmissionNumber: digits(line, 17, 23, 'forsendelsesnummer', n),
      dataRecipient: digits(line, 24, 31, 'datamottaker', n),
      date: null,
      assignments: [],
    };
  }

  private startAssignment(line: string, n: number): void {
    const type = line.slice(4, 6);
    if (type !== '00') throw new OcrGiroError(`Oppdragstype «${type}» er ikke innbetalinger; en OCR-fil har oppdragstype 00 (linje ${n}).`, n);
    const assignmentNumber = digits(line, 18, 24, 'oppdragsnummer', n);
    if (this.assignmentNumbers.has(assignmentNumber)) {
      throw new OcrGiroError(`Oppdrag ${assignmentName(assignmentNumber)} står to ganger i forsendelsen (linje ${n}).`, n);
    }
    this.assignmentNumbers.add(assignmentNumber);
    this.assignment = {
      value: {
        assignmentNumber,
        agreementId: digits(line, 9, 17, 'avtale-id', n),
        account: digits(line, 25, 35, 'oppdragskonto', n),
        date: null,
        earliestDate: null,
        latestDate: null,
        totalOre: 0,
        transactions: [],
        line: n,
      },
      records: 1,
      sum: 0,
    };
  }

  private amountItem1(line: string, n: number): void {
    const assignment = this.assignment!;
    const transactionType = Number(digits(line, 5, 6, 'transaksjonstype', n));
    if (OCR_TRANSACTION_TYPES[transactionType] === undefined) {
      throw new OcrGiroError(`Ukjent transaksjonstype «${line.slice(4, 6)}»; OCR giro har 10–21 (linje ${n}).`, n);
    }
    const transactionNumber = Number(digits(line, 9, 15, 'transaksjonsnummer', n));
    const previous = assignment.value.transactions.at(-1);
    if (previous && transactionNumber <= previous.transactionNumber) {
      throw new OcrGiroError(
        `Transaksjonsnummer ${transactionNumber} kommer etter ${previous.transactionNumber} i oppdrag ${assignmentName(assignment.value.assignmentNumber)}; numrene skal stige (linje ${n}).`, n);
    }
    const sign = field(line, 32, 32);
    if (sign !== '-' && sign !== '0') throw new OcrGiroError(`Fortegnet «${sign}» skal være 0 eller - (linje ${n}).`, n);
    const amount = amountField(line, 33, 49, 'beløpet', n);
    const kidField = field(line, 50, 74);
    const kid = kidField.trim();
    // Digits, right-aligned; a MOD11 check digit of 10 is written '-'.
    if (kid !== '' && !/^\d+-?$/.test(kid)) {
      throw new OcrGiroError(`KID-feltet «${kidField.trim()}» kan bare ha sifre (linje ${n}).`, n);
    }
    const transaction: OcrGiroTransaction = {
      transactionNumber,
      transactionType,
      date: dateField(line, 16, 21, 'oppgjørsdatoen', n, false)!,
      amountOre: sign === '-' ? -amount : amount,
      kid: kid === '' ? null : kid,
      centreId: digits(line, 22, 23, 'sentral-id', n),
      dayCode: Number(digits(line, 24, 25, 'dagkoden', n)),
      partialSettlementNumber: Number(digits(line, 26, 26, 'delavregningsnummeret', n)),
      partialSettlementSerialNumber: digits(line, 27, 31, 'løpenummeret', n),
      sign,
      formNumber: '',
      bankReference: '',
      bankDate: null,
      payerAccount: null,
      text: null,
      line: n,
    };
    assignment.sum = safeSum(assignment.sum, amount, n);
    this.sum = safeSum(this.sum, amount, n);
    assignment.value.transactions.push(transaction);
    this.transactions += 1;
    this.pending = { transaction, next: '31' };
  }

  private amountItem2(line: string, n: number): void {
    const { transaction } = this.pending!;
    this.sameTransaction(line, transaction, 'Beløpspost 2', n);
    transaction.formNumber = digits(line, 16, 25, 'blankettnummeret', n);
    transaction.bankReference = digits(line, 26, 34, 'avtale-id/arkivreferansen', n);
    transaction.bankDate = dateField(line, 42, 47, 'bankdatoen', n, true);
    const payerAccount = digits(line, 48, 58, 'debetkontoen', n);
    transaction.payerAccount = /^0+$/.test(payerAccount) ? null : payerAccount;
    this.pending = TEXT_TYPES.has(transaction.transactionType) ? { transaction, next: '32' } : null;
  }

  private amountItem3(line: string, n: number): void {
    const { transaction } = this.pending!;
    this.sameTransaction(line, transaction, 'Beløpspost 3', n);
    transaction.text = field(line, 16, 55).trim() || null;
    this.pending = null;
  }

  private sameTransaction(line: string, transaction: OcrGiroTransaction, name: string, n: number): void {
    const transactionNumber = Number(digits(line, 9, 15, 'transaksjonsnummer', n));
    if (transactionNumber !== transaction.transactionNumber) {
      throw new OcrGiroError(
        `${name} har transaksjonsnummer ${transactionNumber}, men beløpspost 1 foran har ${transaction.transactionNumber} (linje ${n}).`, n);
    }
    const transactionType = Number(digits(line, 5, 6, 'transaksjonstype', n));
    if (transactionType !== transaction.transactionType) {
      throw new OcrGiroError(
        `${name} har transaksjonstype ${line.slice(4, 6)}, men beløpspost 1 foran har ${transaction.transactionType} (linje ${n}).`, n);
    }
  }

  private endAssignment(line: string, n: number): void {
    const { value, records, sum } = this.assignment!;
    const who = `Sluttposten for oppdrag ${assignmentName(value.assignmentNumber)}`;
    if (line.slice(4, 6) !== '00') throw new OcrGiroError(`${who} har oppdragstype «${line.slice(4, 6)}», som skal være 00 (linje ${n}).`, n);
    checkTotals(who, 'oppdraget', line, n, { transactions: value.transactions.length, records, sum });
    value.totalOre = sum;
    value.date = dateField(line, 42, 47, 'oppgjørsdatoen', n, true);
    value.earliestDate = dateField(line, 48, 53, 'første oppgjørsdato', n, true);
    value.latestDate = dateField(line, 54, 59, 'siste oppgjørsdato', n, true);
    this.transmission!.assignments.push(value);
    this.assignment = null;
  }

  private endTransmission(line: string, n: number): void {
    if (line.slice(4, 6) !== '00') throw new OcrGiroError(`Ukjent forsendelsestype «${line.slice(4, 6)}», som skal være 00 (linje ${n}).`, n);
    checkTotals('Sluttposten for forsendelsen', 'forsendelsen', line, n, { transactions: this.transactions, records: this.records, sum: this.sum });
    this.transmission!.date = dateField(line, 42, 47, 'datoen', n, true);
    this.ended = true;
  }
}

/** A field by the specification's positions, counted from 1, both ends included. */
const field = (line: string, from: number, to: number) => line.slice(from - 1, to);

function digits(line: string, from: number, to: number, name: string, n: number): string {
  const value = field(line, from, to);
  if (!/^\d+$/.test(value)) throw new OcrGiroError(`Feltet for ${name} «${value}» kan bare ha sifre (linje ${n}).`, n);
  return value;
}

function amountField(line: string, from: number, to: number, name: string, n: number): number {
  const value = field(line, from, to);
  if (!/^\d+$/.test(value)) throw new OcrGiroError(`${capitalised(name)} «${value}» kan bare ha sifre (linje ${n}).`, n);
  const ore = Number(value);
  if (!Number.isSafeInteger(ore)) throw new OcrGiroError(`${capitalised(name)} «${value}» er for stort (linje ${n}).`, n);
  return ore;
}

function safeSum(total: number, amount: number, n: number): number {
  const sum = total + amount;
  if (!Number.isSafeInteger(sum)) throw new OcrGiroError(`Summen av beløpene blir for stor (linje ${n}).`, n);
  return sum;
}

function dateField(line: string, from: number, to: number, name: string, n: number, optional: boolean): string | null {
  const value = field(line, from, to);
  if (optional && value === '000000') return null;
  const date = parseDate(value);
  if (date === null) throw new OcrGiroError(`${capitalised(name)} «${value}» er ikke en dato på formen DDMMÅÅ (linje ${n}).`, n);
  return date;
}

function checkTotals(
  who: string, what: string, line: string, n: number,
  counted: { transactions: number; records: number; sum: number },
): void {
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
    throw new OcrGiroError(
      `${who} oppgir sum ${formatKroner(sum)}, men beløpspostene summerer til ${formatKroner(counted.sum)} (linje ${n}).`, n);
  }
}

/**
 * The file's text. Banks deliver ISO-8859-1; a file saved again by another program may be UTF-8
 * (with or without a BOM). Bytes that are valid UTF-8 are read as UTF-8, others as ISO-8859-1;
 * a file of digits and letters A–Z reads the same either way.
 */
function decode(buffer: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    text = buffer.toString('latin1');
  }
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

/** The lines, CRLF or LF; empty lines at the end (a final line ending, trailing blank lines) are dropped. */
function splitLines(buffer: Buffer): string[] {
  const lines = decode(buffer).split(/\r?\n/);
  while (lines.length > 0 && lines[lines.length - 1].trim() === '') lines.pop();
  return lines;
}

/** Reads an OCR giro file, or throws an OcrGiroError naming the line that is wrong. */
export function parseOcrGiro(buffer: Buffer): OcrGiroFile {
  const lines = splitLines(buffer);
  const reader = new OcrGiroReader();
  for (let i = 0; i < lines.length; i += 1) reader.read(lines[i], i + 1);
  return reader.finish(lines.length);
}

/** The same, giving other requests their turn during a long file (see lib/turns.ts). */
export async function parseOcrGiroInTurns(buffer: Buffer, turns: Turns = new Turns()): Promise<OcrGiroFile> {
  const lines = splitLines(buffer);
  const reader = new OcrGiroReader();
  for (let i = 0; i < lines.length; i += 1) {
    reader.read(lines[i], i + 1);
    if (turns.due()) await turns.give();
  }
  return reader.finish(lines.length);
}

// ---------------------------------------------------------------------------------------------
// Writing

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
  if (!match || parseDate(`${match[3]}${match[2]}${match[1].slice(2)}`) !== date) throw new Error(`A date from 1969 to 2068 as yyyy-mm-dd is needed, got ${date}`);
  return `${match[3]}${match[2]}${match[1].slice(2)}`;
}

/**
 * An OCR giro file as a bank delivers it (text; encode it with `Buffer.from(text, 'latin1')`):
 * transaction numbers, counts, sums and the end records' dates are worked out here, so what it
 * writes is always valid. A fixture that needs a wrong file changes a line afterwards.
 */
export function writeOcrGiro(input: OcrGiroInput, options: { lineEnding?: '\r\n' | '\n' } = {}): string {
  const lines: string[] = [];
  lines.push(`NY000010${number(input.dataSender ?? NETS_ID, 8, 'dataSender')}${number(input.transmissionNumber, 7, 'transmissionNumber')}`
    + `${number(input.dataRecipient, 8, 'dataRecipient')}${'0'.repeat(49)}`);
  let transmissionTransactions = 0;
  let transmissionSum = 0;
  for (const assignment of input.assignments) {
    const start = lines.length;
    lines.push(`NY090020${number(assignment.agreementId, 9, 'agreementId')}${number(assignment.assignmentNumber, 7, 'assignmentNumber')}`
      + `${number(assignment.account, 11, 'account')}${'0'.repeat(45)}`);
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
      lines.push(`${prefix}30${transactionNumber}${date}${number(transaction.centreId ?? '01', 2, 'centreId')}`
        + `${number(transaction.dayCode ?? Number(transaction.date.slice(8, 10)), 2, 'dayCode')}`
        + `${number(transaction.partialSettlementNumber ?? 1, 1, 'partialSettlementNumber')}`
        + `${number(transaction.partialSettlementSerialNumber ?? '00001', 5, 'partialSettlementSerialNumber')}`
        + `${transaction.amountOre < 0 ? '-' : '0'}${number(amount, 17, 'amountOre')}${kid.padStart(25, ' ')}${'0'.repeat(6)}`);
      lines.push(`${prefix}31${transactionNumber}${number(transaction.formNumber ?? '0', 10, 'formNumber')}`
        + `${number(transaction.bankReference ?? '0', 9, 'bankReference')}${'0'.repeat(7)}`
        + `${ddmmyy(transaction.bankDate === undefined ? transaction.date : transaction.bankDate)}`
        + `${number(transaction.payerAccount ?? '0', 11, 'payerAccount')}${'0'.repeat(22)}`);
      if (TEXT_TYPES.has(type)) {
        const text = transaction.text ?? '';
        // The file is ISO-8859-1: a character outside it would be lost when the text is encoded.
        if (text.length > 40 || !/^[\x20-\x7E\xA0-\xFF]*$/.test(text)) throw new Error('Amount item 3 holds at most 40 characters of ISO-8859-1 text');
        lines.push(`${prefix}32${transactionNumber}${text.padEnd(40, ' ')}${'0'.repeat(25)}`);
      }
    });
    const sorted = [...dates].sort();
    const records = lines.length - start + 1;
    lines.push(`NY090088${number(assignment.transactions.length, 8, 'transactions')}${number(records, 8, 'records')}`
      + `${number(sum, 17, 'sum')}${ddmmyy(assignment.date ?? sorted.at(-1) ?? input.date)}`
      + `${ddmmyy(sorted[0] ?? null)}${ddmmyy(sorted.at(-1) ?? null)}${'0'.repeat(21)}`);
    transmissionTransactions += assignment.transactions.length;
    transmissionSum += sum;
  }
  lines.push(`NY000089${number(transmissionTransactions, 8, 'transactions')}${number(lines.length + 1, 8, 'records')}`
    + `${number(transmissionSum, 17, 'sum')}${ddmmyy(input.date)}${'0'.repeat(33)}`);
  const lineEnding = options.lineEnding ?? '\r\n';
  return lines.join(lineEnding) + lineEnding;
}

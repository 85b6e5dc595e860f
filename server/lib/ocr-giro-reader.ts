import {
  OCR_LINE_LENGTH,
  OCR_TRANSACTION_TYPES,
  OcrGiroError,
  TEXT_TYPES,
  type OcrGiroAssignment,
  type OcrGiroFile,
  type OcrGiroTransaction,
} from './ocr-giro-format.ts';
import { amountField, capitalised, checkTotals, dateField, digits, field, safeSum } from './ocr-giro-fields.ts';

const RECORD_NAMES: Readonly<Record<string, string>> = {
  '10': 'startposten for forsendelsen',
  '20': 'startposten for et oppdrag',
  '30': 'beløpspost 1',
  '31': 'beløpspost 2',
  '32': 'beløpspost 3',
  '88': 'sluttposten for oppdraget',
  '89': 'sluttposten for forsendelsen',
};

/** The assignment number as people say it: '0001234' is oppdrag 1234. */
const assignmentName = (assignmentNumber: string) => String(Number(assignmentNumber));

/** The reader: one line at a time, so the same rules serve a plain loop and a loop that gives turns. */
export class OcrGiroReader {
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
      case '10':
        return this.startTransmission(line, n);
      case '20':
        return this.startAssignment(line, n);
      case '30':
        return this.amountItem1(line, n);
      case '31':
        return this.amountItem2(line, n);
      case '32':
        return this.amountItem3(line, n);
      case '88':
        return this.endAssignment(line, n);
      default:
        return this.endTransmission(line, n);
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
      throw new OcrGiroError(`Transaksjon ${this.pending.transaction.transactionNumber} mangler ${waiting}: ${name} kom i stedet (linje ${n}).`, n);
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
        `Transaksjonsnummer ${transactionNumber} kommer etter ${previous.transactionNumber} i oppdrag ${assignmentName(assignment.value.assignmentNumber)}; numrene skal stige (linje ${n}).`,
        n,
      );
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
        `${name} har transaksjonsnummer ${transactionNumber}, men beløpspost 1 foran har ${transaction.transactionNumber} (linje ${n}).`,
        n,
      );
    }
    const transactionType = Number(digits(line, 5, 6, 'transaksjonstype', n));
    if (transactionType !== transaction.transactionType) {
      throw new OcrGiroError(`${name} har transaksjonstype ${line.slice(4, 6)}, men beløpspost 1 foran har ${transaction.transactionType} (linje ${n}).`, n);
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

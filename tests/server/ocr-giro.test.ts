import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { makeKid } from '../../server/lib/kid.ts';
import { NETS_ID, OcrGiroError, parseOcrGiro, parseOcrGiroInTurns, writeOcrGiro } from '../../server/lib/ocr-giro.ts';
import type { OcrGiroFile, OcrGiroTransactionInput } from '../../server/lib/ocr-giro.ts';
import { checkOcrAccounts, matchOcrPayments, ocrKids } from '../../server/domain/billing/ocr-matching.ts';
import type { OcrInvoice, OcrMatchResult, OcrPaymentMatch } from '../../server/domain/billing/ocr-matching.ts';

const SEED = 20261128;
const FIXTURES = new URL('../fixtures/ocr/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, FIXTURES));
const ACCOUNT = loadConfig({}).billing.bankAccount;

const expected = JSON.parse(fixture('valid-payments.invoices.json').toString('utf8')) as {
  bankAccount: string;
  invoices: (OcrInvoice & { memberNumber: number; invoiceNumber: number })[];
  payments: { kid: string; amountOre: number; expected: string; invoiceId: number | null }[];
};
const invoicesByKid = () => new Map(expected.invoices.map((invoice) => [invoice.kid, invoice]));

/** The valid file's lines (ISO-8859-1, CRLF), to break one at a time. */
const validLines = () => fixture('valid-payments.txt').toString('latin1').split('\r\n').slice(0, -1);
const file = (lines: string[], lineEnding = '\r\n') => Buffer.from(lines.join(lineEnding) + lineEnding, 'latin1');
const edit = (change: (lines: string[]) => void) => {
  const lines = validLines();
  change(lines);
  return file(lines);
};
/** Positions as the specification counts them (from 1, both ends included). */
const put = (line: string, from: number, value: string) => line.slice(0, from - 1) + value + line.slice(from - 1 + value.length);

function refusal(buffer: Buffer): OcrGiroError {
  try {
    parseOcrGiro(buffer);
  } catch (error) {
    if (error instanceof OcrGiroError) return error;
    throw error;
  }
  throw new Error('the file was read');
}

function matched(result: OcrMatchResult): OcrPaymentMatch[] {
  if (!result.ok) throw new Error(result.errors.map((error) => error.message).join(' '));
  return result.payments;
}

describe('OCR giro files: reading', () => {
  it('reads the fixture of two assignments: transmission, accounts, counts, sums, KIDs, dates and amounts in øre', () => {
    const parsed = parseOcrGiro(fixture('valid-payments.txt'));
    expect(parsed).toMatchObject({
      transmissionNumber: '1000042',
      dataSender: NETS_ID,
      dataRecipient: '00123456',
      date: '2027-01-20',
      transactionCount: 11,
      totalOre: 1_304_550,
    });
    expect(parsed.assignments.map((a) => [a.assignmentNumber, a.agreementId, a.account, a.transactions.length, a.totalOre, a.date, a.line])).toEqual([
      ['0000101', '000123456', '15031234562', 5, 505_000, '2027-01-18', 2],
      ['0000102', '000123456', '15031234562', 6, 799_550, '2027-01-19', 14],
    ]);
    const [exact, partial] = parsed.assignments[0].transactions;
    expect(exact).toEqual({
      transactionNumber: 1,
      transactionType: 10,
      date: '2027-01-18',
      amountOre: 125_000,
      kid: makeKid(1042, 17),
      centreId: '01',
      dayCode: 18,
      partialSettlementNumber: 1,
      partialSettlementSerialNumber: '00001',
      sign: '0',
      formNumber: '9636827194',
      bankReference: '099038562',
      bankDate: '2027-01-18',
      payerAccount: '12345678903',
      text: null,
      line: 3,
    });
    expect(partial).toMatchObject({ transactionNumber: 2, transactionType: 11, amountOre: 50_000, kid: makeKid(1043, 18), payerAccount: null, line: 5 });
    const second = parsed.assignments[1].transactions;
    expect(second.map((t) => [t.transactionNumber, t.transactionType, t.amountOre, t.kid])).toEqual([
      [1, 15, 349_550, makeKid(1046, 21)],
      [2, 10, 125_000, makeKid(1047, 22)],
      [3, 14, 125_000, makeKid(1048, 23)],
      [4, 16, 75_000, makeKid(1043, 18)],
      [5, 21, 62_500, makeKid(1049, 24)],
      [6, 20, -62_500, makeKid(1049, 24)],
    ]);
    // The credited invoice's payment has no bank date; the card payments carry their terminal text.
    expect(second[2].bankDate).toBeNull();
    expect(second[4].text).toBe('Kontingent 2027, Bærum øvre');
    expect(second[5]).toMatchObject({ sign: '-', text: 'Kjøp reversert på terminal', line: 26 });
    // Every amount is an integer number of øre.
    expect(parsed.assignments.flatMap((a) => a.transactions).every((t) => Number.isSafeInteger(t.amountOre))).toBe(true);
  });

  it("reads a file of the shape of netsgiro's test data: Nets as sender, types 10–21, a text record, KIDs of 7 to 14 digits, 1992 dates", () => {
    const parsed = parseOcrGiro(fixture('netsgiro-shape.txt'));
    expect(parsed).toMatchObject({
      transmissionNumber: '0170042',
      dataSender: '00008080',
      dataRecipient: '00010300',
      date: '1992-01-21',
      transactionCount: 20,
    });
    expect(parsed.assignments).toHaveLength(1);
    const [assignment] = parsed.assignments;
    expect(assignment).toMatchObject({ assignmentNumber: '0000003', agreementId: '001008577', account: '99991042775', totalOre: 4_716_900 });
    expect(assignment.transactions).toHaveLength(20);
    expect(assignment.transactions[0]).toMatchObject({
      transactionType: 21,
      kid: '0000917',
      amountOre: 98_000,
      date: '1992-01-21',
      text: 'Foo bar baz',
      centreId: '13',
      dayCode: 21,
    });
    expect(assignment.transactions[10]).toMatchObject({ transactionType: 11, kid: '000259017', amountOre: 184_300 });
    expect(assignment.transactions[8]).toMatchObject({ transactionType: 12, bankDate: null, payerAccount: null });
    expect(assignment.transactions[19]).toMatchObject({ transactionNumber: 20, kid: '02313192051234', amountOre: 44_000 });
    expect(new Set(assignment.transactions.map((t) => t.transactionType))).toEqual(new Set([10, 11, 12, 13, 21]));
  });

  it('reads ISO-8859-1 and UTF-8, CRLF and LF alike: the file saved again by another program is the same transmission', () => {
    const latin1 = fixture('valid-payments.txt');
    const utf8 = fixture('duplicate-transmission.txt');
    expect(latin1.equals(utf8)).toBe(false);
    expect(latin1.includes(Buffer.from('Bærum øvre', 'latin1'))).toBe(true);
    expect(utf8.includes(Buffer.from('Bærum øvre', 'utf8'))).toBe(true);
    const fromLatin1 = parseOcrGiro(latin1);
    const fromUtf8 = parseOcrGiro(utf8);
    expect(fromUtf8).toEqual(fromLatin1);
    expect(fromUtf8.transmissionNumber).toBe('1000042');
    expect(fromUtf8.assignments[1].transactions[4].text).toBe('Kontingent 2027, Bærum øvre');
    // A UTF-8 byte-order mark, lines padded with spaces, no final line ending, blank lines at the end.
    const text = utf8
      .toString('utf8')
      .trimEnd()
      .split('\n')
      .map((line) => `${line}    `)
      .join('\n');
    expect(parseOcrGiro(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]))).toEqual(fromLatin1);
    expect(parseOcrGiro(Buffer.from(`${text}\r\n\r\n\n`, 'utf8'))).toEqual(fromLatin1);
  });

  it('reads in turns to the same result', async () => {
    expect(await parseOcrGiroInTurns(fixture('valid-payments.txt'))).toEqual(parseOcrGiro(fixture('valid-payments.txt')));
  });

  it('writes 20 000 payments that read back exactly', () => {
    const transactions: OcrGiroTransactionInput[] = [];
    const invoices = new Map<string, OcrInvoice>();
    for (let i = 0; i < 20_000; i += 1) {
      const kid = makeKid(10_000 + i, 500_000 + i);
      const amountOre = 100_000 + ((i * 7919) % 400_000);
      transactions.push({
        transactionType: 10 + (i % 8),
        date: `2027-02-${String(1 + (i % 28)).padStart(2, '0')}`,
        amountOre,
        kid,
        payerAccount: i % 3 === 0 ? '12345678903' : null,
      });
      invoices.set(kid, { invoiceId: i + 1, kid, outstandingOre: amountOre, state: 'sent' });
    }
    const half = 12_000;
    const text = writeOcrGiro({
      transmissionNumber: 7,
      dataRecipient: '00123456',
      date: '2027-03-01',
      assignments: [
        { assignmentNumber: 1, agreementId: '000123456', account: ACCOUNT, transactions: transactions.slice(0, half) },
        { assignmentNumber: 2, agreementId: '000123456', account: ACCOUNT, transactions: transactions.slice(half) },
      ],
    });
    const parsed = parseOcrGiro(Buffer.from(text, 'latin1'));
    const totalOre = transactions.reduce((sum, t) => sum + t.amountOre, 0);
    expect(parsed).toMatchObject({ transmissionNumber: '0000007', transactionCount: 20_000, totalOre });
    expect(parsed.assignments.map((a) => [a.assignmentNumber, a.transactions.length, a.earliestDate, a.latestDate])).toEqual([
      ['0000001', half, '2027-02-01', '2027-02-28'],
      ['0000002', 20_000 - half, '2027-02-01', '2027-02-28'],
    ]);
    const read = parsed.assignments.flatMap((a) => a.transactions);
    expect(read.map((t) => [t.transactionNumber, t.kid, t.amountOre, t.date, t.transactionType, t.payerAccount])).toEqual(
      transactions.map((t, i) => [i < half ? i + 1 : i - half + 1, t.kid, t.amountOre, t.date, t.transactionType, t.payerAccount]),
    );
    const payments = matched(matchOcrPayments(parsed, invoices, ACCOUNT));
    expect(payments.every((payment) => payment.kind === 'exact')).toBe(true);
    expect(payments[19_999].invoiceId).toBe(20_000);
  });

  it('reads back whatever it writes, in either encoding and line ending (generated files)', () => {
    const latin1Text = fc.string({ unit: fc.constantFrom(...'abcæøåÆØÅ 019,.-é'.split('')), maxLength: 40 });
    const date = fc
      .date({ min: new Date(Date.UTC(1969, 0, 1)), max: new Date(Date.UTC(2068, 11, 31)), noInvalidDate: true })
      .map((value) => value.toISOString().slice(0, 10));
    const transaction = fc.record({
      transactionType: fc.integer({ min: 10, max: 21 }),
      date,
      amountOre: fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
      kid: fc.option(fc.stringMatching(/^\d{1,24}-?$/), { nil: null }),
      bankDate: fc.option(date, { nil: null }),
      payerAccount: fc.option(fc.stringMatching(/^[1-9]\d{10}$/), { nil: null }),
      text: latin1Text,
    });
    const input = fc.record({
      transmissionNumber: fc.integer({ min: 0, max: 9_999_999 }),
      dataRecipient: fc.stringMatching(/^\d{8}$/),
      date,
      assignments: fc.uniqueArray(
        fc.record({
          assignmentNumber: fc.integer({ min: 1, max: 9_999_999 }),
          agreementId: fc.stringMatching(/^\d{9}$/),
          account: fc.stringMatching(/^\d{11}$/),
          transactions: fc.array(transaction, { maxLength: 6 }),
        }),
        { maxLength: 3, selector: (assignment) => assignment.assignmentNumber },
      ),
    });
    fc.assert(
      fc.property(input, fc.boolean(), fc.boolean(), (description, asUtf8, lf) => {
        const text = writeOcrGiro(description, { lineEnding: lf ? '\n' : '\r\n' });
        const parsed = parseOcrGiro(Buffer.from(text, asUtf8 ? 'utf8' : 'latin1'));
        expect(parsed.transmissionNumber).toBe(String(description.transmissionNumber).padStart(7, '0'));
        expect(parsed.assignments.map((a) => Number(a.assignmentNumber))).toEqual(description.assignments.map((a) => a.assignmentNumber));
        expect(
          parsed.assignments.flatMap((a) => a.transactions).map((t) => [t.transactionType, t.date, t.amountOre, t.kid, t.bankDate, t.payerAccount, t.text]),
        ).toEqual(
          description.assignments
            .flatMap((a) => a.transactions)
            .map((t) => [
              t.transactionType,
              t.date,
              t.amountOre,
              t.kid,
              t.bankDate,
              t.payerAccount,
              // Only types 20 and 21 carry text, read without its padding.
              [20, 21].includes(t.transactionType) ? t.text.trim() || null : null,
            ]),
        );
      }),
      { seed: SEED, numRuns: 200 },
    );
  });

  it('answers any one changed character with the file read or an OcrGiroError naming a line of the file', () => {
    const valid = fixture('valid-payments.txt').toString('latin1');
    const lineCount = valid.split('\r\n').length - 1;
    fc.assert(
      fc.property(fc.nat(valid.length - 1), fc.constantFrom(...'0123456789 -NYX\r\nø\u0000'.split('')), (at, character) => {
        const changed = Buffer.from(valid.slice(0, at) + character + valid.slice(at + 1), 'latin1');
        try {
          parseOcrGiro(changed);
        } catch (error) {
          expect(error).toBeInstanceOf(OcrGiroError);
          const { line } = error as OcrGiroError;
          expect(line).toBeGreaterThanOrEqual(1);
          expect(line).toBeLessThanOrEqual(lineCount + 1);
        }
      }),
      { seed: SEED, numRuns: 500 },
    );
  });

  it('refuses to write what the file cannot hold', () => {
    const base = { transmissionNumber: 1, dataRecipient: '1', date: '2027-01-01' };
    const one = (transaction: Partial<OcrGiroTransactionInput>) => () =>
      writeOcrGiro({
        ...base,
        assignments: [
          { assignmentNumber: 1, agreementId: '1', account: ACCOUNT, transactions: [{ date: '2027-01-01', amountOre: 100, kid: '1', ...transaction }] },
        ],
      });
    expect(one({ amountOre: 10.5 })).toThrow(/integer/);
    expect(one({ transactionType: 21, text: 'Kontingent – 2027' })).toThrow(/ISO-8859-1/);
    expect(one({ date: '2027-02-30' })).toThrow(/date/);
    expect(one({ kid: '12A' })).toThrow(/KID/);
  });
});

describe('OCR giro files: refused with the line that is wrong', () => {
  it('says an empty file is empty and a spreadsheet or CSV is no OCR file', () => {
    expect(refusal(Buffer.alloc(0))).toMatchObject({ message: 'Filen er tom.', line: null, statusCode: 422 });
    expect(refusal(Buffer.from('\r\n\r\n')).message).toBe('Filen er tom.');
    const notOcr = 'Filen er ikke en OCR-fil fra banken (linje 1 begynner ikke med NY).';
    const xlsx = refusal(readFileSync(new URL('../fixtures/spreadsheets/members-openpyxl.xlsx', import.meta.url)));
    expect(xlsx).toMatchObject({ message: notOcr, line: 1 });
    expect(xlsx.body).toEqual({ message: notOcr, errors: { file: [notOcr] } });
    expect(refusal(Buffer.from('KID;Beløp;Dato\r\n000104200000172;1250,00;18.01.2027\r\n', 'latin1')).message).toBe(notOcr);
  });

  it('names the bad record of the fixture and the wrong total of its end record', () => {
    expect(refusal(fixture('bad-record.txt'))).toMatchObject({ message: 'Beløpet «0000000000005O000» kan bare ha sifre (linje 5).', line: 5 });
    expect(refusal(fixture('wrong-total.txt'))).toMatchObject({
      message: 'Sluttposten for oppdrag 101 oppgir sum 5 150,00 kr, men beløpspostene summerer til 5 050,00 kr (linje 13).',
      line: 13,
    });
  });

  const cases: [string, (lines: string[]) => void, string, number][] = [
    [
      'a short line',
      (l) => {
        l[2] = l[2].slice(0, 79);
      },
      'Linjen har 79 tegn, men en OCR-linje har 80 (linje 3).',
      3,
    ],
    [
      'a long line',
      (l) => {
        l[2] = `${l[2]}0`;
      },
      'Linjen har 81 tegn, men en OCR-linje har 80 (linje 3).',
      3,
    ],
    [
      'an empty line',
      (l) => {
        l.splice(3, 0, '');
      },
      'Linjen er tom, men en OCR-fil har ingen tomme linjer (linje 4).',
      4,
    ],
    [
      'a line of something else',
      (l) => {
        l[3] = `XY${l[3].slice(2)}`;
      },
      'Linjen begynner ikke med NY, som hver linje i en OCR-fil gjør (linje 4).',
      4,
    ],
    [
      'an unknown record type',
      (l) => {
        l[2] = put(l[2], 7, '45');
      },
      'Ukjent posttype «45» (linje 3).',
      3,
    ],
    [
      'an AvtaleGiro service code',
      (l) => {
        l[1] = put(l[1], 3, '21');
      },
      'Ukjent tjenestekode «21» (AvtaleGiro: avtaler og trekkrav, ikke innbetalinger) på startposten for et oppdrag, som skal ha 09 (linje 2).',
      2,
    ],
    [
      'an unknown service code',
      (l) => {
        l[0] = put(l[0], 3, '09');
      },
      'Ukjent tjenestekode «09» på startposten for forsendelsen, som skal ha 00 (linje 1).',
      1,
    ],
    [
      'an unknown transaction type',
      (l) => {
        l[2] = put(l[2], 5, '25');
        l[3] = put(l[3], 5, '25');
      },
      'Ukjent transaksjonstype «25»; OCR giro har 10–21 (linje 3).',
      3,
    ],
    [
      'an assignment of AvtaleGiro agreements',
      (l) => {
        l[1] = put(l[1], 5, '24');
      },
      'Oppdragstype «24» er ikke innbetalinger; en OCR-fil har oppdragstype 00 (linje 2).',
      2,
    ],
    [
      'a file that starts with an assignment',
      (l) => {
        l.shift();
      },
      'Filen må begynne med startposten for forsendelsen (posttype 10), men første linje er startposten for et oppdrag (linje 1).',
      1,
    ],
    [
      'a payment outside an assignment',
      (l) => {
        l.splice(1, 1);
      },
      'Beløpspost 1 kan ikke stå her; ventet startposten for et oppdrag eller sluttposten for forsendelsen (linje 2).',
      2,
    ],
    [
      'an amount item 2 without its amount item 1',
      (l) => {
        l.splice(2, 1);
      },
      'Beløpspost 2 mangler beløpspost 1 foran seg (linje 3).',
      3,
    ],
    [
      'an amount item 1 without its amount item 2',
      (l) => {
        l.splice(3, 1);
      },
      'Transaksjon 1 mangler beløpspost 2: beløpspost 1 kom i stedet (linje 4).',
      4,
    ],
    [
      'a text payment without its amount item 3',
      (l) => {
        l.splice(24, 1);
      },
      'Transaksjon 5 mangler beløpspost 3: beløpspost 1 kom i stedet (linje 25).',
      25,
    ],
    [
      'an amount item 2 of another transaction',
      (l) => {
        l[3] = put(l[3], 9, '0000002');
      },
      'Beløpspost 2 har transaksjonsnummer 2, men beløpspost 1 foran har 1 (linje 4).',
      4,
    ],
    [
      'an amount item 2 of another transaction type',
      (l) => {
        l[3] = put(l[3], 5, '11');
      },
      'Beløpspost 2 har transaksjonstype 11, men beløpspost 1 foran har 10 (linje 4).',
      4,
    ],
    [
      'transaction numbers that do not rise',
      (l) => {
        l[4] = put(l[4], 9, '0000001');
        l[5] = put(l[5], 9, '0000001');
      },
      'Transaksjonsnummer 1 kommer etter 1 i oppdrag 101; numrene skal stige (linje 5).',
      5,
    ],
    [
      'an assignment twice',
      (l) => {
        l[13] = put(l[13], 18, '0000101');
      },
      'Oppdrag 101 står to ganger i forsendelsen (linje 14).',
      14,
    ],
    [
      'a date that does not exist',
      (l) => {
        l[2] = put(l[2], 16, '310227');
      },
      'Oppgjørsdatoen «310227» er ikke en dato på formen DDMMÅÅ (linje 3).',
      3,
    ],
    [
      'a bank date that is no date',
      (l) => {
        l[3] = put(l[3], 42, '18 127');
      },
      'Bankdatoen «18 127» er ikke en dato på formen DDMMÅÅ (linje 4).',
      4,
    ],
    [
      'a sign other than - or 0',
      (l) => {
        l[2] = put(l[2], 32, '+');
      },
      'Fortegnet «+» skal være 0 eller - (linje 3).',
      3,
    ],
    [
      'a KID with letters',
      (l) => {
        l[2] = put(l[2], 60, '0001O42');
      },
      'KID-feltet «0001O4200000172» kan bare ha sifre (linje 3).',
      3,
    ],
    [
      'an account with letters',
      (l) => {
        l[1] = put(l[1], 25, '1503123456X');
      },
      'Feltet for oppdragskonto «1503123456X» kan bare ha sifre (linje 2).',
      2,
    ],
    [
      'an end of assignment that counts another number of transactions',
      (l) => {
        l[12] = put(l[12], 9, '00000006');
      },
      'Sluttposten for oppdrag 101 oppgir 6 transaksjoner, men oppdraget har 5 (linje 13).',
      13,
    ],
    [
      'an end of assignment that counts another number of records',
      (l) => {
        l[12] = put(l[12], 17, '00000013');
      },
      'Sluttposten for oppdrag 101 oppgir 13 poster, men oppdraget har 12 (linje 13).',
      13,
    ],
    [
      'an end of transmission with another sum',
      (l) => {
        l[29] = put(l[29], 25, '00000000001204550');
      },
      'Sluttposten for forsendelsen oppgir sum 12 045,50 kr, men beløpspostene summerer til 13 045,50 kr (linje 30).',
      30,
    ],
    [
      'an end of transmission that counts another number of records',
      (l) => {
        l[29] = put(l[29], 17, '00000029');
      },
      'Sluttposten for forsendelsen oppgir 29 poster, men forsendelsen har 30 (linje 30).',
      30,
    ],
    [
      'a file cut off before its end',
      (l) => {
        l.splice(27);
      },
      'Filen slutter før sluttposten for forsendelsen: den kan være avkortet (linje 27).',
      27,
    ],
    [
      'a line after the end',
      (l) => {
        l.push(l[1]);
      },
      'Linjen kommer etter sluttposten for forsendelsen (linje 31).',
      31,
    ],
    [
      'a payment after its assignment ended',
      (l) => {
        l.splice(13, 0, l[2], l[3]);
      },
      'Beløpspost 1 kan ikke stå her; ventet startposten for et oppdrag eller sluttposten for forsendelsen (linje 14).',
      14,
    ],
  ];
  it.each(cases)('refuses %s', (_what, change, message, line) => {
    const error = refusal(edit(change));
    expect(error).toMatchObject({ message, line, statusCode: 422 });
    expect(error.body.errors).toEqual({ file: [message] });
  });
});

describe('OCR payments matched to invoices by KID', () => {
  const parsed = () => parseOcrGiro(fixture('valid-payments.txt'));

  it('classifies every payment of the fixture, with the amounts in øre', () => {
    const result = matchOcrPayments(parsed(), invoicesByKid(), ACCOUNT);
    const payments = matched(result);
    expect(payments.map((p) => [p.kind, p.invoiceId, p.amountOre, p.appliedOre, p.unappliedOre, p.outstandingBeforeOre, p.outstandingAfterOre])).toEqual([
      ['exact', 1, 125_000, 125_000, 0, 125_000, 0],
      ['partial', 2, 50_000, 50_000, 0, 125_000, 75_000],
      ['overpaid', 3, 130_000, 125_000, 5_000, 125_000, 0],
      ['unknown_kid', null, 75_000, 0, 75_000, null, null],
      ['invalid_kid', null, 125_000, 0, 125_000, null, null],
      ['exact', 5, 349_550, 349_550, 0, 349_550, 0],
      ['already_paid', 6, 125_000, 0, 125_000, 0, 0],
      ['credited', 7, 125_000, 0, 125_000, 0, 0],
      // The rest of invoice 2, later in the same file.
      ['exact', 2, 75_000, 75_000, 0, 75_000, 0],
      ['exact', 8, 62_500, 62_500, 0, 62_500, 0],
      ['reversal', null, -62_500, 0, -62_500, null, null],
    ]);
    expect(payments.map((p) => p.kind)).toEqual(expected.payments.map((p) => p.expected));
    expect(payments.map((p) => p.invoiceId)).toEqual(expected.payments.map((p) => p.invoiceId));
    expect(payments[4]).toMatchObject({ assignmentNumber: '0000101', transactionNumber: 5, line: 11, date: '2027-01-18' });
    expect(result.ok && result.summary).toMatchObject({
      count: 11,
      amountOre: 1_179_550,
      appliedOre: 787_050,
      unappliedOre: 392_500,
      byKind: { exact: { count: 4, amountOre: 612_050 }, partial: { count: 1, amountOre: 50_000 }, unknown_kid: { count: 1, amountOre: 75_000 } },
    });
  });

  it('never places a payment on an invoice its KID does not name exactly', () => {
    const payments = matched(matchOcrPayments(parsed(), invoicesByKid(), ACCOUNT));
    const wrongDigit = payments.find((p) => p.kind === 'invalid_kid')!;
    // Its first 14 digits are invoice 4's, the amount is what invoice 4 owes: still not invoice 4's.
    expect(wrongDigit.kid!.slice(0, 14)).toBe(makeKid(1045, 20).slice(0, 14));
    expect(wrongDigit).toMatchObject({ invoiceId: null, appliedOre: 0 });
    expect(payments.filter((p) => p.invoiceId === 4)).toEqual([]);
    for (const payment of payments) expect(payment.appliedOre + payment.unappliedOre).toBe(payment.amountOre);
  });

  it('sees earlier payments of the same invoice in the file, and leaves a blank KID and an empty amount unbooked', () => {
    const kid = makeKid(2042, 31);
    const text = writeOcrGiro({
      transmissionNumber: 8,
      dataRecipient: '00123456',
      date: '2027-02-02',
      assignments: [
        {
          assignmentNumber: 1,
          agreementId: '000123456',
          account: ACCOUNT,
          transactions: [
            { date: '2027-02-01', amountOre: 60_000, kid },
            { date: '2027-02-01', amountOre: 60_000, kid },
            { date: '2027-02-01', amountOre: 60_000, kid },
            { date: '2027-02-01', amountOre: 10_000, kid: null },
            { date: '2027-02-01', amountOre: 0, kid },
            { date: '2027-02-01', amountOre: 10_000, kid: kid.slice(1) },
            { transactionType: 18, date: '2027-02-01', amountOre: 60_000, kid },
          ],
        },
      ],
    });
    const invoices = new Map([[kid, { invoiceId: 9, kid, outstandingOre: 100_000, state: 'partly_paid' as const }]]);
    const payments = matched(matchOcrPayments(parseOcrGiro(Buffer.from(text, 'latin1')), invoices, ACCOUNT));
    expect(payments.map((p) => [p.kind, p.invoiceId, p.appliedOre, p.unappliedOre, p.outstandingAfterOre])).toEqual([
      ['partial', 9, 60_000, 0, 40_000],
      ['overpaid', 9, 40_000, 20_000, 0],
      ['already_paid', 9, 0, 60_000, 0],
      ['invalid_kid', null, 0, 10_000, null],
      ['reversal', null, 0, 0, null],
      ['invalid_kid', null, 0, 10_000, null],
      // A reversal the bank did not sign: its type says what it is.
      ['reversal', null, 0, 60_000, null],
    ]);
  });

  it("refuses a file paid into another account than the organisation's, naming both", () => {
    const other = '12345678903';
    expect(checkOcrAccounts(parsed(), ACCOUNT)).toEqual([]);
    const result = matchOcrPayments(parsed(), invoicesByKid(), other);
    expect(result).toEqual({
      ok: false,
      errors: ['0000101', '0000102'].map((assignmentNumber) => ({
        assignmentNumber,
        account: '15031234562',
        message: 'Oppdraget gjelder konto 1503.12.34562, men organisasjonens konto er 1234.56.78903.',
      })),
    });
    // Dots and spaces in the configured account are ignored.
    expect(matchOcrPayments(parsed(), invoicesByKid(), '1503.12.34562').ok).toBe(true);
  });

  it("lists the file's KIDs once each for looking the invoices up, also one that is not ours (an imported invoice's old KID may be)", () => {
    const kids = ocrKids(parsed() as OcrGiroFile);
    // The fixture's payment to 1045's invoice with a wrong check digit.
    const wrongDigit = '000104500000206';
    expect(wrongDigit).not.toBe(makeKid(1045, 20));
    expect(kids).toEqual([
      makeKid(1042, 17),
      makeKid(1043, 18),
      makeKid(1044, 19),
      makeKid(2001, 99),
      wrongDigit,
      makeKid(1046, 21),
      makeKid(1047, 22),
      makeKid(1048, 23),
      makeKid(1049, 24),
    ]);
  });

  it("finds an imported invoice by the old system's KID, of any length and check digit, and still calls any other KID not ours invalid", () => {
    const ours = makeKid(2043, 32);
    const text = writeOcrGiro({
      transmissionNumber: 9,
      dataRecipient: '00123456',
      date: '2027-02-02',
      assignments: [
        {
          assignmentNumber: 1,
          agreementId: '000123456',
          account: ACCOUNT,
          transactions: [
            { date: '2027-02-01', amountOre: 50_000, kid: '0300011001' },
            { date: '2027-02-01', amountOre: 20_000, kid: '12345678-' },
            { date: '2027-02-01', amountOre: 10_000, kid: '0300011002' },
          ],
        },
      ],
    });
    const imported = { invoiceId: 11, kid: ours, outstandingOre: 50_000, state: 'sent' as const };
    const invoices = new Map([
      [ours, imported],
      ['0300011001', imported],
      ['12345678-', { ...imported, invoiceId: 12 }],
    ]);
    const payments = matched(matchOcrPayments(parseOcrGiro(Buffer.from(text, 'latin1')), invoices, ACCOUNT));
    expect(payments.map((p) => [p.kind, p.invoiceId, p.appliedOre])).toEqual([
      ['exact', 11, 50_000],
      ['partial', 12, 20_000],
      ['invalid_kid', null, 0],
    ]);
  });
});

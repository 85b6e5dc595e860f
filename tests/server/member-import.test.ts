import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createAccount, type TestContext } from './helpers.ts';
import { signedIn, signedInStaff } from './factories-member-admin.ts';
import { xlsxLooking, zip } from './zip-files.ts';
import { MEMBER_IMPORT_LIMITS, MEMBER_IMPORT_MESSAGES } from '../../server/domain/members/member-import-limits.ts';
import { formulaWithoutValue } from '../../server/lib/spreadsheet.ts';
import { startUndo, undo, undoneImport } from './member-import-undoing.ts';

const FIXTURES = path.join(import.meta.dirname, '../fixtures/spreadsheets');

let t: TestContext;
let staff: Awaited<ReturnType<typeof signedInStaff>>;
beforeAll(async () => {
  t = await buildTestApp();
  staff = await signedInStaff(t.app, t.db, { first_name: 'Siri', last_name: 'Saksbehandler' });
}, 60_000);
afterAll(async () => t.close());

interface Preview {
  id: number;
  state: string;
  columns: string[];
  mapping: Record<string, string | null>;
  summary: {
    rows: number;
    new: number;
    update: number;
    duplicate: number;
    error: number;
    instruments?: number;
    travel?: number;
    undo?: { undone: number; kept: { member_id: number; name: string; reason: string }[] };
  };
  errors: { row: number; column: string; message: string; sheet?: string }[];
  duplicates: { row: number; member_id: number | null; of_row: number | null; by: string; action: string }[];
  progress: { done: number; rows: number };
  error: string | null;
}

function upload(file: Buffer, filename: string, options: { token?: string; mapping?: Record<string, string | null> } = {}) {
  const boundary = '----importgrense';
  const parts: Buffer[] = [];
  if (options.mapping) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="mapping"\r\n\r\n${JSON.stringify(options.mapping)}\r\n`));
  }
  parts.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/member/import',
    headers: { ...bearer(options.token ?? staff.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(parts),
  });
}

async function preview(file: Buffer, filename: string, mapping?: Record<string, string | null>): Promise<Preview> {
  const response = await upload(file, filename, { mapping });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as Preview;
}

const patch = (id: number, body: object) => t.app.inject({ method: 'PATCH', url: `/api/member/import/${id}`, headers: bearer(staff.token), payload: body });

async function commit(id: number, sendWelcome = false): Promise<Preview> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/member/import/${id}/commit`,
    headers: bearer(staff.token),
    payload: { send_welcome: sendWelcome },
  });
  expect(response.statusCode, response.body).toBe(202);
  return settle(id);
}

async function settle(id: number): Promise<Preview> {
  for (let i = 0; i < 300; i += 1) {
    const current = (await t.app.inject({ url: `/api/member/import/${id}`, headers: bearer(staff.token) })).json().data as Preview;
    if (current.state !== 'running') return current;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the import did not finish');
}

const member = async (where: string, values: unknown[]) =>
  (
    await t.db.query<Record<string, unknown>>(
      `SELECT a.*, a.birthdate::text AS birthdate, s.state AS membership_state, s.subscription_start::text AS membership_start
       FROM accounts a LEFT JOIN subscriptions s ON s.member_id = a.id AND s.kind = 'membership' WHERE ${where}`,
      values,
    )
  )[0];

const csv = (rows: string[][], delimiter = ';') => rows.map((row) => row.join(delimiter)).join('\r\n');

let counter = 0;
/** A unique tag for a test's rows, so tests never see each other's members. */
const tag = () => `t${process.pid}x${++counter}`;

describe('reading the file', () => {
  it.each(['openpyxl', 'libreoffice', 'xlsxwriter', 'sheetjs'])(
    'reads a register saved by %s: leading zeros, date cells, formulas, æøå and the other sheets',
    async (producer) => {
      let data = await preview(await readFile(path.join(FIXTURES, `members-${producer}.xlsx`)), `medlemmer-${producer}.xlsx`);
      if (producer === 'openpyxl') {
        // openpyxl saves a formula without its result: the cell is an error naming it, never an empty value.
        expect(data.errors).toEqual([{ row: 4, column: 'E-post', message: formulaWithoutValue('D4') }]);
        expect(data.summary).toMatchObject({ rows: 3, error: 1 });
        // Where the column is not read, its formula does not matter.
        const unmapped = await patch(data.id, { mapping: { ...data.mapping, 'E-post': null } });
        expect(unmapped.statusCode, unmapped.body).toBe(200);
        data = unmapped.json().data as Preview;
      }
      expect(data.state).toBe('preview');
      expect(data.columns).toContain('Skostørrelse');
      expect(data.mapping).toMatchObject({
        Medlemsnummer: 'remote_id',
        Fornavn: 'first_name',
        'E-post': producer === 'openpyxl' ? null : 'email',
        Postnummer: 'postal_code',
        Fødselsdato: 'birthdate',
        Skostørrelse: null,
      });
      expect(data.errors).toEqual([]);
      expect(data.summary).toMatchObject({ rows: 3, error: 0, instruments: 1, travel: 1 });
      const done = await commit(data.id);
      expect(done.state, done.error ?? '').toBe('done');
      const ase = await member('a.remote_id = 20001', []);
      expect(ase).toMatchObject({
        first_name: 'Åse',
        last_name: 'Grønnæss',
        postal_code: '0150',
        postal_area: 'OSLO',
        birthdate: '1980-04-17',
        gender: 2,
        phone: '91234567',
        role_id: 2,
        registration_completed: 1,
        membership_state: 'active',
        membership_start: '2020-01-01',
        password_hash: null,
      });
      const oystein = await member('a.remote_id = 20002', []);
      expect(oystein).toMatchObject({ postal_code: '0155', birthdate: '1975-02-03', phone: '41234567', gender: 1 });
      const per = await member("a.first_name = 'Per' AND a.last_name = 'Formel'", []);
      // '+47 …' is kept as the 8 digits the rest of the portal uses.
      expect(per.phone).toBe('99887766');
      // The others saved the formula's result; openpyxl saves none, and we never evaluate one.
      if (producer !== 'openpyxl') expect(per.email).toBe('per.formel@example.no');
      else expect(per.email).toMatch(/@uten-epost\.invalid$/);
      const [instrument] = await t.db.query<{ make: string; state: string; insurance_start: string }>(
        'SELECT make, state, insurance_start::text FROM instruments i JOIN accounts a ON a.id = i.member_id WHERE a.remote_id = 20001',
      );
      expect(instrument).toEqual({ make: 'Gibson', state: 'active', insurance_start: '2026-02-01' });
      const [lines] = await t.db.query<{ total: number }>(
        `SELECT sum(l.value)::int AS total FROM subscription_lines l JOIN subscriptions s ON s.id = l.subscription_id
         JOIN accounts a ON a.id = s.member_id WHERE a.remote_id = 20001 AND s.state = 'active'`,
      );
      expect(lines.total).toBe(20000);
      const [travel] = await t.db.query<{ state: string }>(
        "SELECT s.state FROM subscriptions s JOIN accounts a ON a.id = s.member_id WHERE a.remote_id = 20002 AND s.kind = 'travel'",
      );
      expect(travel.state).toBe('active');
      // The next file from the other program is the same register: all duplicates, undone for the next round.
      expect((await undo(t.app, staff.token, data.id)).state).toBe('undone');
      expect(await member('a.remote_id = 20001', [])).toBeUndefined();
      expect((await t.db.query("SELECT 1 FROM instruments WHERE make = 'Gibson' AND model = 'Les Paul'")).length).toBe(0);
    },
  );

  it.each([
    ['UTF-8 with BOM and ;', (text: string) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]), ';'],
    ['UTF-8 without BOM and ,', (text: string) => Buffer.from(text, 'utf8'), ','],
    ['UTF-8 and tab', (text: string) => Buffer.from(text, 'utf8'), '\t'],
    ['Windows-1252 and ;', (text: string) => Buffer.from(text, 'latin1'), ';'],
  ])('reads a CSV in %s', async (_name, encode, delimiter) => {
    const id = tag();
    const text = csv(
      [
        ['Fornavn', 'Etternavn', 'E-post', 'Postnummer'],
        ['Bjørn', 'Ødegård', `${id}@example.no`, '0150'],
      ],
      delimiter,
    );
    const data = await preview(encode(text), 'medlemmer.csv');
    expect(data.errors).toEqual([]);
    expect(data.summary).toMatchObject({ rows: 1, new: 1 });
    await commit(data.id);
    expect(await member('a.email = $1', [`${id}@example.no`])).toMatchObject({
      first_name: 'Bjørn',
      last_name: 'Ødegård',
      postal_area: 'OSLO',
      gender: 3,
      invoice_method: 'EMAIL',
    });
  });

  it.each([
    ['an empty file', Buffer.alloc(0), 'tom.csv', 'Filen er tom.'],
    ['a header row only', Buffer.from('Fornavn;Etternavn;E-post\r\n'), 'bare-overskrift.csv', 'Filen har bare en overskriftsrad og ingen medlemmer.'],
    [
      'a binary file named .csv',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0x02]),
      'bilde.csv',
      'Filen er ikke en gyldig CSV-fil: den inneholder binære data.',
    ],
    ['a renamed file', Buffer.from('PK\u0003\u0004 not a zip at all'), 'medlemmer.xlsx', 'Filen er ikke en gyldig .xlsx-fil.'],
    [
      'a zip bomb',
      xlsxLooking({ data: Buffer.alloc(260 * 1024 * 1024) }),
      'bombe.xlsx',
      'Filen pakker seg ut til mer enn et medlemsregister kan være, og blir ikke lest.',
    ],
    [
      'a zip that lies about its sizes',
      xlsxLooking({ data: Buffer.alloc(3 * 1024 * 1024, 'a'), declared: 1000 }),
      'lyver.xlsx',
      'Filen pakker seg ut til mer enn et medlemsregister kan være, og blir ikke lest.',
    ],
    ['a file of another kind', Buffer.from('hei'), 'notat.docx', 'Filen må være en .xlsx- eller .csv-fil.'],
    [
      'a LibreOffice spreadsheet (.ods)',
      readFileSync(path.join(FIXTURES, 'members-libreoffice.ods')),
      'medlemmer.ods',
      'Filen er et OpenDocument-regneark (.ods). Lagre den som .xlsx eller .csv (i LibreOffice: Fil → Lagre som) og last den opp igjen.',
    ],
  ])('refuses %s with a Norwegian message and writes nothing', async (_name, file, filename, message) => {
    const before = (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM member_imports'))[0].n;
    const response = await upload(file, filename);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(message);
    expect((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM member_imports'))[0].n).toBe(before);
  });

  it('refuses a file over the row limit', async () => {
    const rows = [['Fornavn', 'Etternavn', 'Mobil'], ...Array.from({ length: 50_001 }, (_, i) => ['A', 'B', String(40_000_000 + i)])];
    const response = await upload(Buffer.from(csv(rows)), 'stor.csv');
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('Filen har flere enn 50 000 rader.');
  });

  it('answers the row limit for a CSV far over it, read in slices of time', async () => {
    // 400 000 rows (5.6 MB): a reader that rereads all unread text after each pause never ended.
    const rows = [['Fornavn', 'Etternavn', 'Mobil'], ...Array.from({ length: 400_000 }, (_, i) => ['A', 'B', String(40_000_000 + i)])];
    const response = await upload(Buffer.from(csv(rows)), 'svær.csv');
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('Filen har flere enn 50 000 rader.');
  }, 60_000);

  it('refuses XML entity tricks as a file it cannot read', async () => {
    const bomb = '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><sst><si><t>&b;</t></si></sst>';
    const file = zip([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
      { name: 'xl/sharedStrings.xml', data: Buffer.from(bomb) },
    ]);
    const response = await upload(file, 'entiteter.xlsx');
    expect(response.statusCode).toBe(422);
  });
});

describe('the preview', () => {
  it('names every bad row by its spreadsheet row and column, in Norwegian, and a bad last row stops the commit', async () => {
    const id = tag();
    const rows = [
      ['Fornavn', 'Etternavn', 'E-post', 'Mobil', 'Postnummer', 'Fødselsdato', 'Kjønn', 'Fakturametode'],
      ['Ok', 'Rad', `${id}.ok@example.no`, '', '5003', '17.04.1988', 'K', ''],
      ['', 'Uten fornavn', `${id}.a@example.no`, '', '', '', '', ''],
      ['Ugyldig', 'Postnummer', `${id}.b@example.no`, '', '12a45', '', '', ''],
      ['Uten', 'Kontakt', '', '', '', '', '', ''],
      ['Dårlig', 'Dato', `${id}.c@example.no`, '', '', '31.02.1990', '', ''],
      ['Rart', 'Kjønn', `${id}.d@example.no`, '', '', '', 'x', 'sjekk'],
      ['Formel', 'Tekst', `${id}.e@example.no`, '=HYPERLINK("http://x")', '', '', '', ''],
    ];
    const data = await preview(Buffer.from(csv(rows)), 'feil.csv');
    expect(data.summary).toMatchObject({ rows: 7, new: 1, error: 6 });
    expect(data.errors).toEqual(
      expect.arrayContaining([
        { row: 3, column: 'Fornavn', message: 'Påkrevd felt' },
        { row: 4, column: 'Postnummer', message: 'må være fire sifre' },
        { row: 5, column: 'E-post', message: 'raden må ha e-post eller mobil' },
        { row: 6, column: 'Fødselsdato', message: 'ugyldig dato (skriv dd.mm.åååå)' },
        { row: 7, column: 'Kjønn', message: 'ukjent kjønn (skriv Mann, Kvinne eller Annet)' },
        { row: 7, column: 'Fakturametode', message: 'ukjent fakturametode (skriv E-post eller E-faktura)' },
        { row: 8, column: 'Mobil', message: 'ugyldig mobilnummer' },
      ]),
    );
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/member/import/${data.id}/commit`,
      headers: bearer(staff.token),
      payload: { send_welcome: false },
    });
    expect(refused.statusCode).toBe(422);
    expect(await member('a.email = $1', [`${id}.ok@example.no`])).toBeUndefined();

    const report = await t.app.inject({ url: `/api/member/import/${data.id}/errors.xlsx`, headers: bearer(staff.token) });
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(report.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([undefined, 'Ark', 'Rad', 'Kolonne', 'Feil']);
    expect(sheet.rowCount).toBe(8);
  });

  it('refuses a file whose other sheet has a formula without a saved value, naming the sheet and the cells', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Medlemmer').addRows([
      ['Fornavn', 'Etternavn'],
      ['Kari', 'Formelsen'],
    ]);
    const instruments = workbook.addWorksheet('Instrumenter');
    instruments.addRows([
      ['Medlemsnummer', 'Type instrument', 'Fabrikant', 'Modell', 'Serienummer', 'Verdi', 'Startdato'],
      [20001, 'Gitar', 'Gibson', 'SG', 'X', null, null],
      [20001, 'Bass', 'Fender', 'P', 'Y', null, null],
    ]);
    // Written as a program that does not calculate writes it: the formula, no value.
    instruments.getCell('F2').value = { formula: '1000*20' } as ExcelJS.CellFormulaValue;
    instruments.getCell('F3').value = { formula: '1000*30' } as ExcelJS.CellFormulaValue;
    const response = await upload(Buffer.from(await workbook.xlsx.writeBuffer()), 'formler.xlsx');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.file).toEqual([
      'Arket «Instrumenter»: Cellene F2 og F3 har formler uten lagret verdi. Åpne filen i Excel eller LibreOffice og lagre den på nytt, så blir verdiene med.',
    ]);
  });

  it('maps headers by label and API name, shows unknown columns, and lets staff change the mapping or leave a column out', async () => {
    const id = tag();
    const rows = [
      ['first_name', 'last_name', 'Epost', 'Kallenavn', 'Notat'],
      ['Maja', 'Lie', `${id}@example.no`, 'Majsan', '1234'],
    ];
    const data = await preview(Buffer.from(csv(rows)), 'kart.csv');
    expect(data.mapping).toEqual({ first_name: 'first_name', last_name: 'last_name', Epost: 'email', Kallenavn: null, Notat: null });
    const remapped = await patch(data.id, { mapping: { Kallenavn: 'artist_name', Epost: null, Notat: 'phone' } });
    expect(remapped.statusCode, remapped.body).toBe(200);
    expect(remapped.json().data.errors).toEqual([{ row: 2, column: 'Notat', message: 'ugyldig mobilnummer' }]);
    const fixed = await patch(data.id, { mapping: { Epost: 'email', Notat: null } });
    expect(fixed.json().data.summary).toMatchObject({ new: 1, error: 0 });
    const twice = await patch(data.id, { mapping: { Kallenavn: 'email' } });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().message).toBe('E-post er valgt for flere kolonner: Epost, Kallenavn');
    await commit(data.id);
    expect(await member('a.email = $1', [`${id}@example.no`])).toMatchObject({ artist_name: 'Majsan', phone: null });
  });

  it('takes a mapping with the upload', async () => {
    const id = tag();
    const rows = [
      ['A', 'B', 'C'],
      ['Ola', 'Dunk', `${id}@example.no`],
    ];
    const data = await preview(Buffer.from(csv(rows)), 'uten-navn.csv', { A: 'first_name', B: 'last_name', C: 'email' });
    expect(data.summary).toMatchObject({ new: 1, error: 0 });
  });
});

describe('duplicates and decisions', () => {
  it('finds duplicates by member number, e-mail, mobile, and name with birth date, in the portal and in the file', async () => {
    const id = tag();
    const byNumber = await createAccount(t.db, { role_id: 2, first_name: 'Nummer', last_name: 'Dup' });
    await t.db.query('UPDATE accounts SET remote_id = 31001 WHERE id = $1', [byNumber.id]);
    const byEmail = await createAccount(t.db, { role_id: 2, email: `${id}.epost@example.no`, first_name: 'Opprinnelig' });
    const byPhone = await createAccount(t.db, { role_id: 2, phone: '93456789' });
    const byName = await createAccount(t.db, { role_id: 2, first_name: 'Navne', last_name: `Dup${id}` });
    await t.db.query("UPDATE accounts SET birthdate = '1970-05-06' WHERE id = $1", [byName.id]);
    const rows = [
      ['Medlemsnummer', 'Fornavn', 'Etternavn', 'E-post', 'Mobil', 'Fødselsdato'],
      ['31001', 'Nummer', 'Dup', '', '40000001', ''],
      ['', 'Epost', 'Dup', `${id}.EPOST@example.no`, '', ''],
      ['', 'Mobil', 'Dup', '', '+47 934 56 789', ''],
      ['', 'navne', `dup${id}`, '', '40000002', '06.05.1970'],
      ['', 'Ny', 'Person', `${id}.ny@example.no`, '', ''],
      ['', 'Ny', 'Igjen', `${id}.ny@example.no`, '', ''],
    ];
    const data = await preview(Buffer.from(csv(rows)), 'duplikater.csv');
    expect(data.duplicates).toEqual([
      expect.objectContaining({ row: 2, member_id: byNumber.id, by: 'remote_id', action: 'skip' }),
      expect.objectContaining({ row: 3, member_id: byEmail.id, by: 'email', action: 'skip' }),
      expect.objectContaining({ row: 4, member_id: byPhone.id, by: 'phone', action: 'skip' }),
      expect.objectContaining({ row: 5, member_id: byName.id, by: 'name_birthdate', action: 'skip' }),
      expect.objectContaining({ row: 7, member_id: null, of_row: 6, by: 'email', action: 'skip' }),
    ]);
    expect(data.summary).toMatchObject({ rows: 6, new: 1, update: 0, duplicate: 5, error: 0 });

    // Decisions: row 2 overwrites, row 3 fills empty fields, row 4 is created anyway; the rest for all at once: skip.
    await t.db.query("UPDATE accounts SET artist_name = 'Gammelt band', address = NULL WHERE id = $1", [byEmail.id]);
    const decided = await patch(data.id, {
      decisions: [
        { row: 2, action: 'update' },
        { row: 3, action: 'fill' },
        { row: 4, action: 'create' },
      ],
    });
    expect(decided.json().data.summary).toMatchObject({ new: 2, update: 2, duplicate: 2 });
    const allCreate = await patch(data.id, { default_action: 'create' });
    // 'Opprett likevel' for all creates only where it can work: row 7's e-mail is row 6's, so it is skipped and says why.
    expect(allCreate.json().data.errors).toEqual([]);
    expect(allCreate.json().data.duplicates).toEqual(
      expect.arrayContaining([expect.objectContaining({ row: 7, action: 'skip', create_refused: 'samme e-post som rad 6' })]),
    );
    // Chosen for that row itself, it is an error the preview names.
    const rowCreate = await patch(data.id, { decisions: [{ row: 7, action: 'create' }] });
    expect(rowCreate.json().data.errors).toEqual(expect.arrayContaining([{ row: 7, column: 'E-post', message: 'samme e-post som rad 6' }]));
    await patch(data.id, { default_action: 'skip' });
    const final = (
      await patch(data.id, {
        decisions: [
          { row: 2, action: 'update' },
          { row: 3, action: 'fill' },
          { row: 4, action: 'create' },
        ],
      })
    ).json().data as Preview;
    expect(final.summary).toMatchObject({ new: 2, update: 2, duplicate: 2, error: 0 });
    const done = await commit(final.id);
    expect(done.state, done.error ?? '').toBe('done');
    expect(await member('a.id = $1', [byNumber.id])).toMatchObject({ phone: '40000001', remote_id: 31001 });
    expect(await member('a.id = $1', [byEmail.id])).toMatchObject({ first_name: 'Opprinnelig', artist_name: 'Gammelt band' });
    expect((await t.db.query("SELECT 1 FROM accounts WHERE first_name = 'Mobil' AND last_name = 'Dup'")).length).toBe(1);
    expect((await t.db.query('SELECT 1 FROM accounts WHERE id = $1', [byName.id])).length).toBe(1);
    const [history] = await t.db.query<{ changes: Record<string, unknown[]> }>(
      'SELECT changes FROM member_changes WHERE member_id = $1 ORDER BY id DESC LIMIT 1',
      [byNumber.id],
    );
    expect(history.changes.import).toEqual([null, 'Importert fra duplikater.csv av Siri Saksbehandler']);
  });

  it('creates nothing new when the same file is imported a second time', async () => {
    const id = tag();
    const file = Buffer.from(
      csv([
        ['Fornavn', 'Etternavn', 'E-post', 'Mobil'],
        ['En', 'Gang', `${id}.1@example.no`, ''],
        ['To', 'Ganger', '', '45454545'],
      ]),
    );
    const first = await commit((await preview(file, 'igjen.csv')).id);
    expect(first.summary).toMatchObject({ new: 2 });
    const count = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM accounts'))[0].n;
    const before = await count();
    const second = await preview(file, 'igjen.csv');
    expect(second.summary).toMatchObject({ rows: 2, new: 0, duplicate: 2 });
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/member/import/${second.id}/commit`,
      headers: bearer(staff.token),
      payload: { send_welcome: false },
    });
    expect(refused.statusCode).toBe(422);
    expect(await count()).toBe(before);
  });
});

describe('the commit', () => {
  it('keeps member numbers and continues the sequence above the highest, and a member without number gets the next', async () => {
    const id = tag();
    const rows = [
      ['Medlemsnummer', 'Fornavn', 'Etternavn', 'E-post'],
      ['88001', 'Høy', 'Nummer', `${id}.a@example.no`],
      ['', 'Uten', 'Nummer', `${id}.b@example.no`],
    ];
    await commit((await preview(Buffer.from(csv(rows)), 'nummer.csv')).id);
    expect((await member('a.email = $1', [`${id}.a@example.no`])).remote_id).toBe(88001);
    expect((await member('a.email = $1', [`${id}.b@example.no`])).remote_id).toBe(88002);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/member/new',
      headers: bearer(staff.token),
      payload: {
        first_name: 'Neste',
        last_name: 'Medlem',
        email: `${id}.c@example.no`,
        phone: '40011223',
        address: 'Vei 1',
        postal_code: '0150',
        postal_area: 'Oslo',
        gender: 1,
        invoice_method: 'EMAIL',
        invoice_email: `${id}.c@example.no`,
      },
    });
    expect(created.statusCode, created.body).toBeLessThan(300);
    expect((await member('a.email = $1', [`${id}.c@example.no`])).remote_id).toBe(88003);
  });

  it('writes nothing when a row fails half-way through the commit, and says the import failed', async () => {
    const id = tag();
    await t.db.query(`CREATE FUNCTION refuse_${id}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
      IF NEW.last_name = 'Stopper' THEN RAISE EXCEPTION 'stopp'; END IF; RETURN NEW; END $$`);
    await t.db.query(`CREATE TRIGGER refuse_${id} BEFORE INSERT ON accounts FOR EACH ROW EXECUTE FUNCTION refuse_${id}()`);
    try {
      const rows = [
        ['Fornavn', 'Etternavn', 'E-post'],
        ...Array.from({ length: 3000 }, (_, i) => ['Rad', i === 2500 ? 'Stopper' : `Nr${i}`, `${id}.${i}@example.no`]),
      ];
      const counts = async () => (await t.db.query<{ total: number }>("SELECT total::int FROM list_counts WHERE list = 'members'"))[0].total;
      const before = await counts();
      const done = await commit((await preview(Buffer.from(csv(rows)), 'halvveis.csv')).id);
      expect(done.state).toBe('failed');
      expect(done.error).toBe('Importen feilet, og ingenting ble lagret.');
      expect((await t.db.query('SELECT 1 FROM accounts WHERE email LIKE $1', [`${id}.%`])).length).toBe(0);
      expect(await counts()).toBe(before);
    } finally {
      await t.db.query(`DROP TRIGGER refuse_${id} ON accounts`);
    }
  });

  it('puts back the members it had already updated when a later update fails, and creates nothing', async () => {
    const id = tag();
    // More updates than one step of the commit holds, the last of them refused by the database.
    const count = 260;
    await t.db.query(
      `INSERT INTO accounts (role_id, status, registration_completed, email, first_name, last_name, artist_name)
       SELECT 2, '1', 1, '${id}.' || n || '@example.no', 'Oppdatert', 'Nr' || n, 'Før' FROM generate_series(1, $1::int) AS n`,
      [count],
    );
    await t.db.query(`CREATE FUNCTION refuse_${id}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
      IF NEW.artist_name = 'Stopper' THEN RAISE EXCEPTION 'stopp'; END IF; RETURN NEW; END $$`);
    await t.db.query(`CREATE TRIGGER refuse_${id} BEFORE UPDATE ON accounts FOR EACH ROW EXECUTE FUNCTION refuse_${id}()`);
    try {
      const rows = [
        ['Fornavn', 'Etternavn', 'E-post', 'Artist/band'],
        ['Helt', 'Ny', `${id}.ny@example.no`, ''],
        ...Array.from({ length: count }, (_, i) => ['Oppdatert', `Nr${i + 1}`, `${id}.${i + 1}@example.no`, i + 1 === count ? 'Stopper' : 'Etter']),
      ];
      const data = await preview(Buffer.from(csv(rows)), 'oppdater.csv');
      expect(data.summary).toMatchObject({ new: 1, duplicate: count });
      await patch(data.id, { default_action: 'update' });
      const done = await commit(data.id);
      expect(done.state).toBe('failed');
      expect(done.error).toBe('Importen feilet, og ingenting ble lagret.');
      const artists = await t.db.query<{ artist_name: string; n: number }>(
        'SELECT artist_name, count(*)::int AS n FROM accounts WHERE email LIKE $1 GROUP BY artist_name',
        [`${id}.%`],
      );
      expect(artists).toEqual([{ artist_name: 'Før', n: count }]);
      expect((await t.db.query('SELECT 1 FROM member_import_items WHERE import_id = $1', [data.id])).length).toBe(0);
    } finally {
      await t.db.query(`DROP TRIGGER refuse_${id} ON accounts`);
    }
  });

  it('reports the rows done in steps while the commit runs, not only at the end', async () => {
    const id = tag();
    const total = 6000;
    const rows = [['Fornavn', 'Etternavn', 'E-post'], ...Array.from({ length: total }, (_, i) => ['Steg', `Nr${i}`, `${id}.${i}@example.no`])];
    const data = await preview(Buffer.from(csv(rows)), 'steg.csv');
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/member/import/${data.id}/commit`,
      headers: bearer(staff.token),
      payload: { send_welcome: false },
    });
    expect(started.statusCode, started.body).toBe(202);
    // The progress the page reads: the server answers while the commit runs, on both databases.
    const seen = new Set<number>();
    let finished: Preview | null = null;
    for (let i = 0; i < 6000 && finished === null; i += 1) {
      const current = (await t.app.inject({ url: `/api/member/import/${data.id}`, headers: bearer(staff.token) })).json().data as Preview;
      expect(current.progress.rows).toBe(total);
      if (current.state !== 'running') finished = current;
      else {
        seen.add(current.progress.done);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    }
    expect((finished as Preview | null)?.state).toBe('done');
    expect((finished as Preview | null)?.progress).toEqual({ done: total, rows: total });
    expect([...seen].filter((done) => done > 0 && done < total).length).toBeGreaterThan(0);
  }, 90_000);

  it('queues a welcome mail with a link to choose a password when staff ask for it', async () => {
    const id = tag();
    const rows = [
      ['Fornavn', 'Etternavn', 'E-post', 'Mobil'],
      ['Velkommen', 'Hit', `${id}@example.no`, ''],
      ['Bare', 'Mobil', '', '47474747'],
    ];
    await commit((await preview(Buffer.from(csv(rows)), 'velkommen.csv')).id, true);
    let messages: { email_to: string; subject: string }[] = [];
    for (let i = 0; i < 100 && messages.length === 0; i += 1) {
      messages = await t.db.query('SELECT email_to, subject FROM message_log WHERE email_to LIKE $1', [`${id}%`]);
      if (messages.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(messages).toEqual([{ email_to: `${id}@example.no`, subject: 'Velkommen til Musikerportalen!' }]);
    expect((await t.db.query("SELECT 1 FROM message_log WHERE email_to LIKE '%uten-epost.invalid'")).length).toBe(0);
  });
});

describe('undo', () => {
  it('removes what the import created and puts back what it updated, except a member changed since, which it lists', async () => {
    const id = tag();
    const existing = await createAccount(t.db, { role_id: 2, email: `${id}.finnes@example.no`, first_name: 'Finnes', last_name: 'Fra Før' });
    await t.db.query("UPDATE accounts SET artist_name = 'Før' WHERE id = $1", [existing.id]);
    const rows = [
      ['Fornavn', 'Etternavn', 'E-post', 'Artist/band'],
      ['Finnes', 'Fra Før', `${id}.finnes@example.no`, 'Etter'],
      ['Ny', 'En', `${id}.en@example.no`, ''],
      ['Ny', 'To', `${id}.to@example.no`, ''],
    ];
    const data = await preview(Buffer.from(csv(rows)), 'angre.csv');
    expect(data.errors).toEqual([]);
    await patch(data.id, { decisions: [{ row: 2, action: 'update' }] });
    const done = await commit(data.id);
    expect(done.summary).toMatchObject({ new: 2, update: 1 });
    expect((await member('a.id = $1', [existing.id])).artist_name).toBe('Etter');

    // Staff change one of the new members afterwards.
    const changed = await member('a.email = $1', [`${id}.to@example.no`]);
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/member/${changed.id}`,
      headers: bearer(staff.token),
      payload: { artist_name: 'Endret siden' },
    });
    expect(edit.statusCode, edit.body).toBe(200);

    // The answer comes before the undo has run: the import is 'undoing', with none of its members done yet.
    const started = await startUndo(t.app, staff.token, data.id);
    expect(started.progress).toEqual({ done: 0, rows: 3 });
    const result = await undoneImport(t.app, staff.token, data.id);
    expect(result.state).toBe('undone');
    expect(result.summary.undo).toEqual({ undone: 2, kept: [{ member_id: changed.id, name: 'Ny To', reason: 'Endret etter importen' }] });
    expect(await member('a.email = $1', [`${id}.en@example.no`])).toBeUndefined();
    expect(await member('a.email = $1', [`${id}.to@example.no`])).toMatchObject({ artist_name: 'Endret siden' });
    expect((await member('a.id = $1', [existing.id])).artist_name).toBe('Før');
    const [history] = await t.db.query<{ changes: Record<string, unknown[]> }>(
      'SELECT changes FROM member_changes WHERE member_id = $1 ORDER BY id DESC LIMIT 1',
      [existing.id],
    );
    expect(history.changes).toEqual({ import: [null, 'Import angret'], artist_name: ['Etter', 'Før'] });

    const again = await t.app.inject({ method: 'POST', url: `/api/member/import/${data.id}/undo`, headers: bearer(staff.token) });
    expect(again.statusCode).toBe(409);
  });
});

describe('history, templates and access', () => {
  it('lists the imports with file, who, state and counts', async () => {
    const response = await t.app.inject({ url: '/api/member/import/list?per_page=100', headers: bearer(staff.token) });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { total: number; data: Preview[] };
    expect(body.total).toBeGreaterThan(3);
    expect(body.data[0]).toMatchObject({ created_by: { id: staff.id, name: 'Siri Saksbehandler' } });
    expect(new Set(body.data.map((row) => row.state))).toEqual(expect.objectContaining({}));
  });

  it('serves a template (.xlsx and .csv) that imports as it is', async () => {
    const xlsx = await t.app.inject({ url: '/api/member/import/template.xlsx', headers: bearer(staff.token) });
    expect(xlsx.statusCode).toBe(200);
    const data = await preview(xlsx.rawPayload, 'medlemsimport-mal.xlsx');
    expect(data.errors).toEqual([]);
    expect(Object.values(data.mapping).every((field) => field !== null)).toBe(true);
    const csvTemplate = await t.app.inject({ url: '/api/member/import/template.csv', headers: bearer(staff.token) });
    expect(csvTemplate.body.split('\r\n')[0]).toContain('Fornavn;Etternavn;E-post;Mobil');
    const fromCsv = await preview(csvTemplate.rawPayload, 'medlemsimport-mal.csv');
    expect(fromCsv.errors).toEqual([]);
  });

  it('names its limits from the one place the import applies them', async () => {
    const response = await t.app.inject({ url: '/api/member/import/limits', headers: bearer(staff.token) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { file_mb: 20, rows: 50_000 } });
    expect(MEMBER_IMPORT_LIMITS.fileBytes).toBe(20 * 1024 * 1024);
    expect(MEMBER_IMPORT_MESSAGES.tooManyRows).toBe('Filen har flere enn 50 000 rader.');
  });

  it('answers members and applicants 403 on every import route', async () => {
    const someone = await signedIn(t.app, t.db, { role_id: 2 });
    const applicant = await signedIn(t.app, t.db, { role_id: 1 });
    for (const who of [someone, applicant]) {
      const headers = bearer(who.token);
      expect((await upload(Buffer.from('Fornavn;Etternavn\r\nA;B'), 'x.csv', { token: who.token })).statusCode).toBe(403);
      expect((await t.app.inject({ url: '/api/member/import/list', headers })).statusCode).toBe(403);
      expect((await t.app.inject({ url: '/api/member/import/1', headers })).statusCode).toBe(403);
      expect((await t.app.inject({ url: '/api/member/import/template.xlsx', headers })).statusCode).toBe(403);
      expect((await t.app.inject({ url: '/api/member/import/limits', headers })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'POST', url: '/api/member/import/1/undo', headers })).statusCode).toBe(403);
    }
  });
});

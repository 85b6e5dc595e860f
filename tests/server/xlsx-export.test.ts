/**
 * Every CSV export's .xlsx twin (format=xlsx), read as a user's tools read it: Debian's openpyxl
 * for the cell types, the header and the frozen row; LibreOffice headless for what a person sees
 * (0155 stays 0155, dates show dd.mm.yyyy).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_BATCH_SIZE } from '../../server/domain/shared/export-batches.ts';
import { bearer, buildTestApp, createAccount, type TestContext } from './helpers.ts';
import { GUITAR, PRODUCTS, createInstrument, createSubscription, signedIn, signedInStaff } from './factories-member-admin.ts';

const run = promisify(execFile);
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Debian's python3-openpyxl lives beside the system interpreter, which a version manager on PATH may hide. */
const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';

interface SheetCell {
  value: string | number | boolean | null;
  type: string;
  date: boolean;
  format: string;
  bold: boolean;
  font: string | null;
}
interface Sheet {
  title: string;
  freeze: string | null;
  widths: Record<string, number>;
  rows: SheetCell[][];
  filter: string | null;
}

const READ_SHEET = `
import json, sys, openpyxl
out = {}
for name in sys.argv[1:]:
    ws = openpyxl.load_workbook(name).active
    rows = []
    for row in ws.iter_rows():
        rows.append([{
            'value': c.value.strftime('%Y-%m-%d') if c.is_date and c.value is not None else c.value,
            'type': c.data_type, 'date': bool(c.is_date), 'format': c.number_format,
            'bold': bool(c.font.b), 'font': c.font.name,
        } for c in row])
    out[name] = {
        'title': ws.title, 'freeze': ws.freeze_panes, 'rows': rows, 'filter': ws.auto_filter.ref,
        'widths': {k: v.width for k, v in ws.column_dimensions.items()},
    }
print(json.dumps(out))
`;

let t: TestContext;
let staff: Awaited<ReturnType<typeof signedInStaff>>;
let dir: string;
const tag = `regneark${process.pid}`;
let instrumentOwner: number;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await signedInStaff(t.app, t.db);
  dir = await mkdtemp(path.join(tmpdir(), 'portal-xlsx-'));
  // createAccount gives every member Storgata 1, 0155 OSLO.
  const risky = await createAccount(t.db, { first_name: '=HYPERLINK("http://ond.example","Klikk")', last_name: `Ås ${tag}`, phone: '004791234567' });
  await createSubscription(t.db, { member_id: risky.id, product_id: PRODUCTS.membership, kind: 'membership', state: 'active' });
  const bjorn = await createAccount(t.db, { first_name: 'Bjørn', last_name: `Ås ${tag}`, birthdate: '1970-12-24', phone: '91234567', remote_id: 4711 });
  await createSubscription(t.db, {
    member_id: bjorn.id,
    product_id: PRODUCTS.membership,
    kind: 'membership',
    state: 'pending',
    created_at: '2026-03-05T10:00:00+01:00',
  });
  instrumentOwner = bjorn.id;
  await createInstrument(t.db, { member_id: bjorn.id, instrument_category: GUITAR, value: 25000, insurance_start: '2026-01-15' });
  await t.db.query(
    `INSERT INTO vipps_registrations (reference, campaign_code, amount, state, payer, member_id, created_at)
     VALUES ('portal-x1', 'VAR2026', 145050, 'AUTHORIZED', NULL, $1, '2026-10-01T00:30:00+02:00')`,
    [bjorn.id],
  );
  // An invoice of Bjørn's paid with Vipps on Min side, for the report's second tab.
  await t.db.query(
    `WITH invoice AS (
       INSERT INTO invoices (number, member_id, member_number, year, kind, total_ore, invoice_date, due_date, kid, channel, state)
       VALUES (9470001, $1, 4711, 2026, 'first', 145050, '2026-09-20', '2026-10-04', '004711094700019', 'EMAIL', 'paid') RETURNING id)
     INSERT INTO invoice_vipps_payments (invoice_id, member_id, attempt, reference, amount, state, authorized_amount, capture_amount, created_at)
     SELECT id, $1, 1, 'faktura-9470001-1', 145050, 'CAPTURED', 145050, 145050, '2026-10-02T08:15:00+02:00' FROM invoice`,
    [bjorn.id],
  );
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

async function download(url: string, name: string) {
  const response = await t.app.inject({ url, headers: bearer(staff.token) });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  const file = path.join(dir, name);
  await writeFile(file, response.rawPayload);
  return { response, file };
}

async function readSheets(...files: string[]): Promise<Record<string, Sheet>> {
  const { stdout } = await run(PYTHON, ['-c', READ_SHEET, ...files], { maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(stdout) as Record<string, Sheet>;
}

/** What LibreOffice shows: each file converted to CSV (';', UTF-8, cells as shown). */
async function asLibreOfficeShows(...files: string[]): Promise<string[][][]> {
  const profile = await mkdtemp(path.join(tmpdir(), 'portal-lo-'));
  const outDir = path.join(dir, 'lo');
  try {
    await run(
      'soffice',
      [
        `-env:UserInstallation=file://${profile}`,
        '--headless',
        '--norestore',
        '--convert-to',
        'csv:Text - txt - csv (StarCalc):59,34,76,1,,0,false,true,true',
        '--outdir',
        outDir,
        ...files,
      ],
      { timeout: 120_000 },
    );
  } finally {
    await rm(profile, { recursive: true, force: true });
  }
  return Promise.all(
    files.map(async (file) => {
      const text = await readFile(path.join(outDir, path.basename(file).replace(/\.xlsx$/, '.csv')), 'utf8');
      return text
        .split(/\r?\n/)
        .filter(Boolean)
        .map((line) => line.split(';'));
    }),
  );
}

const values = (row: SheetCell[]) => row.map((cell) => cell.value);

describe('format=xlsx on every export', () => {
  it('exports the member overview with typed cells, a bold frozen header and fitted widths; LibreOffice shows 0155 and dd.mm.yyyy', async () => {
    const { response, file } = await download(`/api/member/list/export?format=xlsx&filter[name]=${tag}&sort=first_name`, 'medlemmer.xlsx');
    expect(response.headers['content-type']).toBe(XLSX);
    expect(response.headers['content-disposition']).toContain('attachment; filename="medlemsoversikt.xlsx"');
    expect(response.headers['cache-control']).toBe('no-store');

    const sheet = (await readSheets(file))[file];
    expect(sheet.freeze).toBe('A2');
    expect(sheet.filter).toBe('A1:N3');
    const [header, risky, bjorn] = sheet.rows;
    expect(values(header)).toEqual([
      'Medlemsnummer',
      'Fornavn',
      'Etternavn',
      'E-post',
      'Mobil',
      'Adresse',
      'Postnummer',
      'Poststed',
      'Født',
      'Medlem fra',
      'Status',
      'Medlemskap',
      'Instrumentforsikring',
      'Reiseforsikring',
    ]);
    expect(header.every((cell) => cell.bold && cell.font === 'Calibri')).toBe(true);
    expect(sheet.rows).toHaveLength(3);

    // Sorted by first name: '=' comes before 'B'. The formula-looking name is a text cell, as written.
    expect(risky[1]).toMatchObject({ value: '=HYPERLINK("http://ond.example","Klikk")', type: 's', bold: false });
    expect(risky[4]).toMatchObject({ value: '004791234567', type: 's' });
    expect(values(risky).slice(10)).toEqual(['Aktiv', 'Ja', 'Nei', 'Nei']);

    expect(bjorn[0]).toMatchObject({ value: 4711, type: 'n' });
    expect(bjorn[4]).toMatchObject({ value: '91234567', type: 's' });
    expect(bjorn[6]).toMatchObject({ value: '0155', type: 's' });
    expect(bjorn[8]).toMatchObject({ value: '1970-12-24', type: 'd', date: true, format: 'dd.mm.yyyy' });
    expect(bjorn.every((cell) => cell.font === 'Calibri')).toBe(true);

    // Widths fit the contents: the long e-mail column is wider than its header, the dates fit dd.mm.yyyy.
    expect(sheet.widths.D).toBeGreaterThan('E-post'.length + 10);
    expect(sheet.widths.I).toBeGreaterThanOrEqual(10);
    expect(sheet.widths.B).toBeLessThanOrEqual(50);

    const [shown] = await asLibreOfficeShows(file);
    expect(shown[2][6]).toBe('0155');
    expect(shown[2][8]).toBe('24.12.1970');
    expect(shown[2][4]).toBe('91234567');
  }, 180_000);

  it('gives the request queues, the instruments and the Vipps report their spreadsheets with dates as dates and amounts as numbers', async () => {
    const queue = await download(`/api/subscription/list/pending-memberships/export?format=xlsx&filter[name]=${tag}`, 'ko.xlsx');
    expect(queue.response.headers['content-disposition']).toContain('filename="medlemskap-foresporsel.xlsx"');
    const instruments = await download(`/api/member/${instrumentOwner}/instrument/export?format=xlsx&filter[status]=1`, 'instrumenter.xlsx');
    expect(instruments.response.headers['content-disposition']).toContain('filename="instrument_liste.xlsx"');
    const vipps = await download(
      '/api/vipps_registration/export?format=xlsx&sort=-id&filter[created_at_from]=2026-10-01&filter[created_at_to]=2026-10-31',
      'vipps.xlsx',
    );
    expect(vipps.response.headers['content-disposition']).toContain('filename="vipps_registrations.xlsx"');
    const declined = await download('/api/subscription/list/rejected/export?format=xlsx', 'avviste.xlsx');
    expect(declined.response.headers['content-disposition']).toContain('filename="avviste-medlemskap.xlsx"');

    const sheets = await readSheets(queue.file, instruments.file, vipps.file, declined.file);
    const queueRows = sheets[queue.file].rows;
    expect(queueRows).toHaveLength(2);
    expect(queueRows[1][6]).toMatchObject({ value: '0155', type: 's' });
    expect(queueRows[1][9]).toMatchObject({ value: '2026-03-05', date: true, format: 'dd.mm.yyyy' });
    expect(sheets[queue.file].freeze).toBe('A2');

    const instrumentRows = sheets[instruments.file].rows;
    expect(values(instrumentRows[0])).toEqual(['Type instrument', 'Fabrikant', 'Modell', 'Serienummer', 'Verdi', 'Oppr. dato', 'Stopp dato']);
    expect(instrumentRows[1][4]).toMatchObject({ value: 25000, type: 'n' });
    expect(instrumentRows[1][5]).toMatchObject({ value: '2026-01-15', date: true });
    expect(instrumentRows[1][6].value).toBeNull();

    const vippsRows = sheets[vipps.file].rows;
    expect(vippsRows[1][2]).toMatchObject({ value: '2026-10-01', date: true, format: 'dd.mm.yyyy' });
    expect(vippsRows[1][5]).toMatchObject({ value: 1450.5, type: 'n', format: '#,##0.00' });
    expect(vippsRows[1][7]).toMatchObject({ value: 4711, type: 'n' });

    // An empty list is still a workbook: its header row.
    expect(sheets[declined.file].rows.map(values)).toEqual([
      ['Fornavn', 'Etternavn', 'E-post', 'Mobil', 'Artist/band', 'Kampanje', 'Søkt', 'Status', 'Avvist', 'Sendt', 'Utført av'],
    ]);

    const [queueShown, , vippsShown] = await asLibreOfficeShows(queue.file, instruments.file, vipps.file);
    expect(queueShown[1][9]).toBe('05.03.2026');
    expect(vippsShown[1][2]).toBe('01.10.2026');
  }, 180_000);

  it('gives the Vipps report of invoice payments and charges its spreadsheet: the KID as text, the amount as a number', async () => {
    const payments = await download(
      '/api/invoice/vipps-payments/export?format=xlsx&filter[created_at_from]=2026-10-01&filter[created_at_to]=2026-10-31',
      'fakturabetalinger.xlsx',
    );
    expect(payments.response.headers['content-type']).toBe(XLSX);
    expect(payments.response.headers['content-disposition']).toContain('filename="vipps_fakturabetalinger.xlsx"');
    const sheet = (await readSheets(payments.file))[payments.file];
    expect(sheet.freeze).toBe('A2');
    const [header, row] = sheet.rows;
    expect(values(header)).toEqual([
      'Type',
      'Referanse',
      'Dato',
      'Tid',
      'Status',
      'Beløp (kr)',
      'Fakturanummer',
      'KID',
      'Medlemsnummer',
      'Fornavn',
      'Etternavn',
      'E-post',
      'Feil/årsak',
    ]);
    expect(sheet.rows).toHaveLength(2);
    expect(values(row).slice(0, 5)).toEqual(['Betaling', 'faktura-9470001-1', '2026-10-02', '08:15', 'CAPTURED']);
    expect(row[2]).toMatchObject({ date: true, format: 'dd.mm.yyyy' });
    expect(row[5]).toMatchObject({ value: 1450.5, type: 'n', format: '#,##0.00' });
    expect(row[6]).toMatchObject({ value: 9470001, type: 'n' });
    expect(row[7]).toMatchObject({ value: '004711094700019', type: 's' });
    expect(row[8]).toMatchObject({ value: 4711, type: 'n' });
    expect(values(row).slice(9, 11)).toEqual(['Bjørn', `Ås ${tag}`]);
  }, 60_000);

  it('keeps the list order across batches and leaves the CSV as it was', async () => {
    const many = `mange${process.pid}`;
    const count = EXPORT_BATCH_SIZE + 150;
    await t.db.query(
      `INSERT INTO accounts (role_id, email, first_name, last_name, postal_code, registration_completed)
       SELECT 2, $1 || n || '@example.no', 'Rad ' || lpad(n::text, 5, '0'), $1, '0' || (100 + n % 900)::text, 1
         FROM generate_series(1, $2::int) AS n`,
      [many, count],
    );
    const { file } = await download(`/api/member/list/export?format=xlsx&filter[name]=${many}&sort=-first_name`, 'mange.xlsx');
    const rows = (await readSheets(file))[file].rows;
    expect(rows).toHaveLength(count + 1);
    expect(rows[1][1].value).toBe(`Rad ${String(count).padStart(5, '0')}`);
    expect(rows[count][1].value).toBe('Rad 00001');
    expect(rows[count][6]).toMatchObject({ value: '0101', type: 's' });

    const csv = await t.app.inject({ url: `/api/member/list/export?filter[name]=${many}&sort=-first_name`, headers: bearer(staff.token) });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain('filename="medlemsoversikt.csv"');
    expect(csv.body.startsWith('\uFEFFMedlemsnummer;Fornavn;')).toBe(true);
    const explicit = await t.app.inject({ url: `/api/member/list/export?format=csv&filter[name]=${many}&sort=-first_name`, headers: bearer(staff.token) });
    expect(explicit.body).toBe(csv.body);
  }, 180_000);

  it('answers bad input as JSON before the file begins, and is for staff only', async () => {
    const unknownFilter = await t.app.inject({ url: '/api/member/list/export?format=xlsx&filter[hemmelig]=1', headers: bearer(staff.token) });
    expect(unknownFilter.statusCode).toBe(400);
    expect(unknownFilter.headers['content-type']).toContain('application/json');
    const wrongFormat = await t.app.inject({ url: '/api/member/list/export?format=pdf', headers: bearer(staff.token) });
    expect(wrongFormat.statusCode).toBeGreaterThanOrEqual(400);
    expect(wrongFormat.statusCode).toBeLessThan(500);
    expect(wrongFormat.headers['content-type']).toContain('application/json');
    const empty = await t.app.inject({
      url: '/api/vipps_registration/export?format=xlsx&filter[created_at_from]=2020-01-01&filter[created_at_to]=2020-01-31',
      headers: bearer(staff.token),
    });
    expect(empty.statusCode).toBe(404);
    expect(empty.json()).toEqual({ message: 'Ingen Vipps-registreringer i perioden.' });

    const member = await signedIn(t.app, t.db);
    for (const url of ['/api/member/list/export?format=xlsx', '/api/subscription/list/pending-travel/export?format=xlsx']) {
      expect((await t.app.inject({ url, headers: bearer(member.token) })).statusCode).toBe(403);
    }
    const others = await t.app.inject({ url: `/api/member/${instrumentOwner}/instrument/export?format=xlsx`, headers: bearer(member.token) });
    expect(others.statusCode).toBe(404);
  });

  it('describes format and the spreadsheet answer in the OpenAPI document', async () => {
    const document = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<
        string,
        {
          get: {
            parameters: { name: string; in: string; schema: { enum?: string[]; anyOf?: { const: string }[] } }[];
            responses: Record<string, { content: Record<string, unknown> }>;
          };
        }
      >;
    };
    for (const route of [
      '/api/member/list/export',
      '/api/subscription/list/pending-memberships/export',
      '/api/member/{id}/instrument/export',
      '/api/vipps_registration/export',
      '/api/invoice/vipps-payments/export',
    ]) {
      const operation = document.paths[route].get;
      const format = operation.parameters.find((parameter) => parameter.name === 'format' && parameter.in === 'query');
      expect(JSON.stringify(format?.schema), route).toContain('xlsx');
      expect(Object.keys(operation.responses['200'].content), route).toEqual(['text/csv', XLSX]);
    }
  });
});

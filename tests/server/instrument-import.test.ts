import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestContext } from './helpers.ts';
import { xlsxLooking, zip } from './zip-files.ts';
import { signedIn, signedInStaff } from './factories-member-admin.ts';
import { IMPORT_COLUMNS, MEMBER_IMPORTS_PER_DAY } from '../../server/domain/insurance/instrument-import.ts';
import { TEMPLATE_PATH } from '../../server/scripts/instrument-template.ts';

let t: TestContext;
let staff: Awaited<ReturnType<typeof signedInStaff>>;
beforeAll(async () => {
  t = await buildTestApp();
  staff = await signedInStaff(t.app, t.db);
});
afterAll(async () => t.close());

const member = () => signedIn(t.app, t.db, { role_id: 2 });

function upload(memberId: number, token: string, file: Buffer, filename = 'instrumenter.xlsx') {
  const boundary = '----instrumentgrense';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/member/${memberId}/instrument/import`,
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
}

/** The template as members download it, with these rows filled in. */
async function filledTemplate(rows: (string | number | null)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(TEMPLATE_PATH)) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * Counts the bytes every raw inflate in this process hands on (the zip reader's entries) until
 * stopped: a bomb must be refused by its sizes, not after 200 MB have been unpacked.
 */
function countInflatedBytes(): { stop(): number } {
  const proto = zlib.InflateRaw.prototype as unknown as { push: Transform['push'] };
  let bytes = 0;
  proto.push = function push(this: Transform, chunk: unknown, encoding?: BufferEncoding) {
    if (Buffer.isBuffer(chunk)) bytes += chunk.length;
    return Transform.prototype.push.call(this, chunk, encoding);
  };
  return {
    stop() {
      delete (proto as { push?: unknown }).push;
      return bytes;
    },
  };
}

const count = async (memberId: number) => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM instruments WHERE member_id = $1', [memberId]))[0].n;

describe('the import template', () => {
  it('has exactly the columns the import reads, and a filled-in copy imports for staff as insured instruments', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile(TEMPLATE_PATH)) as unknown as ArrayBuffer);
    const header = (workbook.worksheets[0].getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([...IMPORT_COLUMNS]);

    const mia = await member();
    const file = await filledTemplate([
      ['Gitar', 'Gibson', 'Les Paul', 'GB-1', 20000, '01.02.2026'],
      ['bass', 'Fender', 'Jazz Bass', null, '12 500', null],
    ]);
    const response = await upload(mia.id, staff.token, file);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('Instrumentfilen ble lastet opp');
    expect(response.json().data.map((row: { state: string; value: number; insurance_start: string }) => [row.state, row.value])).toEqual([
      ['active', 20000],
      ['active', 12500],
    ]);
    expect(response.json().data[0].insurance_start).toBe('2026-02-01');
    const [{ total }] = await t.db.query<{ total: number }>(
      `SELECT sum(l.value)::int AS total FROM subscription_lines l JOIN subscriptions s ON s.id = l.subscription_id
        WHERE s.member_id = $1 AND s.state = 'active'`,
      [mia.id],
    );
    expect(total).toBe(32500);
  });

  it("a member's own import waits for staff", async () => {
    const mia = await member();
    const response = await upload(mia.id, mia.token, await filledTemplate([['Gitar', 'Taylor', '314ce', 'T1', 18000, null]]));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data[0]).toMatchObject({ state: 'requested', status: 0 });
  });
});

describe('who may import, and how often', () => {
  it('an applicant (no membership yet) may not import; a member and staff may', async () => {
    const applicant = await signedIn(t.app, t.db, { role_id: 1 });
    const file = await filledTemplate([['Gitar', 'Yamaha', 'FG800', 'Y1', 4000, null]]);
    const refused = await upload(applicant.id, applicant.token, file);
    expect(refused.statusCode).toBe(403);
    expect(await count(applicant.id)).toBe(0);
  });

  it("a member's imports stop for the day after the limit, with a message in words; refused files do not count, staff have no limit", async () => {
    const mia = await member();
    const good = await filledTemplate([['Gitar', 'Yamaha', 'FG800', null, 4000, null]]);
    const bad = await filledTemplate([['Gitar', '', 'FG800', null, 4000, null]]);
    for (let n = 0; n < 3; n++) expect((await upload(mia.id, mia.token, bad)).statusCode).toBe(422);
    for (let n = 0; n < MEMBER_IMPORTS_PER_DAY; n++) {
      const response = await upload(mia.id, mia.token, good);
      expect(response.statusCode, response.body).toBe(200);
    }
    const over = await upload(mia.id, mia.token, good);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(
      `Du har lastet opp instrumentfiler ${MEMBER_IMPORTS_PER_DAY} ganger det siste døgnet. Prøv igjen i morgen, eller legg instrumentene til ett og ett.`,
    );
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(23 * 60 * 60);
    expect(await count(mia.id)).toBe(MEMBER_IMPORTS_PER_DAY);
    // Staff may still import for her.
    expect((await upload(mia.id, staff.token, good)).statusCode).toBe(200);
    expect(await count(mia.id)).toBe(MEMBER_IMPORTS_PER_DAY + 1);
  });

  it('a full file goes in whole, in the order of its rows, each with its first history entry', async () => {
    const mia = await member();
    const rows = Array.from({ length: 300 }, (_, n) => ['Gitar', `Maker ${n}`, `Modell ${n}`, `S-${n}`, 1000 + n, '01.03.2026']);
    const response = await upload(mia.id, staff.token, await filledTemplate(rows));
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data as { id: number; make: string; value: number }[];
    expect(data.map((row) => row.make)).toEqual(rows.map((row) => row[1]));
    expect(data.map((row) => row.value)).toEqual(rows.map((row) => row[4]));
    const [{ n }] = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM instrument_iterations WHERE instrument_id = ANY($1::int[])`, [
      data.map((row) => row.id),
    ]);
    expect(n).toBe(300);
  });
});

describe('a file that is refused creates nothing', () => {
  it('names each bad row and column, and creates none of the good rows', async () => {
    const mia = await member();
    const file = await filledTemplate([
      ['Gitar', 'Gibson', 'Les Paul', 'GB-1', 20000, null],
      ['Gitar', '  ', 'SG', null, 'mye', null],
      ['Tuba', 'Yamaha', 'YBB', null, 30000, '31.02.2026'],
    ]);
    const response = await upload(mia.id, staff.token, file);
    expect(response.statusCode).toBe(422);
    const { message, errors } = response.json();
    expect(message).toContain('Rad 3, kolonne Fabrikant: Påkrevd felt');
    expect(message).toContain('Rad 3, kolonne Verdi: Verdien må være et helt tall i kroner');
    expect(message).toContain('Rad 4, kolonne Type instrument: ukjent instrumenttype');
    expect(message).toContain('Rad 4, kolonne Startdato: ugyldig dato');
    expect(Object.keys(errors)).toEqual(['rad 3', 'rad 4']);
    expect(await count(mia.id)).toBe(0);
  });

  it('refuses a text file named .xlsx', async () => {
    const mia = await member();
    const response = await upload(mia.id, staff.token, Buffer.from('Type instrument;Fabrikant\nGitar;Gibson\n'));
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('Filen er ikke en gyldig .xlsx-fil.');
  });

  it('refuses a zip that is no workbook', async () => {
    const mia = await member();
    const response = await upload(mia.id, staff.token, zip([{ name: 'readme.txt', data: Buffer.from('hei') }]));
    expect(response.json().message).toBe('Filen er ikke en gyldig .xlsx-fil.');
  });

  it('refuses a zip bomb before inflating it, whether it declares its size or lies about it', async () => {
    const mia = await member();
    const zeros = Buffer.alloc(200 * 1024 * 1024);
    for (const bomb of [xlsxLooking({ data: zeros }), xlsxLooking({ data: zeros, declared: 1000 })]) {
      expect(bomb.length).toBeLessThan(1024 * 1024);
      const inflating = countInflatedBytes();
      const response = await upload(mia.id, staff.token, bomb);
      expect(inflating.stop()).toBeLessThan(1024 * 1024);
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe('Filen pakker seg ut til mer enn en instrumentliste kan være, og blir ikke lest.');
    }
    expect(await count(mia.id)).toBe(0);
  });

  it('refuses a file over the size limit', async () => {
    const mia = await member();
    const response = await upload(mia.id, staff.token, Buffer.alloc(3 * 1024 * 1024, 1));
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toMatch(/for stor/);
  });
});

describe('templates filled in by other programs', () => {
  it.each(['openpyxl', 'libreoffice'])('reads the template filled in with %s (a note on A1, a date cell, a value as text)', async (producer) => {
    const mia = await member();
    const file = await readFile(path.join(import.meta.dirname, `../fixtures/spreadsheets/instruments-${producer}.xlsx`));
    const response = await upload(mia.id, staff.token, file);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.map((row: { make: string; value: number; insurance_start: string }) => [row.make, row.value])).toEqual([
      ['Gibson', 20000],
      ['Fender', 12500],
    ]);
    expect(response.json().data[0].insurance_start).toBe('2026-02-01');
  });
});

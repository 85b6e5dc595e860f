/**
 * The .xlsx writer's text as spreadsheet readers take it: characters XML must escape, characters
 * XML cannot hold, spaces at the ends and line breaks, empty cells between full ones, numbers and
 * calendar days, read back by Debian's openpyxl and by exceljs; and a sheet of many batches.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CsvColumn } from '../../server/lib/csv.ts';
import { xlsxBuffer } from '../../server/lib/xlsx-buffer.ts';
import { xlsxWriter } from '../../server/lib/xlsx.ts';

const run = promisify(execFile);
const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';

interface Row {
  text: string | null;
  amount: string | null;
  day: string | null;
}
const COLUMNS: CsvColumn<Row>[] = [
  { header: 'Tekst', value: (row) => row.text },
  { header: 'Beløp', value: (row) => row.amount, kind: 'amount' },
  { header: 'Dato', value: (row) => row.day, kind: 'date' },
];

const READ = `
import json, sys, openpyxl
ws = openpyxl.load_workbook(sys.argv[1]).active
print(json.dumps([[c.value.strftime('%Y-%m-%d') if c.is_date and c.value is not None else c.value for c in row] for row in ws.iter_rows()]))
`;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'portal-xlsx-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the .xlsx writer', () => {
  it('keeps every character a reader can hold, drops those XML cannot, and leaves empty cells empty', async () => {
    const rows: Row[] = [
      { text: 'Rock & Roll <live> "Oslo"', amount: '1 234,50', day: '17.04.1988' },
      { text: ' to linjer\nog mellomrom ', amount: null, day: '2026-11-30' },
      { text: 'bjelle\u0007 og \u0001kontroll', amount: '-75', day: null },
      { text: null, amount: null, day: '31.12.1999' },
      { text: 'ingen slik dag', amount: 'ukjent', day: '31.02.2024' },
    ];
    const file = path.join(dir, 'tegn.xlsx');
    const buffer = await xlsxBuffer('Tegn & «sånt»', COLUMNS, rows);
    await writeFile(file, buffer);

    const read = JSON.parse((await run(PYTHON, ['-c', READ, file])).stdout) as unknown[][];
    expect(read).toEqual([
      ['Tekst', 'Beløp', 'Dato'],
      ['Rock & Roll <live> "Oslo"', 1234.5, '1988-04-17'],
      [' to linjer\nog mellomrom ', null, '2026-11-30'],
      ['bjelle og kontroll', -75, null],
      [null, null, '1999-12-31'],
      // What is no number or no day stays the text it was.
      ['ingen slik dag', 'ukjent', '31.02.2024'],
    ]);

    const book = new ExcelJS.Workbook();
    await book.xlsx.load(buffer as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.name).toBe('Tegn & «sånt»');
    expect(sheet.getRow(2).getCell(1).value).toBe('Rock & Roll <live> "Oslo"');
    expect(sheet.getRow(5).getCell(3).value).toEqual(new Date(Date.UTC(1999, 11, 31)));
  });

  it('makes every real day a date cell, leap days included, and leaves what is no day (or before 1900) as its text', async () => {
    const days = ['29.02.2024', '2000-02-29', '01-03-1900', '31.12.9999', '29.02.2023', '29.02.1900', '31.04.2026', '31.12.1899', '00.01.2026'];
    const file = path.join(dir, 'dager.xlsx');
    await writeFile(
      file,
      await xlsxBuffer(
        'Dager',
        COLUMNS,
        days.map((day) => ({ text: null, amount: null, day })),
      ),
    );

    const read = JSON.parse((await run(PYTHON, ['-c', READ, file])).stdout) as unknown[][];
    expect(read.slice(1).map((row) => row[2])).toEqual([
      '2024-02-29',
      '2000-02-29',
      '1900-03-01',
      '9999-12-31',
      '29.02.2023',
      '29.02.1900',
      '31.04.2026',
      '31.12.1899',
      '00.01.2026',
    ]);
    // Python's zipfile checks each entry's checksum against its bytes (yazl's sums come from zlib.crc32).
    const check = 'import sys, zipfile; print(zipfile.ZipFile(sys.argv[1]).testzip())';
    expect((await run(PYTHON, ['-c', check, file])).stdout.trim()).toBe('None');
  });

  it('writes forty batches into one sheet with every row in order', async () => {
    const output = new PassThrough();
    const chunks: Buffer[] = [];
    const ended = new Promise((resolve) => output.on('end', resolve));
    const writer = await xlsxWriter(output, 'Mange', COLUMNS, []);
    const batch = (from: number) => Array.from({ length: 500 }, (_, index) => ({ text: `rad ${from + index}`, amount: String(from + index), day: null }));
    const writing = (async () => {
      for (let from = 0; from < 20_000; from += 500) await writer.write(batch(from));
      await writer.finish();
    })();
    output.on('data', (chunk: Buffer) => chunks.push(chunk));
    await writing;
    await ended;
    const file = path.join(dir, 'mange.xlsx');
    await writeFile(file, Buffer.concat(chunks));
    const read = JSON.parse((await run(PYTHON, ['-c', READ, file], { maxBuffer: 64 * 1024 * 1024 })).stdout) as unknown[][];
    expect(read).toHaveLength(20_001);
    expect(read[1]).toEqual(['rad 0', 0, null]);
    expect(read[20_000]).toEqual(['rad 19999', 19999, null]);
  });
});

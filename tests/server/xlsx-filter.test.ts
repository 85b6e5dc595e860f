/**
 * Every .xlsx the portal writes opens with filter buttons on its header row, in Excel and in
 * LibreOffice alike: each sheet's <autoFilter> spans its table, and the workbook names that range
 * `_xlnm._FilterDatabase` (hidden, local to the sheet), without which LibreOffice drops the filter.
 * Read back raw from the zip, and as LibreOffice keeps it when it saves the file as .ods.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createAccount, type TestContext } from './helpers.ts';
import { signedInStaff } from './factories-member-admin.ts';
import { todayInOslo } from '../../server/domain/shared/oslo-date.ts';

const run = promisify(execFile);
/** Debian's python3 lives beside the system interpreter, which a version manager on PATH may hide. */
const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';

/** Each sheet in the workbook's order: its name, its <autoFilter ref>, and the workbook's defined names. */
const READ_FILTERS = `
import json, sys, zipfile, xml.etree.ElementTree as ET
M = '{http://schemas.openxmlformats.org/spreadsheetml/2006/main}'
R = '{http://schemas.openxmlformats.org/officeDocument/2006/relationships}'
out = {}
for name in sys.argv[1:]:
    z = zipfile.ZipFile(name)
    book = ET.fromstring(z.read('xl/workbook.xml'))
    rels = {r.get('Id'): r.get('Target') for r in ET.fromstring(z.read('xl/_rels/workbook.xml.rels'))}
    sheets = []
    for sheet in book.find(M + 'sheets'):
        part = ET.fromstring(z.read('xl/' + rels[sheet.get(R + 'id')].lstrip('/').removeprefix('xl/')))
        auto = part.find(M + 'autoFilter')
        sheets.append({'name': sheet.get('name'), 'filter': auto.get('ref') if auto is not None else None})
    names = [{'name': d.get('name'), 'localSheetId': d.get('localSheetId'), 'hidden': d.get('hidden'), 'value': d.text}
             for d in book.iter(M + 'definedName')]
    out[name] = {'sheets': sheets, 'names': names}
print(json.dumps(out))
`;

/** The database ranges of LibreOffice's content.xml after it saved each file as .ods. */
const READ_ODS_RANGES = `
import json, sys, zipfile, xml.etree.ElementTree as ET
T = '{urn:oasis:names:tc:opendocument:xmlns:table:1.0}'
out = {}
for name in sys.argv[1:]:
    content = ET.fromstring(zipfile.ZipFile(name).read('content.xml'))
    out[name] = [{'range': r.get(T + 'target-range-address'), 'buttons': r.get(T + 'display-filter-buttons')}
                 for r in content.iter(T + 'database-range')]
print(json.dumps(out))
`;

interface Filters {
  sheets: { name: string; filter: string | null }[];
  names: { name: string; localSheetId: string | null; hidden: string | null; value: string }[];
}

let t: TestContext;
let staff: Awaited<ReturnType<typeof signedInStaff>>;
let dir: string;
const tag = `filter${process.pid}`;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await signedInStaff(t.app, t.db);
  dir = await mkdtemp(path.join(tmpdir(), 'portal-filter-'));
  await createAccount(t.db, { first_name: 'Bjørn', last_name: `Ås ${tag}` });
  await createAccount(t.db, { first_name: 'Kari', last_name: `Ås ${tag}` });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

async function download(url: string, name: string): Promise<string> {
  const response = await t.app.inject({ url, headers: bearer(staff.token) });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  const file = path.join(dir, name);
  await writeFile(file, response.rawPayload);
  return file;
}

/** An import of a CSV with one bad row, and its error report. */
async function errorReport(): Promise<string> {
  const boundary = '----filtergrense';
  const csv = `Fornavn;Etternavn;E-post\r\n;Uten fornavn;${tag}@example.no\r\nUten;Kontakt;\r\n`;
  const upload = await t.app.inject({
    method: 'POST',
    url: '/api/member/import',
    headers: { ...bearer(staff.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="feil.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
  });
  expect(upload.statusCode, upload.body).toBe(201);
  return download(`/api/member/import/${upload.json().data.id as number}/errors.xlsx`, 'feil.xlsx');
}

const python = async <T>(script: string, files: string[]): Promise<Record<string, T>> =>
  JSON.parse((await run(PYTHON, ['-c', script, ...files], { maxBuffer: 16 * 1024 * 1024 })).stdout) as Record<string, T>;

async function asOds(files: string[]): Promise<string[]> {
  const profile = await mkdtemp(path.join(tmpdir(), 'portal-lo-'));
  const outDir = path.join(dir, 'ods');
  try {
    await run('soffice', [`-env:UserInstallation=file://${profile}`, '--headless', '--norestore', '--convert-to', 'ods', '--outdir', outDir, ...files], {
      timeout: 120_000,
    });
  } finally {
    await rm(profile, { recursive: true, force: true });
  }
  return files.map((file) => path.join(outDir, path.basename(file).replace(/\.xlsx$/, '.ods')));
}

/** 'A1:M3' as a defined name's reference on the sheet: 'Sheet'!$A$1:$M$3. */
const reference = (sheet: string, range: string) => `'${sheet.replace(/'/g, "''")}'!${range.replace(/([A-Z]+)(\d+)/g, '$$$1$$$2')}`;
/** 'A1:M3' as LibreOffice writes a range on the sheet in .ods. */
const odsRange = (sheet: string, range: string) => {
  const quoted = /^\w+$/.test(sheet) ? sheet : `'${sheet.replace(/'/g, "''")}'`;
  return range
    .split(':')
    .map((cell) => `${quoted}.${cell}`)
    .join(':');
};

describe('filter buttons in every .xlsx', () => {
  it('names each sheet’s autofilter as _xlnm._FilterDatabase, and LibreOffice keeps the filter buttons', async () => {
    const members = await download(`/api/member/list/export?format=xlsx&filter[name]=${tag}`, 'medlemmer.xlsx');
    const stats = await download(`/api/stats/members?from=${todayInOslo().slice(0, 4)}-01-01&to=${todayInOslo()}&format=xlsx`, 'nokkeltall.xlsx');
    const errors = await errorReport();
    const files = [members, stats, errors];
    const read = await python<Filters>(READ_FILTERS, files);

    // The filter spans the table: the member list's header and its two members, all 13 columns.
    expect(read[members].sheets).toEqual([{ name: 'medlemsoversikt', filter: 'A1:N3' }]);
    expect(read[errors].sheets).toEqual([{ name: 'Feil', filter: 'A1:D3' }]);
    expect(read[stats].sheets.map((sheet) => sheet.name)).toEqual(['Medlemmer per måned', 'Perioden', 'Alder', 'Hovedinstrument', 'Samtykke']);

    for (const file of files) {
      const { sheets, names } = read[file];
      expect(
        sheets.every((sheet) => sheet.filter !== null),
        file,
      ).toBe(true);
      expect(names, file).toEqual(
        sheets.map((sheet, index) => ({
          name: '_xlnm._FilterDatabase',
          localSheetId: String(index),
          hidden: '1',
          value: reference(sheet.name, sheet.filter ?? ''),
        })),
      );
    }

    const ods = await asOds(files);
    const kept = await python<{ range: string; buttons: string | null }[]>(READ_ODS_RANGES, ods);
    files.forEach((file, index) => {
      expect(kept[ods[index]], file).toEqual(read[file].sheets.map((sheet) => ({ range: odsRange(sheet.name, sheet.filter ?? ''), buttons: 'true' })));
    });
  }, 180_000);
});

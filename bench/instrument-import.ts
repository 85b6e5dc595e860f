/**
 * Instrument imports beside other requests: the member list's p95 over HTTP, one request after the
 * other, while staff upload full instrument files (1 000 rows each, one after the other) into the
 * same server, against its idle p95. Budget ≤ 3×: an import is read, checked and written in a few
 * statements, so it may not hold the database (on PGlite, the one session every request waits for).
 */
import { readFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import type { Database } from '../server/db/database.ts';
import { IMPORT_LIMITS } from '../server/domain/insurance/instrument-import.ts';
import { TEMPLATE_PATH } from '../server/scripts/instrument-template.ts';
import { prepare } from './member-list.ts';
import { percentile, sampleMemory, serveBench, timeMemberList } from './shared.ts';

export interface InstrumentImportResult {
  files: number;
  rowsPerFile: number;
  /** One file's upload, read and write, median. */
  fileSeconds: number;
  idleP95: number;
  busyP95: number;
  busyRequests: number;
  rssGrowthMb: number;
}

/** The members' template filled with `rows` instruments, as a member or the office would. */
async function fullFile(rows: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(TEMPLATE_PATH)) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  for (let n = 0; n < rows; n += 1) sheet.addRow(['Gitar', `Merke ${n}`, `Modell ${n}`, `SN-${n}`, 1000 + n, '01.03.2026']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function multipart(file: Buffer): { body: Buffer; contentType: string } {
  const boundary = '----benchgrense';
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="instrumenter.xlsx"\r\n` +
          'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

export async function measureInstrumentImport(db: Database, members: number, files = 8): Promise<InstrumentImportResult> {
  await prepare(db, members);
  const [{ id: owner }] = await db.query<{ id: number }>('SELECT min(id)::int AS id FROM accounts WHERE role_id = 2');
  const rowsPerFile = IMPORT_LIMITS.rows;
  const upload = multipart(await fullFile(rowsPerFile));
  const server = await serveBench(db);
  try {
    const list = (i: number) => timeMemberList(server, i);
    const importOne = async () => {
      const start = performance.now();
      const response = await fetch(`${server.base}/api/member/${owner}/instrument/import`, {
        method: 'POST',
        headers: { ...server.headers, 'content-type': upload.contentType },
        body: upload.body,
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`the import answered ${response.status}: ${text.slice(0, 300)}`);
      return (performance.now() - start) / 1000;
    };
    for (let i = 0; i < 10; i += 1) await list(i);
    await importOne();
    const idle: number[] = [];
    for (let i = 0; i < 100; i += 1) idle.push(await list(i));
    const memory = sampleMemory(50);
    const fileSeconds: number[] = [];
    let finished = false;
    const importing = (async () => {
      for (let n = 0; n < files; n += 1) fileSeconds.push(await importOne());
    })().finally(() => {
      finished = true;
    });
    // Every request asked while the imports ran counts, also one that waited for one to end.
    const busy: number[] = [];
    for (let i = 0; !finished; i += 1) busy.push(await list(i));
    await importing;
    idle.sort((a, b) => a - b);
    busy.sort((a, b) => a - b);
    fileSeconds.sort((a, b) => a - b);
    return {
      files,
      rowsPerFile,
      fileSeconds: percentile(fileSeconds, 50),
      idleP95: percentile(idle, 95),
      busyP95: percentile(busy, 95),
      busyRequests: busy.length,
      rssGrowthMb: memory.stop().rssMb,
    };
  } finally {
    await server.close();
  }
}

export function instrumentImportLines(results: [where: string, result: InstrumentImportResult][]): string[] {
  const lines = [
    '## Instrument import beside other requests',
    '',
    "Staff upload full instrument files (1 000 rows each, one after the other) into the server while the member list is asked for, one request after the other, over HTTP: the list's p95 during the imports against its idle p95 (budget ≤ 3×).",
    '',
    '| database | files × rows | one file | idle p95 | p95 during | ratio | RSS growth |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const [where, result] of results) {
    const ratio = result.busyP95 / result.idleP95;
    lines.push(
      `| ${where} | ${result.files} × ${result.rowsPerFile} | ${result.fileSeconds.toFixed(2)} s | ${result.idleP95.toFixed(1)} ms | ${result.busyP95.toFixed(1)} ms (${result.busyRequests} requests) | ${ratio.toFixed(1)}× (${ratio <= 3 ? 'within budget' : 'OVER BUDGET'}) | +${result.rssGrowthMb.toFixed(0)} MB |`,
    );
  }
  lines.push('');
  return lines;
}

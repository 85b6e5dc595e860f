/** The imports: the member register's, and staff's instrument files. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openPglite } from '../server/db/pglite.ts';
import type { Database } from '../server/db/database.ts';
import { importLines, largeImportLines, measureImport, measureLargeImport, type ImportResult, type LargeImportResult } from './member-import.ts';
import { instrumentImportLines, measureInstrumentImport, type InstrumentImportResult } from './instrument-import.ts';
import { withScratchPostgres } from './shared.ts';
import { members, pgUrl } from './run-settings.ts';

/** The member import: preview, commit and undo of BENCH_IMPORT_ROWS rows (default 10 000), then a 50 000-row import under load. */
export async function importSection(lines: string[]) {
  const rows = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
  const large = Number(process.env.BENCH_IMPORT_LARGE_ROWS ?? 50_000);
  const existing = Math.min(members, 20_000);
  const results: [string, ImportResult, LargeImportResult][] = [];
  const measure = async (where: string, open: (work: (db: Database) => Promise<void>) => Promise<void>) => {
    let small: ImportResult | null = null;
    let big: LargeImportResult | null = null;
    await open(async (db) => {
      small = await measureImport(db, rows, existing);
      console.log(`Import on ${where}: ${JSON.stringify(small)}`);
    });
    await open(async (db) => {
      big = await measureLargeImport(db, large, existing);
      console.log(`Large import on ${where}: ${JSON.stringify(big)}`);
    });
    results.push([where, small!, big!]);
  };
  // In a data directory on disk, as the server keeps it: an in-memory database would count its
  // own growing tables (and their write-ahead log) as the process's memory.
  await measure('PGlite', async (work) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-import-'));
    const lite = await openPglite({ dataDir });
    try {
      await work(lite);
    } finally {
      await lite.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
  if (pgUrl !== 'none') await measure('PostgreSQL', (work) => withScratchPostgres(pgUrl, 'portal_bench_import', work));
  lines.push(
    '## Member import',
    '',
    `Preview, commit (on PostgreSQL one transaction, on PGlite small steps taken back on failure) and undo of a ${rows}-row CSV register, on a database holding ${existing} members. Budgets at 10 000 rows: preview ≤ 5 s, commit ≤ 15 s, the undo's own time ≤ 15 s (scaled with the row count). The undo runs as its job runs it (steps, each its own transaction, after which the requests waiting go first: on PGlite those in flight, for at most half as long as the step took; on PostgreSQL a pause half as long) while the member list is asked for over HTTP, one request after the other from the moment the undo starts: its time is all of it and its own (all of it less the time it stood aside for the list), with its steps and the first step's time (in a process that has not removed a member before, that step plans the statements and their triggers); the list's wait (its time less the idle list's median) is the longest (≤ 100 ms: one step at most), the longest after the first step, and the p95. RSS growth is the process's peak above where it stood.`,
    '',
  );
  lines.push(
    '| database | rows | preview | commit | undo | steps of the undo | wait of the list during the undo: longest / after the first step / p95 | RSS growth |',
    '|---|---|---|---|---|---|---|---|',
  );
  for (const [where, small] of results) lines.push(...importLines(where, small));
  lines.push(
    '',
    `A ${large}-row import (preview and commit) in the server process while the member list is asked for, one request after the other, over HTTP: the list's p95 during the import against its idle p95 (budget ≤ 3×), the longest request in each part (the preview stores the upload and checks its rows), and the process's RSS peak above where it stood (budget ≤ +250 MB).`,
    '',
  );
  lines.push(
    '| database | rows | import | idle p95 | p95 during | p95 in the preview / in the commit | longest in the preview / in the commit | ratio | RSS growth | heap growth |',
    '|---|---|---|---|---|---|---|---|---|---|',
  );
  for (const [where, , big] of results) lines.push(...largeImportLines(where, big));
  lines.push('');
}

/**
 * Full instrument files uploaded by staff while the member list is asked for, on PGlite in a data
 * directory on disk (as the server keeps it) and on a PostgreSQL database of its own, at
 * BENCH_INSTRUMENT_IMPORT_MEMBERS (default 20 000) members.
 */
export async function instrumentImportSection(lines: string[]) {
  const size = Number(process.env.BENCH_INSTRUMENT_IMPORT_MEMBERS ?? 20_000);
  const results: [string, InstrumentImportResult][] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-instruments-'));
  const lite = await openPglite({ dataDir });
  try {
    results.push(['PGlite', await measureInstrumentImport(lite, size)]);
  } finally {
    await lite.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (pgUrl !== 'none') {
    results.push(['PostgreSQL', await withScratchPostgres(pgUrl, 'portal_bench_instruments', (db) => measureInstrumentImport(db, size))]);
  }
  for (const [where, result] of results) console.log(`Instrument import on ${where}: ${JSON.stringify(result)}`);
  lines.push(...instrumentImportLines(results));
}

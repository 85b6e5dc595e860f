/**
 * `npm run bench`: the performance budgets (listed in docs/BENCHMARKS.md), measured. Writes the raw
 * tables to bench/results.md (bench/results-<sections>.md with BENCH_ONLY) and each section that ran
 * into docs/BENCHMARKS.md's latest figures (bench/report.ts).
 * BENCH_MEMBERS (default 100000) sets the list size; BENCH_DATABASE_URL (default the local
 * test database) the PostgreSQL server, or `none` to skip it. BENCH_ONLY (a comma-separated list
 * of sections: first-load, list, load, lighthouse, export, import, instrument-import, backup, lists, memory, renewal, payment-file, reminders, outreach, stats) runs only those sections. The export
 * section seeds with \`npm run seed\`'s data; BENCH_EXPORT_DATABASE_URL names an already seeded
 * PostgreSQL database to measure as it is (topped up to BENCH_MEMBERS, never dropped); BENCH_IMPORT_ROWS the
 * import's row count. BENCH_LIGHTHOUSE_REPORTS, a
 * folder, keeps each Lighthouse run's JSON report there; BENCH_LIGHTHOUSE_PAGES (paths as the
 * table shows them, comma-separated) audits only those pages. The load section: BENCH_LOAD_SECONDS
 * the measured seconds per target (default 10), BENCH_LOAD_PGLITE=0 leaves PGlite out,
 * BENCH_LOAD_DATABASE the scratch PostgreSQL database's name (default portal_bench_load),
 * BENCH_PROFILE=<dir> CPU profiles of the reference's runs and of ours (read them with
 * bench/profile-summary.ts).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openPglite } from '../server/db/pglite.ts';
import { openPostgres } from '../server/db/postgres.ts';
import type { Database } from '../server/db/database.ts';
import { SERVER_NODE_FLAGS } from '../server/config-values.ts';
import { measureFirstLoads } from './first-load.ts';
import { measureMemberList, prepare, type Timing } from './member-list.ts';
import { measureExport, type ExportResult } from './member-export.ts';
import { loadSectionLines } from './load.ts';
import { describeLighthouse, measureLighthouse } from './lighthouse.ts';
import { measureSpreadsheetExport, prepareSeeded, spreadsheetLines } from './spreadsheet-export.ts';
import { importLines, largeImportLines, measureImport, measureLargeImport, type ImportResult, type LargeImportResult } from './member-import.ts';
import { serveBench, withScratchPostgres } from './shared.ts';
import { measureBackup } from './backup.ts';
import { addListExtras, growthLines, listLines, measureLists, type ListTiming } from './lists.ts';
import { measureMemory, memoryLines } from './memory.ts';
import { instrumentImportLines, measureInstrumentImport, type InstrumentImportResult } from './instrument-import.ts';
import { measureRenewal, renewalLines, type RenewalResult } from './renewal.ts';
import { measurePaymentFile, paymentFileLines, type PaymentFileResult } from './payment-file.ts';
import { measureReminders, remindersLines, type RemindersResult } from './reminders.ts';
import { measureOutreach, outreachLines, type OutreachResult } from './outreach.ts';
import { measureStats, statsLines } from './stats.ts';
import { writeBenchmarks, type SectionLines } from './report.ts';

// Most sections run the server's code in this process: it runs with the server process's Node flags.
if (!SERVER_NODE_FLAGS.every((flag) => process.execArgv.includes(flag))) {
  const { status } = spawnSync(process.execPath, [...SERVER_NODE_FLAGS, ...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit' });
  process.exit(status ?? 1);
}

const root = path.resolve(import.meta.dirname, '..');
const members = Number(process.env.BENCH_MEMBERS ?? 100_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 100);
const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const only = new Set((process.env.BENCH_ONLY ?? '').split(',').map((name) => name.trim()).filter(Boolean));
/** Whether a section of the bench runs: every section unless BENCH_ONLY names some. */
const runs = (section: string) => only.size === 0 || only.has(section);

const ms = (value: number) => `${value.toFixed(1)} ms`;
const lines: string[] = [`# Benchmark results`, '', `Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench\` on this machine (${members} members, ${rounds} requests per query).`, ''];

function timingTable(title: string, budget: number, rows: Timing[]) {
  const worst = Math.max(...rows.map((row) => row.p95));
  lines.push(`## ${title}`, '', `Budget p95 ≤ ${budget} ms; worst p95 ${ms(worst)}: ${worst <= budget ? 'within budget' : 'OVER BUDGET'}.`, '');
  lines.push('| query | p50 | p95 |', '|---|---|---|');
  for (const row of rows) lines.push(`| ${row.query} | ${ms(row.p50)} | ${ms(row.p95)} |`);
  lines.push('');
  console.log(`${title}: worst p95 ${ms(worst)} (budget ${budget} ms)`);
  for (const row of rows) console.log(`  ${row.query.padEnd(18)} p50 ${ms(row.p50).padStart(9)}  p95 ${ms(row.p95).padStart(9)}`);
}

function exportLine(where: string, result: ExportResult) {
  const verdict = result.seconds < 3 ? 'within budget' : 'OVER BUDGET';
  lines.push(`CSV export on ${where}: ${result.rows} rows, ${result.megabytes.toFixed(1)} MB in ${result.seconds.toFixed(2)} s (budget < 3 s: ${verdict}); the heap grew by ${result.heapGrowthMb.toFixed(1)} MB while streaming.`, '');
  console.log(`CSV export on ${where}: ${result.rows} rows in ${result.seconds.toFixed(2)} s, heap +${result.heapGrowthMb.toFixed(1)} MB`);
}

/** Gzip KB budgets per route (the issues' first-load goals): every signed-in staff page ≤ 300 KB. */
// '/stats' (issue 40) carries its charts library on top of the staff app, loaded on that page only.
const FIRST_LOAD_KB: Record<string, number> = { '/profile': 115, '/new-member': 125, '/profile/{id}': 125, '/': 120, '/stats': 400 };
const STAFF_PAGE_KB = 300;
const budgetOf = (route: string) => FIRST_LOAD_KB[route] ?? (route.startsWith('/profile') || route.startsWith('/new-member') ? undefined : STAFF_PAGE_KB);
const CLS_BUDGET = 0.02;

async function firstLoadSection() {
  const loads = await measureFirstLoads(path.join(root, 'dist'));
  lines.push('## First load: JavaScript (gzip) and layout shift', '', `What Chromium downloads on a first visit to each page, from the production build, and the page's CLS in the same visit (budget ≤ ${CLS_BUDGET} everywhere).`, '');
  lines.push('| page | route | budget | measured | verdict | scripts | CLS |', '|---|---|---|---|---|---|---|');
  for (const load of loads) {
    const budget = budgetOf(load.route);
    const within = (budget === undefined || load.gzipKb <= budget) && load.cls <= CLS_BUDGET;
    const verdict = within ? 'within budget' : 'OVER BUDGET';
    lines.push(`| ${load.page} | \`${load.route}\` | ${budget === undefined ? '–' : `≤ ${budget} KB`} | ${load.gzipKb} KB | ${verdict} | ${load.scripts} | ${load.cls} |`);
    console.log(`${load.route.padEnd(40)} ${`${load.gzipKb} KB`.padStart(9)} (budget ${budget ?? '–'})  scripts ${String(load.scripts).padStart(2)}  CLS ${load.cls}  ${verdict}`);
  }
  lines.push('');
}

async function listSection() {
  const lite = await openPglite();
  console.log(`PGlite: seeding ${members} members …`);
  await prepare(lite, members);
  const onLite = await measureMemberList(lite, rounds);
  timingTable(`Member list on PGlite (${onLite.totalMembers} members)`, 50, onLite.rows);
  exportLine('PGlite', await measureExport(lite));
  await lite.close();

  if (pgUrl !== 'none') {
    await withScratchPostgres(pgUrl, 'portal_bench', async (pg) => {
      console.log(`PostgreSQL: seeding ${members} members …`);
      await prepare(pg, members);
      const onPg = await measureMemberList(pg, rounds);
      timingTable(`Member list on PostgreSQL (${onPg.totalMembers} members)`, 15, onPg.rows);
      exportLine('PostgreSQL', await measureExport(pg));
    });
  }
}

async function loadSection() {
  lines.push(...(await loadSectionLines(members, pgUrl)));
}

async function lighthouseSection() {
  const result = await measureLighthouse(path.join(root, 'dist'), {
    reportDir: process.env.BENCH_LIGHTHOUSE_REPORTS,
    pages: process.env.BENCH_LIGHTHOUSE_PAGES?.split(',').map((page) => page.trim()),
  });
  const report = describeLighthouse(result);
  lines.push(...report.markdown);
  for (const line of report.summary) console.log(line);
}

/** CSV against .xlsx of the member overview, on seeded data, PGlite and PostgreSQL. */
async function exportSection() {
  lines.push('## Spreadsheet export (CSV and xlsx)', '');
  const report = async (where: string, db: Database) => {
    const people = await prepareSeeded(db, members, (line) => console.log(`${where}: ${line}`));
    const results = await measureSpreadsheetExport(db);
    lines.push(...spreadsheetLines(where, people, results));
    for (const result of results) {
      console.log(`${where} ${result.format}: ${result.seconds.toFixed(2)} s, ${result.megabytes.toFixed(1)} MB, heap +${result.heapGrowthMb.toFixed(0)} MB, RSS +${result.rssGrowthMb.toFixed(0)} MB`);
    }
  };
  const seeded = process.env.BENCH_EXPORT_DATABASE_URL;
  if (seeded) {
    const db = await openPostgres(seeded);
    try {
      await report('PostgreSQL', db);
    } finally {
      await db.close();
    }
    return;
  }
  const lite = await openPglite();
  await report('PGlite', lite);
  await lite.close();
  if (pgUrl !== 'none') await withScratchPostgres(pgUrl, 'portal_bench_export', (pg) => report('PostgreSQL', pg));
}

/** The member import: preview, commit and undo of BENCH_IMPORT_ROWS rows (default 10 000), then a 50 000-row import under load. */
async function importSection() {
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
  lines.push('## Member import', '', `Preview, commit (on PostgreSQL one transaction, on PGlite small steps taken back on failure) and undo of a ${rows}-row CSV register, on a database holding ${existing} members. Budgets at 10 000 rows: preview ≤ 5 s, commit ≤ 15 s, undo ≤ 15 s (scaled with the row count), run as its job runs it (steps, each its own transaction, with a pause after each) while the member list is asked for over HTTP, one request after the other: how long a list request waited during the undo (its time less the idle list's median), the longest ≤ 100 ms (it waits for one step at most), and the p95; RSS growth is the process's peak above where it stood.`, '');
  lines.push('| database | rows | preview | commit | undo | wait of the list during the undo: longest / p95 | RSS growth |', '|---|---|---|---|---|---|---|');
  for (const [where, small] of results) lines.push(...importLines(where, small));
  lines.push('', `A ${large}-row import (preview and commit) in the server process while the member list is asked for, one request after the other, over HTTP: the list's p95 during the import against its idle p95 (budget ≤ 3×), and the process's RSS peak above where it stood (budget ≤ +250 MB).`, '');
  lines.push('| database | rows | import | idle p95 | p95 during | p95 in the preview / in the commit | ratio | RSS growth | heap growth |', '|---|---|---|---|---|---|---|---|---|');
  for (const [where, , big] of results) lines.push(...largeImportLines(where, big));
  lines.push('');
}

/**
 * Full instrument files uploaded by staff while the member list is asked for, on PGlite in a data
 * directory on disk (as the server keeps it) and on a PostgreSQL database of its own, at
 * BENCH_INSTRUMENT_IMPORT_MEMBERS (default 20 000) members.
 */
async function instrumentImportSection() {
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

/** The embedded database's streamed backup and the shutdown after it, at BENCH_MEMBERS members. */
async function backupSection() {
  const result = await measureBackup(members);
  const within = result.rssGrowthMb <= 300 && result.shutdownSeconds <= 10;
  lines.push('## Backup and shutdown (PGlite)', '', `A backup of ${result.members} members' database, streamed to a gzipped tar, and a server on it stopped with SIGTERM. Budgets: memory ≤ +300 MB during the backup, shutdown ≤ 10 s: ${within ? 'within budget' : 'OVER BUDGET'}.`, '');
  lines.push('| data directory | archive | backup time | RSS growth | shutdown | backup at shutdown |', '|---|---|---|---|---|---|');
  lines.push(`| ${result.dataMb} MB | ${result.archiveMb} MB | ${result.seconds.toFixed(1)} s | +${result.rssGrowthMb} MB | ${result.shutdownSeconds.toFixed(1)} s | ${result.shutdownBackup} |`, '');
  console.log(`Backup: ${JSON.stringify(result)}`);
}

/**
 * Every list's page 1 and last page, raw SQL p50, and page 1 over HTTP, on `npm run seed`'s data
 * at each of BENCH_LISTS_SIZES people (default 1 000, 10 000 and BENCH_MEMBERS; the database is
 * topped up between), on PGlite and on a PostgreSQL database of its own (portal_bench_lists,
 * dropped afterwards), with each list's growth from the smallest size to the largest.
 * BENCH_LISTS_DATABASE_URL measures an already seeded PostgreSQL database as it is, and
 * BENCH_LISTS_DATA_DIR an already seeded PGlite data directory; BENCH_LISTS_ONLY a part of a list's name.
 */
async function listsSection() {
  lines.push('## Every list at the cost of its page', '');
  const sizes = (process.env.BENCH_LISTS_SIZES ?? `1000,10000,${members}`).split(',').map(Number).filter((n) => n > 0).sort((a, b) => a - b);
  const report = async (where: string, db: Database, wanted: number[]) => {
    const runs: { people: number; timings: ListTiming[] }[] = [];
    for (const size of wanted) {
      const people = await prepareSeeded(db, size, (line) => console.log(`${where}: ${line}`));
      await addListExtras(db);
      await db.query('VACUUM ANALYZE');
      const server = await serveBench(db);
      let timings: ListTiming[];
      try {
        timings = await measureLists(db, rounds, process.env.BENCH_LISTS_ONLY, server);
      } finally {
        await server.close();
      }
      const kind = db.kind === 'postgres' ? 'postgres' : 'pglite';
      lines.push(...listLines(where, kind, people, timings));
      runs.push({ people, timings });
      console.log(`${where} (${people} people):`);
      for (const t of timings) {
        console.log(`  ${t.list.padEnd(30)} page 1 p50 ${t.firstP50.toFixed(2).padStart(7)} ms   last (${t.lastPage}) p50 ${t.lastP50.toFixed(2).padStart(7)} ms   API p50 ${t.apiP50?.toFixed(2).padStart(7)} ms`);
      }
    }
    lines.push(...growthLines(where, runs));
  };
  const liteDir = process.env.BENCH_LISTS_DATA_DIR;
  if (process.env.BENCH_LISTS_PGLITE !== '0') {
    const lite = await openPglite(liteDir ? { dataDir: liteDir } : {});
    try {
      await report('PGlite', lite, liteDir ? [members] : sizes);
    } finally {
      await lite.close();
    }
  }
  const seeded = process.env.BENCH_LISTS_DATABASE_URL;
  if (seeded) {
    const db = await openPostgres(seeded);
    try {
      await report('PostgreSQL', db, [members]);
    } finally {
      await db.close();
    }
  } else if (pgUrl !== 'none') {
    await withScratchPostgres(pgUrl, 'portal_bench_lists', (pg) => report('PostgreSQL', pg, sizes));
  }
}

/**
 * The real server's resident memory (supervisor and server process) at start, idle and under
 * load, on PGlite and PostgreSQL, empty and with BENCH_MEMORY_MEMBERS (default BENCH_MEMBERS)
 * members; see bench/memory.ts.
 */
async function memorySection() {
  const size = Number(process.env.BENCH_MEMORY_MEMBERS ?? members);
  const runs = await measureMemory(size, pgUrl);
  lines.push(...memoryLines(runs, Number(process.env.BENCH_MEMORY_IDLE_SECONDS ?? 20), Number(process.env.BENCH_MEMORY_LOAD_SECONDS ?? 10)));
}

/**
 * The renewal run (issue 35): preview and run at BENCH_RENEWAL_MEMBERS (default BENCH_MEMBERS)
 * members, on the embedded database in a data directory on disk and on PostgreSQL.
 */
async function renewalSection() {
  const size = Number(process.env.BENCH_RENEWAL_MEMBERS ?? members);
  const results: RenewalResult[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-renewal-'));
  const lite = await openPglite({ dataDir });
  try {
    await prepare(lite, size);
    results.push(await measureRenewal(lite, 'PGlite', size));
  } finally {
    await lite.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (pgUrl !== 'none') {
    results.push(await withScratchPostgres(pgUrl, 'portal_bench_renewal', async (db) => {
      await prepare(db, size);
      return measureRenewal(db, 'PostgreSQL', size);
    }));
  }
  for (const result of results) console.log(`Renewal on ${result.where}: ${JSON.stringify(result)}`);
  lines.push(...renewalLines(results));
}

/**
 * A bank's OCR file (issue 35): BENCH_OCR_PAYMENTS payments (default 20 000) read in and booked,
 * on the embedded database in a data directory on disk and on PostgreSQL.
 */
async function paymentFileSection() {
  const size = Number(process.env.BENCH_OCR_PAYMENTS ?? 20_000);
  const results: PaymentFileResult[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-ocr-'));
  const lite = await openPglite({ dataDir });
  try {
    await prepare(lite, Math.ceil(size * 1.3));
    results.push(await measurePaymentFile(lite, 'PGlite', size));
  } finally {
    await lite.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (pgUrl !== 'none') {
    results.push(await withScratchPostgres(pgUrl, 'portal_bench_ocr', async (db) => {
      await prepare(db, Math.ceil(size * 1.3));
      return measurePaymentFile(db, 'PostgreSQL', size);
    }));
  }
  for (const result of results) console.log(`OCR file on ${result.where}: ${JSON.stringify(result)}`);
  lines.push(...paymentFileLines(results));
}

/**
 * The reminder job (issue 35): BENCH_REMINDER_INVOICES invoices (default BENCH_MEMBERS) whose first
 * reminder's day has come, on the embedded database in a data directory on disk and on PostgreSQL.
 */
async function remindersSection() {
  const size = Number(process.env.BENCH_REMINDER_INVOICES ?? members);
  const results: RemindersResult[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-reminders-'));
  const lite = await openPglite({ dataDir });
  try {
    await prepare(lite, Math.ceil(size * 1.3));
    results.push(await measureReminders(lite, 'PGlite', size));
  } finally {
    await lite.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (pgUrl !== 'none') {
    results.push(await withScratchPostgres(pgUrl, 'portal_bench_reminders', async (db) => {
      await prepare(db, Math.ceil(size * 1.3));
      return measureReminders(db, 'PostgreSQL', size);
    }));
  }
  for (const result of results) console.log(`Reminders on ${result.where}: ${JSON.stringify(result)}`);
  lines.push(...remindersLines(results));
}

/**
 * Sends to a group (issue 38): a group's count, queueing a send to every member, the member list
 * while it is delivered and one delivery run's pace, on the embedded database and on PostgreSQL.
 */
async function outreachSection() {
  const results: OutreachResult[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-outreach-'));
  const lite = await openPglite({ dataDir });
  try {
    await prepare(lite, members);
    results.push(await measureOutreach(lite, 'PGlite', members));
  } finally {
    await lite.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (pgUrl !== 'none') {
    results.push(await withScratchPostgres(pgUrl, 'portal_bench_outreach', async (db) => {
      await prepare(db, members);
      return measureOutreach(db, 'PostgreSQL', members);
    }));
  }
  for (const result of results) console.log(`Outreach on ${result.where}: ${JSON.stringify(result)}`);
  lines.push(...outreachLines(results));
}

/** The bench's sections in the order they run and are written. */
const sections: [name: string, run: () => Promise<void>][] = [
  ['first-load', firstLoadSection],
  ['list', listSection],
  ['load', loadSection],
  ['lighthouse', lighthouseSection],
  ['export', exportSection],
  ['import', importSection],
  ['instrument-import', instrumentImportSection],
  ['backup', backupSection],
  ['lists', listsSection],
  ['memory', memorySection],
  ['renewal', renewalSection],
  ['payment-file', paymentFileSection],
  ['reminders', remindersSection],
  ['outreach', outreachSection],
  ['stats', statsSection],
];

/**
 * 'Nøkkeltall' (issue 40): the five stats routes at 1 000 and BENCH_MEMBERS members with 5 years
 * of history on PostgreSQL (BENCH_STATS_SIZES, comma-separated, sets the sizes); see bench/stats.ts.
 */
async function statsSection() {
  if (pgUrl === 'none') return;
  const sizes = (process.env.BENCH_STATS_SIZES ?? `1000,${members}`).split(',').map(Number).filter((size) => size > 0);
  lines.push(...statsLines(await measureStats(pgUrl, sizes, Number(process.env.BENCH_STATS_ROUNDS ?? rounds))));
}

async function main() {
  const ran: SectionLines[] = [];
  for (const [name, run] of sections) {
    if (!runs(name)) continue;
    const first = lines.length;
    await run();
    ran.push({ name, lines: lines.slice(first) });
  }
  const file = only.size === 0 ? 'results.md' : `results-${[...only].join('-')}.md`;
  writeFileSync(path.join(root, 'bench', file), `${lines.join('\n')}\n`);
  const how = only.size === 0 ? '`npm run bench`' : `\`BENCH_ONLY=${[...only].join(',')} npm run bench\``;
  writeBenchmarks(path.join(root, 'docs', 'BENCHMARKS.md'), ran, sections.map(([name]) => name), `Measured ${new Date().toISOString().slice(0, 10)} with ${how} (BENCH_MEMBERS ${members}).`);
  console.log(`\nWritten to bench/${file} and docs/BENCHMARKS.md`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

/**
 * `npm run bench`: the performance budgets (listed in the README), measured. Writes bench/results.md.
 * BENCH_MEMBERS (default 100000) sets the list size; BENCH_DATABASE_URL (default the local
 * test database) the PostgreSQL server, or `none` to skip it. BENCH_ONLY (a comma-separated list
 * of sections: first-load, list, load, lighthouse, export, import) runs only those sections. The export
 * section seeds with \`npm run seed\`'s data; BENCH_EXPORT_DATABASE_URL names an already seeded
 * PostgreSQL database to measure as it is (topped up to BENCH_MEMBERS, never dropped); BENCH_IMPORT_ROWS the
 * import's row count. BENCH_LIGHTHOUSE_REPORTS, a
 * folder, keeps each Lighthouse run's JSON report there; BENCH_LIGHTHOUSE_PAGES (paths as the
 * table shows them, comma-separated) audits only those pages.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { openPglite } from '../server/db/pglite.ts';
import { openPostgres } from '../server/db/postgres.ts';
import type { Database } from '../server/db/database.ts';
import { measureFirstLoads } from './first-load.ts';
import { measureMemberList, prepare, type Timing } from './member-list.ts';
import { measureExport, type ExportResult } from './member-export.ts';
import { loadSectionLines } from './load.ts';
import { describeLighthouse, measureLighthouse } from './lighthouse.ts';
import { measureSpreadsheetExport, prepareSeeded, spreadsheetLines } from './spreadsheet-export.ts';
import { importLines, measureImport } from './member-import.ts';

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

/** Gzip KB budgets per route (the issue's first-load goals); pages without one are measured for CLS only. */
const FIRST_LOAD_KB: Record<string, number> = { '/profile': 115, '/new-member': 125, '/profile/{id}': 125, '/': 120, '/membership': 300 };
const CLS_BUDGET = 0.02;

async function firstLoadSection() {
  const loads = await measureFirstLoads(path.join(root, 'dist'));
  lines.push('## First load: JavaScript (gzip) and layout shift', '', `What Chromium downloads on a first visit to each page, from the production build, and the page's CLS in the same visit (budget ≤ ${CLS_BUDGET} everywhere).`, '');
  lines.push('| page | route | budget | measured | verdict | scripts | CLS |', '|---|---|---|---|---|---|---|');
  for (const load of loads) {
    const budget = FIRST_LOAD_KB[load.route];
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
    const name = 'portal_bench';
    const admin = await openPostgres(pgUrl, 1);
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    const pg = await openPostgres(url.toString());
    console.log(`PostgreSQL: seeding ${members} members …`);
    await prepare(pg, members);
    const onPg = await measureMemberList(pg, rounds);
    timingTable(`Member list on PostgreSQL (${onPg.totalMembers} members)`, 15, onPg.rows);
    exportLine('PostgreSQL', await measureExport(pg));
    await pg.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.close();
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
  if (pgUrl !== 'none') {
    const name = 'portal_bench_export';
    const admin = await openPostgres(pgUrl, 1);
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    const pg = await openPostgres(url.toString());
    await report('PostgreSQL', pg);
    await pg.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.close();
  }
}

/** The member import: preview, commit and undo of BENCH_IMPORT_ROWS rows (default 10 000). */
async function importSection() {
  const rows = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
  const existing = Math.min(members, 20_000);
  lines.push('## Member import', '', `Preview, commit (one transaction) and undo of a ${rows}-row CSV register, on a database holding ${existing} members. Budgets at 10 000 rows: preview ≤ 5 s, commit ≤ 15 s, undo ≤ 15 s (scaled with the row count).`, '');
  lines.push('| database | rows | preview | commit | undo | RSS growth |', '|---|---|---|---|---|---|');
  const lite = await openPglite();
  const onLite = await measureImport(lite, rows, existing);
  lines.push(...importLines('PGlite', onLite));
  console.log(`Import on PGlite: ${JSON.stringify(onLite)}`);
  await lite.close();
  if (pgUrl !== 'none') {
    const name = 'portal_bench_import';
    const admin = await openPostgres(pgUrl, 1);
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    const pg = await openPostgres(url.toString());
    const onPg = await measureImport(pg, rows, existing);
    lines.push(...importLines('PostgreSQL', onPg));
    console.log(`Import on PostgreSQL: ${JSON.stringify(onPg)}`);
    await pg.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.close();
  }
  lines.push('');
}

/** The bench's sections in the order they run and are written. */
const sections: [name: string, run: () => Promise<void>][] = [
  ['first-load', firstLoadSection],
  ['list', listSection],
  ['load', loadSection],
  ['lighthouse', lighthouseSection],
  ['export', exportSection],
  ['import', importSection],
];

async function main() {
  for (const [name, run] of sections) if (runs(name)) await run();
  const file = only.size === 0 ? 'results.md' : `results-${[...only].join('-')}.md`;
  writeFileSync(path.join(root, 'bench', file), `${lines.join('\n')}\n`);
  console.log(`\nWritten to bench/${file}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

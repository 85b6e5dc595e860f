/** The lists: the member list and its exports, every list at the cost of its page, and the stats routes. */
import { openPglite } from '../server/db/pglite.ts';
import { openPostgres } from '../server/db/postgres.ts';
import type { Database } from '../server/db/database.ts';
import { measureMemberList, prepare, type Timing } from './member-list.ts';
import { measureExport, type ExportResult } from './member-export.ts';
import { measureSpreadsheetExport, prepareSeeded, spreadsheetLines } from './spreadsheet-export.ts';
import { serveBench, withScratchPostgres } from './shared.ts';
import { addListExtras, growthLines, listLines, measureLists, type ListTiming } from './lists.ts';
import { measureStats, statsLines } from './stats.ts';
import { addGrowthExtras, indexLevels, measureGrowthProbes, recordingDatabase } from './growth.ts';
import { growthTable, type GrowthRun } from './growth-table.ts';
import { foldInvoiceTotals, foldListCountDeltas } from '../server/jobs/cleanup.ts';
import { members, pgUrl, rounds } from './run-settings.ts';

const ms = (value: number) => `${value.toFixed(1)} ms`;

function timingTable(lines: string[], title: string, budget: number, rows: Timing[]) {
  const worst = Math.max(...rows.map((row) => row.p95));
  lines.push(`## ${title}`, '', `Budget p95 ≤ ${budget} ms; worst p95 ${ms(worst)}: ${worst <= budget ? 'within budget' : 'OVER BUDGET'}.`, '');
  lines.push('| query | p50 | p95 |', '|---|---|---|');
  for (const row of rows) lines.push(`| ${row.query} | ${ms(row.p50)} | ${ms(row.p95)} |`);
  lines.push('');
  console.log(`${title}: worst p95 ${ms(worst)} (budget ${budget} ms)`);
  for (const row of rows) console.log(`  ${row.query.padEnd(18)} p50 ${ms(row.p50).padStart(9)}  p95 ${ms(row.p95).padStart(9)}`);
}

function exportLine(lines: string[], where: string, result: ExportResult) {
  const verdict = result.seconds < 3 ? 'within budget' : 'OVER BUDGET';
  lines.push(
    `CSV export on ${where}: ${result.rows} rows, ${result.megabytes.toFixed(1)} MB in ${result.seconds.toFixed(2)} s (budget < 3 s: ${verdict}); the heap grew by ${result.heapGrowthMb.toFixed(1)} MB while streaming.`,
    '',
  );
  console.log(`CSV export on ${where}: ${result.rows} rows in ${result.seconds.toFixed(2)} s, heap +${result.heapGrowthMb.toFixed(1)} MB`);
}

export async function listSection(lines: string[]) {
  const lite = await openPglite();
  console.log(`PGlite: seeding ${members} members …`);
  await prepare(lite, members);
  const onLite = await measureMemberList(lite, rounds);
  timingTable(lines, `Member list on PGlite (${onLite.totalMembers} members)`, 50, onLite.rows);
  exportLine(lines, 'PGlite', await measureExport(lite));
  await lite.close();

  if (pgUrl !== 'none') {
    await withScratchPostgres(pgUrl, 'portal_bench', async (pg) => {
      console.log(`PostgreSQL: seeding ${members} members …`);
      await prepare(pg, members);
      const onPg = await measureMemberList(pg, rounds);
      timingTable(lines, `Member list on PostgreSQL (${onPg.totalMembers} members)`, 15, onPg.rows);
      exportLine(lines, 'PostgreSQL', await measureExport(pg));
    });
  }
}

/** CSV against .xlsx of the member overview, on seeded data, PGlite and PostgreSQL. */
export async function exportSection(lines: string[]) {
  lines.push('## Spreadsheet export (CSV and xlsx)', '');
  const report = async (where: string, db: Database) => {
    const people = await prepareSeeded(db, members, (line) => console.log(`${where}: ${line}`));
    const results = await measureSpreadsheetExport(db);
    lines.push(...spreadsheetLines(where, people, results));
    for (const result of results) {
      console.log(
        `${where} ${result.format}: ${result.seconds.toFixed(2)} s, ${result.megabytes.toFixed(1)} MB, heap +${result.heapGrowthMb.toFixed(0)} MB, RSS +${result.rssGrowthMb.toFixed(0)} MB`,
      );
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

/**
 * Every list's page 1 and last page, raw SQL p50, and page 1 over HTTP, on `npm run seed`'s data
 * at each of BENCH_LISTS_SIZES people (default 1 000, 10 000 and BENCH_MEMBERS; the database is
 * topped up between), on PGlite and on a PostgreSQL database of its own (portal_bench_lists,
 * dropped afterwards), with each list's growth from the smallest size to the largest.
 * BENCH_LISTS_DATABASE_URL measures an already seeded PostgreSQL database as it is, and
 * BENCH_LISTS_DATA_DIR an already seeded PGlite data directory; BENCH_LISTS_ONLY a part of a list's name.
 */
export async function listsSection(lines: string[]) {
  lines.push('## Every list at the cost of its page', '');
  const sizes = (process.env.BENCH_LISTS_SIZES ?? `1000,10000,${members}`)
    .split(',')
    .map(Number)
    .filter((n) => n > 0)
    .sort((a, b) => a - b);
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
        console.log(
          `  ${t.list.padEnd(30)} page 1 p50 ${t.firstP50.toFixed(2).padStart(7)} ms   last (${t.lastPage}) p50 ${t.lastP50.toFixed(2).padStart(7)} ms   API p50 ${t.apiP50?.toFixed(2).padStart(7)} ms`,
        );
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
 * 'Nøkkeltall' (issue 40): the five stats routes at 1 000 and BENCH_MEMBERS members with 5 years
 * of history on PostgreSQL (BENCH_STATS_SIZES, comma-separated, sets the sizes); see bench/stats.ts.
 */
export async function statsSection(lines: string[]) {
  if (pgUrl === 'none') return;
  const sizes = (process.env.BENCH_STATS_SIZES ?? `1000,${members}`)
    .split(',')
    .map(Number)
    .filter((size) => size > 0);
  lines.push(...statsLines(await measureStats(pgUrl, sizes, Number(process.env.BENCH_STATS_ROUNDS ?? rounds))));
}

/**
 * Pages touched per request as the register grows (bench/growth.ts): at each of BENCH_GROWTH_SIZES
 * people (default 1 000, 10 000 and BENCH_MEMBERS) on a PostgreSQL database of its own
 * (portal_bench_growth, dropped afterwards), topped up between; BENCH_GROWTH_DATABASE_URL measures a
 * PostgreSQL database that is kept (topped up to each size it has fewer people than), and
 * BENCH_GROWTH_PGLITE=1 measures PGlite too; BENCH_GROWTH_EXPLAIN (part of a request's name) prints
 * the plans of its statements. A request over its bound fails the bench (exit 1) after the figures are written.
 */
export async function growthSection(lines: string[]) {
  lines.push('## Pages touched per request as the register grows', '');
  const sizes = (process.env.BENCH_GROWTH_SIZES ?? `1000,10000,${members}`)
    .split(',')
    .map(Number)
    .filter((n) => n > 0)
    .sort((a, b) => a - b);
  const report = async (where: string, db: Database) => {
    const runs: GrowthRun[] = [];
    for (const size of sizes) {
      const people = await prepareSeeded(db, size, (line) => console.log(`${where}: ${line}`));
      console.log(`${where}: the invoices, access log, claims, documents and newsletter for ${people} people …`);
      await addGrowthExtras(db);
      // As the hourly clean-up keeps a database in use: the counters' and totals' deltas folded, for
      // two hours. One fold after a large run writes its row after the dead rows it folded, so a
      // delta table stays some pages long until the next fold (after a vacuum) writes it first.
      for (let hour = 0; hour < 2; hour++) {
        await foldListCountDeltas(db);
        await foldInvoiceTotals(db);
        await db.query('VACUUM ANALYZE');
      }
      const recorded = recordingDatabase(db);
      const server = await serveBench(recorded.db);
      try {
        const results = await measureGrowthProbes(db, recorded, server);
        // PGlite has no pageinspect: its figures are compared without the depth.
        const levels = await indexLevels(db).catch(() => new Map<string, number>());
        runs.push({ people, results, levels });
      } finally {
        await server.close();
      }
      console.log(
        `${where} (${people} people): ${runs
          .at(-1)!
          .results.map((r) => `${r.name} ${r.kind} ${r.buffers}`)
          .join('; ')}`,
      );
    }
    const { lines: table, over } = growthTable(where, runs);
    lines.push(...table);
    if (over.length > 0) {
      console.error(`${where}: over the growth bound: ${over.join('; ')}`);
      process.exitCode = 1;
    }
  };
  if (process.env.BENCH_GROWTH_PGLITE === '1') {
    const lite = await openPglite();
    try {
      await report('PGlite', lite);
    } finally {
      await lite.close();
    }
  }
  const kept = process.env.BENCH_GROWTH_DATABASE_URL;
  if (kept) {
    const db = await openPostgres(kept);
    try {
      await report('PostgreSQL', db);
    } finally {
      await db.close();
    }
  } else if (pgUrl !== 'none') await withScratchPostgres(pgUrl, 'portal_bench_growth', (pg) => report('PostgreSQL', pg));
}

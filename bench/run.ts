/**
 * `npm run bench`: the performance budgets (listed in docs/BENCHMARKS.md), measured. Writes the raw
 * tables to bench/results.md (bench/results-<sections>.md with BENCH_ONLY) and each section that ran
 * into docs/BENCHMARKS.md's latest figures (bench/report.ts).
 * BENCH_MEMBERS (default 100000) sets the list size; BENCH_DATABASE_URL (default the local
 * test database) the PostgreSQL server, or `none` to skip it. BENCH_ONLY (a comma-separated list
 * of sections: first-load, list, load, lighthouse, export, import, instrument-import, backup, lists, memory, renewal, payment-file, reminders, invoice-pdf, outreach, stats, growth) runs only those sections. The export
 * section seeds with \`npm run seed\`'s data; BENCH_EXPORT_DATABASE_URL names an already seeded
 * PostgreSQL database to measure as it is (topped up to BENCH_MEMBERS, never dropped); BENCH_IMPORT_ROWS the
 * import's row count. BENCH_LIGHTHOUSE_REPORTS, a
 * folder, keeps each Lighthouse run's JSON report there; BENCH_LIGHTHOUSE_PAGES (paths as the
 * table shows them, comma-separated) audits only those pages. The load section: BENCH_LOAD_SECONDS
 * the measured seconds per target (default 20), BENCH_LOAD_WARMUP the unmeasured seconds before (default 6), BENCH_LOAD_PGLITE=0 leaves PGlite out,
 * BENCH_LOAD_DATABASE the scratch PostgreSQL database's name (default portal_bench_load),
 * BENCH_PROFILE=<dir> CPU profiles of the reference's runs and of ours (read them with
 * bench/profile-summary.ts).
 *
 * The sections live in bench/sections-*.ts (pages, lists, imports, server, jobs), each writing its
 * Markdown lines into the results it is handed; the settings they share in bench/run-settings.ts.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from '../server/config-values.ts';
import { writeBenchmarks, type SectionLines } from './report.ts';
import { members, root, rounds } from './run-settings.ts';
import { firstLoadSection, lighthouseSection } from './sections-pages.ts';
import { exportSection, growthSection, listSection, listsSection, statsSection } from './sections-lists.ts';
import { importSection, instrumentImportSection } from './sections-imports.ts';
import { backupSection, loadSection, memorySection } from './sections-server.ts';
import { invoicePdfSection, outreachSection, paymentFileSection, remindersSection, renewalSection } from './sections-jobs.ts';

// Most sections run the server's code in this process: it runs with the server process's Node flags.
if (!SERVER_NODE_FLAGS.every((flag) => process.execArgv.includes(flag))) {
  const { status } = spawnSync(process.execPath, [...SERVER_NODE_FLAGS, ...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit' });
  process.exit(status ?? 1);
}

const only = new Set(
  (process.env.BENCH_ONLY ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean),
);
/** Whether a section of the bench runs: every section unless BENCH_ONLY names some. */
const runs = (section: string) => only.size === 0 || only.has(section);

const lines: string[] = [
  `# Benchmark results`,
  '',
  `Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench\` on this machine (${members} members, ${rounds} requests per query).`,
  '',
];

/** The bench's sections in the order they run and are written. */
const sections: [name: string, run: (lines: string[]) => Promise<void>][] = [
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
  ['invoice-pdf', invoicePdfSection],
  ['outreach', outreachSection],
  ['stats', statsSection],
  ['growth', growthSection],
];

async function main() {
  const ran: SectionLines[] = [];
  for (const [name, run] of sections) {
    if (!runs(name)) continue;
    const first = lines.length;
    await run(lines);
    ran.push({ name, lines: lines.slice(first) });
  }
  const file = only.size === 0 ? 'results.md' : `results-${[...only].join('-')}.md`;
  writeFileSync(path.join(root, 'bench', file), `${lines.join('\n')}\n`);
  const how = only.size === 0 ? '`npm run bench`' : `\`BENCH_ONLY=${[...only].join(',')} npm run bench\``;
  writeBenchmarks(
    path.join(root, 'docs', 'BENCHMARKS.md'),
    ran,
    sections.map(([name]) => name),
    `Measured ${new Date().toISOString().slice(0, 10)} with ${how} (BENCH_MEMBERS ${members}).`,
  );
  console.log(`\nWritten to bench/${file} and docs/BENCHMARKS.md`);
  // Every bound is checked here too: a figure over its budget fails the run, as a list's growth does.
  const over = lines.filter((line) => line.includes('OVER BUDGET'));
  if (over.length > 0) {
    console.error(`Over budget:\n${over.join('\n')}`);
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

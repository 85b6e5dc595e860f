/**
 * The member overview exported as CSV and as .xlsx (format=xlsx) over a real socket, from a
 * database seeded with `npm run seed`: time to the last byte, size, and how far the process's
 * heap and resident memory rose above where they stood before the download.
 */
import { performance } from 'node:perf_hooks';
import type { Database } from '../server/db/database.ts';
import { hashPassword } from '../server/lib/passwords.ts';
import { migrate } from '../server/db/migrate.ts';
import { seedCounts, seedSyntheticMembers } from '../server/demo/synthetic.ts';
import { sampleMemory, serveBench } from './shared.ts';

/** Measured rounds of the two formats, one after the other; the tables show each round's median. */
const MEASURED_ROUNDS = 3;

/** The xlsx may cost at most this many times the CSV's CPU for the same rows. */
export const XLSX_CPU_BUDGET = 1.5;

export interface FormatResult {
  format: 'csv' | 'xlsx';
  seconds: number;
  megabytes: number;
  /** CPU the process spent on the download (server, database and the reading client, one process). */
  cpuSeconds: number;
  heapGrowthMb: number;
  rssGrowthMb: number;
}

/** Migrates, tops the database up to `members` people with the seed, and adds the bench's staff login. */
export async function prepareSeeded(db: Database, members: number, log: (line: string) => void): Promise<number> {
  await migrate(db);
  const { people } = await seedCounts(db);
  if (people < members) {
    log(`seeding ${members - people} members …`);
    const start = performance.now();
    await seedSyntheticMembers(db, members - people);
    log(`seeded in ${((performance.now() - start) / 1000).toFixed(1)} s`);
  }
  await db.query(
    `INSERT INTO accounts (role_id, email, password_hash, first_name, last_name, registration_completed)
     VALUES (5, 'bench@example.no', $1, 'Bench', 'Mark', 1) ON CONFLICT DO NOTHING`,
    [await hashPassword('benchmark1')],
  );
  await db.query('ANALYZE');
  return (await seedCounts(db)).people;
}

export async function measureSpreadsheetExport(db: Database): Promise<FormatResult[]> {
  const server = await serveBench(db);
  try {
    const results: FormatResult[] = [];
    // Each format once unmeasured (first use compiles the code paths), then measured in turns, so
    // a moment of load on the machine falls on both alike.
    const turns = ['csv', 'xlsx', ...Array.from({ length: MEASURED_ROUNDS }, () => ['csv', 'xlsx'] as const).flat()] as const;
    for (const format of turns) {
      const memory = sampleMemory();
      const cpu = process.cpuUsage();
      const start = performance.now();
      const query = format === 'xlsx' ? '?format=xlsx' : '';
      const response = await fetch(`${server.base}/api/member/list/export${query}`, { headers: server.headers });
      if (!response.ok || !response.body) throw new Error(`export answered ${response.status}`);
      let bytes = 0;
      for await (const chunk of response.body) bytes += chunk.length;
      const seconds = (performance.now() - start) / 1000;
      const spent = process.cpuUsage(cpu);
      const rise = memory.stop();
      results.push({
        format,
        seconds,
        megabytes: bytes / 1024 / 1024,
        cpuSeconds: (spent.user + spent.system) / 1e6,
        heapGrowthMb: rise.heapMb,
        rssGrowthMb: rise.rssMb,
      });
    }
    return results.slice(2);
  } finally {
    await server.close();
  }
}

/** The section's lines for bench/results.md. */
export function spreadsheetLines(where: string, people: number, results: FormatResult[]): string[] {
  const lines = [
    `### Member overview export on ${where} (${people} people from \`npm run seed\`)`,
    '',
    '| format | time | CPU | size | heap rise | RSS rise | budget < 3 s |',
    '|---|---|---|---|---|---|---|',
  ];
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const formats = ['csv', 'xlsx'] as const;
  for (const format of formats) {
    const runs = results.filter((result) => result.format === format);
    const seconds = median(runs.map((result) => result.seconds));
    const cpu = median(runs.map((result) => result.cpuSeconds));
    const size = runs[0]?.megabytes ?? 0;
    const heap = median(runs.map((result) => result.heapGrowthMb));
    const rss = median(runs.map((result) => result.rssGrowthMb));
    lines.push(
      `| ${format} | ${seconds.toFixed(2)} s | ${cpu.toFixed(2)} s | ${size.toFixed(1)} MB | +${heap.toFixed(0)} MB | +${rss.toFixed(0)} MB | ${seconds < 3 ? 'within budget' : 'OVER BUDGET'} |`,
    );
  }
  // Each round's xlsx against the CSV just before it: two runs back to back, which the machine's load moves alike.
  const csvRuns = results.filter((result) => result.format === 'csv');
  const ratios = results.filter((result) => result.format === 'xlsx').map((result, index) => result.cpuSeconds / csvRuns[index].cpuSeconds);
  const ratio = median([...ratios]);
  lines.push(
    '',
    `${where}: the xlsx costs ${ratio.toFixed(2)}× the CSV's CPU for the same rows (median of ${ratios.length} rounds: ${ratios.map((value) => value.toFixed(2)).join(', ')}; budget ≤ ${XLSX_CPU_BUDGET}×: ${ratio <= XLSX_CPU_BUDGET ? 'within budget' : 'OVER BUDGET'}).`,
    '',
  );
  return lines;
}

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
    // Each format once unmeasured (first use compiles the code paths), then measured.
    for (const format of ['csv', 'xlsx', 'csv', 'xlsx'] as const) {
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
  for (const result of results) {
    lines.push(
      `| ${result.format} | ${result.seconds.toFixed(2)} s | ${result.cpuSeconds.toFixed(2)} s | ${result.megabytes.toFixed(1)} MB | +${result.heapGrowthMb.toFixed(0)} MB | +${result.rssGrowthMb.toFixed(0)} MB | ${result.seconds < 3 ? 'within' : 'OVER'} |`,
    );
  }
  const cpuOf = (format: FormatResult['format']) => results.find((result) => result.format === format)?.cpuSeconds ?? NaN;
  const ratio = cpuOf('xlsx') / cpuOf('csv');
  // A ratio of two runs measured back to back: the machine's load moves both alike.
  lines.push(
    '',
    `${where}: the xlsx costs ${ratio.toFixed(2)}× the CSV's CPU for the same rows (budget ≤ ${XLSX_CPU_BUDGET}×: ${ratio <= XLSX_CPU_BUDGET ? 'within budget' : 'OVER BUDGET'}).`,
    '',
  );
  return lines;
}

/**
 * The member overview exported as CSV and as .xlsx (format=xlsx) over a real socket, from a
 * database seeded with `npm run seed`: time to the last byte, size, and how far the process's
 * heap and resident memory rose above where they stood before the download.
 */
import { performance } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import type { Database } from '../server/db/database.ts';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { createServices } from '../server/plugins/services.ts';
import { hashPassword } from '../server/lib/passwords.ts';
import { migrate } from '../server/db/migrate.ts';
import { seedCounts, seedSyntheticMembers } from '../server/demo/synthetic.ts';

export interface FormatResult {
  format: 'csv' | 'xlsx';
  seconds: number;
  megabytes: number;
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
     VALUES (3, 'bench@example.no', $1, 'Bench', 'Mark', 1) ON CONFLICT DO NOTHING`,
    [await hashPassword('benchmark1')],
  );
  await db.query('ANALYZE');
  return (await seedCounts(db)).people;
}

export async function measureSpreadsheetExport(db: Database): Promise<FormatResult[]> {
  const config = loadConfig({ STATIC_DIR: '/nonexistent', PUBLIC_URL: 'http://bench.local' });
  const app = await buildApp(createServices(config, db));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  try {
    const login = await fetch(`${base}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench@example.no', password: 'benchmark1' }),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };
    const results: FormatResult[] = [];
    // Each format once unmeasured (first use compiles the code paths), then measured.
    for (const format of ['csv', 'xlsx', 'csv', 'xlsx'] as const) {
      global.gc?.();
      const before = process.memoryUsage();
      let heapPeak = before.heapUsed;
      let rssPeak = before.rss;
      const sampler = setInterval(() => {
        const now = process.memoryUsage();
        heapPeak = Math.max(heapPeak, now.heapUsed);
        rssPeak = Math.max(rssPeak, now.rss);
      }, 20);
      const start = performance.now();
      const query = format === 'xlsx' ? '?format=xlsx' : '';
      const response = await fetch(`${base}/api/member/list/export${query}`, { headers: { authorization: `Bearer ${token}` } });
      if (!response.ok || !response.body) throw new Error(`export answered ${response.status}`);
      let bytes = 0;
      for await (const chunk of response.body) bytes += chunk.length;
      const seconds = (performance.now() - start) / 1000;
      clearInterval(sampler);
      results.push({
        format,
        seconds,
        megabytes: bytes / 1024 / 1024,
        heapGrowthMb: (heapPeak - before.heapUsed) / 1024 / 1024,
        rssGrowthMb: (rssPeak - before.rss) / 1024 / 1024,
      });
    }
    return results.slice(2);
  } finally {
    await app.close();
  }
}

/** The section's lines for bench/results.md. */
export function spreadsheetLines(where: string, people: number, results: FormatResult[]): string[] {
  const lines = [
    `### Member overview export on ${where} (${people} people from \`npm run seed\`)`, '',
    '| format | time | size | heap rise | RSS rise | budget < 3 s |', '|---|---|---|---|---|---|',
  ];
  for (const result of results) {
    lines.push(`| ${result.format} | ${result.seconds.toFixed(2)} s | ${result.megabytes.toFixed(1)} MB | +${result.heapGrowthMb.toFixed(0)} MB | +${result.rssGrowthMb.toFixed(0)} MB | ${result.seconds < 3 ? 'within' : 'OVER'} |`);
  }
  lines.push('');
  return lines;
}

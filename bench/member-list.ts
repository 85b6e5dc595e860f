/** Member list and search through the real app at 100 000 members: p50 and p95 per query kind. */
import { performance } from 'node:perf_hooks';
import type { Database } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { createServices } from '../server/plugins/services.ts';
import { hashPassword } from '../server/lib/passwords.ts';
import { seedBulkMembers } from '../server/demo/index.ts';

export interface Timing {
  query: string;
  p50: number;
  p95: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

export async function prepare(db: Database, members: number): Promise<void> {
  await migrate(db);
  const [{ count }] = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM accounts WHERE role_id IN (1, 2)');
  if (count < members) await seedBulkMembers(db, members - count);
  await db.query(
    `INSERT INTO accounts (role_id, email, password_hash, first_name, last_name, registration_completed)
     VALUES (5, 'bench@example.no', $1, 'Bench', 'Mark', 1) ON CONFLICT DO NOTHING`,
    [await hashPassword('benchmark1')],
  );
  // A live database is vacuumed by autovacuum; the embedded one gets it here as after a load.
  await db.query('VACUUM ANALYZE');
}

export async function measureMemberList(db: Database, rounds: number): Promise<{ rows: Timing[]; totalMembers: number }> {
  const config = loadConfig({ STATIC_DIR: '/nonexistent', PUBLIC_URL: 'http://bench.local' });
  const app = await buildApp(createServices(config, db));
  await app.ready();
  const login = await app.inject({ method: 'POST', url: '/api/user/login', payload: { email: 'bench@example.no', password: 'benchmark1' } });
  const headers = { authorization: `Bearer ${login.json().access_token}` };
  const first = await app.inject({ url: '/api/member/list', headers });
  const totalMembers = first.json().total as number;
  const lastPage = Math.ceil(totalMembers / 25);
  const words = ['hansen', 'ola', 'berg', 'nilsen', 'kari', 'johansen', 'lars', 'ingrid', 'olsen', 'eriksen'];
  const queries: Record<string, (i: number) => string> = {
    'første side': () => '/api/member/list?page=1&per_page=25',
    'tilfeldig side': (i) => `/api/member/list?page=${1 + ((i * 7919) % lastPage)}&per_page=25`,
    'siste side': () => `/api/member/list?page=${lastPage}&per_page=25`,
    'sortert på navn': (i) => `/api/member/list?page=${1 + (i % 50)}&per_page=25&sort=last_name`,
    'søk på navn': (i) => `/api/member/list?per_page=25&filter[name]=${words[i % words.length]}`,
    'søk på to ord': (i) => `/api/member/list?per_page=25&filter[name]=${words[i % 5]}%20${words[5 + (i % 5)]}`,
    'søk på telefon': (i) => `/api/member/list?per_page=25&filter[name]=9${String(1000 + i).slice(-3)}`,
  };
  const rows: Timing[] = [];
  for (const [name, url] of Object.entries(queries)) {
    for (let i = 0; i < 5; i++) await app.inject({ url: url(i), headers }); // warm-up
    const times: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const start = performance.now();
      const response = await app.inject({ url: url(i), headers });
      times.push(performance.now() - start);
      if (response.statusCode !== 200) throw new Error(`${url(i)} → ${response.statusCode} ${response.body}`);
    }
    times.sort((a, b) => a - b);
    rows.push({ query: name, p50: percentile(times, 50), p95: percentile(times, 95) });
  }
  await app.close();
  return { rows, totalMembers };
}

/**
 * `node bench/instruments.ts`: the instrument budgets. A member with 500 insured instruments
 * (their screen's list read, one staff edit with the lines kept in step, and the rows reducer's
 * work per keystroke on 500 rows) and the pending instrument queue at BENCH_MEMBERS (100 000)
 * members with every tenth one waiting. The list budget is p95 ≤ 50 ms on PGlite.
 */
import { performance } from 'node:perf_hooks';
import { openPglite } from '../server/db/pglite.ts';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { createServices } from '../server/plugins/services.ts';
import { prepare, type Timing } from './member-list.ts';
import { changedIndexes, initialRows, isDirty, rowsReducer, toRow } from '../src/common/instrument-rows.ts';

const members = Number(process.env.BENCH_MEMBERS ?? 100_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 60);
const LIST_BUDGET_MS = 50;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function timed(name: string, run: (i: number) => Promise<void> | void): Promise<Timing> {
  for (let i = 0; i < 5; i++) await run(i);
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    await run(i);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { query: name, p50: percentile(times, 50), p95: percentile(times, 95) };
}

const db = await openPglite();
await prepare(db, members);
// Every tenth member has a new instrument waiting; the first member has 500 insured ones.
await db.query(
  `INSERT INTO instruments (member_id, instrument_category, make, model, value, insurance_start, state)
   SELECT id, 1, 'Fender', 'Stratocaster', 15000, current_date, 'requested' FROM accounts WHERE role_id IN (1, 2) AND id % 10 = 0`,
);
const [{ id: heavy }] = await db.query<{ id: number }>('SELECT min(id)::int AS id FROM accounts WHERE role_id IN (1, 2) AND id % 10 <> 0');
await db.query(
  `INSERT INTO instruments (member_id, instrument_category, make, model, serial_number, value, insurance_start, state)
   SELECT $1, 1 + n % 6, 'Merke ' || n, 'Modell ' || n, 'SN' || n, 1000 + n, current_date, 'active' FROM generate_series(1, 500) n`,
  [heavy],
);
await db.query('VACUUM ANALYZE');

const app = await buildApp(createServices(loadConfig({ STATIC_DIR: '/nonexistent', PUBLIC_URL: 'http://bench.local' }), db));
await app.ready();
const login = await app.inject({ method: 'POST', url: '/api/user/login', payload: { email: 'bench@example.no', password: 'benchmark1' } });
const headers = { authorization: `Bearer ${login.json().access_token}` };
const get = async (url: string) => {
  const response = await app.inject({ url, headers });
  if (response.statusCode !== 200) throw new Error(`${url} → ${response.statusCode} ${response.body}`);
  return response;
};

const total = (await get('/api/subscription/list/pending-instruments')).json().total as number;
const lastPage = Math.ceil(total / 25);
const list: Timing[] = [
  await timed('kø, første side', () => get('/api/subscription/list/pending-instruments?page=1').then(() => undefined)),
  await timed('kø, tilfeldig side', (i) => get(`/api/subscription/list/pending-instruments?page=${1 + ((i * 7919) % lastPage)}`).then(() => undefined)),
  await timed('kø, siste side', () => get(`/api/subscription/list/pending-instruments?page=${lastPage}`).then(() => undefined)),
  await timed('kø, søk', (i) => get(`/api/subscription/list/pending-instruments?filter[name]=${['hansen', 'ola', 'berg'][i % 3]}`).then(() => undefined)),
];
const screen = (await get(`/api/member/${heavy}/instrument`)).json().data;
const ids = screen.active.map((row: { id: number }) => row.id) as number[];
const heavyTimings: Timing[] = [
  await timed('500 instrumenter, lesing', () => get(`/api/member/${heavy}/instrument`).then(() => undefined)),
  await timed('500 instrumenter, endring', async (i) => {
    const response = await app.inject({ method: 'PATCH', url: `/api/instrument/${ids[i % ids.length]}`, headers, payload: { value: 2000 + i } });
    if (response.statusCode !== 200) throw new Error(`PATCH → ${response.statusCode} ${response.body}`);
  }),
];
let state = initialRows(screen.active.map(toRow));
const keystroke = await timed('500 rader, ett tastetrykk', (i) => {
  state = rowsReducer(state, { type: 'edit', index: i % 500, field: 'value', value: String(3000 + i) });
  changedIndexes(state);
  isDirty(state);
});
await app.close();
await db.close();

console.log(`${total} medlemmer med instrumenter til behandling av ${members}; budsjett for lister p95 ≤ ${LIST_BUDGET_MS} ms`);
for (const row of [...list, ...heavyTimings, keystroke]) {
  console.log(`  ${row.query.padEnd(28)} p50 ${row.p50.toFixed(1).padStart(7)} ms  p95 ${row.p95.toFixed(1).padStart(7)} ms`);
}
const worst = Math.max(...list.map((row) => row.p95));
console.log(`Køen: verste p95 ${worst.toFixed(1)} ms: ${worst <= LIST_BUDGET_MS ? 'innenfor budsjettet' : 'OVER BUDSJETTET'}`);

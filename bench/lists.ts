/**
 * Every staff list at the cost of its page (`BENCH_ONLY=lists`): for each list, the SQL statements
 * its domain function runs for page 1 and for the last page are recorded once, then run again as
 * they are, `rounds` times; the table gives the raw SQL p50 (and p95) of a whole page, all its
 * statements in turn, against the budgets: page 1 ≤ 3 ms on PostgreSQL and ≤ 5 ms on PGlite,
 * the last page ≤ 10 ms. With a server, page 1 is also asked for over HTTP as staff do (the API
 * p50/p95: token check, the route, serialising, compression). Measured at each size in turn on
 * the same database, topped up between, so the growth from the smallest to the largest shows.
 * The data is `npm run seed`'s, plus what the seed does not write: one insurance-log version per
 * instrument and per travel insurance, and campaign codes that some members signed up with.
 * `BENCH_EXPLAIN=1` prints EXPLAIN ANALYZE of every statement.
 */
import { performance } from 'node:perf_hooks';
import type { Database, Queryable } from '../server/db/database.ts';
import type { Page } from '../server/lib/paged-query.ts';
import { memberPage } from '../server/domain/members/member-list.ts';
import { pendingInstruments, pendingMemberships, pendingPage, pendingTravel } from '../server/domain/requests/pending-requests.ts';
import { declinedMemberships } from '../server/domain/requests/membership-requests.ts';
import { instrumentLog, logPage, messageLogPage, travelLog } from '../server/domain/messages/logs.ts';
import { campaignPage } from '../server/domain/settings/campaign-admin.ts';

export const LIST_BUDGETS = {
  postgres: { first: 3, last: 10 },
  pglite: { first: 5, last: 10 },
} as const;

interface Statement {
  sql: string;
  params: readonly unknown[];
}

/** A Queryable that runs every statement on `db` and keeps a copy of it. */
function recording(db: Queryable): { db: Queryable; statements: Statement[] } {
  const statements: Statement[] = [];
  return {
    statements,
    db: {
      query: (sql, params = [], options) => {
        statements.push({ sql, params });
        return db.query(sql, params, options);
      },
      exec: (sql) => db.exec(sql),
    },
  };
}

type Query = Record<string, unknown>;

interface ListCase {
  name: string;
  page: (db: Queryable, query: Query) => Promise<Page<unknown>>;
  query: Query;
  /** The route staff ask for it (the query goes along). */
  path: string;
}

/** A member with messages and logged instrument versions, for the per-member logs. */
async function sampleMember(db: Queryable): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `SELECT i.member_id AS id FROM instruments i JOIN instrument_iterations it ON it.instrument_id = i.id
      ORDER BY i.member_id DESC LIMIT 1`,
  );
  return row?.id ?? 0;
}

function cases(member: number): ListCase[] {
  const perMember = { 'filter[member_id]': String(member) };
  return [
    { name: 'member list', page: memberPage, query: {}, path: '/api/member/list' },
    { name: "member search 'hansen'", page: memberPage, query: { 'filter[name]': 'hansen' }, path: '/api/member/list' },
    { name: "member search 'ol' (short)", page: memberPage, query: { 'filter[name]': 'ol' }, path: '/api/member/list' },
    { name: 'pending memberships', page: (db, q) => pendingPage(db, pendingMemberships, q), query: {}, path: '/api/subscription/list/pending-memberships' },
    { name: 'pending travel', page: (db, q) => pendingPage(db, pendingTravel, q), query: {}, path: '/api/subscription/list/pending-travel' },
    { name: 'pending instruments', page: (db, q) => pendingPage(db, pendingInstruments, q), query: {}, path: '/api/subscription/list/pending-instruments' },
    { name: 'declined memberships', page: (db, q) => pendingPage(db, declinedMemberships, q), query: {}, path: '/api/subscription/list/rejected' },
    { name: 'message log', page: messageLogPage, query: { sort: '-id' }, path: '/api/emails/logs/list' },
    { name: 'message log, one member', page: messageLogPage, query: { sort: '-id', ...perMember }, path: '/api/emails/logs/list' },
    { name: 'instrument log', page: (db, q) => logPage(db, instrumentLog, q), query: {}, path: '/api/instrument/logs/list' },
    { name: 'instrument log, one member', page: (db, q) => logPage(db, instrumentLog, q), query: perMember, path: '/api/instrument/logs/list' },
    { name: 'travel log', page: (db, q) => logPage(db, travelLog, q), query: {}, path: '/api/subscription/logs/list' },
    { name: 'travel log, one member', page: (db, q) => logPage(db, travelLog, q), query: perMember, path: '/api/subscription/logs/list' },
    { name: 'campaign list', page: campaignPage, query: {}, path: '/api/campaign/list' },
  ];
}

/** What the seed leaves out: insurance-log versions and campaign codes in use. Tops up what a larger seed added. */
export async function addListExtras(db: Queryable): Promise<void> {
  await db.query(
    `INSERT INTO instrument_iterations (instrument_id, snapshot, created_by, created_at)
     SELECT i.id, to_jsonb(i), i.validated_by, i.created_at FROM instruments i
      WHERE NOT EXISTS (SELECT 1 FROM instrument_iterations it WHERE it.instrument_id = i.id) ORDER BY i.id`,
  );
  await db.query(
    `INSERT INTO subscription_iterations (subscription_id, snapshot, created_by, created_at)
     SELECT s.id, to_jsonb(s), s.validated_by, s.created_at FROM subscriptions s
      WHERE s.kind = 'travel' AND NOT EXISTS (SELECT 1 FROM subscription_iterations si WHERE si.subscription_id = s.id) ORDER BY s.id`,
  );
  await db.query(
    `INSERT INTO campaigns (name, code, period_start, product_category_id, status)
     SELECT 'Kampanje ' || g, 'BENCH' || g, current_date - g, (SELECT min(id) FROM product_categories), 1 + g % 2
       FROM generate_series(1, 60) AS g
     ON CONFLICT DO NOTHING`,
  );
  await db.query(
    `UPDATE accounts a SET campaign_id = c.id
       FROM campaigns c
      WHERE a.role_id IN (1, 2) AND a.id % 10 = 0 AND a.campaign_id IS NULL AND c.code = 'BENCH' || (1 + a.id % 60)`,
  );
}

export interface ListTiming {
  list: string;
  total: number;
  firstP50: number;
  firstP95: number;
  lastPage: number;
  lastP50: number;
  lastP95: number;
  /** Page 1 over HTTP, when a server was given. */
  apiP50?: number;
  apiP95?: number;
}

/** The bench's server and the staff's bearer header, to ask for the lists as the staff app does. */
export interface ListApi {
  base: string;
  headers: Record<string, string>;
}

async function timeApi(api: ListApi, path: string, query: Query, rounds: number): Promise<{ p50: number; p95: number }> {
  const url = `${api.base}${path}?${new URLSearchParams({ ...(query as Record<string, string>), page: '1', per_page: '25' })}`;
  const ask = async () => {
    const response = await fetch(url, { headers: { ...api.headers, 'accept-encoding': 'gzip, br' } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  };
  for (let i = 0; i < 3; i++) await ask();
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    await ask();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function timeStatements(db: Queryable, statements: Statement[], rounds: number): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 3; i++) for (const { sql, params } of statements) await db.query(sql, params);
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    for (const { sql, params } of statements) await db.query(sql, params);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function explain(db: Queryable, label: string, statements: Statement[]): Promise<void> {
  for (const { sql, params } of statements) {
    const plan = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
    console.log(`\n--- ${label}\n${plan.map((row) => row['QUERY PLAN']).join('\n')}`);
  }
}

/** Page 1 and the last page of every list, raw SQL, on a database already seeded. */
export async function measureLists(db: Database, rounds: number, only?: string, api?: ListApi): Promise<ListTiming[]> {
  const member = await sampleMember(db);
  const recorded: { name: string; total: number; lastPage: number; first: Statement[]; last: Statement[]; path: string; query: Query }[] = [];
  for (const list of cases(member)) {
    if (only && !list.name.includes(only)) continue;
    const first = recording(db);
    const page = await list.page(first.db, { ...list.query, page: '1', per_page: '25' });
    const lastPage = Math.max(1, Math.ceil(page.total / 25));
    const last = recording(db);
    await list.page(last.db, { ...list.query, page: String(lastPage), per_page: '25' });
    recorded.push({ name: list.name, total: page.total, lastPage, first: first.statements, last: last.statements, path: list.path, query: list.query });
  }
  // Every statement runs a few times before any is timed: the tables' pages come into memory and
  // PGlite's WebAssembly is compiled by its optimising tier, so the first list is not the slow one.
  for (let i = 0; i < 5; i++) {
    for (const { first, last } of recorded) for (const { sql, params } of [...first, ...last]) await db.query(sql, params);
  }
  const results: ListTiming[] = [];
  for (const { name, total, lastPage, first, last, path, query } of recorded) {
    if (process.env.BENCH_EXPLAIN) {
      await explain(db, `${name}, page 1`, first);
      await explain(db, `${name}, page ${lastPage}`, last);
    }
    const firstTiming = await timeStatements(db, first, rounds);
    const lastTiming = await timeStatements(db, last, rounds);
    const apiTiming = api ? await timeApi(api, path, query, rounds) : undefined;
    results.push({
      list: name,
      total,
      lastPage,
      firstP50: firstTiming.p50,
      firstP95: firstTiming.p95,
      lastP50: lastTiming.p50,
      lastP95: lastTiming.p95,
      apiP50: apiTiming?.p50,
      apiP95: apiTiming?.p95,
    });
  }
  return results;
}

/** The section's markdown table for one database. */
export function listLines(where: string, kind: keyof typeof LIST_BUDGETS, people: number, timings: ListTiming[]): string[] {
  const budget = LIST_BUDGETS[kind];
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  const lines = [
    `### ${where}, ${people} people`,
    '',
    `Raw SQL of a page of 25, all its statements in turn; budgets p50: page 1 ≤ ${budget.first} ms, last page ≤ ${budget.last} ms.`,
    '',
    '| list | total | page 1 p50 / p95 | last page | last page p50 / p95 | page 1 over HTTP p50 / p95 | verdict |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const t of timings) {
    const within = t.firstP50 <= budget.first && t.lastP50 <= budget.last;
    const api = t.apiP50 === undefined ? '–' : `${ms(t.apiP50)} / ${ms(t.apiP95!)}`;
    lines.push(
      `| ${t.list} | ${t.total} | ${ms(t.firstP50)} / ${ms(t.firstP95)} | ${t.lastPage} | ${ms(t.lastP50)} / ${ms(t.lastP95)} | ${api} | ${within ? 'within budget' : 'OVER BUDGET'} |`,
    );
  }
  lines.push('');
  return lines;
}

/** How each list's page 1 grows from the smallest size measured to the largest (raw SQL and over HTTP, p50). */
export function growthLines(where: string, runs: { people: number; timings: ListTiming[] }[]): string[] {
  if (runs.length < 2) return [];
  const ms = (value: number | undefined) => (value === undefined ? '–' : `${value.toFixed(2)}`);
  const sizes = runs.map((run) => run.people);
  const lines = [
    `### ${where}: growth of page 1 from ${sizes[0]} to ${sizes[sizes.length - 1]} people`,
    '',
    "p50 in ms, raw SQL / over HTTP, at each size; the growth is the largest size's raw p50 over the smallest's (1.0× is a list that costs the same whatever its size).",
    '',
    `| list | ${sizes.map((size) => `${size} people`).join(' | ')} | growth |`,
    `|---|${sizes.map(() => '---|').join('')}---|`,
  ];
  for (const t of runs[0].timings) {
    const at = runs.map((run) => run.timings.find((other) => other.list === t.list));
    const last = at[at.length - 1];
    const growth = last ? `${(last.firstP50 / t.firstP50).toFixed(1)}×` : '–';
    lines.push(`| ${t.list} | ${at.map((x) => `${ms(x?.firstP50)} / ${ms(x?.apiP50)}`).join(' | ')} | ${growth} |`);
  }
  lines.push('');
  return lines;
}

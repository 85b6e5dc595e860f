/**
 * Throughput under load: a bare Node HTTP server and our routes, each in a child process of
 * its own (bench/load-target.ts), driven by one load generator (autocannon) in this process
 * with the same connections and duration, so the ratio to bare Node says what our request path
 * costs on this machine. Our routes: the staff member list (25 rows) and a member's own record,
 * each with a token signed in once before the load (so sign-in limits never answer 429).
 * BENCH_PROFILE=<dir> writes a CPU profile of our server while it serves (see load-target.ts).
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { openPostgres } from '../server/db/postgres.ts';
import type { TargetReady } from './load-target.ts';

export interface LoadResult {
  target: string;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  /** Non-2xx answers, socket errors and timeouts. */
  errors: number;
  /** CPU time the server process spent per answered request (user + system), less noisy than req/s on a busy machine. */
  cpuMsPerRequest: number;
}

export interface LoadOptions {
  kind: 'pglite' | 'postgres';
  members: number;
  /** PostgreSQL only: the scratch database our server uses. */
  databaseUrl?: string;
  connections?: number;
  seconds?: number;
  warmupSeconds?: number;
}

const TARGET = path.join(import.meta.dirname, 'load-target.ts');

interface Target {
  ready: TargetReady;
  /** CPU microseconds the server process has used so far. */
  cpu: () => Promise<number>;
  stop: () => Promise<void>;
}

async function startTarget(kind: string, env: NodeJS.ProcessEnv): Promise<Target> {
  // The request log goes nowhere, as a production log would go to a file or a collector.
  const child: ChildProcess = fork(TARGET, [kind], { env: { ...process.env, ...env }, execArgv: [], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const ready = await new Promise<TargetReady>((resolve, reject) => {
    child.once('message', (message) => resolve(message as TargetReady));
    child.once('exit', (code) => reject(new Error(`${kind} server exited (${code}) before it was ready`)));
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.send('stop');
    });
  const cpu = () =>
    new Promise<number>((resolve) => {
      child.once('message', (message) => {
        const { user, system } = (message as { cpu: NodeJS.CpuUsage }).cpu;
        resolve(user + system);
      });
      child.send('cpu');
    });
  return { ready, cpu, stop };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

type Settings = Required<Pick<LoadOptions, 'connections' | 'seconds' | 'warmupSeconds'>>;

async function hammer(target: string, server: Target, url: string, headers: Record<string, string>, options: Settings): Promise<LoadResult> {
  const common = { url, headers, connections: options.connections };
  await autocannon({ ...common, duration: options.warmupSeconds });
  const cpuBefore = await server.cpu();
  // autocannon's own percentiles skip p95, so every response time is kept and sorted here.
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ ...common, duration: options.seconds }, (error, answer) => (error ? reject(error) : resolve(answer)));
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  const cpuMicros = (await server.cpu()) - cpuBefore;
  times.sort((a, b) => a - b);
  return {
    target,
    requestsPerSecond: result.requests.total / (result.duration || options.seconds),
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    errors: result.non2xx + result.errors + result.timeouts,
    cpuMsPerRequest: cpuMicros / 1000 / Math.max(1, result.requests.total),
  };
}

async function signIn(base: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in as ${email}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Checks an answer once before the load, so a wrong URL or token is not measured as speed. */
async function expectOk(url: string, headers: Record<string, string>, check: (body: unknown) => boolean) {
  const response = await fetch(url, { headers });
  const body: unknown = await response.json();
  if (!response.ok || !check(body)) throw new Error(`${url}: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
}

/** Bare Node, then the member list and the member record on one database; ratios are to bare Node. */
export async function measureLoad(options: LoadOptions): Promise<LoadResult[]> {
  const settings = { connections: options.connections ?? 20, seconds: options.seconds ?? 10, warmupSeconds: options.warmupSeconds ?? 2 };
  const results: LoadResult[] = [];

  const bare = await startTarget('bare', {});
  try {
    results.push(await hammer('bare Node', bare, `http://127.0.0.1:${bare.ready.port}/`, {}, settings));
  } finally {
    await bare.stop();
  }

  const ours = await startTarget(options.kind, { BENCH_MEMBERS: String(options.members), LOAD_DATABASE_URL: options.databaseUrl ?? '' });
  try {
    const base = `http://127.0.0.1:${ours.ready.port}`;
    const member = ours.ready.member!;
    const staff = { authorization: `Bearer ${await signIn(base, 'bench@example.no', 'benchmark1')}` };
    const own = { authorization: `Bearer ${await signIn(base, member.email, member.password)}` };
    const listUrl = `${base}/api/member/list?page=1&per_page=25`;
    const recordUrl = `${base}/api/member/${member.id}`;
    await expectOk(listUrl, staff, (body) => (body as { data: unknown[] }).data.length === 25);
    await expectOk(recordUrl, own, (body) => (body as { data: { id: number } }).data.id === member.id);
    results.push(await hammer('medlemsliste (ansatt, 25 rader)', ours, listUrl, staff, settings));
    results.push(await hammer('eget medlem (medlem)', ours, recordUrl, own, settings));
  } finally {
    await ours.stop();
  }
  return results;
}

/** The goals of issue 15: share of bare Node's requests per second, per route and database. */
const GOALS = {
  pglite: { list: 0.2, record: 0.2 },
  postgres: { list: 0.3, record: 0.4 },
} as const;

function table(where: string, kind: LoadOptions['kind'], results: LoadResult[], seconds: number, connections: number): string[] {
  const [bare, list, record] = results;
  const goalOf = (result: LoadResult) => (result === list ? GOALS[kind].list : result === record ? GOALS[kind].record : null);
  const out = [`### ${where}`, '', `${connections} connections, ${seconds} s each after a warm-up; goal: member list ≥ ${GOALS[kind].list * 100} %, member record ≥ ${GOALS[kind].record * 100} % of bare Node.`, ''];
  out.push('| target | req/s | p50 | p95 | errors | ratio to bare Node | server CPU per request |', '|---|---|---|---|---|---|---|');
  console.log(`Load on ${where}:`);
  for (const result of results) {
    const ratio = result.requestsPerSecond / bare.requestsPerSecond;
    const goal = goalOf(result);
    const verdict = goal === null ? '' : ratio >= goal ? ' (goal met)' : ` (under the ${goal * 100} % goal)`;
    const cells = [result.target, result.requestsPerSecond.toFixed(0), `${result.p50.toFixed(1)} ms`, `${result.p95.toFixed(1)} ms`, String(result.errors), `${(ratio * 100).toFixed(1)} %${verdict}`, `${result.cpuMsPerRequest.toFixed(3)} ms`];
    out.push(`| ${cells.join(' | ')} |`);
    console.log(`  ${cells[0].padEnd(32)} ${cells[1].padStart(7)} req/s  p50 ${cells[2].padStart(9)}  p95 ${cells[3].padStart(9)}  errors ${cells[4].padStart(4)}  CPU/req ${cells[6]}  ${cells[5]}`);
  }
  out.push('');
  return out;
}

/**
 * The whole load section: PGlite, then PostgreSQL in a scratch database (unless pgUrl is
 * `none`). BENCH_LOAD_SECONDS sets the measured seconds per target (default 10).
 */
export async function loadSectionLines(members: number, pgUrl: string): Promise<string[]> {
  const seconds = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
  const connections = 20;
  const lines = ['## Throughput under load', '', `A bare Node HTTP server and our routes, each in its own process, under the same autocannon load from the bench process (${members} members).`, ''];
  console.log(`Load (PGlite): seeding ${members} members in the server process …`);
  lines.push(...table('PGlite', 'pglite', await measureLoad({ kind: 'pglite', members, seconds, connections }), seconds, connections));
  if (pgUrl === 'none') return lines;
  const name = 'portal_bench_load';
  const admin = await openPostgres(pgUrl, 1);
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    console.log(`Load (PostgreSQL): seeding ${members} members …`);
    lines.push(...table('PostgreSQL', 'postgres', await measureLoad({ kind: 'postgres', members, databaseUrl: url.toString(), seconds, connections }), seconds, connections));
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.close();
  }
  return lines;
}

/**
 * Throughput under load: a bare Node HTTP server (the ceiling) and our routes, each in a child
 * process of its own (bench/load-target.ts), driven by one load generator (autocannon) in this
 * process with the same connections and duration. Our routes: the staff member list (25 rows)
 * and a member's own record, each with a token signed in once before the load (so sign-in
 * limits never answer 429). Beside our app, in its process and on its database object, a
 * reference server (plain Fastify, no plugins) runs the statements captured from one request
 * to our route and answers the same JSON, measured in rounds interleaved with our route's: our
 * share of its requests per second says what our
 * request path costs on top of the database's answers, and its CPU per request against the
 * reference's (goal ≤ 1.5×) what it costs the server. Server CPU per request is the target
 * process's user + system time over the measured seconds divided by the answers; on PGlite it
 * includes the database, which runs in that process.
 * BENCH_PROFILE=<dir> writes a CPU profile of our server while it serves (see load-target.ts).
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { openPostgres } from '../server/db/postgres.ts';
import { SERVER_NODE_FLAGS } from '../server/config-values.ts';
import type { CaptureRequest, Captured, TargetReady } from './load-target.ts';

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
  /** Sends a message and waits for the process's answer. */
  ask: <T>(message: unknown) => Promise<T>;
  /** CPU microseconds the server process has used so far. */
  cpu: () => Promise<number>;
  stop: () => Promise<void>;
}

async function startTarget(kind: string, env: NodeJS.ProcessEnv): Promise<Target> {
  // The request log goes nowhere, as a production log would go to a file or a collector; every
  // target runs with the server process's Node flags.
  const child: ChildProcess = fork(TARGET, [kind], {
    env: { ...process.env, ...env },
    execArgv: SERVER_NODE_FLAGS,
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
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
  const ask = <T>(message: unknown) =>
    new Promise<T>((resolve) => {
      child.once('message', (answer) => resolve(answer as T));
      child.send(message as string);
    });
  const cpu = async () => {
    const { user, system } = (await ask<{ cpu: NodeJS.CpuUsage }>('cpu')).cpu;
    return user + system;
  };
  return { ready, ask, cpu, stop };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

type Settings = Required<Pick<LoadOptions, 'connections' | 'seconds' | 'warmupSeconds'>>;

/** What one stretch of load on one URL gave, to be added up over a target's rounds. */
interface Stretch {
  requests: number;
  seconds: number;
  cpuMicros: number;
  errors: number;
  times: number[];
}

/** Every browser asks for compressed answers; so does the load, or compression goes unmeasured. */
const loadOptions = (url: string, headers: Record<string, string>, options: Settings) => ({
  url,
  headers: { 'accept-encoding': 'gzip, deflate, br, zstd', ...headers },
  connections: options.connections,
});

async function stretch(server: Target, url: string, headers: Record<string, string>, options: Settings, seconds: number): Promise<Stretch> {
  const cpuBefore = await server.cpu();
  // autocannon's own percentiles skip p95, so every response time is kept and sorted later.
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ ...loadOptions(url, headers, options), duration: seconds }, (error, answer) => (error ? reject(error) : resolve(answer)));
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  const cpuMicros = (await server.cpu()) - cpuBefore;
  return { requests: result.requests.total, seconds: result.duration || seconds, cpuMicros, errors: result.non2xx + result.errors + result.timeouts, times };
}

function summed(target: string, stretches: Stretch[]): LoadResult {
  const requests = stretches.reduce((sum, one) => sum + one.requests, 0);
  const seconds = stretches.reduce((sum, one) => sum + one.seconds, 0);
  const cpuMicros = stretches.reduce((sum, one) => sum + one.cpuMicros, 0);
  const times = stretches.flatMap((one) => one.times).sort((a, b) => a - b);
  return {
    target,
    requestsPerSecond: requests / seconds,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    errors: stretches.reduce((sum, one) => sum + one.errors, 0),
    cpuMsPerRequest: cpuMicros / 1000 / Math.max(1, requests),
  };
}

/** One URL under load for the warm-up, then `options.seconds`. */
async function hammer(target: string, server: Target, url: string, headers: Record<string, string>, options: Settings): Promise<LoadResult> {
  await autocannon({ ...loadOptions(url, headers, options), duration: options.warmupSeconds });
  return summed(target, [await stretch(server, url, headers, options, options.seconds)]);
}

/** A route measured against its reference: its name (the reference's label and the capture's), its label, URL path and headers. */
interface MeasuredRoute extends CaptureRequest {
  label: string;
}

/**
 * Rounds of load per target when two are compared: each gets `seconds` in all, in rounds of this
 * many. With five rounds of 2 s, one round's ratio ranged from 0.98× to 2.0× within a run and the
 * summed ratio of one route moved by ±0.1 from run to run; ten rounds (20 s a side by default)
 * halve what one disturbed round weighs.
 */
const ROUNDS = 10;

/** Measured seconds per target unless BENCH_LOAD_SECONDS (or the caller) says otherwise: ten rounds of 2 s. */
const DEFAULT_SECONDS = 20;

/** Seconds of each round when a target gets `seconds` in all. */
const roundSeconds = (seconds: number) => Math.max(1, Math.round(seconds / ROUNDS));

/**
 * Our route against its reference, interleaved: both warmed up, then ROUNDS rounds in which each
 * gets an equal share of the measured seconds, the one that goes first alternating. A machine whose load
 * changes during the run then moves both sides alike, and the ratios between them hold.
 */
async function hammerPair(route: MeasuredRoute, server: Target, bases: { ours: string; reference: string }, options: Settings): Promise<RouteLoad> {
  const urls = { ours: `${bases.ours}${route.url}`, reference: `${bases.reference}${route.url}` };
  const headers = route.headers;
  for (const url of [urls.reference, urls.ours]) await autocannon({ ...loadOptions(url, headers, options), duration: options.warmupSeconds });
  const seconds = roundSeconds(options.seconds);
  const ours: Stretch[] = [];
  const reference: Stretch[] = [];
  // BENCH_PROFILE: a CPU profile of each stretch, named for the route and side (bench/profile-summary.ts sums a side's files).
  const profiled = async (side: string, measure: () => Promise<Stretch>) => {
    if (!process.env.BENCH_PROFILE) return measure();
    await server.ask({ profile: `${route.name.replace(/\W+/g, '-')}-${side}` });
    try {
      return await measure();
    } finally {
      await server.ask({ profile: null });
    }
  };
  for (let round = 0; round < ROUNDS; round++) {
    const sides = [
      async () => reference.push(await profiled('reference', () => stretch(server, urls.reference, headers, options, seconds))),
      async () => ours.push(await profiled('ours', () => stretch(server, urls.ours, headers, options, seconds))),
    ];
    for (const side of round % 2 === 0 ? sides : sides.reverse()) await side();
  }
  const perRequest = (one: Stretch) => one.cpuMicros / Math.max(1, one.requests);
  return {
    ours: summed(route.label, ours),
    reference: summed(`referanse: ${route.name}`, reference),
    cpuRatios: ours.map((one, round) => perRequest(one) / perRequest(reference[round])),
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

export interface RouteLoad {
  ours: LoadResult;
  reference: LoadResult;
  /** Our server CPU per request against the reference's, round by round (each pair measured back to back). */
  cpuRatios: number[];
}

export interface LoadRun {
  bare: LoadResult;
  list: RouteLoad;
  record: RouteLoad;
  /** The statements each route ran, as the reference replays them. */
  captured: Captured[];
}

/**
 * Seconds of load on each side before it is measured. With 2, the member list's first two rounds
 * came out 0.1–0.2× above its later ones in most runs (our longer request path still being
 * optimised); with 6 they came closer, and the list's ratio over all rounds fell from 1.41–1.59×
 * to 1.35–1.41× in the same day's runs. BENCH_LOAD_WARMUP sets another.
 */
const WARMUP_SECONDS = Number(process.env.BENCH_LOAD_WARMUP ?? 6);

/**
 * Bare Node, then on one database the reference server and our app (one process, the same
 * database object): the member list and the member record, each first from the reference
 * replaying our route's statements, then from our route.
 */
export async function measureLoad(options: LoadOptions): Promise<LoadRun> {
  const settings = {
    connections: options.connections ?? 20,
    seconds: options.seconds ?? DEFAULT_SECONDS,
    warmupSeconds: options.warmupSeconds ?? WARMUP_SECONDS,
  };

  const bareTarget = await startTarget('bare', {});
  let bare: LoadResult;
  try {
    bare = await hammer('bare Node', bareTarget, `http://127.0.0.1:${bareTarget.ready.port}/`, {}, settings);
  } finally {
    await bareTarget.stop();
  }

  const ours = await startTarget(options.kind, { BENCH_MEMBERS: String(options.members), LOAD_DATABASE_URL: options.databaseUrl ?? '' });
  try {
    const base = `http://127.0.0.1:${ours.ready.port}`;
    const member = ours.ready.member!;
    const staff = { authorization: `Bearer ${await signIn(base, 'bench@example.no', 'benchmark1')}` };
    const own = { authorization: `Bearer ${await signIn(base, member.email, member.password)}` };
    const listPath = '/api/member/list?page=1&per_page=25';
    const recordPath = `/api/member/${member.id}`;
    await expectOk(`${base}${listPath}`, staff, (body) => (body as { data: unknown[] }).data.length === 25);
    await expectOk(`${base}${recordPath}`, own, (body) => (body as { data: { id: number } }).data.id === member.id);
    const list: MeasuredRoute = { name: 'medlemsliste', label: 'medlemsliste (ansatt, 25 rader)', url: listPath, headers: staff };
    const record: MeasuredRoute = { name: 'eget medlem', label: 'eget medlem (medlem)', url: recordPath, headers: own };
    const capture: CaptureRequest[] = [list, record];
    const { referencePort, captured } = await ours.ask<{ referencePort: number; captured: Captured[] }>({ capture });
    const reference = `http://127.0.0.1:${referencePort}`;
    await expectOk(`${reference}${listPath}`, staff, (body) => (body as { data: unknown[] }).data.length === 25);
    await expectOk(`${reference}${recordPath}`, own, (body) => (body as { data: { id: number } }).data.id === member.id);
    const servers = { ours: base, reference };
    return { bare, list: await hammerPair(list, ours, servers, settings), record: await hammerPair(record, ours, servers, settings), captured };
  } finally {
    await ours.stop();
  }
}

/**
 * The goals, both ratios to the reference measured in the same run (the machine's load moves both
 * alike): our route's share of the reference's requests per second, and its server CPU per request
 * against the reference's. The absolute CPU budgets of before are retired: the reference itself
 * costs 0.3–0.4 ms a request on these machines.
 */
const GOAL_OF_REFERENCE = 0.7;
const CPU_RATIO_GOAL = 1.5;

function table(where: string, run: LoadRun, seconds: number, connections: number, embedded: boolean): string[] {
  const cpuGoal = `server CPU per request ≤ ${CPU_RATIO_GOAL}× the reference's${embedded ? ' (both with the embedded database in the server process, so the queries are in both)' : ''}`;
  const out = [
    `### ${where}`,
    '',
    `${connections} connections, ${seconds} s each after a warm-up. Goals: our route ≥ ${GOAL_OF_REFERENCE * 100} % of the reference's requests per second; ${cpuGoal}.`,
    '',
  ];
  out.push(
    '| target | req/s | p50 | p95 | errors | share of the reference | share of bare Node | server CPU per request | CPU against the reference |',
    '|---|---|---|---|---|---|---|---|---|',
  );
  console.log(`Load on ${where}:`);
  const row = (result: LoadResult, reference?: LoadResult, rounds?: number[]) => {
    const share = reference ? result.requestsPerSecond / reference.requestsPerSecond : null;
    const shareCell =
      share === null
        ? ''
        : `${(share * 100).toFixed(0)} % (${share >= GOAL_OF_REFERENCE ? 'within budget' : `OVER BUDGET: under ${GOAL_OF_REFERENCE * 100} %`})`;
    const ratio = reference ? result.cpuMsPerRequest / reference.cpuMsPerRequest : null;
    const ratioCell =
      ratio === null
        ? ''
        : `${ratio.toFixed(2)}× (${ratio <= CPU_RATIO_GOAL ? 'within budget' : `OVER BUDGET: over ${CPU_RATIO_GOAL}×`}; by round ${(rounds ?? []).map((one) => one.toFixed(2)).join(', ')})`;
    const cells = [
      result.target,
      result.requestsPerSecond.toFixed(0),
      `${result.p50.toFixed(1)} ms`,
      `${result.p95.toFixed(1)} ms`,
      String(result.errors),
      shareCell,
      `${((result.requestsPerSecond / run.bare.requestsPerSecond) * 100).toFixed(1)} %`,
      `${result.cpuMsPerRequest.toFixed(3)} ms`,
      ratioCell,
    ];
    out.push(`| ${cells.join(' | ')} |`);
    console.log(
      `  ${cells[0].padEnd(32)} ${cells[1].padStart(7)} req/s  p50 ${cells[2].padStart(9)}  p95 ${cells[3].padStart(9)}  errors ${cells[4].padStart(4)}  CPU/req ${cells[7]} ${ratioCell}  ${shareCell}`,
    );
  };
  row(run.bare);
  row(run.list.reference);
  row(run.list.ours, run.list.reference, run.list.cpuRatios);
  row(run.record.reference);
  row(run.record.ours, run.record.reference, run.record.cpuRatios);
  out.push('', 'The statements the reference runs, captured from one request to our route:', '');
  for (const route of run.captured) {
    out.push(`- ${route.name}: ${route.statements.length} statements`);
    for (const statement of route.statements)
      out.push(`  - \`${statement.sql.slice(0, 160)}${statement.sql.length > 160 ? ' …' : ''}\` (${statement.params} parameters)`);
  }
  out.push('');
  return out;
}

/**
 * The whole load section: PGlite, then PostgreSQL in a scratch database (unless pgUrl is
 * `none`). BENCH_LOAD_SECONDS sets the measured seconds per target (default 20),
 * BENCH_LOAD_PGLITE=0 leaves PGlite out, BENCH_LOAD_DATABASE names the scratch database
 * (default portal_bench_load), so two runs on one PostgreSQL server do not share one.
 */
export async function loadSectionLines(members: number, pgUrl: string): Promise<string[]> {
  const seconds = Number(process.env.BENCH_LOAD_SECONDS ?? DEFAULT_SECONDS);
  const connections = 20;
  const lines = [
    '## Throughput and CPU per request under load',
    '',
    `A bare Node HTTP server (the ceiling), a reference server (plain Fastify without plugins on the same database, running the statements our route ran for the same request and answering the same JSON) and our routes, under the same autocannon load from the bench process, asking for compressed answers as a browser does (${members} members). The reference and our app share one process and one database object; each runs alone while it is measured, the two interleaved in ${ROUNDS} rounds of ${roundSeconds(seconds)} s each (the one that goes first alternating), so a change in the machine's load moves both alike. Each side first runs ${WARMUP_SECONDS} s unmeasured. The CPU ratio is over all rounds; each round's own follows it, to show the spread.`,
    '',
  ];
  if (process.env.BENCH_LOAD_PGLITE !== '0') {
    console.log(`Load (PGlite): seeding ${members} members in the server process …`);
    lines.push(...table('PGlite', await measureLoad({ kind: 'pglite', members, seconds, connections }), seconds, connections, true));
  }
  if (pgUrl === 'none') return lines;
  const name = process.env.BENCH_LOAD_DATABASE ?? 'portal_bench_load';
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`BENCH_LOAD_DATABASE: not a plain database name: ${name}`);
  const admin = await openPostgres(pgUrl, 1);
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    console.log(`Load (PostgreSQL): seeding ${members} members …`);
    lines.push(
      ...table('PostgreSQL', await measureLoad({ kind: 'postgres', members, databaseUrl: url.toString(), seconds, connections }), seconds, connections, false),
    );
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.close();
  }
  return lines;
}

/**
 * One server under load, in a process of its own, started by bench/load.ts: `bare` is a plain
 * Node HTTP server answering a small JSON body; `pglite` and `postgres` are our app as
 * server/main.ts builds it (its request log included), on a database seeded by member-list.ts's
 * `prepare`. Tells the bench its port and the bench accounts over IPC, then serves until killed.
 *
 * Beside our app, on the same database object (the same `pg` pool, the same PGlite), the same
 * process serves a reference: plain Fastify without plugins that runs exactly the statements
 * our route ran for the same request (captured once, through a wrapper around the database,
 * the token lookup included) and answers the same JSON. So what the reference costs is the
 * floor for a route that asks the database those questions.
 */
import http from 'node:http';
import Fastify from 'fastify';
import { Session } from 'node:inspector/promises';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { openPglite } from '../server/db/pglite.ts';
import { openPostgres } from '../server/db/postgres.ts';
import type { Database, Queryable, QueryOptions } from '../server/db/database.ts';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { createServices } from '../server/plugins/services.ts';
import { serverLogger } from '../server/logging.ts';
import { hashPassword } from '../server/lib/passwords.ts';
import { prepare } from './member-list.ts';

export interface TargetReady {
  port: number;
  /** The reference server (our app only). */
  referencePort?: number;
  /** A member with a password, to sign in as (our app only). */
  member?: { id: number; email: string; password: string };
}

const MEMBER_PASSWORD = 'benchmark1';

async function bare(): Promise<number> {
  const body = JSON.stringify({ data: { id: 1, first_name: 'Bench', last_name: 'Mark' } });
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.on('message', (message) => {
    if (message === 'cpu') process.send!({ cpu: process.cpuUsage() });
    else process.exit(0);
  });
  return (server.address() as AddressInfo).port;
}

/**
 * BENCH_PROFILE=<dir>: CPU profiles of the serving only (not the seeding before it), one for each
 * stretch of load on the reference or our route, started and ended when the bench asks, written as
 * <dir>/<kind>-<label>-<time>.cpuprofile when the next starts or the bench stops the server;
 * bench/profile-summary.ts reads them.
 */
async function startProfile(label: string): Promise<() => Promise<void>> {
  const dir = process.env.BENCH_PROFILE;
  if (!dir) return async () => {};
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, `${process.argv[2]}-${label}-${Date.now()}.cpuprofile`), JSON.stringify(profile));
  };
}

/** One statement a route ran; `overlaps` when it started while the one before was still running. */
interface Statement {
  sql: string;
  params: readonly unknown[];
  options?: QueryOptions;
  overlaps: boolean;
}

/** A request to capture and serve from the reference: our URL, with the headers our route needs. */
export interface CaptureRequest {
  name: string;
  url: string;
  headers: Record<string, string>;
}

export interface Captured {
  name: string;
  statements: { sql: string; params: number }[];
}

interface Recording {
  statements: Statement[];
  pending: number;
}

/**
 * Writes down every statement `db` runs (with its parameters) until the returned function is
 * called, by swapping its own `query` and `transaction` for recording ones and back, so the
 * measured runs afterwards go through the database object untouched. Fastify's request handling
 * does not carry an AsyncLocalStorage context from inject() to the route, so the recording is
 * process-wide and the capture below guards against statements from elsewhere.
 */
function recordStatements(db: Database, store: Recording): () => void {
  const record = (target: Queryable['query']): Queryable['query'] =>
    async function query<T>(sql: string, params: readonly unknown[] = [], options?: QueryOptions): Promise<T[]> {
      store.statements.push({ sql, params: [...params], options, overlaps: store.pending > 0 });
      store.pending += 1;
      try {
        return await target<T>(sql, params, options);
      } finally {
        store.pending -= 1;
      }
    };
  const writable = db as { -readonly [K in keyof Database]: Database[K] };
  const { query, transaction } = db;
  writable.query = record(query);
  writable.transaction = <T>(work: (tx: Queryable) => Promise<T>) => transaction((tx) => work({ ...tx, query: record(tx.query) }));
  return () => {
    writable.query = query;
    writable.transaction = transaction;
  };
}

/** Statements in the order our route ran them, those that ran side by side grouped. */
function inBatches(statements: Statement[]): Statement[][] {
  const batches: Statement[][] = [];
  for (const statement of statements) {
    if (statement.overlaps && batches.length > 0) batches[batches.length - 1].push(statement);
    else batches.push([statement]);
  }
  return batches;
}

/**
 * Plain Fastify, no plugins, on the same database: each captured route runs our route's
 * statements (same text, parameters and prepare option) and answers our route's JSON, which
 * Fastify serialises on every request.
 */
async function referenceServer(db: Database, routes: { url: string; statements: Statement[]; answer: unknown }[]): Promise<number> {
  const app = Fastify({ logger: false });
  for (const route of routes) {
    const batches = inBatches(route.statements);
    app.get(new URL(route.url, 'http://x').pathname, async () => {
      for (const batch of batches) {
        if (batch.length === 1) await db.query(batch[0].sql, batch[0].params, batch[0].options);
        else await Promise.all(batch.map((statement) => db.query(statement.sql, statement.params, statement.options)));
      }
      return route.answer;
    });
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

async function ours(kind: 'pglite' | 'postgres', members: number): Promise<TargetReady> {
  const db: Database = kind === 'pglite' ? await openPglite() : await openPostgres(process.env.LOAD_DATABASE_URL!);
  await prepare(db, members);
  // A member from the middle of the table gets a password, so the bench can sign in as them.
  const [member] = await db.query<{ id: number; email: string }>(
    `UPDATE accounts SET password_hash = $1
      WHERE id = (SELECT id FROM accounts WHERE role_id = 2 ORDER BY id OFFSET $2 LIMIT 1)
      RETURNING id, email`,
    [await hashPassword(MEMBER_PASSWORD), Math.floor(members / 2)],
  );
  const config = loadConfig({ STATIC_DIR: '/nonexistent', PUBLIC_URL: 'http://bench.local', LOG_LEVEL: process.env.LOG_LEVEL });
  const app = await buildApp(createServices(config, db), { logger: serverLogger(config.logLevel) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  let profile = async () => {};
  process.on('message', (message: unknown) => {
    // 'cpu': the CPU time this process has used so far, so the bench can divide it by requests.
    if (message === 'cpu') process.send!({ cpu: process.cpuUsage() });
    else if (typeof message === 'object' && message !== null && 'profile' in message) {
      // { profile: label } ends the running profile and starts the next; { profile: null } only ends it.
      const label = (message as { profile: string | null }).profile;
      void profile()
        .then(() => (label === null ? async () => {} : startProfile(label)))
        .then((stop) => {
          profile = stop;
          process.send!({ profiling: label });
        });
    } else if (typeof message === 'object' && message !== null && 'capture' in message) {
      void capture((message as { capture: CaptureRequest[] }).capture).then((answer) => process.send!(answer));
    } else
      void profile()
        .then(() => app.close())
        .then(() => db.close())
        .finally(() => process.exit(0));
  });
  /** One request through our app, and the statements it ran. */
  async function record(request: CaptureRequest) {
    const store: Recording = { statements: [], pending: 0 };
    const stop = recordStatements(db, store);
    try {
      const response = await app.inject({ url: request.url, headers: request.headers });
      if (response.statusCode !== 200) throw new Error(`${request.url}: ${response.statusCode} ${response.body.slice(0, 300)}`);
      return { statements: store.statements, answer: response.json() as unknown };
    } finally {
      stop();
    }
  }
  const sameStatements = (a: Statement[], b: Statement[]) => JSON.stringify(a) === JSON.stringify(b);
  /**
   * Runs each request through our app, writing down its statements, then starts the reference
   * on them. A request is first run once unrecorded (so a once-a-minute write such as the
   * token's last use is not taken for part of every request), then recorded until two runs in
   * a row ran the same statements (so nothing else running at the time slips in).
   */
  async function capture(requests: CaptureRequest[]): Promise<{ referencePort: number; captured: Captured[] }> {
    const routes = [];
    for (const request of requests) {
      await record(request);
      let previous = await record(request);
      for (let attempt = 0; ; attempt++) {
        const next = await record(request);
        if (sameStatements(previous.statements, next.statements)) break;
        if (attempt === 10) throw new Error(`${request.url}: the statements differ from one request to the next`);
        previous = next;
      }
      routes.push({ url: request.url, ...previous });
    }
    const referencePort = await referenceServer(db, routes);
    const captured = routes.map((route, index) => ({
      name: requests[index].name,
      statements: route.statements.map((statement) => ({ sql: statement.sql.replace(/\s+/g, ' ').trim(), params: statement.params.length })),
    }));
    return { referencePort, captured };
  }
  return { port: (app.server.address() as AddressInfo).port, member: { ...member, password: MEMBER_PASSWORD } };
}

const kind = process.argv[2];
const ready: TargetReady =
  kind === 'bare' ? { port: await bare() } : await ours(kind === 'postgres' ? 'postgres' : 'pglite', Number(process.env.BENCH_MEMBERS ?? 100_000));
process.send!(ready);

/**
 * One server under load, in a process of its own, started by bench/load.ts: `bare` is a plain
 * Node HTTP server answering a small JSON body; `pglite` and `postgres` are our app as
 * server/main.ts builds it (its request log included), on a database seeded by member-list.ts's
 * `prepare`. Tells the bench its port and the bench accounts over IPC, then serves until killed.
 */
import http from 'node:http';
import { Session } from 'node:inspector/promises';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { openPglite } from '../server/db/pglite.ts';
import { openPostgres } from '../server/db/postgres.ts';
import type { Database } from '../server/db/database.ts';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { createServices } from '../server/plugins/services.ts';
import { serverLogger } from '../server/logging.ts';
import { hashPassword } from '../server/lib/passwords.ts';
import { prepare } from './member-list.ts';

export interface TargetReady {
  port: number;
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
 * BENCH_PROFILE=<dir>: a CPU profile of the serving only (not the seeding before it), written
 * as <dir>/<kind>-<time>.cpuprofile when the bench stops the server; bench/profile-summary.ts reads it.
 */
async function startProfile(): Promise<() => Promise<void>> {
  const dir = process.env.BENCH_PROFILE;
  if (!dir) return async () => {};
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, `${process.argv[2]}-${Date.now()}.cpuprofile`), JSON.stringify(profile));
  };
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
  const profile = await startProfile();
  process.on('message', (message) => {
    // 'cpu': the CPU time this process has used so far, so the bench can divide it by requests.
    if (message === 'cpu') process.send!({ cpu: process.cpuUsage() });
    else void profile().then(() => app.close()).then(() => db.close()).finally(() => process.exit(0));
  });
  return { port: (app.server.address() as AddressInfo).port, member: { ...member, password: MEMBER_PASSWORD } };
}

const kind = process.argv[2];
const ready: TargetReady = kind === 'bare'
  ? { port: await bare() }
  : await ours(kind === 'postgres' ? 'postgres' : 'pglite', Number(process.env.BENCH_MEMBERS ?? 100_000));
process.send!(ready);

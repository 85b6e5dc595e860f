/**
 * The server's memory, as the operating system counts it: the real server (`node server/main.ts`,
 * the small supervisor and the server process it forks) on a database with `npm run seed`'s
 * members and on an empty one (migrated, no members), read from /proc: the peak while it starts
 * (VmHWM once it answers /api/health), the resident memory once it serves, after it has been idle,
 * the peak under a short load (staff asking for the member list and a member for their own record
 * at once; VmHWM reset before it through /proc/<pid>/clear_refs) and what stays after.
 * bench/memory-probe.ts, loaded into both processes, says what the server's memory is made of
 * (JavaScript heap, ArrayBuffers and other external memory, PGlite's WebAssembly memory).
 *
 * The seeded databases are measured twice: as the server starts by default and with LOW_MEMORY=1.
 *
 * BENCH_MEMORY_MEMBERS (default BENCH_MEMBERS) sets the seeded size, BENCH_MEMORY_IDLE_SECONDS the
 * idle wait (20), BENCH_MEMORY_LOAD_SECONDS the load (10), BENCH_MEMORY_LOW=0 leaves LOW_MEMORY
 * out, BENCH_MEMORY_NODE_FLAGS adds Node flags (server/main.ts passes them on to the server);
 * BENCH_MEMORY_DATA_DIR measures an already seeded PGlite directory (topped up to the size asked
 * for, never removed).
 *
 * What /proc tells of a process is read in memory-proc.ts; the runs' figures and the section's
 * Markdown are in memory-report.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { openPglite } from '../server/db/pglite.ts';
import { openPostgres } from '../server/db/postgres.ts';
import type { Database } from '../server/db/database.ts';
import { hashPassword } from '../server/lib/passwords.ts';
import { prepareSeeded } from './spreadsheet-export.ts';
import { childOf, readProbe, resetPeak, status } from './memory-proc.ts';
import type { MemoryRun, ProcessMemory } from './memory-report.ts';

export { memoryLines, type MemoryRun, type ProcessMemory } from './memory-report.ts';

const MAIN = path.resolve(import.meta.dirname, '../server/main.ts');
const PROBE = path.join(import.meta.dirname, 'memory-probe.ts');
const MEMBER_PASSWORD = 'benchmark1';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function signIn(base: string, email: string, password: string): Promise<{ id: number; headers: { authorization: string } }> {
  const response = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in as ${email}: ${response.status} ${await response.text()}`);
  const answer = (await response.json()) as { access_token: string; user_id: number };
  return { id: answer.user_id, headers: { authorization: `Bearer ${answer.access_token}` } };
}

/**
 * Readies a database for the run: migrated, topped up to `members` with the seed, the bench's
 * staff login, and a member who can sign in (one from the middle of the table, or a member made
 * for the purpose when there are none).
 */
async function prepareDatabase(db: Database, members: number): Promise<{ email: string }> {
  await prepareSeeded(db, members, (line) => console.log(`Memory: ${line}`));
  const hash = await hashPassword(MEMBER_PASSWORD);
  const [middle] = await db.query<{ email: string }>(
    `UPDATE accounts SET password_hash = $1
      WHERE id = (SELECT id FROM accounts WHERE role_id = 2 ORDER BY id OFFSET $2 LIMIT 1)
      RETURNING email`,
    [hash, Math.floor(members / 2)],
  );
  if (middle) return middle;
  const [made] = await db.query<{ email: string }>(
    `INSERT INTO accounts (role_id, email, password_hash, first_name, last_name, registration_completed)
     VALUES (2, 'medlem@bench.example.no', $1, 'Medlem', 'Bench', 1) RETURNING email`,
    [hash],
  );
  return made;
}

/** Two autocannon runs side by side for `seconds`: the staff member list and a member's own record. */
async function load(base: string, memberEmail: string, seconds: number): Promise<{ requests: number; errors: number }> {
  const staff = await signIn(base, 'bench@example.no', 'benchmark1');
  const member = await signIn(base, memberEmail, MEMBER_PASSWORD);
  const targets = [
    { url: `${base}/api/member/list?page=1&per_page=25`, headers: staff.headers },
    { url: `${base}/api/member/${member.id}`, headers: member.headers },
  ];
  for (const target of targets) {
    const answer = await fetch(target.url, { headers: target.headers });
    if (!answer.ok) throw new Error(`${target.url}: ${answer.status} ${(await answer.text()).slice(0, 300)}`);
  }
  const results = await Promise.all(
    targets.map((target) =>
      autocannon({ url: target.url, headers: { 'accept-encoding': 'gzip, deflate, br, zstd', ...target.headers }, connections: 10, duration: seconds }),
    ),
  );
  return {
    requests: results.reduce((sum, result) => sum + result.requests.total, 0),
    errors: results.reduce((sum, result) => sum + result.non2xx + result.errors + result.timeouts, 0),
  };
}

interface ServerSetting {
  database: MemoryRun['database'];
  members: number;
  /** LOW_MEMORY=1 for the server. */
  lowMemory: boolean;
  env: NodeJS.ProcessEnv;
  memberEmail: string;
}

/** Starts `node server/main.ts`, measures it through start, idle and load, and stops it. */
async function measureServer(setting: ServerSetting, workDir: string): Promise<MemoryRun> {
  const idleSeconds = Number(process.env.BENCH_MEMORY_IDLE_SECONDS ?? 20);
  const loadSeconds = Number(process.env.BENCH_MEMORY_LOAD_SECONDS ?? 10);
  const probeDir = await mkdtemp(path.join(workDir, 'probe-'));
  const port = 3990 + Math.floor(Math.random() * 9);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DEMO_DATA: '0',
    LOG_LEVEL: 'info',
    STATIC_DIR: '/nonexistent',
    // A scheduled backup in the middle of the run would be measured as serving; the backup section measures it.
    BACKUP_INTERVAL_HOURS: '0',
    BENCH_MEMORY_PROBE: probeDir,
    LOW_MEMORY: setting.lowMemory ? '1' : '0',
    ...setting.env,
  };
  if (!setting.env.DATABASE_URL) delete env.DATABASE_URL;
  const started = performance.now();
  // BENCH_MEMORY_NODE_FLAGS: Node flags for the run (server/main.ts gives its own to the server process).
  const flags = (process.env.BENCH_MEMORY_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const supervisor: ChildProcess = spawn(process.execPath, [...flags, '--import', PROBE, MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
  supervisor.stdout!.on('data', keep);
  supervisor.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => supervisor.on('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  try {
    for (let tries = 0; ; tries++) {
      if (supervisor.exitCode !== null || tries > 3000) throw new Error(`the server did not start: ${output}`);
      const up = await fetch(`${base}/api/health`).then(
        (answer) => answer.ok,
        () => false,
      );
      if (up) break;
      await sleep(100);
    }
    const startSeconds = (performance.now() - started) / 1000;
    const pids = { supervisor: supervisor.pid!, server: childOf(supervisor.pid!) };
    if (pids.server === null) throw new Error('the server process was not found');
    const server = pids.server;
    const atStart = { supervisor: status(pids.supervisor), server: status(server) };
    await sleep(300); // the probe writes every 250 ms
    const probeStart = readProbe(probeDir, server).peak;

    await sleep(idleSeconds * 1000);
    const atIdle = { supervisor: status(pids.supervisor), server: status(server) };
    const probeIdle = readProbe(probeDir, server).now;

    // The peaks of the load alone: VmHWM set back to VmRSS, and the probe's peaks too (SIGUSR2).
    const reset = resetPeak(pids.supervisor) && resetPeak(server);
    process.kill(pids.supervisor, 'SIGUSR2');
    process.kill(server, 'SIGUSR2');
    // Where the kernel does not reset VmHWM, the load's peak is sampled.
    const sampled = { supervisor: atIdle.supervisor.rss, server: atIdle.server.rss };
    const sampler = setInterval(() => {
      sampled.supervisor = Math.max(sampled.supervisor, status(pids.supervisor).rss);
      sampled.server = Math.max(sampled.server, status(server).rss);
    }, 50);
    const traffic = await load(base, setting.memberEmail, loadSeconds);
    clearInterval(sampler);
    await sleep(300);
    const atLoad = { supervisor: status(pids.supervisor), server: status(server) };
    const probeLoad = readProbe(probeDir, server).peak;
    await sleep(1000);
    const after = { supervisor: status(pids.supervisor), server: status(server) };

    const processMemory = (which: 'supervisor' | 'server'): ProcessMemory => ({
      startPeak: atStart[which].hwm,
      serving: atStart[which].rss,
      idle: atIdle[which].rss,
      loadPeak: reset ? atLoad[which].hwm : Math.max(sampled[which], atLoad[which].rss),
      afterLoad: after[which].rss,
    });
    return {
      database: setting.database,
      members: setting.members,
      lowMemory: setting.lowMemory,
      startSeconds,
      supervisor: processMemory('supervisor'),
      server: processMemory('server'),
      probe: { start: probeStart, idle: probeIdle, load: probeLoad },
      ...traffic,
    };
  } finally {
    supervisor.kill('SIGTERM');
    const timer = setTimeout(() => supervisor.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }
}

/** The server in each mode: as it starts by default, and with LOW_MEMORY=1 where `lowMemoryToo`. */
async function inModes(setting: Omit<ServerSetting, 'lowMemory'>, workDir: string, lowMemoryToo: boolean): Promise<MemoryRun[]> {
  const runs = [await measureServer({ ...setting, lowMemory: false }, workDir)];
  if (lowMemoryToo) runs.push(await measureServer({ ...setting, lowMemory: true }, workDir));
  return runs;
}

async function onPglite(members: number, workDir: string, lowMemoryToo: boolean, given?: string): Promise<MemoryRun[]> {
  const dataDir = given ?? path.join(workDir, `data-${members}`);
  const db = await openPglite({ dataDir });
  let member: { email: string };
  try {
    member = await prepareDatabase(db, members);
    await db.query('CHECKPOINT');
  } finally {
    await db.close();
  }
  return inModes(
    { database: 'PGlite', members, env: { DATA_DIR: dataDir, BACKUP_DIR: path.join(workDir, 'backups') }, memberEmail: member.email },
    workDir,
    lowMemoryToo,
  );
}

async function onPostgres(pgUrl: string, members: number, workDir: string, lowMemoryToo: boolean): Promise<MemoryRun[]> {
  const name = `portal_bench_memory_${members}`;
  const admin = await openPostgres(pgUrl, 1);
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  try {
    const db = await openPostgres(url.toString());
    let member: { email: string };
    try {
      member = await prepareDatabase(db, members);
    } finally {
      await db.close();
    }
    return await inModes({ database: 'PostgreSQL', members, env: { DATABASE_URL: url.toString() }, memberEmail: member.email }, workDir, lowMemoryToo);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.close();
  }
}

/**
 * The runs: PGlite empty and seeded, then PostgreSQL empty and seeded unless pgUrl is `none`;
 * each seeded database also with LOW_MEMORY=1 (unless BENCH_MEMORY_LOW=0).
 */
export async function measureMemory(members: number, pgUrl: string): Promise<MemoryRun[]> {
  const workDir = await mkdtemp(path.join(tmpdir(), 'portal-bench-memory-'));
  const lowMemoryToo = process.env.BENCH_MEMORY_LOW !== '0';
  const runs: MemoryRun[] = [];
  const report = (done: MemoryRun[]) => {
    for (const run of done) {
      runs.push(run);
      console.log(
        `Memory on ${run.database}, ${run.members} members${run.lowMemory ? ', LOW_MEMORY=1' : ''}: ${JSON.stringify({ supervisor: run.supervisor, server: run.server, startSeconds: run.startSeconds, requests: run.requests, errors: run.errors })}`,
      );
    }
  };
  try {
    report(await onPglite(0, workDir, false));
    report(await onPglite(members, workDir, lowMemoryToo, process.env.BENCH_MEMORY_DATA_DIR));
    if (pgUrl !== 'none') {
      report(await onPostgres(pgUrl, 0, workDir, false));
      report(await onPostgres(pgUrl, members, workDir, lowMemoryToo));
    }
    return runs;
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

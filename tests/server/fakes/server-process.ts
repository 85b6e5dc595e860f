/** Runs the real server (server/main.ts) or one of its scripts as a child process, as an operator would. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { migratedDataDir } from '../helpers.ts';

export const root = path.resolve(import.meta.dirname, '../../..');

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface Running {
  child: ChildProcess;
  port: number;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
}

export function run(script: string, env: Record<string, string>, args: string[] = []): Running & { port: number } {
  const port = Number(env.PORT ?? 0);
  const child = spawn(process.execPath, [path.join(root, script), ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', STATIC_DIR: '/nonexistent', DEMO_DATA: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, port, output: () => text, exited };
}

export async function startServer(env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  return run('server/main.ts', { ...env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` });
}

/** Answers the health body once the server serves; fails when it exits or takes too long. */
export async function serving(server: Running, timeoutMs = 120_000): Promise<Record<string, unknown>> {
  const until = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void server.exited.then((code) => (exitCode = code));
  while (Date.now() < until) {
    if (exitCode !== undefined) throw new Error(`server exited (${exitCode}): ${server.output()}`);
    try {
      const response = await fetch(`http://127.0.0.1:${server.port}/api/health`);
      if (response.status === 200) return (await response.json()) as Record<string, unknown>;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not serve in time: ${server.output()}`);
}

export async function stop(server: Running, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal);
  return server.exited;
}

/** The password the process tests give the staff account they make. */
export const STAFF_PASSWORD = 'et-langt-passord';

/** Makes a staff account in DATA_DIR's database with the operator's script, as the README says to; answers the script's exit code. */
export async function createStaff(env: Record<string, string>, email: string): Promise<number | null> {
  // A data directory not made yet starts as the run's migrated database: a fresh migration is most
  // of a process's start on a busy machine (the start of an empty one is startup.test.ts's to test).
  if (env.DATA_DIR && !env.DATABASE_URL && !existsSync(env.DATA_DIR)) await migratedDataDir(env.DATA_DIR);
  const create = run('server/scripts/admin-create.ts', env, ['--email', email, '--password-stdin']);
  create.child.stdin!.end(`${STAFF_PASSWORD}\n`);
  return create.exited;
}

/** Signs the staff account in on the running server; answers the header its requests carry. */
export async function staffAuth(server: Running, email: string): Promise<{ authorization: string }> {
  const signIn = await fetch(`http://127.0.0.1:${server.port}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: STAFF_PASSWORD }),
  });
  const { access_token: token } = (await signIn.json()) as { access_token: string };
  return { authorization: `Bearer ${token}` };
}

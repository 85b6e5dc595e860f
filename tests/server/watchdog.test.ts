/**
 * The small process `npm start` runs (server/main.ts) ends a server that is stuck: one that no
 * longer answers on its event loop is killed after WATCHDOG_SECONDS so a supervisor can start it
 * again, and SIGTERM ends even a stuck server within the ten seconds a container runtime waits.
 * A stuck server is made by stopping its process (SIGSTOP): it then neither runs nor answers.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { serving, startServer, stop, type Running } from './fakes/server-process.ts';
import { LOW_MEMORY_NODE_FLAGS, SERVER_NODE_FLAGS } from '../../server/config-values.ts';

const servers: Running[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => stop(server, 'SIGKILL')));
});

/** The server process the supervisor started. */
const serverPid = (supervisor: Running) =>
  Number(
    execFileSync('pgrep', ['-P', String(supervisor.child.pid)])
      .toString()
      .trim()
      .split('\n')[0],
  );
const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('a stuck server', () => {
  it('is killed after WATCHDOG_SECONDS without a sign of life, and the process exits with 1 for a restart', { timeout: 90_000 }, async () => {
    const supervisor = await startServer({ WATCHDOG_SECONDS: '3' });
    servers.push(supervisor);
    await serving(supervisor);
    const pid = serverPid(supervisor);
    process.kill(pid, 'SIGSTOP');
    expect(await supervisor.exited).toBe(1);
    expect(supervisor.output()).toContain('serveren sto fast (hendelsesløkken svarte ikke på 3 s, WATCHDOG_SECONDS)');
    expect(isRunning(pid)).toBe(false);
  });

  it('ends within ten seconds of SIGTERM even when it cannot run its own shutdown', { timeout: 90_000 }, async () => {
    const supervisor = await startServer({ WATCHDOG_SECONDS: '0' });
    servers.push(supervisor);
    await serving(supervisor);
    const pid = serverPid(supervisor);
    process.kill(pid, 'SIGSTOP');
    const started = Date.now();
    const code = await stop(supervisor);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(code).toBe(1);
    expect(supervisor.output()).toContain('serveren stoppet ikke innen 9 s etter SIGTERM; den ble drept');
    expect(isRunning(pid)).toBe(false);
  });

  it('a server whose supervisor is killed ends too, leaving the port and the data directory free', { timeout: 90_000 }, async () => {
    const supervisor = await startServer({});
    servers.push(supervisor);
    await serving(supervisor);
    const pid = serverPid(supervisor);
    await stop(supervisor, 'SIGKILL');
    const until = Date.now() + 10_000;
    while (isRunning(pid) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(isRunning(pid)).toBe(false);
  });
});

describe('LOW_MEMORY', () => {
  /** The Node flags a process was started with (its command line up to the script). */
  const nodeFlags = (pid: number) => {
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    return args.slice(
      1,
      args.findIndex((arg) => arg.endsWith('.ts')),
    );
  };

  it('starts the server process with the Node flags that trade CPU for memory, and without them by default', { timeout: 90_000 }, async () => {
    const low = await startServer({ LOW_MEMORY: '1' });
    servers.push(low);
    await serving(low);
    const lowFlags = nodeFlags(serverPid(low));
    expect(lowFlags).toEqual(expect.arrayContaining([...SERVER_NODE_FLAGS, ...LOW_MEMORY_NODE_FLAGS]));
    // V8 takes the last of two values of a flag: LOW_MEMORY's smaller young generation wins.
    expect(lowFlags.filter((flag) => flag.startsWith('--max-semi-space-size=')).at(-1)).toBe('--max-semi-space-size=4');
    expect(await stop(low)).toBe(0);

    const normal = await startServer({});
    servers.push(normal);
    await serving(normal);
    expect(nodeFlags(serverPid(normal))).toEqual(expect.arrayContaining(SERVER_NODE_FLAGS));
    expect(nodeFlags(serverPid(normal))).not.toContain('--liftoff-only');
    expect(await stop(normal)).toBe(0);
  });
});

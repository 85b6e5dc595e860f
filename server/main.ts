/**
 * `npm start`: the server runs as a child of this small process, which does what the server
 * cannot do for itself when it is stuck. A SIGTERM or SIGINT is passed on, and the server is
 * killed if it has not ended within ten seconds (as a container runtime expects); a server
 * whose event loop or database stays stuck for WATCHDOG_SECONDS is killed too, and this process
 * exits with 1 so a supervisor (systemd, Docker's restart policy) starts it again. Its exit code
 * is the server's. The server process gets the Node flags of server/config-values.ts (with
 * LOW_MEMORY=1, flags that trade CPU for memory). This process loads as little as it can: it stays in
 * memory beside the server all the time.
 *
 * The server process keeps Node's compile cache (the modules compiled, TypeScript with its types
 * stripped) on disk, in NODE_COMPILE_CACHE or Node's own default under the temporary directory:
 * a start after the first loads its modules in about half the time (3.2 → 1.7 s measured on a
 * busy two-core machine). NODE_DISABLE_COMPILE_CACHE=1 turns it off.
 */
import { fork } from 'node:child_process';
import { enableCompileCache } from 'node:module';
import path from 'node:path';
import { LOW_MEMORY_NODE_FLAGS, SERVER_NODE_FLAGS, supervisorSettings, type SupervisorSettings } from './config-values.ts';
import type { Heartbeat } from './lifecycle.ts';

/** Ten seconds after SIGTERM a container runtime kills; the server gets nearly all of it. */
const SHUTDOWN_LIMIT_MS = 9_000;

function settings(): SupervisorSettings {
  try {
    return supervisorSettings();
  } catch {
    return { watchdogSeconds: 0, lowMemory: false }; // The server reports the setting's error itself and exits.
  }
}

function say(message: string): void {
  process.stderr.write(`${JSON.stringify({ level: 50, time: Date.now(), pid: process.pid, msg: message })}\n`);
}

function supervise(): void {
  const { watchdogSeconds, lowMemory } = settings();
  const limitMs = watchdogSeconds * 1000;
  // Later flags win where two set the same: LOW_MEMORY's over the server's, this process's over both.
  const execArgv = [...SERVER_NODE_FLAGS, ...(lowMemory ? LOW_MEMORY_NODE_FLAGS : []), ...process.execArgv];
  const { directory: compileCache } = enableCompileCache();
  const env = compileCache ? { ...process.env, NODE_COMPILE_CACHE: compileCache } : process.env;
  const server = fork(path.join(import.meta.dirname, 'serve.ts'), process.argv.slice(2), { stdio: 'inherit', execArgv, env });
  let last: Heartbeat = { alive: Date.now(), database: Date.now(), ready: false };
  let stopping = false;

  // Armed once the server listens: migrating a large database at start may hold the event loop longer.
  let ready = false;
  server.on('message', (message: Heartbeat) => {
    if (typeof message?.alive !== 'number') return;
    last = message;
    ready ||= message.ready;
  });
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    server.kill(signal);
    setTimeout(() => {
      say(`serveren stoppet ikke innen ${SHUTDOWN_LIMIT_MS / 1000} s etter ${signal}; den ble drept`);
      server.kill('SIGKILL');
    }, SHUTDOWN_LIMIT_MS).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  if (limitMs > 0) {
    setInterval(() => {
      if (stopping || !ready) return;
      const now = Date.now();
      const stuck = now - last.alive > limitMs ? 'hendelsesløkken' : now - last.database > limitMs ? 'databasen' : null;
      if (!stuck) return;
      stopping = true;
      say(`serveren sto fast (${stuck} svarte ikke på ${limitMs / 1000} s, WATCHDOG_SECONDS); den ble drept og må startes på nytt`);
      server.kill('SIGKILL');
    }, 1_000).unref();
  }
}

supervise();

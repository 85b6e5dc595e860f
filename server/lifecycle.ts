/**
 * Stopping the HTTP side of the server on a signal. Idle keep-alive connections would hold
 * server.close() open until their client drops them (a minute or more), so they are closed at
 * once; requests in flight get a bounded time to finish, then every connection is cut.
 */
import { Worker } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';

const SHUTDOWN_GRACE_MS = 10_000;

export async function stopServing(app: FastifyInstance, graceMs: number = SHUTDOWN_GRACE_MS): Promise<void> {
  const closed = app.close();
  app.server.closeIdleConnections();
  // A connection whose request finishes stays open for keep-alive; close it as soon as it is idle.
  const reaper = setInterval(() => app.server.closeIdleConnections(), 100);
  const cutOff = setTimeout(() => {
    app.log.warn({ graceMs }, 'requests still running at shutdown were cut off');
    app.server.closeAllConnections();
  }, graceMs);
  try {
    await closed;
  } finally {
    clearTimeout(cutOff);
    clearInterval(reaper);
  }
}

/** What the server process tells the process that started it, once a second. */
export interface Heartbeat {
  /** When the event loop last ran this (ms since the epoch). */
  alive: number;
  /** Since when a ping has waited for the database, or now when none waits (ms since the epoch). */
  database: number;
  /** Whether the server listens (the watchdog is armed from then on). */
  ready: boolean;
}

/**
 * Tells the supervising process (server/main.ts) that this one still runs and its database
 * still answers (or refuses: only a ping with no answer counts as stuck): a message every second
 * from the event loop, and a `SELECT 1` every five.
 * Before the database is open (migrations at start), it counts as answering. When the
 * supervisor goes away, this process goes too, so a killed supervisor never leaves a server
 * holding the port and the data directory. The function it returns beats at once: called when
 * the server starts to listen, so the watchdog is armed before the first request is answered.
 */
export function reportLiveness(ping: () => Promise<void> | null, ready: () => boolean): () => void {
  if (!process.send) return () => undefined;
  // Since when a ping has waited for the database; null while none waits.
  let waitingSince: number | null = null;
  const send = () => {
    process.send?.({ alive: Date.now(), database: waitingSince ?? Date.now(), ready: ready() } satisfies Heartbeat);
  };
  const beat = setInterval(send, 1_000);
  const check = setInterval(() => {
    if (waitingSince !== null) return;
    const running = ping();
    if (!running) return;
    waitingSince = Date.now();
    // An error is an answer too: a database that refuses (restarting, unreachable) is not stuck,
    // and a restart of this process would not bring it back; the server answers 503 meanwhile.
    running.then(
      () => (waitingSince = null),
      () => (waitingSince = null),
    );
  }, 1_000);
  beat.unref();
  check.unref();
  process.on('disconnect', () => process.exit(1));
  exitWithParent();
  return send;
}

/**
 * Ends this process when the process that started it is gone, even while this one's event loop
 * is busy (a long statement of the embedded database): a thread of its own looks every half
 * second. Without it, a supervisor killed with SIGKILL would leave a server writing to a data
 * directory whose lock it no longer refreshes.
 */
function exitWithParent(): void {
  const watcher = new Worker(
    `const { workerData } = require('node:worker_threads');
     setInterval(() => { if (process.ppid !== workerData.parent) process.kill(workerData.self, 'SIGKILL'); }, 500);`,
    { eval: true, workerData: { parent: process.ppid, self: process.pid } },
  );
  watcher.unref();
}

/**
 * Stopping the HTTP side of the server on a signal. Idle keep-alive connections would hold
 * server.close() open until their client drops them (a minute or more), so they are closed at
 * once; requests in flight get a bounded time to finish, then every connection is cut.
 */
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

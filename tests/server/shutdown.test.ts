/**
 * Stopping the real server with SIGTERM: idle keep-alive connections are closed while a request
 * is still in flight, that request still gets its answer, and the process exits within the 10 s
 * a container runtime waits. Order is asserted, not speed: these machines are shared.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { connect, type Socket } from 'node:net';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { openPostgres } from '../../server/db/postgres.ts';
import { startServer, type Running } from './server-process.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function socketTo(server: Running): { socket: Socket; received: () => string } {
  const { hostname, port } = new URL(server.url);
  const socket = connect(Number(port), hostname);
  // The server may close these; that is what the test looks for, not an error.
  socket.on('error', () => {});
  let text = '';
  socket.on('data', (chunk) => (text += chunk));
  return { socket, received: () => text };
}

async function stopWithOpenConnections(server: Running) {
  const idle = socketTo(server);
  idle.socket.write('GET /api/health HTTP/1.1\r\nHost: portal\r\nConnection: keep-alive\r\n\r\n');
  await expect.poll(idle.received).toMatch(/^HTTP\/1\.1 200/);

  const body = JSON.stringify({ email: 'ingen.konto@example.no', password: 'feil-passord' });
  const slow = socketTo(server);
  slow.socket.write(
    `POST /api/user/login HTTP/1.1\r\nHost: portal\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
  );
  await sleep(300);

  const started = Date.now();
  const exited = server.stop();
  // The idle connection closes while the slow request is still waiting for the rest of its body.
  await once(idle.socket, 'close');
  const answeredBeforeIdleClosed = slow.received();
  slow.socket.write(body.slice(10));
  const code = await exited;
  return { code, took: Date.now() - started, answeredBeforeIdleClosed, slowAnswer: slow.received() };
}

async function postgresDatabase(suffix: string): Promise<string> {
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `portal_shutdown_${process.pid}_${suffix}`;
  const admin = await openPostgres(adminUrl, 1);
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  cleanups.push(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.close();
  });
  const pgUrl = new URL(adminUrl);
  pgUrl.pathname = `/${name}`;
  return pgUrl.toString();
}

describe('stopping the server', () => {
  it('on PGlite: closes idle connections at once, finishes the request in flight, exits within the 10 s bound', { timeout: 60_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-shutdown-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const result = await stopWithOpenConnections(await startServer({ DATA_DIR: dataDir }));
    expect(result.code).toBe(0);
    expect(result.answeredBeforeIdleClosed).toBe('');
    expect(result.slowAnswer).toMatch(/^HTTP\/1\.1 401/);
    expect(result.took).toBeLessThan(10_000);
  });

  it('on PostgreSQL: the same', { timeout: 60_000 }, async () => {
    const result = await stopWithOpenConnections(await startServer({ DATABASE_URL: await postgresDatabase('a') }));
    expect(result.code).toBe(0);
    expect(result.answeredBeforeIdleClosed).toBe('');
    expect(result.slowAnswer).toMatch(/^HTTP\/1\.1 401/);
    expect(result.took).toBeLessThan(10_000);
  });

  it('cuts off a request that does not finish within 4 s, and exits within the 10 s a container runtime waits', { timeout: 60_000 }, async () => {
    const server = await startServer({ DATABASE_URL: await postgresDatabase('b') });
    const stuck = socketTo(server);
    stuck.socket.write('POST /api/user/login HTTP/1.1\r\nHost: portal\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{');
    await sleep(300);
    const started = Date.now();
    expect(await server.stop()).toBe(0);
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(3_900);
    expect(took).toBeLessThan(10_000);
  });
});

/**
 * A server on PostgreSQL outlives its database going away: its connections cut from the database
 * side (pg_terminate_backend, as a restart of PostgreSQL does), and the database unreachable for
 * a while (a relay made here, between the server and PostgreSQL, cuts every connection and refuses
 * new ones, as a network that drops does). The process keeps running (even past WATCHDOG_SECONDS),
 * /api/health/ready answers 503 and /api/health says why, requests get a 503 with a Norwegian
 * message, and once the database is back requests succeed and a mail queued before the outage is sent.
 *
 * It runs in the PostgreSQL pass only (vitest.config.ts).
 */
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPostgres, type PostgresDatabase } from '../../server/db/postgres.ts';
import { hashPassword } from '../../server/lib/passwords.ts';
import { DATABASE_UNAVAILABLE } from '../../server/lib/database-errors.ts';
import { serving, startServer, stop, type Running } from './fakes/server-process.ts';
import { startFakeSmtp, type FakeSmtp } from './fakes/smtp.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  throw new Error(
    'database-outage.test.ts needs PostgreSQL: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx vitest run tests/server/database-outage.test.ts',
  );
}

/** The test's own connections, told apart from the server's by this name. */
const OWN = 'portal-outage-test';
const PASSWORD = 'et-langt-passord';

/** A TCP relay to PostgreSQL that can be taken down (every connection cut, new ones closed at once) and brought back. */
async function startRelay(target: URL) {
  let down = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (down) return void client.destroy();
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    client.pipe(upstream).pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    down() {
      down = true;
      for (const socket of sockets) socket.destroy();
    },
    up: () => (down = false),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

let admin: PostgresDatabase | undefined;
let db: PostgresDatabase | undefined;
let databaseName = '';
let relay: Awaited<ReturnType<typeof startRelay>> | undefined;
let smtp: FakeSmtp | undefined;
let server: Running | undefined;
let member: { id: number; email: string };
/** A second member, for the mail of the outage (a reset link is made at most once a minute per account). */
let other: { id: number; email: string };

const base = () => `http://127.0.0.1:${server!.port}`;

async function call(method: string, pathname: string, body?: unknown, token?: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${base()}${pathname}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function until(what: string, condition: () => Promise<boolean> | boolean, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}\n${server?.output() ?? ''}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Signs the member in and reads their record: the everyday request, through the database. */
async function signInAndRead(): Promise<number[]> {
  const signIn = await call('POST', '/api/user/login', { email: member.email, password: PASSWORD });
  if (signIn.status !== 200) return [signIn.status];
  const read = await call('GET', `/api/member/${member.id}`, undefined, String(signIn.body.access_token));
  return [signIn.status, read.status];
}

const running = () => server!.child.exitCode === null && server!.child.signalCode === null;

beforeAll(async () => {
  admin = await openPostgres(adminUrl, 1);
  databaseName = `portal_outage_${randomUUID().slice(0, 8)}`;
  const template = inject('postgresTemplate');
  await admin.query(template ? `CREATE DATABASE ${databaseName} TEMPLATE ${template}` : `CREATE DATABASE ${databaseName}`);
  const direct = new URL(adminUrl);
  direct.pathname = `/${databaseName}`;
  direct.searchParams.set('application_name', OWN);
  db = await openPostgres(direct.toString(), 1);
  const hash = await hashPassword(PASSWORD);
  const seed = async (name: string) => {
    const email = `${name}.${databaseName}@example.no`;
    const [row] = await db!.query<{ id: number }>(
      `INSERT INTO accounts (role_id, email, password_hash, first_name, last_name, registration_completed, status, address, postal_code, postal_area)
       VALUES (2, $1, $2, 'Kari', 'Nordmann', 1, '1', 'Storgata 1', '0155', 'OSLO') RETURNING id`,
      [email, hash],
    );
    return { id: row.id, email };
  };
  member = await seed('kari');
  other = await seed('ola');

  relay = await startRelay(new URL(adminUrl));
  const viaRelay = new URL(adminUrl);
  viaRelay.hostname = '127.0.0.1';
  viaRelay.port = String(relay.port);
  viaRelay.pathname = `/${databaseName}`;
  smtp = await startFakeSmtp();
  // A watchdog much shorter than the outage: a database that refuses is no reason to kill the server.
  server = await startServer({ DATABASE_URL: viaRelay.toString(), SMTP_URL: smtp.url, WATCHDOG_SECONDS: '3', MESSAGE_RETRIES: '20' });
  await serving(server);
});

afterAll(async () => {
  if (server) await stop(server, 'SIGKILL');
  await relay?.close();
  await smtp?.close();
  await db?.close();
  if (admin) {
    if (databaseName) await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.close();
  }
});

describe('a server whose PostgreSQL goes away', () => {
  it('keeps running when every connection of its is terminated, then serves requests and sends queued mail', { timeout: 90_000 }, async () => {
    expect(await signInAndRead()).toEqual([200, 200]);
    const terminated = await admin!.query<{ done: boolean }>(
      `SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity
        WHERE datname = $1 AND application_name <> $2 AND pid <> pg_backend_pid()`,
      [databaseName, OWN],
    );
    // The app's pool and the job queue's.
    expect(terminated.length).toBeGreaterThanOrEqual(2);
    expect(terminated.every((row) => row.done)).toBe(true);

    await until('the server to be ready again', async () => (await call('GET', '/api/health/ready')).status === 200);
    expect(running()).toBe(true);
    expect(await signInAndRead()).toEqual([200, 200]);
    // The queue's workers have reconnected: a mail asked for now arrives.
    expect((await call('POST', '/api/user/password/reset', { email: member.email })).status).toBe(200);
    await until('the reset mail', () => smtp!.received.some((mail) => mail.to === member.email));
    expect(running()).toBe(true);
  });

  it('answers 503 with the reason while the database cannot be reached, and loses no queued mail', { timeout: 120_000 }, async () => {
    const before = smtp!.received.length;
    // A mail asked for before the outage, which the mail server refuses for now: it waits for its next try.
    smtp!.mode = 'refuse';
    expect((await call('POST', '/api/user/password/reset', { email: other.email })).status).toBe(200);
    await until('the first try to fail', async () => {
      const [row] = await db!.query<{ attempts: number; status: string }>(
        "SELECT attempts, status FROM message_log WHERE email_to = $1 AND channel = 'email' ORDER BY id DESC LIMIT 1",
        [other.email],
      );
      return row !== undefined && row.attempts >= 1 && row.status === 'queued';
    });

    relay!.down();
    const ready = await call('GET', '/api/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body.message).toMatch(/^Databasen svarer ikke: (forbindelsen ble brutt|den nekter tilkobling)\.$/);
    const health = await call('GET', '/api/health');
    expect(health.status).toBe(503);
    expect(health.body.message).toMatch(/^Databasen svarer ikke: /);
    const signIn = await call('POST', '/api/user/login', { email: member.email, password: PASSWORD });
    expect(signIn).toEqual({ status: 503, body: { message: DATABASE_UNAVAILABLE } });
    // Longer than WATCHDOG_SECONDS: the server stays up and keeps answering 503.
    const downSince = Date.now();
    while (Date.now() - downSince < 5_000) {
      expect((await call('GET', '/api/health/ready')).status).toBe(503);
      expect(running()).toBe(true);
    }

    smtp!.mode = 'accept';
    relay!.up();
    await until('the server to be ready again', async () => (await call('GET', '/api/health/ready')).status === 200);
    expect(await signInAndRead()).toEqual([200, 200]);
    expect((await call('GET', '/api/health')).body).toMatchObject({ status: 'ok', database: 'postgres' });
    // The mail queued before the outage is sent once the database is back, and logged as sent: the
    // worker writes that after the mail server has taken the mail, so both are waited for.
    const logged = async () =>
      (
        await db!.query<{ status: string }>("SELECT status FROM message_log WHERE email_to = $1 AND channel = 'email' ORDER BY id DESC LIMIT 1", [other.email])
      )[0].status;
    await until('the mail queued before the outage', async () => smtp!.received.length > before && (await logged()) === 'sent', 75_000);
    expect(await logged()).toBe('sent');
    expect(smtp!.received.slice(before).map((mail) => mail.to)).toEqual([other.email]);
    expect(running()).toBe(true);
  });
});

/**
 * The watchdog's other half: a server whose database stops answering (the connection open, no
 * reply: a hung PostgreSQL, a network that drops packets) is killed after WATCHDOG_SECONDS and
 * `npm start`'s process exits with 1 for a restart, though its event loop still runs.
 *
 * The server reaches PostgreSQL through a relay made here, which the test freezes: it keeps the
 * connections but passes nothing on. It runs in the PostgreSQL pass only (vitest.config.ts).
 */
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openPostgres, type PostgresDatabase } from '../../server/db/postgres.ts';
import { serving, startServer, stop, type Running } from './fakes/server-process.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  throw new Error(
    'watchdog-database.test.ts needs PostgreSQL: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx vitest run tests/server/watchdog-database.test.ts',
  );
}

/** A TCP relay to PostgreSQL that can be frozen: connections stay open, nothing goes through. */
async function startRelay(target: URL) {
  let frozen = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    client.on('data', (chunk) => {
      if (!frozen) upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (!frozen) client.write(chunk);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    freeze: () => (frozen = true),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

let admin: PostgresDatabase | undefined;
let databaseName = '';
let relay: Awaited<ReturnType<typeof startRelay>> | undefined;
let supervisor: Running | undefined;

afterAll(async () => {
  if (supervisor) await stop(supervisor, 'SIGKILL');
  await relay?.close();
  if (admin) {
    if (databaseName) await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.close();
  }
});

describe('a server whose database stops answering', () => {
  it('is killed after WATCHDOG_SECONDS, and the process exits with 1 for a restart', { timeout: 90_000 }, async () => {
    admin = await openPostgres(adminUrl, 1);
    databaseName = `portal_watchdog_${randomUUID().slice(0, 8)}`;
    const template = inject('postgresTemplate');
    await admin.query(template ? `CREATE DATABASE ${databaseName} TEMPLATE ${template}` : `CREATE DATABASE ${databaseName}`);
    const target = new URL(adminUrl);
    relay = await startRelay(target);
    const url = new URL(adminUrl);
    url.hostname = '127.0.0.1';
    url.port = String(relay.port);
    url.pathname = `/${databaseName}`;

    supervisor = await startServer({ DATABASE_URL: url.toString(), WATCHDOG_SECONDS: '3' });
    expect((await serving(supervisor)).status).toBe('ok');
    relay.freeze();
    expect(await supervisor.exited).toBe(1);
    expect(supervisor.output()).toContain('serveren sto fast (databasen svarte ikke på 3 s, WATCHDOG_SECONDS)');
  });
});

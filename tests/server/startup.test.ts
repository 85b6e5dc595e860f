import { afterAll, describe, expect, it } from 'vitest';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { openPostgres } from '../../server/db/postgres.ts';
import { migrate } from '../../server/db/migrate.ts';
import { run, serving, startServer, stop, type Running } from './fakes/server-process.ts';
import { migratedDataDir } from './helpers.ts';

const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const started: Running[] = [];
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(started.map((server) => stop(server, 'SIGKILL')));
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A data directory holding the run's migrated database (these tests are of a directory in use, not of a first start). */
async function tempDataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-start-'));
  dirs.push(dir);
  const dataDir = path.join(dir, 'data');
  await migratedDataDir(dataDir);
  return dataDir;
}

const track = (server: Running) => (started.push(server), server);

describe('start-up', () => {
  it('migrates one fresh PostgreSQL database from three connections at once, each waiting for the first', async () => {
    const name = `portal_migrate_${randomUUID().replace(/-/g, '')}`;
    const admin = await openPostgres(postgresUrl, 1);
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    const processes = await Promise.all([1, 2, 3].map(() => openPostgres(url.toString(), 2)));
    try {
      const ran = await Promise.all(processes.map((db) => migrate(db)));
      // One of them ran every migration; the others found nothing left to do.
      expect(ran.map((files) => files.length).sort()).toEqual([0, 0, ran.flat().length]);
      const [{ count }] = await processes[0].query<{ count: number }>('SELECT count(*)::int AS count FROM schema_migrations');
      expect(count).toBe(ran.flat().length);
    } finally {
      await Promise.all(processes.map((db) => db.close()));
      // Not FORCE: killing a connection that is just closing would surface as an error in this process.
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      await admin.close();
    }
  });

  it('starts two servers at the same moment on one fresh PostgreSQL database, and both serve', async () => {
    const name = `portal_start_${randomUUID().replace(/-/g, '')}`;
    const admin = await openPostgres(postgresUrl, 1);
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      const url = new URL(postgresUrl);
      url.pathname = `/${name}`;
      const env = { DATABASE_URL: url.toString() };
      const [first, second] = await Promise.all([startServer(env), startServer(env)]).then((both) => both.map(track));
      const health = await Promise.all([serving(first), serving(second)]);
      expect(health.map((body) => body.status)).toEqual(['ok', 'ok']);
      await Promise.all([stop(first), stop(second)]);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    }
  });

  it('refuses a second server on a PGlite directory in use, and starts again after the first was killed', async () => {
    const dataDir = await tempDataDir();
    const first = track(await startServer({ DATA_DIR: dataDir }));
    await serving(first);

    const second = track(await startServer({ DATA_DIR: dataDir }));
    expect(await second.exited).not.toBe(0);
    expect(second.output()).toContain(`Databasen i ${dataDir} er i bruk av en annen prosess`);
    expect((await fetch(`http://127.0.0.1:${first.port}/api/health`)).status).toBe(200);

    await stop(first, 'SIGKILL');
    const third = track(await startServer({ DATA_DIR: dataDir }));
    expect((await serving(third)).status).toBe('ok');
    await stop(third);
  }, 240_000);

  it('keeps the server’s compiled modules in Node’s compile cache, for the next start to read', async () => {
    const dataDir = await tempDataDir();
    const temporary = path.join(path.dirname(dataDir), 'tmp');
    // The cache goes under the temporary directory unless NODE_COMPILE_CACHE names another.
    const server = track(await startServer({ DATA_DIR: dataDir, TMPDIR: temporary, NODE_COMPILE_CACHE: '' }));
    await serving(server);
    await stop(server);
    const cached = await readdir(path.join(temporary, 'node-compile-cache'), { recursive: true });
    // The server process's own hundreds of modules, not only the few its supervisor loads.
    expect(cached.length).toBeGreaterThan(300);
  }, 240_000);

  it('keeps admin:create and demo:reset off a directory the server holds', async () => {
    const dataDir = await tempDataDir();
    const server = track(await startServer({ DATA_DIR: dataDir }));
    await serving(server);
    for (const [script, args] of [
      ['server/scripts/admin-create.ts', ['--email', 'leder@example.no', '--password-stdin']],
      ['server/scripts/demo-reset.ts', []],
    ] as const) {
      const command = run(script, { DATA_DIR: dataDir }, [...args]);
      command.child.stdin!.end('et-langt-passord\n');
      expect(await command.exited).not.toBe(0);
      expect(command.output()).toContain(`Databasen i ${dataDir} er i bruk av en annen prosess`);
    }
    await stop(server);
  }, 240_000);
});

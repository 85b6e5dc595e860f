/**
 * The real server process: start, stop with SIGTERM, start again with every row kept;
 * and the same answers on a PostgreSQL server.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openPglite } from '../../server/db/pglite.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { migrate } from '../../server/db/migrate.ts';
import { hashPassword } from '../../server/lib/passwords.ts';
import type { Database } from '../../server/db/database.ts';
import { startServer } from './server-process.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function seedStaff(db: Database) {
  await migrate(db);
  await db.query(
    `INSERT INTO accounts (role_id, email, password_hash, first_name, last_name, registration_completed)
     VALUES (3, 'sjef@example.no', $1, 'Sigrid', 'Sjef', 1),
            (2, 'ola@example.no', $1, 'Ola', 'Normann', 1)`,
    [await hashPassword('hemmelig123')],
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field below
async function call(url: string, method: string, pathname: string, token?: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${url}${pathname}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: await response.json() };
}

/** The same steps on any server; answers what a user would see, without ids and times. */
async function scenario(url: string) {
  const login = await call(url, 'POST', '/api/user/login', undefined, { email: 'sjef@example.no', password: 'hemmelig123' });
  const token = login.body.access_token as string;
  const list = await call(url, 'GET', '/api/member/list?filter[name]=normann', token);
  const memberId = list.body.data[0].id as number;
  const patch = await call(url, 'PATCH', `/api/member/${memberId}`, token, { artist_name: 'Ola og orkesteret', postal_code: '5003' });
  const unknownSort = await call(url, 'GET', '/api/member/list?sort=hemmelig', token);
  return {
    token,
    memberId,
    answers: {
      login: { status: login.status, role: login.body.role, first_name: login.body.first_name },
      list: { status: list.status, total: list.body.total, names: list.body.data.map((m: { first_name: string }) => m.first_name) },
      patch: { status: patch.status, artist_name: patch.body.data.artist_name, postal_code: patch.body.data.postal_code },
      unknownSort: unknownSort,
    },
  };
}

describe('server process', () => {
  it('keeps every row across a stop with SIGTERM and a new start', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-lifecycle-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    cleanups.push(() => rmSync(`${dataDir}-backups`, { recursive: true, force: true }));
    const db = await openPglite({ dataDir });
    await seedStaff(db);
    await db.close();

    const first = await startServer({ DATA_DIR: dataDir, BACKUP_DIR: `${dataDir}-backups` });
    const { token, memberId, answers } = await scenario(first.url);
    expect(answers.patch.status).toBe(200);
    expect(await first.stop()).toBe(0);

    const second = await startServer({ DATA_DIR: dataDir, BACKUP_DIR: `${dataDir}-backups` });
    try {
      const member = await call(second.url, 'GET', `/api/member/${memberId}`, token);
      expect(member.status).toBe(200);
      expect(member.body.data.artist_name).toBe('Ola og orkesteret');
    } finally {
      expect(await second.stop()).toBe(0);
    }
  });

  it('gives the same answers on a PostgreSQL server as on PGlite', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
    const name = `portal_lifecycle_${process.pid}`;
    const admin = await openPostgres(adminUrl, 1);
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    cleanups.push(async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      await admin.close();
    });
    const pgUrl = new URL(adminUrl);
    pgUrl.pathname = `/${name}`;
    const pg = await openPostgres(pgUrl.toString(), 1);
    await seedStaff(pg);
    await pg.close();

    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-compare-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    cleanups.push(() => rmSync(`${dataDir}-backups`, { recursive: true, force: true }));
    const lite = await openPglite({ dataDir });
    await seedStaff(lite);
    await lite.close();

    const onPostgres = await startServer({ DATABASE_URL: pgUrl.toString() });
    const onPglite = await startServer({ DATA_DIR: dataDir, BACKUP_DIR: `${dataDir}-backups` });
    try {
      const a = await scenario(onPostgres.url);
      const b = await scenario(onPglite.url);
      expect(a.answers).toEqual(b.answers);
      expect(a.answers.list.total).toBe(1);
      const health = await call(onPostgres.url, 'GET', '/api/health');
      expect(health.body).toEqual({ status: 'ok', database: 'postgres', indexes: 'ok' });
    } finally {
      await onPostgres.stop();
      await onPglite.stop();
    }
  });
});

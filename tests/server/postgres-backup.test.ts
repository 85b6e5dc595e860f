/**
 * The PostgreSQL backup and restore of deploy/README.md, run as written against a scratch
 * database of the test server: a dump with pg_dump, a change, a restore with pg_restore, and
 * the data is as it was at the dump, with the schema the server expects (ready again).
 *
 * It runs in the PostgreSQL pass only (vitest.config.ts).
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPostgres, type PostgresDatabase } from '../../server/db/postgres.ts';
import { readiness } from '../../server/domain/shared/health.ts';
import { root } from './fakes/server-process.ts';

const run = promisify(execFile);
const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  throw new Error(
    'postgres-backup.test.ts needs PostgreSQL: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx vitest run tests/server/postgres-backup.test.ts',
  );
}

let admin: PostgresDatabase | undefined;
let db: PostgresDatabase | undefined;
let databaseName = '';
let databaseUrl = '';
let dir = '';

/**
 * The runbook's commands: the lines of deploy/README.md's shell blocks that run pg_dump, pg_restore
 * or psql, in order, so the test runs what operators are told to run.
 */
async function runbookCommands(): Promise<string[]> {
  const readme = await readFile(path.join(root, 'deploy/README.md'), 'utf8');
  const blocks = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]);
  return blocks.flatMap((block) => block.split('\n')).filter((line) => /^(pg_dump|pg_restore|psql) /.test(line));
}

/** Runs one runbook line with the shell, DATABASE_URL and BACKUP set as the runbook says. */
async function runbook(line: string, backup: string): Promise<void> {
  await run('sh', ['-c', line], { env: { PATH: process.env.PATH ?? '', DATABASE_URL: databaseUrl, BACKUP: backup } });
}

beforeAll(async () => {
  admin = await openPostgres(adminUrl, 1);
  databaseName = `portal_backup_${randomUUID().slice(0, 8)}`;
  const template = inject('postgresTemplate');
  await admin.query(template ? `CREATE DATABASE ${databaseName} TEMPLATE ${template}` : `CREATE DATABASE ${databaseName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();
  db = await openPostgres(databaseUrl, 1);
  dir = await mkdtemp(path.join(tmpdir(), 'portal-pg-backup-'));
});

afterAll(async () => {
  await db?.close();
  if (admin) {
    if (databaseName) await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.close();
  }
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('backing up and restoring PostgreSQL as deploy/README.md says', () => {
  it('brings back the data as it was at the dump', { timeout: 120_000 }, async () => {
    const [kept] = await db!.query<{ id: number }>(
      `INSERT INTO accounts (role_id, email, password_hash, first_name, last_name, registration_completed, status, address, postal_code, postal_area)
       VALUES (2, 'kari.backup@example.no', 'x', 'Kari', 'Nordmann', 1, '1', 'Storgata 1', '0155', 'OSLO') RETURNING id`,
    );
    const [dump, ...restore] = await runbookCommands();
    expect(dump).toMatch(/^pg_dump /);
    expect(restore.join('\n')).toMatch(/^pg_restore [\s\S]*\npsql /);
    const file = path.join(dir, 'portal.dump');
    await runbook(dump, file);

    // After the dump: a change, and a member who did not exist at the dump.
    await db!.query("UPDATE accounts SET first_name = 'Endret' WHERE id = $1", [kept.id]);
    await db!.query(
      `INSERT INTO accounts (role_id, email, password_hash, first_name, last_name, registration_completed, status, address, postal_code, postal_area)
       VALUES (2, 'ny.etter@example.no', 'x', 'Ny', 'Etter', 1, '1', 'Storgata 1', '0155', 'OSLO')`,
    );
    // The runbook restores with the servers stopped: nothing else is connected.
    await db!.close();
    db = undefined;
    for (const line of restore) await runbook(line, file);

    db = await openPostgres(databaseUrl, 1);
    const rows = await db.query<{ email: string; first_name: string }>(
      "SELECT email, first_name FROM accounts WHERE email IN ('kari.backup@example.no', 'ny.etter@example.no')",
    );
    expect(rows).toEqual([{ email: 'kari.backup@example.no', first_name: 'Kari' }]);
    // The job queue's tables came back with it, and the schema is the one the server expects.
    expect(await db.query("SELECT to_regclass('pgboss.job') IS NOT NULL AS present")).toEqual([{ present: true }]);
    expect(await readiness(db)).toEqual({ ready: true });
  });
});

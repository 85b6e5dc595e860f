/** Builds the real app on a fresh copy of the migrated database, plus factories for test data. */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { loadConfig, type Config } from '../../server/config.ts';
import type { Database } from '../../server/db/database.ts';
import { openPglite } from '../../server/db/pglite.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { buildApp, type App } from '../../server/app.ts';
import type { MailTransport } from '../../server/adapters/mail.ts';
import type { SmsTransport } from '../../server/adapters/sms.ts';
import type { ContentSource } from '../../server/adapters/content.ts';
import { createServices, type Services } from '../../server/plugins/services.ts';
import { startJobs } from '../../server/jobs/start.ts';
import { hashPassword } from '../../server/lib/passwords.ts';

export interface TestDatabase {
  db: Database;
  drop(): Promise<void>;
}

/** A database of its own for one test file, already migrated. */
export async function freshDatabase(): Promise<TestDatabase> {
  const template = inject('postgresTemplate');
  const url = process.env.TEST_DATABASE_URL;
  if (template && url) {
    const name = `portal_test_${randomUUID().replace(/-/g, '')}`;
    const admin = await openPostgres(url, 1);
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    const db = await openPostgres(dbUrl.toString(), 4);
    return {
      db,
      async drop() {
        await db.close();
        await admin.query(`DROP DATABASE IF EXISTS ${name}`);
        await admin.close();
      },
    };
  }
  const dump = await readFile(inject('pgliteDump'));
  const db = await openPglite({ loadDataDir: new Blob([dump]) });
  return { db, drop: () => db.close() };
}

/**
 * Fills `dataDir` (empty or not yet made) with the run's migrated database, so a script or server
 * started on it as a process of its own opens it without migrating: on a busy machine a fresh
 * migration is most of such a process's start. On a PostgreSQL run (no dump) it does nothing.
 */
export async function migratedDataDir(dataDir: string): Promise<void> {
  const dumpPath = inject('pgliteDump');
  if (!dumpPath) return;
  const db = await openPglite({ dataDir, loadDataDir: new Blob([await readFile(dumpPath)]) });
  await db.close();
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ STATIC_DIR: '/nonexistent', PUBLIC_URL: 'http://portal.test', BACKUP_INTERVAL_HOURS: '0', ...env });
}

export interface TestContext {
  app: App;
  db: Database;
  config: Config;
  services: Services;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  mail?: MailTransport;
  /** Defaults to what the env configures: the outbox, or the gateway SMS_URL names. */
  sms?: SmsTransport;
  /** Defaults to what the env configures: the database, or the site CONTENT_URL names. */
  content?: ContentSource;
}

export async function buildTestApp(options: TestAppOptions = {}): Promise<TestContext> {
  const { db, drop } = await freshDatabase();
  // The outbox directory (DATA_DIR/outbox) is the test's own; mail stays there unless a test hands in a transport.
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-data-'));
  const config = testConfig({ DATA_DIR: dataDir, ...options.env });
  const { env: _env, ...overrides } = options;
  const services = createServices(config, db, overrides);
  const app = await buildApp(services);
  await app.ready();
  await startJobs(services);
  return {
    app,
    db,
    config,
    services,
    async close() {
      await app.close();
      await services.jobs.stop(1_000);
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
export const uniqueEmail = (prefix = 'person') => `${prefix}.${process.pid}.${++counter}@example.no`;

export interface AccountInput {
  role_id?: number;
  email?: string;
  password?: string;
  first_name?: string;
  last_name?: string;
  phone?: string | null;
  birthdate?: string | null;
  blocked_access?: boolean;
  registration_completed?: number;
  remote_id?: number | null;
  status?: string;
}

export async function createAccount(db: Database, input: AccountInput = {}) {
  const password = input.password ?? 'passord123';
  const [row] = await db.query<{ id: number; email: string }>(
    `INSERT INTO accounts (role_id, email, password_hash, first_name, last_name, phone, birthdate, blocked_access,
                           registration_completed, remote_id, status, address, postal_code, postal_area)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'Storgata 1', '0155', 'OSLO') RETURNING id, email`,
    [
      input.role_id ?? 2,
      input.email ?? uniqueEmail(),
      await hashPassword(password),
      input.first_name ?? 'Kari',
      input.last_name ?? 'Nordmann',
      input.phone ?? null,
      input.birthdate ?? null,
      input.blocked_access ?? false,
      input.registration_completed ?? 1,
      input.remote_id ?? null,
      input.status ?? '1',
    ],
  );
  return { id: row.id, email: row.email, password };
}

export async function login(app: App, email: string, password: string, remember = false): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password, remember } });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return response.json().access_token as string;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Waits until the message the query finds has left the queue (sent or failed), and answers it. */
export async function settledMessage<Row extends { status: string }>(db: Database, sql: string, params: unknown[] = [], timeoutMs = 20_000): Promise<Row> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await db.query<Row>(sql, params);
    if (row && row.status !== 'queued') return row;
    if (Date.now() > until) throw new Error(`message still ${row ? 'queued' : 'missing'}: ${sql}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

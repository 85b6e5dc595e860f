/**
 * Migrates one database per run; every test file then starts from its own copy of it
 * (a PGlite dump, or a PostgreSQL database made from a template when TEST_DATABASE_URL is set).
 */
import { mkdtemp, writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../../server/db/pglite.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { migrate } from '../../server/db/migrate.ts';
import type { Database } from '../../server/db/database.ts';
import { JobQueue } from '../../server/jobs/queue.ts';

/** The schema and the queue's own tables, so no test file waits for either. */
async function prepare(db: Database): Promise<void> {
  await migrate(db);
  const jobs = new JobQueue(db);
  await jobs.start({});
  await jobs.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `portal_template_${process.pid}`;
    const admin = await openPostgres(url, 1);
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${template}`;
    const db = await openPostgres(templateUrl.toString(), 1);
    await prepare(db);
    await db.close();
    project.provide('postgresTemplate', template);
    project.provide('pgliteDump', '');
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${template}`);
      await admin.close();
    };
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-test-'));
  const db = await openPglite();
  await prepare(db);
  const dumpPath = path.join(dir, 'migrated.tar');
  await writeFile(dumpPath, Buffer.from(await (await db.dump()).arrayBuffer()));
  await db.close();
  project.provide('pgliteDump', dumpPath);
  project.provide('postgresTemplate', '');
  return async () => rm(dir, { recursive: true, force: true });
}

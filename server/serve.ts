/**
 * The server process (started and watched by server/main.ts): read the settings, open the
 * database, listen, close cleanly on signals, and tell the supervisor it is alive.
 */
import { loadConfig, ConfigError } from './config.ts';
import { openDatabase } from './db/open.ts';
import { DataDirLockedError } from './db/lock.ts';
import { migrate } from './db/migrate.ts';
import type { PgliteDatabase } from './db/pglite.ts';
import type { PostgresDatabase } from './db/postgres.ts';
import { unreachableReason } from './lib/database-errors.ts';
import { checkIndexes } from './db/index-check.ts';
import { buildApp } from './app.ts';
import { reportLiveness, stopServing } from './lifecycle.ts';
import { createServices } from './plugins/services.ts';
import { seedDemoDataIfEmpty, DEMO_LOGINS } from './demo/index.ts';
import { startJobs } from './jobs/start.ts';
import { REMINDER_QUEUE } from './domain/billing/reminders.ts';
import { backupAtShutdown } from './jobs/backup.ts';
import { flushLogs, serverLogger } from './logging.ts';

const NOT_DURABLE = `Merk: den innebygde databasen (PGlite) kan ikke tvinge lagrede endringer ned på disken (ingen fsync).
Et avbrudd i strømmen eller en krasj i maskinen kan miste de siste endringene eller skade databasen.
Sikkerhetskopier tas automatisk i BACKUP_DIR; bruk PostgreSQL (DATABASE_URL) i produksjon.`;

/** A container runtime kills ten seconds after SIGTERM, and server/main.ts at nine: everything is done before. */
const SHUTDOWN_DEADLINE_MS = 8_500;
/** Requests in flight at a signal get this long to finish; then their connections are cut. */
const REQUEST_GRACE_MS = 4_000;
const JOBS_GRACE_MS = 2_000;

async function main() {
  let database: { query(sql: string): Promise<unknown> } | null = null;
  let listening = false;
  const beat = reportLiveness(
    () =>
      database
        ? Promise.resolve()
            .then(() => database!.query('SELECT 1'))
            .then(() => undefined)
        : null,
    () => listening,
  );
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  let db;
  try {
    db = await openDatabase(config);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const applied = await migrate(db);
  database = db;
  const indexes = await checkIndexes(db);
  const services = createServices(config, db, { indexCheck: indexes });
  const app = await buildApp(services, { logger: serverLogger(config.logLevel) });
  // The pool drops a broken connection and opens a new one when next needed; meanwhile requests get a 503.
  if (db.kind === 'postgres') {
    (db as PostgresDatabase).onConnectionLost((error) => app.log.warn({ reason: unreachableReason(error) ?? error.message }, 'database connection lost'));
  }
  if (applied.length > 0) app.log.info({ migrations: applied }, 'migrations applied');
  if (indexes.status === 'corrupt') app.log.error({ indexes }, 'index check found broken indexes');
  else app.log.info({ indexes }, 'index check');

  if (config.demoData && (await seedDemoDataIfEmpty(db))) {
    app.log.info('demo data loaded');
  }
  await startJobs(services);
  // The reminders run at start too: a portal that was down over the hour still reminds today.
  await services.jobs.send(REMINDER_QUEUE, {});

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    const started = Date.now();
    const left = () => SHUTDOWN_DEADLINE_MS - (Date.now() - started);
    app.log.info({ signal }, 'shutting down');
    // Log lines wait in a buffer; on a pipe (a container's stdout) they are lost unless written before exit.
    const exitAfterLogs = (code: number) => flushLogs(app.log, () => process.exit(code));
    // Whatever hangs, the process ends before a container runtime's ten seconds run out; the
    // database's files are then as after a crash, which PGlite and PostgreSQL recover from.
    setTimeout(() => {
      app.log.error({ ms: SHUTDOWN_DEADLINE_MS }, 'shutdown did not finish in time; exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    try {
      await stopServing(app, REQUEST_GRACE_MS);
      await services.jobs.stop(Math.max(100, Math.min(JOBS_GRACE_MS, left() - 2_000)));
      services.mail.close();
      if (db.kind === 'pglite' && config.backup.atShutdown) {
        const backup = await backupAtShutdown(db as PgliteDatabase, config.backup.dir, config.backup.keep, left() - 1_000);
        if (backup.kind === 'written') app.log.info({ file: backup.file }, 'backup written');
        else if (backup.kind === 'recent') app.log.info({ at: backup.at }, 'backup skipped: a recent one exists');
        else if (backup.kind === 'too-slow')
          app.log.info({ last_ms: backup.lastMs }, 'backup skipped: the last one took longer than the time left (the scheduled backups go on)');
        else app.log.warn('backup at shutdown stopped: it would not finish in time (the scheduled backups go on)');
      } else if (db.kind === 'pglite') {
        app.log.info('backup skipped: BACKUP_AT_SHUTDOWN=0');
      }
      await db.close();
      exitAfterLogs(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      exitAfterLogs(1);
    }
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  listening = true;
  beat();
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite i ${config.dataDir}`;
  console.log(`\nMusikerportalen kjører på ${config.publicUrl} – database: ${where}`);
  if (db.kind === 'pglite') console.log(NOT_DURABLE);
  if (config.demoData) {
    console.log('Demo-innlogging (passord demo1234):');
    for (const login of DEMO_LOGINS) console.log(`  ${login.label}: ${login.email} → ${config.publicUrl}${login.path}`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

/** Process concerns only: read the settings, open the database, listen, close cleanly on signals. */
import { loadConfig, ConfigError } from './config.ts';
import { openDatabase } from './db/open.ts';
import { DataDirLockedError } from './db/lock.ts';
import { migrate } from './db/migrate.ts';
import type { PgliteDatabase } from './db/pglite.ts';
import { checkIndexes } from './db/index-check.ts';
import { buildApp } from './app.ts';
import { stopServing } from './lifecycle.ts';
import { createServices } from './plugins/services.ts';
import { seedDemoDataIfEmpty, DEMO_LOGINS } from './demo/index.ts';
import { startJobs } from './jobs/start.ts';
import { backupDatabase } from './jobs/backup.ts';
import { serverLogger } from './logging.ts';

const NOT_DURABLE = `Merk: den innebygde databasen (PGlite) kan ikke tvinge lagrede endringer ned på disken (ingen fsync).
Et avbrudd i strømmen eller en krasj i maskinen kan miste de siste endringene eller skade databasen.
Sikkerhetskopier tas automatisk i BACKUP_DIR; bruk PostgreSQL (DATABASE_URL) i produksjon.`;

async function main() {
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
  const indexes = await checkIndexes(db);
  const services = createServices(config, db, { indexCheck: indexes });
  const app = await buildApp(services, { logger: serverLogger(config.logLevel) });
  if (applied.length > 0) app.log.info({ migrations: applied }, 'migrations applied');
  if (indexes.status === 'corrupt') app.log.error({ indexes }, 'index check found broken indexes');
  else app.log.info({ indexes }, 'index check');

  if (config.demoData && (await seedDemoDataIfEmpty(db))) {
    app.log.info('demo data loaded');
  }
  await startJobs(services);

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await stopServing(app);
      await services.jobs.stop();
      services.mail.close();
      if (db.kind === 'pglite') {
        const file = await backupDatabase(db as PgliteDatabase, config.backup.dir, config.backup.keep);
        app.log.info({ file }, 'backup written');
      }
      await db.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
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

/** Process concerns only: read the settings, open the database, listen, close cleanly on signals. */
import { loadConfig, ConfigError } from './config.ts';
import { openDatabase } from './db/open.ts';
import { migrate } from './db/migrate.ts';
import { buildApp } from './app.ts';
import { stopServing } from './lifecycle.ts';
import { createServices } from './plugins/services.ts';
import { seedDemoDataIfEmpty, DEMO_LOGINS } from './demo/index.ts';

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
  const db = await openDatabase(config);
  const applied = await migrate(db);
  const services = createServices(config, db);
  const app = await buildApp(services, { logger: { level: config.logLevel } });
  if (applied.length > 0) app.log.info({ migrations: applied }, 'migrations applied');

  if (config.demoData && (await seedDemoDataIfEmpty(db))) {
    app.log.info('demo data loaded');
  }

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await stopServing(app);
      services.mail.close();
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
  if (config.demoData) {
    console.log('Demo-innlogging (passord demo1234):');
    for (const login of DEMO_LOGINS) console.log(`  ${login.label}: ${login.email} → ${config.publicUrl}${login.path}`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

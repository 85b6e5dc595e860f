/**
 * npm run stats:rebuild — recomputes the counters behind 'Nøkkeltall' from the register's own
 * history (join and end dates, request and decision times, invoices and payments), for months
 * before the counters existed or after data was moved in by hand. The writes keep them exact
 * from then on; running it again changes nothing. The server may run meanwhile on PostgreSQL;
 * on PGlite (DATA_DIR) stop the server first, since the data folder has one user at a time.
 */
import { parseArgs } from 'node:util';
import { loadConfig, ConfigError } from '../config.ts';
import { openDatabase } from '../db/open.ts';
import { DataDirLockedError } from '../db/lock.ts';
import { migrate } from '../db/migrate.ts';
import { rebuildStats } from '../domain/stats/index.ts';

const HELP = `Bruk: npm run stats:rebuild

Regner ut tallene bak Nøkkeltall på nytt fra registeret: inn- og utmeldinger, forespørsler,
forsikringer, kampanjer, fakturaer og innbetalinger, for alle måneder.`;

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    console.log(HELP);
    return;
  }
  const db = await openDatabase(loadConfig());
  try {
    await migrate(db);
    const started = Date.now();
    await rebuildStats(db);
    console.log(`Nøkkeltallene er regnet ut på nytt (${((Date.now() - started) / 1000).toFixed(1)} s).`);
  } finally {
    await db.close();
  }
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    console.error(error instanceof ConfigError || error instanceof DataDirLockedError ? error.message : error);
    process.exitCode = 1;
  });
}

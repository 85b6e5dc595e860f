/**
 * npm run seed -- --members N — adds N synthetic members with realistic shares of what the staff
 * lists show (see server/demo/synthetic.ts), for measuring. Uses the server's settings (DATA_DIR,
 * or DATABASE_URL when set) and migrates an empty database first.
 */
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { loadConfig, ConfigError } from '../config.ts';
import { openDatabase } from '../db/open.ts';
import { DataDirLockedError } from '../db/lock.ts';
import { migrate } from '../db/migrate.ts';
import { seedCounts, seedSyntheticMembers } from '../demo/synthetic.ts';

const HELP = `Bruk: npm run seed -- --members N

Legger til N oppdiktede medlemmer i databasen serveren bruker (DATA_DIR, eller DATABASE_URL når
den er satt), med det listene viser i realistiske andeler: to meldinger per person, søknader som
venter og avviste søknader, reiseforsikringer og bestillinger, forsikrede instrumenter og
instrumenter som venter. En tom database migreres først. Data som finnes fra før, beholdes.

Stopp serveren først: en PGlite-database i DATA_DIR tåler bare én prosess om gangen.`;

export const SEED_LIMIT = 2_000_000;

export class SeedUsageError extends Error {}

/** The number of members asked for: a whole number from 1 to SEED_LIMIT. */
export function parseMemberCount(raw: string | undefined): number {
  const count = raw !== undefined && /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
  if (!Number.isSafeInteger(count) || count < 1 || count > SEED_LIMIT) {
    throw new SeedUsageError(`--members må være et helt tall fra 1 til ${SEED_LIMIT}.\n\n${HELP}`);
  }
  return count;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { help: { type: 'boolean', short: 'h' }, members: { type: 'string', short: 'n' } } });
  if (values.help) {
    console.log(HELP);
    return;
  }
  const count = parseMemberCount(values.members);
  const config = loadConfig();
  const db = await openDatabase(config);
  try {
    const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite i ${config.dataDir}`;
    await migrate(db);
    console.log(`Legger til ${count} medlemmer i ${where} …`);
    const start = performance.now();
    await seedSyntheticMembers(db, count, (done) => console.log(`  ${done} av ${count}`));
    await db.query('ANALYZE');
    const seconds = ((performance.now() - start) / 1000).toFixed(1);
    const counts = await seedCounts(db);
    console.log(`Ferdig på ${seconds} s. Databasen har nå:`);
    console.log(`  ${counts.people} personer, ${counts.members} medlemmer, ${counts.unfinished} uferdige registreringer`);
    console.log(`  ${counts.pendingMemberships} søknader som venter, ${counts.declinedMemberships} avviste`);
    console.log(`  ${counts.activeTravel} reiseforsikringer, ${counts.pendingTravel} bestillinger som venter`);
    console.log(
      `  ${counts.activeInstruments} forsikrede instrumenter, ${counts.requestedInstruments} som venter, ${counts.changedInstruments} endringer som venter`,
    );
    console.log(`  ${counts.messages} meldinger i loggen`);
  } finally {
    await db.close();
  }
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    const known = error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof SeedUsageError;
    console.error(known ? error.message : error);
    process.exitCode = 1;
  });
}

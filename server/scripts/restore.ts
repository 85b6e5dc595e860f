/**
 * npm run restore <fil> — puts the embedded database (DATA_DIR) back as it was in a backup.
 * The directory as it was is kept beside it (DATA_DIR.before-restore-<time>), never deleted.
 */
import { parseArgs } from 'node:util';
import { readFile, rename, stat } from 'node:fs/promises';
import { loadConfig, ConfigError } from '../config.ts';
import { lockDataDir, DataDirLockedError } from '../db/lock.ts';
import { openPglite } from '../db/pglite.ts';

const HELP = `Bruk: npm run restore -- <sikkerhetskopi.tar.gz>

Setter den innebygde databasen (DATA_DIR) tilbake slik den var i sikkerhetskopien. Alt som er
endret etter kopien, går tapt; mappen slik den var, flyttes til DATA_DIR.before-restore-<tid>.
Serveren må være stoppet.`;

export class RestoreError extends Error {}

export async function restoreBackup(file: string, dataDir: string): Promise<string | null> {
  const dump = await readFile(file).catch(() => {
    throw new RestoreError(`Fant ikke sikkerhetskopien ${file}.`);
  });
  const unlock = await lockDataDir(dataDir);
  try {
    const existing = await stat(dataDir).catch(() => null);
    const kept = existing ? `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}` : null;
    if (kept) await rename(dataDir, kept);
    const db = await openPglite({ dataDir, loadDataDir: new Blob([dump]) });
    await db.query('SELECT 1');
    await db.close();
    return kept;
  } finally {
    await unlock();
  }
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({ options: { help: { type: 'boolean', short: 'h' } }, allowPositionals: true });
  if (values.help) {
    console.log(HELP);
    return;
  }
  if (positionals.length !== 1) throw new RestoreError(`Oppgi én sikkerhetskopi.\n\n${HELP}`);
  const config = loadConfig();
  if (config.databaseUrl) throw new RestoreError('DATABASE_URL er satt: gjenopprett PostgreSQL med pg_restore eller psql.');
  const kept = await restoreBackup(positionals[0], config.dataDir);
  console.log(`Databasen i ${config.dataDir} er satt tilbake fra ${positionals[0]}.`);
  if (kept) console.log(`Mappen slik den var, ligger i ${kept}.`);
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    const known = error instanceof RestoreError || error instanceof ConfigError || error instanceof DataDirLockedError;
    console.error(known ? error.message : error);
    process.exitCode = 1;
  });
}

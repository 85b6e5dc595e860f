/**
 * npm run backup — a consistent copy of the embedded database (DATA_DIR) in BACKUP_DIR.
 * The server makes these itself on a schedule and when it stops; this is for a copy now.
 */
import { parseArgs } from 'node:util';
import { loadConfig, ConfigError } from '../config.ts';
import { openLockedPglite } from '../db/open.ts';
import { DataDirLockedError } from '../db/lock.ts';
import { backupDatabase } from '../jobs/backup.ts';

const HELP = `Bruk: npm run backup

Lager en sikkerhetskopi av den innebygde databasen (DATA_DIR, med instrumentenes dokumenter i
DATA_DIR/documents) i BACKUP_DIR og beholder de BACKUP_KEEP nyeste. Serveren må være stoppet;
mens den kjører, tar den selv kopier hver BACKUP_INTERVAL_HOURS time og når den stopper. Med
DATABASE_URL: bruk pg_dump, og ta kopi av dokumentene (S3-bøtten eller DATA_DIR/documents) selv.`;

export class BackupError extends Error {}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    console.log(HELP);
    return;
  }
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new BackupError(
      `DATABASE_URL er satt: ta sikkerhetskopi av PostgreSQL med pg_dump, og av dokumentene i ${config.s3 ? 'S3-bøtten (S3_BUCKET)' : 'DATA_DIR/documents'}.`,
    );
  }
  const db = await openLockedPglite(config.dataDir);
  try {
    const file = await backupDatabase(db, config.backup.dir, config.backup.keep);
    console.log(`Sikkerhetskopi skrevet: ${file}`);
  } finally {
    await db.close();
  }
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    const known = error instanceof BackupError || error instanceof ConfigError || error instanceof DataDirLockedError;
    console.error(known ? error.message : error);
    process.exitCode = 1;
  });
}

import { mkdir } from 'node:fs/promises';
import type { Config } from '../config.ts';
import type { Database } from './database.ts';
import { lockDataDir } from './lock.ts';
import { openPglite, type PgliteDatabase } from './pglite.ts';
import { openPostgres } from './postgres.ts';

/** The PostgreSQL server when DATABASE_URL is set, otherwise PGlite in DATA_DIR. */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  return openLockedPglite(config.dataDir);
}

/** PGlite in `dataDir`, held by this process alone until it is closed. */
export async function openLockedPglite(dataDir: string): Promise<PgliteDatabase> {
  await mkdir(dataDir, { recursive: true });
  const unlock = await lockDataDir(dataDir);
  try {
    const db = await openPglite({ dataDir });
    return {
      ...db,
      async close() {
        try {
          await db.close();
        } finally {
          await unlock();
        }
      },
    };
  } catch (error) {
    await unlock();
    throw error;
  }
}

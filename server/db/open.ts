import { mkdir } from 'node:fs/promises';
import type { Config } from '../config.ts';
import type { Database } from './database.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';

/** The PostgreSQL server when DATABASE_URL is set, otherwise PGlite in DATA_DIR. */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  await mkdir(config.dataDir, { recursive: true });
  return openPglite({ dataDir: config.dataDir });
}

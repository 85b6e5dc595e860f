import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database, Queryable } from './database.ts';
import { loadPostalCodes } from './reference.ts';

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Any fixed number shared by every process of the portal; it names the migration lock. */
const MIGRATION_LOCK = 7_263_401;

/**
 * Runs every migration file not yet applied, in name order, in one transaction under an
 * advisory lock: processes starting together on one database wait for the first to finish
 * and then find nothing left to do. PGlite takes the same lock (it excludes nothing there).
 */
let migrationFiles: Promise<string[]> | null = null;
/** The migration files this code has, in name order (read once: they do not change while it runs). */
function migrationNames(): Promise<string[]> {
  migrationFiles ??= readdir(migrationsDir).then((names) => names.filter((file) => file.endsWith('.sql')).sort());
  return migrationFiles;
}

/** The migrations this code has that the database has not applied (all of them before the first). */
export async function pendingMigrations(db: Queryable): Promise<string[]> {
  const [{ present }] = await db.query<{ present: boolean }>("SELECT to_regclass('schema_migrations') IS NOT NULL AS present");
  const applied = present ? new Set((await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((row) => row.name)) : new Set<string>();
  return (await migrationNames()).filter((file) => !applied.has(file));
}

export async function migrate(db: Database): Promise<string[]> {
  const files = await migrationNames();
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
    const applied = new Set((await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).map((row) => row.name));
    const ran: string[] = [];
    for (const file of files) {
      if (applied.has(file)) continue;
      await tx.exec(await readFile(path.join(migrationsDir, file), 'utf8'));
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      ran.push(file);
    }
    await loadPostalCodes(tx);
    return ran;
  });
}

/**
 * npm run demo:reset — empties the data tables and loads the Norwegian demo data set again,
 * using the same settings (DATA_DIR or DATABASE_URL) as the server.
 */
import { parseArgs } from 'node:util';
import { loadConfig, ConfigError } from '../config.ts';
import type { Database, Queryable } from '../db/database.ts';
import { openDatabase } from '../db/open.ts';
import { DataDirLockedError } from '../db/lock.ts';
import { migrate } from '../db/migrate.ts';
import { DEMO_LOGINS, DEMO_PASSWORD, seedDemoData } from '../demo/index.ts';
import { documentStoreFor, type DocumentStore } from '../domain/documents/store.ts';
import { storedKeys } from '../domain/documents/files.ts';

const HELP = `Bruk: npm run demo:reset

Sletter alle medlemmer, ansatte, forsikringer, kampanjer og logger i databasen serveren bruker
(DATA_DIR, eller DATABASE_URL når den er satt), og legger inn demodataene på nytt.
Referansedata (produkter, postnumre, instrumenttyper, e-postmaler, tekstsider, ansattroller med rettigheter og navnene på meldingstypene) beholdes.

Stopp serveren først: en PGlite-database i DATA_DIR tåler bare én prosess om gangen.`;

/**
 * Reference data every installation needs; a reset keeps it, including staff edits of templates
 * and pages, the staff roles with their rights (without them no demo staff user could do anything),
 * and the names staff gave the optional kinds of message (consent_kinds).
 */
export const KEPT_TABLES = [
  'schema_migrations',
  'postal_codes',
  'product_categories',
  'products',
  'benefits',
  'instrument_categories',
  'email_templates',
  'content_pages',
  'staff_roles',
  'staff_role_rights',
  'consent_kinds',
];

/** Empties every other table and starts member numbers from the beginning; answers the tables emptied. */
export async function emptyDataTables(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    `SELECT tablename AS name FROM pg_tables
      WHERE schemaname = current_schema() AND NOT (tablename = ANY ($1::text[]))
      ORDER BY tablename`,
    [KEPT_TABLES],
  );
  const tables = rows.map((row) => row.name);
  if (tables.length > 0) {
    // The access log refuses TRUNCATE except in a demo reset's own transaction (migration 013).
    await db.query("SELECT set_config('portal.demo_reset', 'on', true)");
    await db.query(`TRUNCATE ${tables.map((name) => `"${name}"`).join(', ')} RESTART IDENTITY CASCADE`);
  }
  await db.query('ALTER SEQUENCE member_number_seq RESTART');
  return tables;
}

/** Resets the data; with `documents`, the stored files of the documents emptied go from the store too. */
export async function resetDemoData(db: Database, documents?: DocumentStore): Promise<string[]> {
  await migrate(db);
  const files = documents ? await storedKeys(db) : [];
  const tables = await db.transaction((tx) => emptyDataTables(tx));
  await documents?.deleteMany(files);
  await seedDemoData(db);
  return tables;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    console.log(HELP);
    return;
  }
  const config = loadConfig();
  const db = await openDatabase(config);
  try {
    const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite i ${config.dataDir}`;
    console.log(`Tilbakestiller demodata i ${where} …`);
    const tables = await resetDemoData(db, documentStoreFor(config));
    const [counts] = await db.query<{ members: number; staff: number }>(
      'SELECT count(*) FILTER (WHERE role_id IN (1, 2))::int AS members, count(*) FILTER (WHERE role_id >= 3)::int AS staff FROM accounts',
    );
    console.log(`Tømte ${tables.length} tabeller og la inn ${counts.members} medlemmer og ${counts.staff} ansatte.`);
    console.log(`Demo-innlogging (passord ${DEMO_PASSWORD}):`);
    for (const login of DEMO_LOGINS) console.log(`  ${login.label}: ${login.email} → ${config.publicUrl}${login.path}`);
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

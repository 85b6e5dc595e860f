/** The migration history: what a fresh database ends with, and databases migrated by older versions. */
import { describe, expect, it } from 'vitest';
import { migrate } from '../../server/db/migrate.ts';
import { freshDatabase } from './helpers.ts';

describe('migrations', () => {
  it('start a database that recorded a migration file no longer shipped', async () => {
    const { db, drop } = await freshDatabase();
    try {
      // 003_template_sender.sql was folded into the reference data; databases that ran it keep its row.
      await db.query("INSERT INTO schema_migrations (name) VALUES ('003_template_sender.sql')");
      expect(await migrate(db)).toEqual([]);
      const names = await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
      expect(names.map((row) => row.name)).toContain('003_template_sender.sql');
    } finally {
      await drop();
    }
  });

  it('give a fresh database system mail from the organisation, never from the demo member', async () => {
    const { db, drop } = await freshDatabase();
    try {
      // NULL: the portal's sender from the settings (MAIL_FROM_EMAIL); the insurance department names its own.
      const senders = await db.query<{ from_email: string | null }>('SELECT DISTINCT from_email FROM email_templates ORDER BY 1');
      expect(senders.map((row) => row.from_email)).toEqual(['forsikring@example.no', null]);
    } finally {
      await drop();
    }
  });

  it('index every foreign key whose referenced rows can be deleted, so removing a member or an invoice reads no whole table', async () => {
    const { db, drop } = await freshDatabase();
    try {
      // The reference data (products, their categories, campaign benefits, instrument categories) is never deleted.
      const unindexed = await db.query<{ fk: string }>(
        `SELECT c.conrelid::regclass || '.' || a.attname || ' → ' || c.confrelid::regclass AS fk
           FROM pg_constraint c
           JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
          WHERE c.contype = 'f' AND c.connamespace = current_schema()::regnamespace
            AND c.confrelid::regclass::text NOT IN ('products', 'product_categories', 'benefits', 'instrument_categories')
            AND NOT EXISTS (SELECT 1 FROM pg_index i WHERE i.indrelid = c.conrelid AND i.indkey[0] = c.conkey[1])
          ORDER BY 1`,
      );
      expect(unindexed.map((row) => row.fk)).toEqual([]);
    } finally {
      await drop();
    }
  });
});

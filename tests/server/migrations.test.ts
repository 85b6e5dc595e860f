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
  it('plan the check of who did what once, when members are removed, even where one staff member validated them all', async () => {
    const { db, drop } = await freshDatabase();
    try {
      const [staff] = await db.query<{ id: number }>(
        `INSERT INTO accounts (role_id, email, password_hash, first_name, last_name) VALUES (5, 'saksbehandler@example.no', '-', 'Sak', 'Behandler') RETURNING id`,
      );
      await db.query(
        `INSERT INTO accounts (role_id, email, password_hash, first_name, last_name, validated_by, validated_at)
         SELECT 2, 'medlem' || n || '@example.no', '-', 'Medlem', 'Nummer' || n, $1, now() FROM generate_series(1, 3000) AS n`,
        [staff.id],
      );
      await db.query('ANALYZE accounts');
      // The query PostgreSQL runs for each account removed, to find the rows that still name it.
      await db.exec('PREPARE still_named (int) AS SELECT 1 FROM ONLY accounts x WHERE $1 OPERATOR(pg_catalog.=) validated_by FOR KEY SHARE OF x');
      const members = await db.query<{ id: number }>('SELECT id FROM accounts WHERE role_id = 2 ORDER BY id LIMIT 12');
      for (const member of members) await db.exec(`EXECUTE still_named (${member.id})`);
      const [plans] = await db.query<{ generic_plans: number; custom_plans: number }>(
        "SELECT generic_plans::int, custom_plans::int FROM pg_prepared_statements WHERE name = 'still_named'",
      );
      // Five plans made for their values, as PostgreSQL always tries first; then one plan for all.
      expect(plans).toEqual({ custom_plans: 5, generic_plans: 7 });
      // A query that names the staff member is still estimated from the statistics: all 3 000 rows.
      const [named] = await db.query<{ plan: string }>(`EXPLAIN SELECT 1 FROM accounts WHERE validated_by = ${staff.id}`);
      expect(Object.values(named)[0]).toMatch(/rows=(29|30|31)\d\d /);
    } finally {
      await drop();
    }
  });

  it("estimate every column that names who did something as if each value were distinct (see migration 065), but the logs' version authors (068)", async () => {
    const { db, drop } = await freshDatabase();
    try {
      const left = await db.query<{ column: string }>(
        `SELECT c.conrelid::regclass || '.' || a.attname AS column
           FROM pg_constraint c
           JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
          WHERE c.contype = 'f' AND c.confrelid = 'accounts'::regclass AND c.confdeltype = 'n' AND a.attname <> 'member_id'
            AND NOT coalesce(a.attoptions @> ARRAY['n_distinct=-1'], false)
          ORDER BY 1`,
      );
      // The instrument and travel logs join these to show who made each version: with their real
      // statistics each author is looked up once, and a log's first page reads its 25 newest versions.
      expect(left.map((row) => row.column)).toEqual(['instrument_iterations.created_by', 'subscription_iterations.created_by']);
    } finally {
      await drop();
    }
  });
  it('keep one plan for the counters refreshed by every change, for any ids (see migrations 063 and 066)', async () => {
    const { db, drop } = await freshDatabase();
    try {
      // A later CREATE OR REPLACE of either function without the setting would drop it, and its
      // statements would be planned again on every call (2.1 ms against 0.3 ms for one account on PGlite).
      const settings = await db.query<{ name: string; config: string[] | null }>(
        "SELECT proname AS name, proconfig AS config FROM pg_proc WHERE proname IN ('refresh_list_counts', 'stats_refresh') ORDER BY 1",
      );
      expect(settings).toEqual([
        { name: 'refresh_list_counts', config: ['plan_cache_mode=force_generic_plan'] },
        { name: 'stats_refresh', config: ['plan_cache_mode=force_generic_plan'] },
      ]);
    } finally {
      await drop();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type TestDatabase } from './helpers.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => {
  await database.drop();
});

const READ = 'SELECT id, email, created_at, $2::text AS note FROM accounts WHERE email = $1';

describe('queries kept as prepared statements', () => {
  it('answer as the same query does unprepared, call after call, with dates and nulls', async () => {
    const { db } = database;
    await db.query(`INSERT INTO accounts (role_id, email, first_name, last_name) VALUES (2, 'prep@example.no', 'Pre', 'Pared')`);
    const plain = await db.query(READ, ['prep@example.no', null]);
    for (let i = 0; i < 3; i++) expect(await db.query(READ, ['prep@example.no', null], { prepare: true })).toEqual(plain);
    expect(plain[0].created_at).toBeInstanceOf(Date);
    const since = new Date(Date.now() - 60_000);
    const [{ count }] = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM accounts WHERE created_at > $1', [since], { prepare: true });
    expect(count).toBeGreaterThanOrEqual(1);
  });

  it('see their transaction’s own writes, and a rollback undoes them', async () => {
    const { db } = database;
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`UPDATE accounts SET first_name = 'Inne' WHERE email = 'prep@example.no'`);
        const [row] = await tx.query<{ first_name: string }>('SELECT first_name FROM accounts WHERE email = $1', ['prep@example.no'], { prepare: true });
        expect(row.first_name).toBe('Inne');
        throw new Error('angre');
      }),
    ).rejects.toThrow('angre');
    const [row] = await db.query<{ first_name: string }>('SELECT first_name FROM accounts WHERE email = $1', ['prep@example.no'], { prepare: true });
    expect(row.first_name).toBe('Pre');
  });

  it('report a failure as an error and leave the database usable', async () => {
    const { db } = database;
    await expect(db.query('SELECT 1 / $1::int AS x', [0], { prepare: true })).rejects.toThrow(/division by zero/);
    expect(await db.query('SELECT 1 / $1::int AS x', [1], { prepare: true })).toEqual([{ x: 1 }]);
    expect(await db.query('SELECT 2 AS y')).toEqual([{ y: 2 }]);
  });
});

/**
 * The readiness check for a load balancer, beside the liveness one: GET /api/health/ready
 * answers 200 while the database answers and every migration of this code is applied, and 503
 * with the reason otherwise (a server started on a database another version migrated, or one
 * whose migrations were rolled back by a restore).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from './helpers.ts';
import { unreachableReason } from '../../server/lib/database-errors.ts';
import { databaseDownMessage } from '../../server/domain/shared/health.ts';

let t: TestContext;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/health/ready', () => {
  it('answers 200 when the database answers and every migration is applied', async () => {
    const response = await t.app.inject({ url: '/api/health/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready' });
  });

  it('answers 503 naming the migrations the database lacks, and 200 again once they are there', async () => {
    const [last] = await t.db.query<{ name: string; applied_at: Date }>('SELECT name, applied_at FROM schema_migrations ORDER BY name DESC LIMIT 1');
    await t.db.query('DELETE FROM schema_migrations WHERE name = $1', [last.name]);
    try {
      const response = await t.app.inject({ url: '/api/health/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'error', message: `Databasen mangler 1 migrering(er): ${last.name}.` });
      // Liveness is another question: the process and its database answer.
      expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await t.db.query('INSERT INTO schema_migrations (name, applied_at) VALUES ($1, $2)', [last.name, last.applied_at]);
    }
    expect((await t.app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
  });

  it('says why the database does not answer without naming where it is', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { code: 'ECONNREFUSED' });
    expect(databaseDownMessage(refused)).toBe('Databasen svarer ikke: den nekter tilkobling.');
    expect(databaseDownMessage(new Error('Connection terminated unexpectedly'))).toBe('Databasen svarer ikke: forbindelsen ble brutt.');
    expect(databaseDownMessage(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(
      'Databasen svarer ikke: den stenges ned eller starter på nytt.',
    );
    expect(databaseDownMessage(new Error('something else'))).toBe('Databasen svarer ikke.');
    // A statement that failed is not the database being away.
    expect(unreachableReason(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBeNull();
  });
});

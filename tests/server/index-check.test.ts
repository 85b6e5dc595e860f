import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { checkIndexes, type IndexCheck } from '../../server/db/index-check.ts';
import { createServices } from '../../server/plugins/services.ts';
import { freshDatabase, testConfig, type TestDatabase } from './helpers.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => database.drop());

const health = async (indexCheck: IndexCheck) => {
  const app = await buildApp(createServices(testConfig(), database.db, { indexCheck }));
  try {
    return await app.inject({ url: '/api/health' });
  } finally {
    await app.close();
  }
};

describe('index check', () => {
  it('checks every B-tree index of the schema with amcheck, and health reports it', async () => {
    const started = Date.now();
    const check = await checkIndexes(database.db);
    expect(check).toEqual({ status: 'ok', indexes: expect.any(Number) });
    expect(check.status === 'ok' && check.indexes).toBeGreaterThan(20);
    // Cheap enough for every start-up on the empty schema.
    expect(Date.now() - started).toBeLessThan(5_000);
    const response = await health(check);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: database.db.kind, indexes: 'ok' });
  });

  it('makes health answer 503 naming the broken indexes, so a load balancer takes the instance out', async () => {
    const response = await health({ status: 'corrupt', indexes: 40, broken: ['accounts_pkey'] });
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toContain('accounts_pkey');
  });
});

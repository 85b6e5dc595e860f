/** A CSV (or xlsx) export that fails, over real HTTP with compression: a clean error, or an aborted download. */
import path from 'node:path';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../server/app.ts';
import { createServices } from '../../server/plugins/services.ts';
import { outboxTransport } from '../../server/adapters/mail.ts';
import type { Database } from '../../server/db/database.ts';
import { JobQueue } from '../../server/jobs/queue.ts';
import { EXPORT_BATCH_SIZE } from '../../server/domain/shared/export-batches.ts';
import { createAccount, freshDatabase, login, testConfig, type TestDatabase } from './helpers.ts';

let database: TestDatabase;
let app: App;
let url: string;
let token: string;
/** Which export query fails next: the first (the keys, before any row) or a later batch. */
let failOn: 'keys' | 'second-batch' | null = null;
let batchesRead = 0;

function failingDatabase(db: Database): Database {
  return {
    kind: db.kind,
    exec: (sql) => db.exec(sql),
    transaction: (work) => db.transaction(work),
    close: () => db.close(),
    async query(sql, params) {
      if (failOn === 'keys' && /SELECT a\.id AS key FROM accounts/.test(sql)) throw new Error('intern feil: relation "hemmelig" does not exist');
      if (/WHERE a\.id = ANY\(\$1::int\[\]\)/.test(sql)) {
        batchesRead++;
        if (failOn === 'second-batch' && batchesRead === 2) throw new Error('intern feil: connection lost');
      }
      return db.query(sql, params);
    },
  };
}

beforeAll(async () => {
  database = await freshDatabase();
  await database.db.query(
    `INSERT INTO accounts (role_id, email, first_name, last_name, registration_completed)
     SELECT 2, 'eksport' || n || '@example.no', 'Eksport', 'Medlem ' || n, 1 FROM generate_series(1, $1::int) AS n`,
    [EXPORT_BATCH_SIZE + 200],
  );
  const staff = await createAccount(database.db, { role_id: 5 });
  app = await buildApp(
    createServices(testConfig(), failingDatabase(database.db), {
      mail: outboxTransport(path.join(tmpdir(), 'portal-test-outbox')),
      // The queue needs the real driver; this test sends no message.
      jobs: new JobQueue(database.db),
    }),
  );
  url = await app.listen({ port: 0, host: '127.0.0.1' });
  token = await login(app, staff.email, staff.password);
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

const exportMembers = (encoding = 'br, gzip', format: 'csv' | 'xlsx' = 'csv') =>
  fetch(`${url}/api/member/list/export${format === 'xlsx' ? '?format=xlsx' : ''}`, {
    headers: { authorization: `Bearer ${token}`, 'accept-encoding': encoding },
  });

describe('CSV export failures', () => {
  it('whole when nothing fails, compressed', async () => {
    failOn = null;
    const response = await exportMembers();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    const lines = (await response.text()).trim().split('\r\n');
    expect(lines.length).toBeGreaterThan(EXPORT_BATCH_SIZE + 200);
  });

  for (const encoding of ['br, gzip', 'identity']) {
    it(`a failure before the first row answers a clean JSON error without internal details (accept-encoding: ${encoding})`, async () => {
      failOn = 'keys';
      const response = await exportMembers(encoding);
      expect(response.status).toBe(500);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expect(await response.json()).toEqual({ message: 'Noe gikk galt. Prøv igjen senere.' });
    });
  }

  for (const encoding of ['br, gzip', 'identity']) {
    it(`a failure midway aborts the download instead of ending it as if it were whole (accept-encoding: ${encoding})`, async () => {
      failOn = 'second-batch';
      batchesRead = 0;
      // With compression nothing may have reached the socket yet; either way the client sees a broken download.
      const outcome = await exportMembers(encoding)
        .then((response) => response.arrayBuffer().then(() => `whole, ${response.status}`))
        .catch(() => 'aborted');
      expect(outcome).toBe('aborted');
    });
  }

  describe('the same for the spreadsheet (format=xlsx)', () => {
    it('whole when nothing fails: a zip package with every row', async () => {
      failOn = null;
      const response = await exportMembers('br, gzip', 'xlsx');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      const body = Buffer.from(await response.arrayBuffer());
      expect(body.subarray(0, 2).toString('latin1')).toBe('PK');
      // The zip's end record: a package that was finished.
      expect(body.includes(Buffer.from([0x50, 0x4b, 0x05, 0x06]))).toBe(true);
    });

    it('a failure before the first row answers a clean JSON error', async () => {
      failOn = 'keys';
      const response = await exportMembers('identity', 'xlsx');
      expect(response.status).toBe(500);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expect(await response.json()).toEqual({ message: 'Noe gikk galt. Prøv igjen senere.' });
    });

    it('a failure midway aborts the download instead of ending it as if it were whole', async () => {
      failOn = 'second-batch';
      batchesRead = 0;
      const outcome = await exportMembers('identity', 'xlsx')
        .then((response) => response.arrayBuffer().then(() => `whole, ${response.status}`))
        .catch(() => 'aborted');
      expect(outcome).toBe('aborted');
    });
  });
});

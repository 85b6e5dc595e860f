/**
 * A job a killed server left active: on PGlite (one process per directory) the next start gives
 * it back at once, to be retried as its queue allows; on PostgreSQL another server may still be
 * working it, so it stays active until it expires.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { JobQueue } from '../../server/jobs/queue.ts';
import { freshDatabase, type TestDatabase } from './helpers.ts';

const QUEUE = 'orphan-test';
const settings = { [QUEUE]: { retryLimit: 2, expireInSeconds: 600 } };

let t: TestDatabase;
beforeAll(async () => {
  t = await freshDatabase();
});
afterAll(async () => {
  await t.drop();
});

async function jobState(id: string) {
  const [row] = await t.db.query<{ state: string; output: { message?: string } | null }>(`SELECT state, output FROM pgboss.job WHERE id = $1`, [id]);
  return row;
}

it('gives back a job left active by a killed process at the next start on PGlite only', async () => {
  const before = new JobQueue(t.db);
  await before.start(settings);
  const id = await before.send(QUEUE, { what: 'a mail' });
  await before.stop(1_000);
  // As a worker leaves it when its process is killed mid-job.
  await t.db.query(`UPDATE pgboss.job SET state = 'active', started_on = now() WHERE id = $1`, [id]);

  const after = new JobQueue(t.db);
  await after.start(settings);
  try {
    const row = await jobState(id);
    if (t.db.kind === 'pglite') {
      expect(row.state).toBe('retry');
      expect(row.output?.message).toMatch(/Serveren stoppet/);
    } else {
      expect(row.state).toBe('active');
    }
  } finally {
    await after.stop(1_000);
  }
});

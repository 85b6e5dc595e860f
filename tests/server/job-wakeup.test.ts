/**
 * A job is worked as soon as it is due, not at a worker's next look: one sent now (also by another
 * server's queue on the same database), one sent to start a second later, the retry of one that
 * failed, and the rest of a backlog. The workers here look on their own only every two minutes, so
 * each of these would otherwise wait up to that long; the test gives each 20 s, ample for a job
 * that starts within milliseconds even on a busy machine.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { JobQueue } from '../../server/jobs/queue.ts';
import { freshDatabase, type TestDatabase } from './helpers.ts';

const QUEUE = 'wakeup-test';
const settings = { [QUEUE]: { retryLimit: 1, retryDelay: 1, expireInSeconds: 60 } };
const LOOKS_EVERY_SECONDS = 120;

let t: TestDatabase;
let sender: JobQueue;
let worker: JobQueue;
/** What the worker did, in order: each job's label and attempt. */
const worked: string[] = [];

beforeAll(async () => {
  t = await freshDatabase();
  // Two queues on one database, as two servers have: one only sends, the other works.
  sender = new JobQueue(t.db);
  worker = new JobQueue(t.db);
  await sender.start(settings);
  await worker.start(settings);
  await worker.work<{ label: string; fail?: boolean }>(
    QUEUE,
    async ({ label, fail }, job) => {
      worked.push(`${label}#${job.retryCount}`);
      if (fail && job.retryCount === 0) throw new Error('first attempt fails');
    },
    LOOKS_EVERY_SECONDS,
  );
  // Worked once, so the worker has made its first look and is waiting for the next.
  await worker.send(QUEUE, { label: 'first' });
  await until(() => worked.includes('first#0'));
});

afterAll(async () => {
  await sender.stop(1_000);
  await worker.stop(1_000);
  await t.drop();
});

async function until(done: () => boolean, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > end) throw new Error(`not worked in ${timeoutMs} ms: ${worked.join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

it("works a job another server's queue sent at once", async () => {
  await sender.send(QUEUE, { label: 'sent' });
  await until(() => worked.includes('sent#0'));
});

it('works a job sent to start a second later when it is due', async () => {
  const sent = Date.now();
  await worker.send(QUEUE, { label: 'later' }, undefined, 1);
  await until(() => worked.includes('later#0'));
  expect(Date.now() - sent).toBeGreaterThanOrEqual(1_000);
});

it('tries a failed job again when its retry is due', async () => {
  await worker.send(QUEUE, { label: 'flaky', fail: true });
  await until(() => worked.includes('flaky#1'));
  expect(worked.filter((entry) => entry.startsWith('flaky'))).toEqual(['flaky#0', 'flaky#1']);
});

it('works a backlog one job after the other without waiting between them', async () => {
  await sender.sendMany(
    QUEUE,
    Array.from({ length: 5 }, (_, index) => ({ label: `batch-${index}` })),
  );
  await until(() => worked.filter((entry) => entry.startsWith('batch-')).length === 5);
});

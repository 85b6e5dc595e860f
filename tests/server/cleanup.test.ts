import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanUp, CLEANUP_QUEUE } from '../../server/jobs/cleanup.ts';
import { createAccessToken, sha256 } from '../../server/lib/tokens.ts';
import { buildTestApp, createAccount, type TestContext } from './helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const keys = async (sql: string) => (await t.db.query<{ key: string }>(sql)).map((row) => row.key);

async function oldAndCurrentRows() {
  const member = await createAccount(t.db);
  await t.db.query(
    `INSERT INTO rate_limits (key, hits, window_ends) VALUES
       ('test:ended', 3, now() - interval '1 second'), ('test:open', 3, now() + interval '1 minute')`,
  );
  const expired = await createAccessToken(t.db, member.id, { remember: false, now: new Date(Date.now() - 13 * 60 * 60 * 1000) });
  const valid = await createAccessToken(t.db, member.id, { remember: false });
  await t.db.query(
    `INSERT INTO password_resets (email, token_hash, created_at) VALUES
       ('gammel@example.no', $1, now() - interval '61 minutes'), ('fersk@example.no', $1, now())`,
    [sha256('x')],
  );
  return { expired: Number(expired.token.split('|')[0]), valid: Number(valid.token.split('|')[0]) };
}

const remaining = async (tokens: { expired: number; valid: number }) => ({
  rateLimits: await keys("SELECT key FROM rate_limits WHERE key LIKE 'test:%' ORDER BY key"),
  tokens: (await t.db.query<{ id: number }>('SELECT id FROM access_tokens WHERE id IN ($1, $2) ORDER BY id', [tokens.expired, tokens.valid])).map(
    (row) => row.id,
  ),
  resets: await keys("SELECT email AS key FROM password_resets WHERE email IN ('gammel@example.no', 'fersk@example.no')"),
});

describe('the clean-up job', () => {
  it('deletes ended rate-limit windows, expired tokens and expired reset links, and keeps the current ones', async () => {
    const tokens = await oldAndCurrentRows();
    const cleaned = await cleanUp(t.db);
    expect(cleaned.rateLimits).toBeGreaterThanOrEqual(1);
    expect(await remaining(tokens)).toEqual({ rateLimits: ['test:open'], tokens: [tokens.valid], resets: ['fersk@example.no'] });
  });

  it("deletes the secret of a mail not sent while its link lived (a reset link's lifetime), and keeps a fresh one", async () => {
    const secret = async (age: string) => {
      const [{ id }] = await t.db.query<{ id: number }>(
        `INSERT INTO message_log (channel, subject, email_to, content, delivery, status, attempts, redacted)
         VALUES ('email', 'Lag nytt passord', 'venter@example.no', '[lenke fjernet]', 'smtp', 'failed', 1, true) RETURNING id`,
      );
      await t.db.query(`INSERT INTO message_secrets (message_id, body, created_at) VALUES ($1, 'token=x', now() - interval '${age}')`, [id]);
      return id;
    };
    const old = await secret('61 minutes');
    const fresh = await secret('5 minutes');
    expect((await cleanUp(t.db)).messageSecrets).toBeGreaterThanOrEqual(1);
    const left = await t.db.query<{ message_id: number }>('SELECT message_id FROM message_secrets WHERE message_id IN ($1, $2)', [old, fresh]);
    expect(left.map((row) => Number(row.message_id))).toEqual([Number(fresh)]);
  });

  it('is scheduled every hour and runs through the queue', async () => {
    const [schedule] = await t.db.query<{ cron: string }>('SELECT cron FROM pgboss.schedule WHERE name = $1', [CLEANUP_QUEUE]);
    expect(schedule.cron).toBe('17 * * * *');
    await t.db.query("DELETE FROM rate_limits WHERE key LIKE 'test:%'");
    await t.db.query("DELETE FROM password_resets WHERE email IN ('gammel@example.no', 'fersk@example.no')");
    const tokens = await oldAndCurrentRows();
    const id = await t.services.jobs.send(CLEANUP_QUEUE, {});
    const until = Date.now() + 20_000;
    while ((await t.db.query<{ state: string }>('SELECT state FROM pgboss.job WHERE id = $1', [id]))[0]?.state !== 'completed') {
      if (Date.now() > until) throw new Error('the clean-up job did not run');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await remaining(tokens)).toEqual({ rateLimits: ['test:open'], tokens: [tokens.valid], resets: ['fersk@example.no'] });
  });
});

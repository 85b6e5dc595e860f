/**
 * GET /metrics for Prometheus: absent (404) unless METRICS_TOKEN is set, then only with that
 * bearer token, and then the requests by route pattern and status with their durations, the job
 * queue's depth and failures per queue, mails sent and failed, the event loop's delay, and the
 * pool's use on PostgreSQL or the newest backup's age on the embedded database.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createAccount, login, settledMessage, testConfig, type TestContext } from './helpers.ts';
import { buildApp } from '../../server/app.ts';
import { createServices } from '../../server/plugins/services.ts';
import type { MailTransport } from '../../server/adapters/mail.ts';
import { backupDatabase } from '../../server/jobs/backup.ts';
import type { PgliteDatabase } from '../../server/db/pglite.ts';
import { loadConfig } from '../../server/config.ts';
import { sample } from './prometheus-text.ts';

const TOKEN = 'prometheus-0123456789-abcdefghij';

/** A mail server that refuses every mail to an address starting with 'avvist'. */
const picky: MailTransport = {
  delivery: 'smtp',
  async deliver(mail) {
    if (mail.to.startsWith('avvist')) throw new Error('550 mailbox unavailable');
  },
  close() {},
};

let t: TestContext;
let backupDir: string;

beforeAll(async () => {
  backupDir = await mkdtemp(path.join(tmpdir(), 'portal-metrics-backups-'));
  t = await buildTestApp({ env: { METRICS_TOKEN: TOKEN, MESSAGE_RETRIES: '0', BACKUP_DIR: backupDir }, mail: picky });
});

afterAll(async () => {
  await t?.close();
  await rm(backupDir, { recursive: true, force: true });
});

const scrape = async () => {
  const response = await t.app.inject({ url: '/metrics', headers: bearer(TOKEN) });
  expect(response.statusCode).toBe(200);
  return response.body;
};

describe('GET /metrics', () => {
  it('is not there without METRICS_TOKEN, and METRICS_TOKEN must be a long bearer token', async () => {
    // The same database and services, but no token set.
    const plain = await buildApp(createServices(testConfig({ DATA_DIR: t.config.dataDir }), t.db, { jobs: t.services.jobs }));
    try {
      const response = await plain.inject({ url: '/metrics', headers: bearer(TOKEN) });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Fant ikke det du lette etter.');
    } finally {
      await plain.close();
    }
    expect(() => loadConfig({ METRICS_TOKEN: 'kort' })).toThrow(/METRICS_TOKEN.*minst 24 tegn/);
    expect(() => loadConfig({ METRICS_TOKEN: 'med mellomrom i 0123456789abcdef' })).toThrow(/METRICS_TOKEN/);
  });

  it('answers 401 without the token or with a wrong one, and the text format with it', async () => {
    const none = await t.app.inject({ url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(none.body).not.toContain('http_requests_total');
    const wrong = await t.app.inject({ url: '/metrics', headers: bearer(`${TOKEN.slice(0, -1)}X`) });
    expect(wrong.statusCode).toBe(401);
    const right = await t.app.inject({ url: '/metrics', headers: bearer(TOKEN) });
    expect(right.statusCode).toBe(200);
    expect(right.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(right.body).toContain('# TYPE http_request_duration_seconds histogram');
  });

  it('counts requests and their durations by route pattern and status, not by the path asked for', async () => {
    const member = await createAccount(t.db);
    const token = await login(t.app, member.email, member.password);
    for (let n = 0; n < 3; n++) expect((await t.app.inject({ url: `/api/member/${member.id}`, headers: bearer(token) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/member/${member.id}` })).statusCode).toBe(401);
    const text = await scrape();
    expect(sample(text, 'http_requests_total', { method: 'GET', route: '/api/member/:id', status: '200' })).toBe(3);
    expect(sample(text, 'http_requests_total', { method: 'GET', route: '/api/member/:id', status: '401' })).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/member/:id', status: '200' })).toBe(3);
    expect(sample(text, 'http_request_duration_seconds_sum', { method: 'GET', route: '/api/member/:id', status: '200' })).toBeGreaterThan(0);
    expect(text).not.toContain(`/api/member/${member.id}"`);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).not.toBeNull();
    expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).not.toBeNull();
  });

  it('counts mails sent and failed, and shows the queue per queue and state with its failures', async () => {
    const sent = await createAccount(t.db);
    const refused = await createAccount(t.db, { email: `avvist.${Date.now()}@example.no` });
    for (const email of [sent.email, refused.email]) {
      expect((await t.app.inject({ method: 'POST', url: '/api/user/password/reset', payload: { email } })).statusCode).toBe(200);
    }
    const sql = "SELECT status FROM message_log WHERE email_to = $1 AND channel = 'email' ORDER BY id DESC LIMIT 1";
    expect((await settledMessage(t.db, sql, [sent.email])).status).toBe('sent');
    expect((await settledMessage(t.db, sql, [refused.email])).status).toBe('failed');
    // The queue marks the job failed once the worker's throw reaches it.
    let text = '';
    for (const until = Date.now() + 20_000; Date.now() < until;) {
      text = await scrape();
      if ((sample(text, 'portal_jobs', { queue: 'mail', state: 'failed' }) ?? 0) >= 1) break;
    }
    expect(sample(text, 'portal_messages_total', { channel: 'email', result: 'sent' })).toBe(1);
    expect(sample(text, 'portal_messages_total', { channel: 'email', result: 'failed' })).toBe(1);
    expect(sample(text, 'portal_job_failures_total', { queue: 'mail' })).toBe(1);
    expect(sample(text, 'portal_jobs', { queue: 'mail', state: 'failed' })).toBe(1);
    expect(sample(text, 'portal_jobs', { queue: 'mail', state: 'waiting' })).toBe(0);
    expect(sample(text, 'portal_jobs', { queue: 'sms', state: 'waiting' })).toBe(0);

    // A job waiting to run counts in its queue's depth.
    await t.services.jobs.send('renewal', { year: 1999 }, undefined, 3600);
    expect(sample(await scrape(), 'portal_jobs', { queue: 'renewal', state: 'waiting' })).toBe(1);
  });

  it('shows the pool on PostgreSQL, and the newest backup’s age on the embedded database', async () => {
    if (t.db.kind === 'postgres') {
      const text = await scrape();
      expect(sample(text, 'portal_database_pool_max')).toBe(4);
      expect(sample(text, 'portal_database_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'portal_database_pool_waiting')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'portal_database_pool_idle')).toBeGreaterThanOrEqual(0);
      expect(text).not.toContain('portal_backup_age_seconds');
      return;
    }
    const before = await scrape();
    expect(sample(before, 'portal_backup_age_seconds')).toBe(Infinity);
    expect(before).not.toContain('portal_database_pool');
    await backupDatabase(t.db as PgliteDatabase, backupDir, 2);
    const age = sample(await scrape(), 'portal_backup_age_seconds');
    expect(age).toBeGreaterThanOrEqual(0);
    expect(age).toBeLessThan(60);
  });
});

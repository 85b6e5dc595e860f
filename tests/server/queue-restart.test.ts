import { afterAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createStaff, serving, startServer, stop, type Running } from './fakes/server-process.ts';
import { startFakeSmtp } from './fakes/smtp.ts';
import { sample } from './prometheus-text.ts';

const METRICS_TOKEN = 'prometheus-0123456789-abcdefghij';

const started: Running[] = [];
let dir = '';
afterAll(async () => {
  await Promise.all(started.map((server) => stop(server, 'SIGKILL')));
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('a mail queued when the server is killed', () => {
  it('is sent once after the restart', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'portal-queue-'));
    const smtp = await startFakeSmtp();
    const env = { DATA_DIR: path.join(dir, 'data'), SMTP_URL: smtp.url, BACKUP_INTERVAL_HOURS: '0', METRICS_TOKEN };
    const email = 'leder@example.no';
    expect(await createStaff(env, email)).toBe(0);

    // The SMTP server takes the mail's data but never answers: the send is under way when the server dies.
    smtp.mode = 'hold';
    const first = await startServer(env);
    started.push(first);
    await serving(first);
    const reset = await fetch(`http://127.0.0.1:${first.port}/api/user/password/reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(reset.status).toBe(200);
    await until(() => smtp.held === 1, 20_000, 'the mail to reach the SMTP server');
    await stop(first, 'SIGKILL');
    expect(smtp.received).toHaveLength(0);

    smtp.mode = 'accept';
    const second = await startServer(env);
    started.push(second);
    await serving(second);
    await until(() => smtp.received.length > 0, 60_000, 'the mail to be sent after the restart');
    // Once no mail job waits or runs, nothing can send it again: then it has gone exactly once.
    const mailJobsLeft = async () => {
      const text = await (await fetch(`http://127.0.0.1:${second.port}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
      const waiting = sample(text, 'portal_jobs', { queue: 'mail', state: 'waiting' });
      const active = sample(text, 'portal_jobs', { queue: 'mail', state: 'active' });
      if (waiting === null || active === null) throw new Error(`the mail queue is not in /metrics:\n${text.slice(0, 300)}`);
      return waiting + active;
    };
    await until(async () => (await mailJobsLeft()) === 0, 60_000, 'the mail queue to be empty');
    expect(smtp.received.map((mail) => mail.to)).toEqual([email]);
    expect(smtp.received[0].body).toMatch(/password\/change\?token=/);

    const base = `http://127.0.0.1:${second.port}/api`;
    const signIn = await fetch(`${base}/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'et-langt-passord' }),
    });
    const { access_token: token } = (await signIn.json()) as { access_token: string };
    const log = await fetch(`${base}/emails/logs/list`, { headers: { authorization: `Bearer ${token}` } });
    const [entry] = ((await log.json()) as { data: { email_to: string; status: string }[] }).data;
    expect(entry).toMatchObject({ email_to: email, status: 'sent' });
    await stop(second);
    await smtp.close();
  }, 150_000);
});

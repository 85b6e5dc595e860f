/**
 * A send whose server is killed while its mails are going out: after the restart it goes on with
 * those not yet reached and finishes, and every member has the mail exactly once.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createStaff, serving, staffAuth, startServer, stop, type Running } from './fakes/server-process.ts';
import { startFakeSmtp } from './fakes/smtp.ts';
import { testConfig } from './helpers.ts';
import { openDatabase } from '../../server/db/open.ts';
import { until } from './outreach-fixtures.ts';

const started: Running[] = [];
let dir = '';
afterAll(async () => {
  await Promise.all(started.map((server) => stop(server, 'SIGKILL')));
  if (dir) await rm(dir, { recursive: true, force: true });
});

const MEMBERS = 5;

describe('a send whose server is killed mid-send', () => {
  it('finishes after the restart and sends nobody twice', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'portal-outreach-'));
    const smtp = await startFakeSmtp();
    // Three a run: the kill comes with the first run's mails under way and two members not yet reached.
    const env = { DATA_DIR: path.join(dir, 'data'), SMTP_URL: smtp.url, BACKUP_INTERVAL_HOURS: '0', OUTREACH_MAILS_PER_MINUTE: '3' };
    const email = 'kontoret@example.no';
    expect(await createStaff(env, email)).toBe(0);

    // The members and their group, written before the server holds the database.
    const db = await openDatabase(testConfig(env));
    const emails = Array.from({ length: MEMBERS }, (_, i) => `omstart.${i}@example.no`);
    for (const [i, address] of emails.entries()) {
      await db.query(
        `INSERT INTO accounts (role_id, email, first_name, last_name, postal_area, newsletter_2, registration_completed, status)
         VALUES (2, $1, 'Medlem', $2, 'OMSTART', true, 1, '1')`,
        [address, `Nummer ${i}`],
      );
    }
    const [segment] = await db.query<{ id: number }>(`INSERT INTO segments (name, filter) VALUES ('Omstart', '{"postal_area": "OMSTART"}') RETURNING id`);
    await db.close();

    smtp.mode = 'hold';
    const first = await startServer(env);
    started.push(first);
    await serving(first);
    let base = `http://127.0.0.1:${first.port}/api`;
    let auth = await staffAuth(first, email);
    const json = { ...auth, 'content-type': 'application/json' };
    const created = await fetch(`${base}/outreach`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ segment_id: segment.id, kind: 'newsletter_2', channel: 'email', subject: 'Hei {first_name}', body: '<p>Hei</p>' }),
    });
    expect(created.status).toBe(201);
    const { data: draft } = (await created.json()) as { data: { id: number } };
    const sent = await fetch(`${base}/outreach/${draft.id}/send`, { method: 'POST', headers: json, body: JSON.stringify({ confirm_count: MEMBERS }) });
    expect(sent.status).toBe(200);
    await until(() => smtp.held > 0, 'a mail to be under way', 30_000);
    await stop(first, 'SIGKILL');
    expect(smtp.received).toHaveLength(0);
    // Killed mid-send: some members' mails queued (and under way), the others not yet reached.
    const killed = await openDatabase(testConfig(env));
    const states = await killed.query<{ state: string }>('SELECT state FROM outreach_recipients WHERE outreach_id = $1', [draft.id]);
    await killed.close();
    expect(states.some((row) => row.state === 'queued')).toBe(true);
    expect(states.some((row) => row.state === 'pending')).toBe(true);

    smtp.mode = 'accept';
    const second = await startServer(env);
    started.push(second);
    await serving(second);
    base = `http://127.0.0.1:${second.port}/api`;
    auth = await staffAuth(second, email);
    const outreach = async () =>
      (
        (await (await fetch(`${base}/outreach/${draft.id}`, { headers: auth })).json()) as {
          data: { state: string; sent: number; recipient_count: number };
        }
      ).data;
    // The held mails come back when their jobs expire; the rest with the send's next run, a minute on.
    await until(
      async () => {
        const current = await outreach();
        return current.state === 'done' && current.sent === MEMBERS;
      },
      'the send to finish after the restart',
      150_000,
    );
    expect(await outreach()).toMatchObject({ state: 'done', sent: MEMBERS, recipient_count: MEMBERS });
    expect(smtp.received.map((mail) => mail.to).sort()).toEqual([...emails].sort());
    await stop(second);
    await smtp.close();
  }, 420_000);
});

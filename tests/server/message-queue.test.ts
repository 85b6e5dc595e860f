import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpTransport } from '../../server/adapters/mail.ts';
import { outboxDir, readOutboxFiles } from '../../server/adapters/outbox-files.ts';
import { sendSms, sendSmsMany } from '../../server/domain/messages/sms.ts';
import { sendMail, sendMails } from '../../server/domain/messages/messages.ts';
import { MAIL_QUEUE, MESSAGE_BATCH } from '../../server/jobs/outbox.ts';
import { eraseMember } from '../../server/domain/privacy/privacy.ts';
import { SECRET_GONE, mailWorker } from '../../server/jobs/deliver.ts';
import { bearer, buildTestApp, createAccount, login, settledMessage, type TestContext } from './helpers.ts';
import { startFakeSmtp, type FakeSmtp } from './fakes/smtp.ts';

let smtp: FakeSmtp;
let t: TestContext;
let staff: string;
let staffId: number;
beforeAll(async () => {
  smtp = await startFakeSmtp();
  t = await buildTestApp({ mail: smtpTransport(smtp.url), env: { MESSAGE_RETRIES: '1' } });
  const account = await createAccount(t.db, { role_id: 5 });
  staffId = account.id;
  staff = await login(t.app, account.email, account.password);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const mailTo = (to: string) => ({
  to,
  subject: 'Velkommen',
  html: '<p>Hei</p>',
  fromName: 'Musikerportalen',
  fromEmail: 'post@example.no',
  memberId: null,
  senderId: null,
});

/** A mail with a secret link, as a reset or welcome mail is sent. */
const secretMailTo = (to: string, memberId: number | null = null) => ({
  ...mailTo(to),
  html: '<p>Hei Hemmelig</p><p>[lenke fjernet]</p>',
  secretHtml: '<p>Hei Hemmelig</p><p><a href="http://portal.test/password/change?token=hemmelig0123456789abcdef">Lag nytt passord</a></p>',
  memberId,
});

/** What the job queue holds for the message's jobs (their data, and what a failed attempt left). */
const jobsOf = (id: number) =>
  t.db.query<{ data: Record<string, unknown>; output: unknown; state: string }>(
    "SELECT data, output, state::text FROM pgboss.job WHERE name = 'mail' AND (data ->> 'messageId')::bigint = $1",
    [id],
  );
const secretOf = async (id: number) => (await t.db.query<{ body: string }>('SELECT body FROM message_secrets WHERE message_id = $1', [id]))[0]?.body ?? null;

async function until<T>(check: () => Promise<T | undefined>, what: string, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const resend = (id: number, token = staff) => t.app.inject({ method: 'POST', url: `/api/emails/logs/${id}/resend`, headers: bearer(token) });

const entryOf = async (id: number) => {
  const list = await t.app.inject({ url: '/api/emails/logs/list?per_page=100', headers: bearer(staff) });
  return list.json().data.find((entry: { id: number }) => entry.id === id);
};

describe('the message queue', () => {
  it('retries a mail the SMTP server refuses, then marks it failed; staff resend it and it is sent once', async () => {
    smtp.mode = 'refuse';
    const id = await sendMail(t.db, t.services.outbox, mailTo('nede@example.no'));
    expect(await entryOf(id)).toMatchObject({ status: 'queued', attempts: 0, error: null });

    const failed = await settledMessage<{ status: string }>(t.db, 'SELECT status FROM message_log WHERE id = $1', [id]);
    expect(failed.status).toBe('failed');
    expect(await entryOf(id)).toMatchObject({ status: 'failed', attempts: 2, error: expect.stringContaining('Prøv igjen senere') });
    expect(smtp.received.filter((mail) => mail.to === 'nede@example.no')).toHaveLength(0);

    smtp.mode = 'accept';
    const response = await resend(id);
    expect(response.statusCode).toBe(202);
    expect(response.json().data).toMatchObject({ id, status: 'queued', error: null, subject: 'Velkommen' });
    await settledMessage(t.db, 'SELECT status FROM message_log WHERE id = $1', [id]);
    expect(await entryOf(id)).toMatchObject({ status: 'sent', attempts: 3, error: null });
    expect(smtp.received.filter((mail) => mail.to === 'nede@example.no')).toHaveLength(1);

    const again = await resend(id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Bare meldinger som ikke kunne sendes, kan sendes på nytt.');
  });

  it('keeps a secret link only in the database until the mail is sent: the job names the message, nothing else', async () => {
    const id = await sendMail(t.db, t.services.outbox, secretMailTo('hemmelig@example.no'));
    const sent = await settledMessage<{ status: string; content: string }>(t.db, 'SELECT status, content FROM message_log WHERE id = $1', [id]);
    expect(sent).toEqual({ status: 'sent', content: '<p>Hei Hemmelig</p><p>[lenke fjernet]</p>' });
    expect(smtp.received.find((mail) => mail.to === 'hemmelig@example.no')?.body).toContain('token=hemmelig0123456789abcdef');
    expect(await secretOf(id)).toBeNull();
    const jobs = await jobsOf(id);
    expect(jobs.map((job) => job.data)).toEqual([{ messageId: id }]);
  });

  it("drops the secret when the mail fails for good, and leaves neither the address nor the server's answer in the queue", async () => {
    smtp.mode = 'refuse';
    const id = await sendMail(t.db, t.services.outbox, secretMailTo('hemmelig.nede@example.no'));
    expect(await secretOf(id)).toContain('token=hemmelig');
    const failed = await settledMessage<{ status: string; error: string }>(t.db, 'SELECT status, error FROM message_log WHERE id = $1', [id]);
    smtp.mode = 'accept';
    expect(failed).toEqual({ status: 'failed', error: expect.stringContaining('Prøv igjen senere') });
    expect(await secretOf(id)).toBeNull();
    const jobs = await until(async () => {
      const found = await jobsOf(id);
      return found.every((job) => job.state === 'failed') ? found : undefined;
    }, 'the job to fail');
    expect(jobs.map((job) => job.data)).toEqual([{ messageId: id }]);
    for (const job of jobs) {
      expect(JSON.stringify(job.output)).not.toMatch(/hemmelig|Prøv igjen senere/);
    }
    expect((await resend(id)).statusCode).toBe(409);
  });

  it('sends no mail whose link is gone (expired before it could be sent), not even the logged copy', async () => {
    let id = 0;
    await t.db.transaction(async (tx) => {
      id = await sendMail(tx, t.services.outbox, secretMailTo('utlopt@example.no'));
      await tx.query('DELETE FROM message_secrets WHERE message_id = $1', [id]);
    });
    const failed = await settledMessage<{ status: string; error: string }>(t.db, 'SELECT status, error FROM message_log WHERE id = $1', [id]);
    expect(failed).toEqual({ status: 'failed', error: SECRET_GONE });
    expect(smtp.received.filter((mail) => mail.to === 'utlopt@example.no')).toEqual([]);
  });

  it('erasing the member takes a waiting mail, its link and its name with it; the job then sends nothing', async () => {
    const member = await createAccount(t.db, { email: 'slettes.snart@example.no', first_name: 'Hemmelig' });
    smtp.mode = 'refuse';
    const id = await sendMail(t.db, t.services.outbox, secretMailTo(member.email, member.id));
    await until(
      async () => ((await t.db.query<{ attempts: number }>('SELECT attempts FROM message_log WHERE id = $1', [id]))[0]?.attempts ?? 0) > 0 || undefined,
      'a first attempt',
    );
    expect(await eraseMember(t.db, member.id, member.id, staffId)).toBe(true);
    smtp.mode = 'accept';
    expect(await t.db.query('SELECT 1 FROM message_log WHERE id = $1', [id])).toEqual([]);
    expect(await secretOf(id)).toBeNull();
    const jobs = await until(async () => {
      const found = await jobsOf(id);
      return found.every((job) => job.state === 'completed' || job.state === 'failed') ? found : undefined;
    }, 'the job to finish');
    expect(jobs.map((job) => job.data)).toEqual([{ messageId: id }]);
    expect(smtp.received.filter((mail) => mail.to === member.email)).toEqual([]);
  });

  it('on upgrade moves the body of a mail job queued the old way (with its link in the job) into the database (migration 021)', async () => {
    const [{ id }] = await t.db.query<{ id: number }>(
      `INSERT INTO message_log (channel, subject, email_to, content, delivery, status, attempts, redacted)
       VALUES ('email', 'Lag nytt passord', 'gammel.jobb@example.no', '[lenke fjernet]', 'smtp', 'queued', 0, true) RETURNING id`,
    );
    // Not due for an hour, so no worker takes it while the migration's step runs.
    await t.services.jobs.send(MAIL_QUEUE, { messageId: id, body: '<p>Hei Gammel, token=gammel0123456789abcdef</p>' }, undefined, 3600);
    const script = await readFile(new URL('../../server/db/migrations/021_erasure_imports.sql', import.meta.url), 'utf8');
    await t.db.exec(script.slice(script.indexOf('DO $$')));
    expect(await secretOf(id)).toBe('<p>Hei Gammel, token=gammel0123456789abcdef</p>');
    expect((await jobsOf(id)).map((job) => job.data)).toEqual([{ messageId: id }]);
  });

  it('lets only staff resend, and answers 404 for a message that does not exist', async () => {
    const member = await createAccount(t.db);
    expect((await resend(1, await login(t.app, member.email, member.password))).statusCode).toBe(403);
    expect((await resend(2_000_000_000)).statusCode).toBe(404);
  });

  it('drops the message and its job when the change that caused it is rolled back', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await sendMail(tx, t.services.outbox, mailTo('angret@example.no'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await t.db.query("SELECT id FROM message_log WHERE email_to = 'angret@example.no'")).toEqual([]);
    expect(smtp.received.filter((mail) => mail.to === 'angret@example.no')).toHaveLength(0);
  });

  it("queues a run's mails fifty to a job: one the server refuses is tried again on its own, every other is sent once", async () => {
    const addresses = Array.from({ length: MESSAGE_BATCH + 1 }, (_, index) => `samlet-${index}@example.no`);
    smtp.refused.add(addresses[7]);
    try {
      const rows = await t.db.transaction((tx) => sendMails(tx, t.services.outbox, addresses.map(mailTo)));
      const ids = rows.map((row) => row.id);
      const jobs = await t.db.query<{ data: { messageIds: number[] }; heartbeat_seconds: number }>(
        "SELECT data, heartbeat_seconds FROM pgboss.job WHERE name = 'mail' AND (data -> 'messageIds' ->> 0)::bigint = ANY($1::bigint[]) ORDER BY (data -> 'messageIds' ->> 0)::bigint",
        [ids],
      );
      expect(jobs.map((job) => job.data.messageIds)).toEqual([ids.slice(0, MESSAGE_BATCH), ids.slice(MESSAGE_BATCH)]);
      // Its worker says it is alive as it goes: a batch of a worker that died is back in the queue within half a minute.
      expect(jobs.map((job) => job.heartbeat_seconds)).toEqual([30, 30]);

      for (const id of ids) await settledMessage(t.db, 'SELECT status FROM message_log WHERE id = $1', [id]);
      const logged = await t.db.query<{ email_to: string; status: string; attempts: number }>(
        'SELECT email_to, status, attempts FROM message_log WHERE id = ANY($1::bigint[]) ORDER BY id',
        [ids],
      );
      // MESSAGE_RETRIES is 1 here: the refused one had its two attempts, the others one each.
      expect(logged.filter((row) => row.email_to !== addresses[7])).toEqual(
        addresses.filter((address) => address !== addresses[7]).map((address) => ({ email_to: address, status: 'sent', attempts: 1 })),
      );
      expect(logged.find((row) => row.email_to === addresses[7])).toEqual({ email_to: addresses[7], status: 'failed', attempts: 2 });
      for (const address of addresses) expect(smtp.received.filter((mail) => mail.to === address)).toHaveLength(address === addresses[7] ? 0 : 1);
    } finally {
      smtp.refused.clear();
    }
  });

  it('stops sending a batch once the queue has stopped and failed its job, leaving the rest queued for the retry', async () => {
    // Logged without a job, so only the worker called here sends them.
    const unqueued = { ...t.services.outbox, jobs: { send: async () => '', sendMany: async () => undefined } };
    const rows = await t.db.transaction((tx) => sendMails(tx, unqueued, ['stopp-1@example.no', 'stopp-2@example.no', 'stopp-3@example.no'].map(mailTo)));
    const stopping = new AbortController();
    const sent: string[] = [];
    const transport = {
      delivery: 'smtp' as const,
      close: () => undefined,
      deliver: async (mail: { to: string }) => {
        sent.push(mail.to);
        stopping.abort();
      },
    };
    const work = mailWorker(t.db, transport)({ messageIds: rows.map((row) => row.id) }, { id: 'batch', retryCount: 0, retryLimit: 1, signal: stopping.signal });
    await expect(work).rejects.toThrow('Sendingen ble avbrutt da serveren stoppet.');
    expect(sent).toEqual(['stopp-1@example.no']);
    const statuses = await t.db.query<{ status: string; attempts: number }>(
      'SELECT status, attempts FROM message_log WHERE id = ANY($1::bigint[]) ORDER BY id',
      [rows.map((row) => row.id)],
    );
    expect(statuses).toEqual([
      { status: 'sent', attempts: 1 },
      { status: 'queued', attempts: 0 },
      { status: 'queued', attempts: 0 },
    ]);
  });

  it('logs a batch of mails and of SMS as sendMail and sendSms log one, each id in the order given', async () => {
    // Logged without a job, so they stay as logged.
    const unqueued = { ...t.services.outbox, jobs: { send: async () => '', sendMany: async () => undefined } };
    const member = await createAccount(t.db);
    const columns = `SELECT member_id, channel, subject, email_from, from_name, email_to, content, sender_id, delivery, status, attempts,
                            redacted, content_sanitised, invoice_id, outreach_id, list_unsubscribe FROM message_log WHERE id = $1`;
    const row = async (id: number) => (await t.db.query(columns, [id]))[0];
    const mail = { ...mailTo('en@example.no'), memberId: member.id, senderId: staffId, listUnsubscribe: '<https://portal.example/u/x>' };
    const one = await sendMail(t.db, unqueued, mail);
    const many = await t.db.transaction((tx) => sendMails(tx, unqueued, [mailTo('to@example.no'), mail, mailTo('tre@example.no')]));
    expect(await row(many[1].id)).toEqual(await row(one));
    expect(await Promise.all(many.map(async ({ id }) => (await row(id)).email_to))).toEqual(['to@example.no', 'en@example.no', 'tre@example.no']);

    const sms = { to: '40000002', text: 'Purring', subject: 'Purring', memberId: member.id, senderId: null };
    const single = await sendSms(t.db, unqueued, sms);
    const batch = await t.db.transaction((tx) => sendSmsMany(tx, unqueued, [{ ...sms, to: '40000003' }, sms]));
    expect(await row(batch[1])).toEqual(await row(single));
    expect((await row(batch[0])).email_to).toBe('40000003');
  });

  it('writes an SMS without a gateway to the outbox file and logs it as sent', async () => {
    const member = await createAccount(t.db);
    const id = await sendSms(t.db, t.services.outbox, { to: '40000001', text: 'Hei', subject: 'Medlemskort', memberId: member.id, senderId: member.id });
    const logged = await settledMessage(t.db, 'SELECT channel, delivery, status, attempts, content FROM message_log WHERE id = $1', [id]);
    expect(logged).toEqual({ channel: 'sms', delivery: 'outbox', status: 'sent', attempts: 1, content: 'Hei' });
    const files = await readOutboxFiles(outboxDir(t.config.dataDir), 100);
    expect(files).toContainEqual(expect.objectContaining({ channel: 'sms', to: '40000001', text: 'Hei' }));
  });
});

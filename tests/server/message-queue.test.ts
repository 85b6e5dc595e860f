import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpTransport } from '../../server/adapters/mail.ts';
import { outboxDir, readOutboxFiles } from '../../server/adapters/outbox-files.ts';
import { sendSms } from '../../server/domain/messages/sms.ts';
import { sendMail } from '../../server/domain/messages/messages.ts';
import { bearer, buildTestApp, createAccount, login, settledMessage, type TestContext } from './helpers.ts';
import { startFakeSmtp, type FakeSmtp } from './fakes/smtp.ts';

let smtp: FakeSmtp;
let t: TestContext;
let staff: string;
beforeAll(async () => {
  smtp = await startFakeSmtp();
  t = await buildTestApp({ mail: smtpTransport(smtp.url), env: { MESSAGE_RETRIES: '1' } });
  const account = await createAccount(t.db, { role_id: 3 });
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

const resend = (id: number, token = staff) =>
  t.app.inject({ method: 'POST', url: `/api/emails/logs/${id}/resend`, headers: bearer(token) });

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

  it('writes an SMS without a gateway to the outbox file and logs it as sent', async () => {
    const member = await createAccount(t.db);
    const id = await sendSms(t.db, t.services.outbox, { to: '40000001', text: 'Hei', subject: 'Medlemskort', memberId: member.id, senderId: member.id });
    const logged = await settledMessage(t.db, 'SELECT channel, delivery, status, attempts, content FROM message_log WHERE id = $1', [id]);
    expect(logged).toEqual({ channel: 'sms', delivery: 'outbox', status: 'sent', attempts: 1, content: 'Hei' });
    const files = await readOutboxFiles(outboxDir(t.config.dataDir), 100);
    expect(files).toContainEqual(expect.objectContaining({ channel: 'sms', to: '40000001', text: 'Hei' }));
  });
});

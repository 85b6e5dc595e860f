import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { buildApp } from '../../server/app.ts';
import { smtpTransport } from '../../server/adapters/mail.ts';
import { createServices } from '../../server/plugins/services.ts';
import { startJobs } from '../../server/jobs/start.ts';
import { logSerializers } from '../../server/logging.ts';
import { bearer, createAccount, freshDatabase, login, settledMessage, testConfig, type TestDatabase } from './helpers.ts';
import { startFakeSmtp, type FakeSmtp } from './fakes/smtp.ts';

let database: TestDatabase;
let smtp: FakeSmtp;
let serverLog = '';
let app: Awaited<ReturnType<typeof buildApp>>;
let services: ReturnType<typeof createServices>;

beforeAll(async () => {
  database = await freshDatabase();
  smtp = await startFakeSmtp();
  services = createServices(testConfig(), database.db, { mail: smtpTransport(smtp.url) });
  const stream = new Writable({
    write(chunk, _encoding, done) {
      serverLog += chunk.toString();
      done();
    },
  });
  app = await buildApp(services, { logger: { level: 'trace', stream, serializers: logSerializers } });
  await app.ready();
  await startJobs(services);
});
afterAll(async () => {
  await app.close();
  await services.jobs.stop(1_000);
  await database.drop();
  await smtp.close();
});

const tokenIn = (text: string) => /token=[A-Za-z0-9]{20,}/.exec(text)?.[0] ?? null;

describe('a reset link staff could read', () => {
  it('reaches only the recipient: not the message log, not its API, not the server log', async () => {
    const attacker = await createAccount(database.db, { role_id: 5 });
    const admin = await createAccount(database.db, { role_id: 5 });
    const staff = await login(app, attacker.email, attacker.password);

    expect((await app.inject({ method: 'POST', url: '/api/user/password/reset', payload: { email: admin.email } })).statusCode).toBe(200);
    const logged = await settledMessage<{ id: number; status: string }>(database.db, 'SELECT id, status FROM message_log WHERE email_to = $1', [admin.email]);
    expect(logged.status).toBe('sent');

    // Everything staff can read about the message.
    const readable = [
      await app.inject({ url: '/api/emails/logs/list?per_page=100', headers: bearer(staff) }),
      await app.inject({ url: `/api/emails/logs/list?filter[member_id]=${admin.id}`, headers: bearer(staff) }),
      await app.inject({ method: 'POST', url: `/api/emails/logs/${logged.id}/resend`, headers: bearer(staff) }),
    ];
    const entry = readable[1].json().data[0];
    expect(entry.content).toContain('[lenke fjernet]');
    for (const response of readable) expect(tokenIn(response.body)).toBeNull();
    expect(readable[2].statusCode).toBe(409);
    const [row] = await database.db.query<{ content: string }>('SELECT content FROM message_log WHERE id = $1', [logged.id]);
    expect(tokenIn(row.content)).toBeNull();
    // The job queue keeps its jobs for days: the mail's job names the message, not its link, address or name.
    const jobs = await database.db.query<{ data: object }>("SELECT data FROM pgboss.job WHERE name = 'mail'");
    expect(jobs.map((job) => job.data)).toContainEqual({ messageId: logged.id });
    for (const job of jobs) expect(Object.keys(job.data)).toEqual(['messageId']);
    expect(await database.db.query('SELECT 1 FROM message_secrets WHERE message_id = $1', [logged.id])).toEqual([]);

    // The recipient's mail carries the link, and it works once opened.
    const mail = smtp.received.find((received) => received.to === admin.email)!;
    const token = tokenIn(mail.body)!.slice('token='.length);
    expect((await app.inject({ url: `/password/change?token=${token}&email=${encodeURIComponent(admin.email)}` })).statusCode).toBeLessThan(500);
    const changed = await app.inject({
      method: 'POST',
      url: '/api/user/password/change',
      payload: { token, email: admin.email, password: 'nyttpassord1', password_confirmation: 'nyttpassord1' },
    });
    expect(changed.statusCode).toBe(200);

    expect(serverLog).toContain('/password/change?token=[fjernet]');
    expect(serverLog).not.toContain(token);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createAccount, login, settledMessage, type TestContext } from './helpers.ts';
import { smtpTransport, type MailTransport } from '../../server/adapters/mail.ts';
import { startFakeSmtp } from './fakes/smtp.ts';
import { outboxDir, readOutboxFiles } from '../../server/adapters/outbox-files.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const requestReset = (ctx: TestContext, email: string) => ctx.app.inject({ method: 'POST', url: '/api/user/password/reset', payload: { email } });

const resetLink = (content: string): URL | null => {
  const href = /href="([^"]+\/password\/change\?[^"]+)"/.exec(content)?.[1];
  return href ? new URL(href.replace(/&amp;/g, '&')) : null;
};

/** The link as the developer reads it in DATA_DIR/outbox, once the queue has sent the mail. */
async function outboxLink(ctx: TestContext, email: string): Promise<URL> {
  await settledMessage(ctx.db, 'SELECT status FROM message_log WHERE email_to = $1 ORDER BY id DESC LIMIT 1', [email]);
  const mail = (await readOutboxFiles(outboxDir(ctx.config.dataDir), 1000)).filter((file) => file.to === email).at(-1);
  const link = mail?.html ? resetLink(mail.html) : null;
  if (!link) throw new Error(`no reset link in the outbox for ${email}`);
  return link;
}

const change = (ctx: TestContext, link: URL, password: string, confirmation = password) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/user/password/change',
    payload: { token: link.searchParams.get('token'), email: link.searchParams.get('email'), password, password_confirmation: confirmation },
  });

describe('password reset', () => {
  it('answers the same whether or not the e-mail has an account', async () => {
    const member = await createAccount(t.db);
    const known = await requestReset(t, member.email);
    const unknown = await requestReset(t, 'finnes.ikke@example.no');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    const [{ count }] = await t.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM message_log WHERE email_to = 'finnes.ikke@example.no'`);
    expect(count).toBe(0);
  });

  it('puts the mail in the outbox with a link that changes the password once', async () => {
    const member = await createAccount(t.db);
    const oldToken = await login(t.app, member.email, member.password);
    await requestReset(t, member.email);
    const link = await outboxLink(t, member.email);
    const [logged] = await t.db.query<{ delivery: string; member_id: number; status: string }>(
      'SELECT delivery, member_id, status FROM message_log WHERE email_to = $1',
      [member.email],
    );
    expect(logged).toEqual({ delivery: 'outbox', member_id: member.id, status: 'sent' });
    expect(link.pathname).toBe('/password/change');
    expect(link.origin).toBe('http://portal.test');

    const short = await change(t, link, 'kort');
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.password).toEqual(['Passord må være minst 8 tegn']);
    const mismatch = await change(t, link, 'nyttpassord1', 'nyttpassord2');
    expect(mismatch.json().errors.password_confirmation).toEqual(['Passord må være likt!']);

    const first = await change(t, link, 'nyttpassord1');
    expect(first.statusCode).toBe(200);
    const second = await change(t, link, 'nyttpassord2');
    expect(second.statusCode).toBe(422);
    expect(second.json().errors.token[0]).toMatch(/ugyldig eller utløpt/);

    // The old password and every old token stop working; the new password works.
    expect((await t.app.inject({ url: `/api/member/${member.id}`, headers: bearer(oldToken) })).statusCode).toBe(401);
    const oldLogin = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email: member.email, password: member.password } });
    expect(oldLogin.statusCode).toBe(401);
    await login(t.app, member.email, 'nyttpassord1');
  });

  it('refuses an expired link', async () => {
    const member = await createAccount(t.db);
    await requestReset(t, member.email);
    const link = await outboxLink(t, member.email);
    await t.db.query(`UPDATE password_resets SET created_at = now() - interval '61 minutes' WHERE email = $1`, [member.email]);
    const response = await change(t, link, 'nyttpassord1');
    expect(response.statusCode).toBe(422);
  });

  it('sends no more than one link a minute per e-mail, and limits requests with 429', async () => {
    const member = await createAccount(t.db);
    await requestReset(t, member.email);
    await outboxLink(t, member.email);
    await requestReset(t, member.email);
    const [{ count }] = await t.db.query<{ count: number }>('SELECT count(*)::int AS count FROM message_log WHERE email_to = $1', [member.email]);
    expect(count).toBe(1);
    await requestReset(t, member.email);
    const fourth = await requestReset(t, member.email);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.headers['retry-after']).toBeDefined();
  });
});

describe('password reset timing', () => {
  it('answers in the same time whether or not the e-mail has an account, even with a slow mail server', async () => {
    const slowMail: MailTransport = {
      delivery: 'smtp',
      deliver: () => new Promise((resolve) => setTimeout(resolve, 2000)),
      close() {},
    };
    const ctx = await buildTestApp({ mail: slowMail });
    try {
      const timed = async (email: string) => {
        const started = performance.now();
        const response = await requestReset(ctx, email);
        expect(response.statusCode).toBe(200);
        return performance.now() - started;
      };
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[1];
      const known: number[] = [];
      const unknown: number[] = [];
      const members = await Promise.all([createAccount(ctx.db), createAccount(ctx.db), createAccount(ctx.db)]);
      for (const [i, member] of members.entries()) {
        known.push(await timed(member.email));
        unknown.push(await timed(`ingen.konto${i}@example.no`));
      }
      // Waiting for the mail server would take 2 s; both answers come after the same fixed time instead.
      expect(Math.max(...known)).toBeLessThan(1500);
      expect(Math.abs(median(known) - median(unknown))).toBeLessThan(150);
      // The mail still goes out after the answer.
      await expect
        .poll(async () => (await ctx.db.query('SELECT 1 FROM message_log WHERE email_to = $1', [members[0].email])).length, { timeout: 5000 })
        .toBe(1);
    } finally {
      await ctx.close();
    }
  });
});

describe('password reset over SMTP', () => {
  it('delivers the mail to the SMTP server and logs it as sent', async () => {
    const smtp = await startFakeSmtp();
    const { received } = smtp;
    const ctx = await buildTestApp({ mail: smtpTransport(smtp.url) });
    try {
      const member = await createAccount(ctx.db);
      const response = await requestReset(ctx, member.email);
      expect(response.statusCode).toBe(200);
      const logged = await settledMessage<{ delivery: string; status: string; content: string }>(
        ctx.db,
        'SELECT delivery, status, content FROM message_log WHERE email_to = $1',
        [member.email],
      );
      expect(logged).toMatchObject({ delivery: 'smtp', status: 'sent' });
      expect(logged.content).not.toMatch(/token=/);
      expect(received).toHaveLength(1);
      expect(received[0].to).toBe(member.email);
      // The recipient's link works.
      const link = resetLink(received[0].body);
      expect(link).not.toBeNull();
      expect((await change(ctx, link!, 'nyttpassord1')).statusCode).toBe(200);
      await login(ctx.app, member.email, 'nyttpassord1');
    } finally {
      await ctx.close();
      await smtp.close();
    }
  });
});

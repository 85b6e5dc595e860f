import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { bearer, buildTestApp, createAccount, login, settledMessage, type TestContext } from './helpers.ts';
import { loadConfig } from '../../server/config.ts';
import { outboxDir, readOutboxFiles, type OutboxFile } from '../../server/adapters/outbox-files.ts';

let t: TestContext;
let required: TestContext;
beforeAll(async () => {
  [t, required] = await Promise.all([buildTestApp(), buildTestApp({ env: { STAFF_2FA_REQUIRED: '1' } })]);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await required?.close();
});

type Ctx = TestContext;
const post = (
  c: Ctx,
  url: string,
  payload: object,
  token?: string,
  extra: { remoteAddress?: string; headers?: Record<string, string>; cookies?: Record<string, string> } = {},
) =>
  c.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...(token ? bearer(token) : {}), ...extra.headers },
    remoteAddress: extra.remoteAddress,
    cookies: extra.cookies,
  });

/** A code for the time step `steps` away from now (0: the current one). */
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** Enrols the account: answers its secret and recovery codes. The current step's code is used up. */
async function enrol(c: Ctx, token: string) {
  const setup = await post(c, '/api/user/2fa/setup', {}, token);
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json().data as { secret: string };
  const enabled = await post(c, '/api/user/2fa/enable', { code: await codeAt(secret) }, token);
  expect(enabled.statusCode).toBe(200);
  return { secret, recoveryCodes: enabled.json().data.recovery_codes as string[] };
}

/** The last mail to `email` with this subject, as sent (once the queue has sent it). */
async function sentMail(c: Ctx, email: string, subject: string): Promise<OutboxFile> {
  await settledMessage(c.db, 'SELECT status FROM message_log WHERE email_to = $1 AND subject = $2 ORDER BY id DESC LIMIT 1', [email, subject]);
  const mail = (await readOutboxFiles(outboxDir(c.config.dataDir), 1000)).filter((file) => file.to === email && file.subject === subject).at(-1);
  if (!mail) throw new Error(`no mail «${subject}» to ${email}`);
  return mail;
}

const subjectsTo = async (c: Ctx, email: string) =>
  (await c.db.query<{ subject: string }>('SELECT subject FROM message_log WHERE email_to = $1 ORDER BY id', [email])).map((row) => row.subject);

async function challengeFor(c: Ctx, email: string, password: string, remoteAddress?: string) {
  const response = await post(c, '/api/user/login', { email, password }, undefined, { remoteAddress });
  expect(response.statusCode).toBe(200);
  const body = response.json();
  expect(body).toEqual({ two_factor_required: true, challenge: expect.any(String) });
  return body.challenge as string;
}

describe('enrolment', () => {
  it('gives a key and an otpauth address, is confirmed by one code, and answers ten single-use recovery codes', async () => {
    const staff = await createAccount(t.db, { role_id: 5 });
    const token = await login(t.app, staff.email, staff.password);
    const status = await t.app.inject({ url: '/api/user/2fa', headers: bearer(token) });
    expect(status.json()).toEqual({ data: { enabled: false, required: false } });
    const setup = await post(t, '/api/user/2fa/setup', {}, token);
    const { secret, otpauth_url } = setup.json().data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_url).toMatch(/^otpauth:\/\/totp\/Musikerportalen:/);
    expect(otpauth_url).toContain(`secret=${secret}`);
    // The database holds the key encrypted with the server's own key: a copy of the database alone gives no codes.
    const stored = await t.db.query<{ secret: string }>('SELECT secret FROM two_factor WHERE account_id = $1', [staff.id]);
    expect(stored[0].secret).not.toContain(secret);
    const { keysFor } = await import('../../server/lib/secret-key.ts');
    expect(t.services.keys.decrypt(stored[0].secret)).toBe(secret);
    expect(keysFor({ secretKey: 'en annen nøkkel som er lang nok til å brukes', dataDir: '/nonexistent' }).decrypt(stored[0].secret)).toBeNull();

    const wrong = await post(t, '/api/user/2fa/enable', { code: '000000' === (await codeAt(secret)) ? '111111' : '000000' }, token);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.code).toEqual(['Feil kode. Prøv igjen.']);

    const code = await codeAt(secret);
    const enabled = await post(t, '/api/user/2fa/enable', { code }, token);
    expect(enabled.statusCode).toBe(200);
    const codes = enabled.json().data.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect((await t.app.inject({ url: '/api/user/2fa', headers: bearer(token) })).json().data.enabled).toBe(true);

    // The code that turned it on counts as used.
    const challenge = await challengeFor(t, staff.email, staff.password);
    const replay = await post(t, '/api/user/login/2fa', { challenge, code });
    expect(replay.statusCode).toBe(422);
    const next = await post(t, '/api/user/login/2fa', { challenge, code: await codeAt(secret, 1) });
    expect(next.statusCode).toBe(200);
  });
});

describe('what turning it on or off changes', () => {
  it('turning it on ends the sign-ins made before with the password alone, and keeps the one that turned it on', async () => {
    const member = await createAccount(t.db);
    const before = await login(t.app, member.email, member.password);
    const phone = await login(t.app, member.email, member.password);
    expect((await t.app.inject({ url: '/api/user/sessions', headers: bearer(phone) })).statusCode).toBe(200);
    await enrol(t, before);
    expect((await t.app.inject({ url: '/api/user/sessions', headers: bearer(phone) })).statusCode).toBe(401);
    const sessions = await t.app.inject({ url: '/api/user/sessions', headers: bearer(before) });
    expect(sessions.statusCode).toBe(200);
    expect(sessions.json().data).toHaveLength(1);
  });

  it('the user gets a mail when it is turned on, turned off, reset by an administrator, and when a recovery code is used', async () => {
    const member = await createAccount(t.db);
    const token = await login(t.app, member.email, member.password);
    const { secret, recoveryCodes } = await enrol(t, token);
    expect((await sentMail(t, member.email, 'Totrinnsinnlogging er slått på')).html).toContain('Innlogginger du hadde fra før, er avsluttet.');
    const used = await post(t, '/api/user/login/2fa', { challenge: await challengeFor(t, member.email, member.password), recovery_code: recoveryCodes[0] });
    expect(used.statusCode).toBe(200);
    expect((await sentMail(t, member.email, 'En gjenopprettingskode er brukt')).html).toContain('du har 9 ubrukte koder igjen');
    const off = await post(t, '/api/user/2fa/disable', { code: await codeAt(secret, 1) }, used.json().access_token);
    expect(off.statusCode).toBe(200);
    await sentMail(t, member.email, 'Totrinnsinnlogging er slått av');

    const staff = await createAccount(t.db, { role_id: 5 });
    await enrol(t, await login(t.app, staff.email, staff.password));
    const admin = await createAccount(t.db, { role_id: 5 });
    expect((await post(t, `/api/user/${staff.id}/2fa/reset`, {}, await login(t.app, admin.email, admin.password))).statusCode).toBe(200);
    await sentMail(t, staff.email, 'Totrinnsinnlogging er slått av');
    expect(await subjectsTo(t, staff.email)).toEqual(['Totrinnsinnlogging er slått på', 'Totrinnsinnlogging er slått av']);
  });
});

describe('signing in with a second step', () => {
  it('a right password answers a challenge and no token; the code completes the login', async () => {
    const staff = await createAccount(t.db, { role_id: 4, first_name: 'Sigrid' });
    const { secret } = await enrol(t, await login(t.app, staff.email, staff.password));
    const response = await post(t, '/api/user/login', { email: staff.email, password: staff.password, remember: true });
    expect(response.json().access_token).toBeUndefined();
    const challenge = response.json().challenge;
    // One code for all three tries: computed again, it could belong to the next 30 s step on a slow machine.
    const code = await codeAt(secret, 1);
    const done = await post(t, '/api/user/login/2fa', { challenge, code });
    expect(done.statusCode).toBe(200);
    const body = done.json();
    expect(body).toMatchObject({ user_id: staff.id, first_name: 'Sigrid', role: { id: 4 } });
    expect((new Date(body.expires_at).getTime() - Date.now()) / 86_400_000).toBeGreaterThan(29);
    expect((await t.app.inject({ url: '/api/member/list', headers: bearer(body.access_token) })).statusCode).toBe(200);
    // The challenge is used up, and the same code cannot be used again in its window.
    const again = await post(t, '/api/user/login/2fa', { challenge, code });
    expect(again.statusCode).toBe(401);
    const other = await challengeFor(t, staff.email, staff.password);
    const replay = await post(t, '/api/user/login/2fa', { challenge: other, code });
    expect(replay.statusCode).toBe(422);
  });

  it('a recovery code works once', async () => {
    const member = await createAccount(t.db);
    const { recoveryCodes } = await enrol(t, await login(t.app, member.email, member.password));
    const first = await post(t, '/api/user/login/2fa', {
      challenge: await challengeFor(t, member.email, member.password),
      recovery_code: recoveryCodes[3].toUpperCase(),
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().user_id).toBe(member.id);
    const second = await post(t, '/api/user/login/2fa', { challenge: await challengeFor(t, member.email, member.password), recovery_code: recoveryCodes[3] });
    expect(second.statusCode).toBe(422);
    expect(second.json().errors.recovery_code).toEqual(['Feil kode. Prøv igjen.']);
  });

  it('an unknown or expired challenge is refused', async () => {
    const member = await createAccount(t.db);
    const { secret } = await enrol(t, await login(t.app, member.email, member.password));
    const challenge = await challengeFor(t, member.email, member.password);
    await t.db.query("UPDATE sign_in_challenges SET expires_at = now() - interval '1 second'");
    const expired = await post(t, '/api/user/login/2fa', { challenge, code: await codeAt(secret, 1) });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe('Innloggingen er utløpt. Logg inn på nytt.');
    const { cleanUp } = await import('../../server/jobs/cleanup.ts');
    expect((await cleanUp(t.db)).signInChallenges).toBeGreaterThanOrEqual(1);
  });

  it('wrong codes are rate limited like passwords: the 6th within a minute gets 429, even when right', async () => {
    const member = await createAccount(t.db);
    const { secret } = await enrol(t, await login(t.app, member.email, member.password));
    const challenge = await challengeFor(t, member.email, member.password);
    const right = await codeAt(secret, 1);
    const wrongCode = right === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) expect((await post(t, '/api/user/login/2fa', { challenge, code: wrongCode })).statusCode).toBe(422);
    const sixth = await post(t, '/api/user/login/2fa', { challenge, code: right });
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('parallel guesses at one challenge: at most the limit are checked', async () => {
    const member = await createAccount(t.db);
    await enrol(t, await login(t.app, member.email, member.password));
    const challenge = await challengeFor(t, member.email, member.password);
    const responses = await Promise.all(Array.from({ length: 15 }, (_, i) => post(t, '/api/user/login/2fa', { challenge, code: String(100000 + i) })));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15 - t.config.loginAttemptsPerMinute);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(1);
  });
});

describe('wrong codes count per challenge and per device', () => {
  it('someone with the password who spends the account’s hour of wrong codes does not lock the owner’s right code out of their browser', async () => {
    const member = await createAccount(t.db);
    const first = await post(t, '/api/user/login', { email: member.email, password: member.password });
    const cookie = first.cookies.find((one) => one.name.startsWith('device_'))!;
    const { secret } = await enrol(t, first.json().access_token);
    const right = await codeAt(secret, 1);
    const wrongCode = right === '123456' ? '654321' : '123456';
    // Five new browsers with the password, five wrong codes each: past the account's hour (20).
    const statuses: number[] = [];
    for (let browser = 0; browser < 5; browser++) {
      const address = `203.0.113.${100 + browser}`;
      const challenge = await challengeFor(t, member.email, member.password, address);
      for (let i = 0; i < 5; i++)
        statuses.push((await post(t, '/api/user/login/2fa', { challenge, code: wrongCode }, undefined, { remoteAddress: address })).statusCode);
    }
    expect(statuses.filter((status) => status === 422)).toHaveLength(20);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    // A new browser waits out the account's hour ...
    const stranger = await challengeFor(t, member.email, member.password, '203.0.113.120');
    expect((await post(t, '/api/user/login/2fa', { challenge: stranger, code: right }, undefined, { remoteAddress: '203.0.113.120' })).statusCode).toBe(429);
    // ... the owner's browser does not.
    const own = await post(t, '/api/user/login', { email: member.email, password: member.password }, undefined, { cookies: { [cookie.name]: cookie.value } });
    const done = await post(t, '/api/user/login/2fa', { challenge: own.json().challenge, code: right }, undefined, {
      cookies: { [cookie.name]: cookie.value },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().user_id).toBe(member.id);
  });

  it('a challenge takes five codes; then the password must be given again', async () => {
    const member = await createAccount(t.db);
    const { secret } = await enrol(t, await login(t.app, member.email, member.password));
    const challenge = await challengeFor(t, member.email, member.password);
    const right = await codeAt(secret, 1);
    const wrongCode = right === '123456' ? '654321' : '123456';
    // From five addresses, so no address reaches its minute's count.
    for (let i = 0; i < 5; i++)
      expect((await post(t, '/api/user/login/2fa', { challenge, code: wrongCode }, undefined, { remoteAddress: `198.51.100.${i + 1}` })).statusCode).toBe(422);
    const ended = await post(t, '/api/user/login/2fa', { challenge, code: right }, undefined, { remoteAddress: '198.51.100.9' });
    expect(ended.statusCode).toBe(401);
    expect(ended.json().message).toBe('For mange feil koder. Logg inn på nytt.');
  });
});

describe('enforcement for staff (STAFF_2FA_REQUIRED)', () => {
  it('is on by default only with NODE_ENV=production', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).staffTwoFactorRequired).toBe(true);
    expect(loadConfig({}).staffTwoFactorRequired).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', STAFF_2FA_REQUIRED: '0' }).staffTwoFactorRequired).toBe(false);
    expect(t.config.staffTwoFactorRequired).toBe(false);
    expect(() => loadConfig({ SECRET_KEY: 'kort' })).toThrow(/SECRET_KEY/);
  });

  it('staff without it get an enrolment link by e-mail, not a sign-in on the password alone; the link works once', async () => {
    const staff = await createAccount(required.db, { role_id: 5 });
    const response = await post(required, '/api/user/login', { email: staff.email, password: staff.password });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      two_factor_enrolment_mailed: true,
      message: 'Ansatte må bruke totrinnsinnlogging. Vi har sendt deg en e-post med en lenke for å sette den opp; lenken virker i 30 minutter.',
    });
    expect(await required.db.query('SELECT 1 FROM access_tokens WHERE account_id = $1', [staff.id])).toEqual([]);
    const mail = await sentMail(required, staff.email, 'Sett opp totrinnsinnlogging');
    const href = /href="([^"]+)"/.exec(mail.html ?? '')![1].replace(/&amp;/g, '&');
    const link = new URL(href);
    expect(link.origin).toBe('http://portal.test');
    const linkToken = link.searchParams.get('enrol')!;
    // Stored hashed, like reset links; the message log shows no link.
    const [stored] = await required.db.query<{ token_hash: string }>('SELECT token_hash FROM two_factor_enrolment_links WHERE account_id = $1', [staff.id]);
    expect(stored.token_hash).not.toContain(linkToken);
    const [logged] = await required.db.query<{ content: string }>(
      "SELECT content FROM message_log WHERE email_to = $1 AND subject = 'Sett opp totrinnsinnlogging'",
      [staff.email],
    );
    expect(logged.content).not.toContain(linkToken);

    const opened = await post(required, '/api/user/2fa/enrolment', { token: linkToken });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().two_factor_setup_required).toBe(true);
    const token = opened.json().access_token as string;
    const again = await post(required, '/api/user/2fa/enrolment', { token: linkToken });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.token).toEqual(['Lenken for å sette opp totrinnsinnlogging er ugyldig, brukt eller utløpt. Logg inn på nytt for å få en ny.']);
    for (const url of ['/api/member/list', '/api/user/sessions', '/api/emails/template/list']) {
      const refused = await required.app.inject({ url, headers: bearer(token) });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toEqual({ message: 'Du må slå på totrinnsinnlogging før du kan fortsette.', two_factor_setup_required: true });
    }
    const status = await required.app.inject({ url: '/api/user/2fa', headers: bearer(token) });
    expect(status.json()).toEqual({ data: { enabled: false, required: true } });
    const { secret } = await enrol(required, token);
    expect((await required.app.inject({ url: '/api/member/list', headers: bearer(token) })).statusCode).toBe(200);
    // Required: it cannot be turned off.
    const off = await post(required, '/api/user/2fa/disable', { code: await codeAt(secret, 1) }, token);
    expect(off.statusCode).toBe(409);
    // Enrolled, the password leads to the code as for anyone.
    await challengeFor(required, staff.email, staff.password);
  });

  it('an expired enrolment link is refused', async () => {
    const staff = await createAccount(required.db, { role_id: 4 });
    await post(required, '/api/user/login', { email: staff.email, password: staff.password });
    const mail = await sentMail(required, staff.email, 'Sett opp totrinnsinnlogging');
    const linkToken = new URL(/href="([^"]+)"/.exec(mail.html ?? '')![1].replace(/&amp;/g, '&')).searchParams.get('enrol');
    await required.db.query("UPDATE two_factor_enrolment_links SET expires_at = now() - interval '1 second' WHERE account_id = $1", [staff.id]);
    expect((await post(required, '/api/user/2fa/enrolment', { token: linkToken })).statusCode).toBe(422);
    expect((await post(required, '/api/user/2fa/enrolment', { token: 'x'.repeat(64) })).statusCode).toBe(422);
  });

  it('members are not required, and may enrol', async () => {
    const member = await createAccount(required.db);
    const response = await post(required, '/api/user/login', { email: member.email, password: member.password });
    expect(response.json().two_factor_setup_required).toBeUndefined();
    const token = response.json().access_token as string;
    expect((await required.app.inject({ url: `/api/member/${member.id}`, headers: bearer(token) })).statusCode).toBe(200);
    await enrol(required, token);
    await challengeFor(required, member.email, member.password);
  });
});

describe('turning it off and the administrator’s reset', () => {
  it('turning it off needs a current code', async () => {
    const member = await createAccount(t.db);
    const token = await login(t.app, member.email, member.password);
    const { secret } = await enrol(t, token);
    const right = await codeAt(secret, 1);
    const wrong = await post(t, '/api/user/2fa/disable', { code: right === '222222' ? '333333' : '222222' }, token);
    expect(wrong.statusCode).toBe(422);
    const missing = await post(t, '/api/user/2fa/disable', {}, token);
    expect(missing.statusCode).toBe(422);
    const off = await post(t, '/api/user/2fa/disable', { code: right }, token);
    expect(off.statusCode).toBe(200);
    const plain = await post(t, '/api/user/login', { email: member.email, password: member.password });
    expect(plain.json().access_token).toEqual(expect.any(String));
  });

  it('an administrator (staff.administer) resets another staff user’s two-factor sign-in; role 3 and 4 may not', async () => {
    const target = await createAccount(t.db, { role_id: 3 });
    const targetToken = await login(t.app, target.email, target.password);
    await enrol(t, targetToken);
    const admin = await createAccount(t.db, { role_id: 5 });
    const leader = await createAccount(t.db, { role_id: 4 });
    const member = await createAccount(t.db);
    const refused = await post(t, `/api/user/${target.id}/2fa/reset`, {}, await login(t.app, leader.email, leader.password));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ right: 'staff.administer', message: expect.stringContaining('(staff.administer)') });
    const adminToken = await login(t.app, admin.email, admin.password);
    // The administrator sees the staff and whose two-factor sign-in is on; others may not list them.
    const staffList = await t.app.inject({ url: '/api/user/staff/2fa', headers: bearer(adminToken) });
    expect(staffList.json().data).toContainEqual({ id: target.id, first_name: 'Kari', last_name: 'Nordmann', email: target.email, two_factor: true });
    expect(staffList.json().data.map((row: { id: number }) => row.id)).not.toContain(member.id);
    expect((await t.app.inject({ url: '/api/user/staff/2fa', headers: bearer(targetToken) })).statusCode).toBe(403);
    expect((await post(t, `/api/user/${member.id}/2fa/reset`, {}, adminToken)).statusCode).toBe(404);
    const reset = await post(t, `/api/user/${target.id}/2fa/reset`, {}, adminToken);
    expect(reset.statusCode).toBe(200);
    // Their sign-ins end, the next sign-in asks for no code, and the history records who reset it.
    expect((await t.app.inject({ url: '/api/member/list', headers: bearer(targetToken) })).statusCode).toBe(401);
    expect((await post(t, '/api/user/login', { email: target.email, password: target.password })).json().access_token).toEqual(expect.any(String));
    const history = await t.db.query<{ changed_by: number; changes: unknown }>('SELECT changed_by, changes FROM member_changes WHERE member_id = $1', [
      target.id,
    ]);
    expect(history).toEqual([{ changed_by: admin.id, changes: { two_factor: [true, false] } }]);
  });
});

describe('active sign-ins', () => {
  it('lists one’s own sign-ins with device, place and the current one, and ends one; another’s id is 404', async () => {
    const staff = await createAccount(t.db, { role_id: 5 });
    const other = await createAccount(t.db, { role_id: 5 });
    const phone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
    const desktop = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    const first = (
      await post(t, '/api/user/login', { email: staff.email, password: staff.password }, undefined, {
        remoteAddress: '203.0.113.9',
        headers: { 'user-agent': phone },
      })
    ).json().access_token as string;
    const second = (
      await post(t, '/api/user/login', { email: staff.email, password: staff.password }, undefined, {
        remoteAddress: '192.168.1.20',
        headers: { 'user-agent': desktop },
      })
    ).json().access_token as string;
    const otherToken = await login(t.app, other.email, other.password);
    const list = await t.app.inject({ url: '/api/user/sessions', headers: bearer(second) });
    expect(list.statusCode).toBe(200);
    const sessions = list.json().data as {
      id: number;
      current: boolean;
      ip: string;
      device: string;
      place: string;
      user_agent: string;
      created_at: string;
      last_used_at: string | null;
    }[];
    expect(sessions).toHaveLength(2);
    const current = sessions.find((session) => session.current)!;
    const phoneSession = sessions.find((session) => !session.current)!;
    expect(current).toMatchObject({ ip: '192.168.1.20', device: 'Chrome på Windows', place: 'Lokalt nettverk', user_agent: desktop });
    expect(phoneSession).toMatchObject({ ip: '203.0.113.9', device: 'Safari på iPhone', place: '203.0.113.9' });
    expect(Date.parse(current.created_at)).toBeGreaterThan(Date.now() - 60_000);

    const otherSessions = (await t.app.inject({ url: '/api/user/sessions', headers: bearer(otherToken) })).json().data as { id: number }[];
    const notMine = await t.app.inject({ method: 'DELETE', url: `/api/user/sessions/${otherSessions[0].id}`, headers: bearer(second) });
    expect(notMine.statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/user/sessions', headers: bearer(otherToken) })).statusCode).toBe(200);

    const ended = await t.app.inject({ method: 'DELETE', url: `/api/user/sessions/${phoneSession.id}`, headers: bearer(second) });
    expect(ended.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/member/list', headers: bearer(first) })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/user/sessions', headers: bearer(second) })).json().data).toHaveLength(1);
  });
});

describe('an account under attack is slowed, not locked', () => {
  // Five wrong passwords an hour for an account before it is slowed; waits of at most 30 s.
  let slowed: TestContext;
  beforeAll(async () => {
    slowed = await buildTestApp({ env: { LOGIN_FAILURES_PER_ACCOUNT_PER_HOUR: '5', LOGIN_SLOWDOWN_MAX_SECONDS: '30' } });
  }, 120_000);
  afterAll(async () => slowed?.close());
  const gateOf = (email: string) => `login:gate:${email.toLowerCase()}`;
  /** The account's running wait lasts a quarter of an hour (as under a steady stream of guesses). */
  const keepWaiting = (email: string) => slowed.db.query("UPDATE rate_limits SET window_ends = now() + interval '15 minutes' WHERE key = $1", [gateOf(email)]);

  it('guesses from many addresses get growing waits; the owner’s browser with its device cookie gets straight in', async () => {
    const owner = await createAccount(slowed.db, { role_id: 5 });
    const signIn = (password: string, remoteAddress: string, cookies?: Record<string, string>) =>
      post(slowed, '/api/user/login', { email: owner.email, password }, undefined, { remoteAddress, cookies });
    const gateWait = async () =>
      Number(
        (
          await slowed.db.query<{ wait: number }>('SELECT extract(epoch FROM window_ends - now())::float8 AS wait FROM rate_limits WHERE key = $1', [
            gateOf(owner.email),
          ])
        )[0].wait,
      );
    const first = await signIn(owner.password, '198.51.100.50');
    const cookie = first.cookies.find((one) => one.name.startsWith('device_'))!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/user/login' });

    // Five addresses, one guess each: the hour's count for the account.
    for (let i = 0; i < 5; i++) expect((await signIn('feil-passord', `203.0.113.${1 + (i % 5)}`)).statusCode).toBe(401);
    const waits: number[] = [];
    for (let round = 0; round < 4; round++) {
      waits.push(await gateWait());
      // While the wait runs, a guess is answered with the e-mailed code step: it learns nothing.
      const slow = await signIn('feil-passord', `203.0.113.${1 + (round % 5)}`);
      expect(slow.statusCode).toBe(200);
      expect(slow.json()).toEqual({ email_code_required: true, challenge: expect.any(String) });
      // The wait passes: one more guess is checked, and the next wait is longer.
      await slowed.db.query('UPDATE rate_limits SET window_ends = now() WHERE key = $1', [gateOf(owner.email)]);
      expect((await signIn('feil-passord', `203.0.113.${1 + (round % 5)}`)).statusCode).toBe(401);
    }
    // 2, 4, 8, 16 seconds (a second less when the machine is slow to send the next guess).
    waits.forEach((wait, i) => {
      expect(wait).toBeLessThanOrEqual(2 ** (i + 1));
      expect(wait).toBeGreaterThanOrEqual(2 ** (i + 1) - 1);
    });
    for (let i = 0; i < 3; i++) await signIn('feil-passord', '203.0.113.7');
    expect(await gateWait()).toBeLessThanOrEqual(30);
    // No mail went out for any wrong password.
    expect(await subjectsTo(slowed, owner.email)).toEqual([]);

    // The owner's browser is let through.
    const withCookie = await signIn(owner.password, '198.51.100.51', { [cookie.name]: cookie.value });
    expect(withCookie.statusCode).toBe(200);
    expect(withCookie.json().access_token).toEqual(expect.any(String));

    // A cookie made for another account, or altered, counts for nothing: the e-mailed code is asked for.
    const other = await createAccount(slowed.db);
    const otherCookie = (await post(slowed, '/api/user/login', { email: other.email, password: other.password })).cookies.find((one) =>
      one.name.startsWith('device_'),
    )!;
    expect((await signIn(owner.password, '198.51.100.53', { [cookie.name]: otherCookie.value })).json().email_code_required).toBe(true);
    expect((await signIn(owner.password, '198.51.100.53', { [cookie.name]: `${cookie.value.slice(0, -2)}xx` })).json().email_code_required).toBe(true);
  });

  it('the owner’s right password from a new browser while the account is slowed proceeds to an e-mailed code, not 429', async () => {
    const owner = await createAccount(slowed.db, { first_name: 'Ola' });
    const signIn = (password: string, remoteAddress: string) => post(slowed, '/api/user/login', { email: owner.email, password }, undefined, { remoteAddress });
    // One wrong password a second from many addresses keeps the account slowed.
    for (let i = 0; i < 12; i++) await signIn('feil-passord', `203.0.113.${100 + i}`);
    await keepWaiting(owner.email);
    const wrong = await signIn('feil-passord', '198.51.100.70');
    const right = await signIn(owner.password, '198.51.100.71');
    expect(right.statusCode).toBe(200);
    // The same answer for a wrong password: a guess cannot tell whether it was right.
    expect(wrong.statusCode).toBe(200);
    expect(Object.keys(wrong.json())).toEqual(Object.keys(right.json()));
    expect(right.json()).toEqual({ email_code_required: true, challenge: expect.any(String) });
    expect(right.json().access_token).toBeUndefined();

    const mail = await sentMail(slowed, owner.email, 'Koden din for å logge inn');
    const code = /<strong>(\d{6})<\/strong>/.exec(mail.html ?? '')![1];
    // The message log, which staff read, does not show the code; only one mail went out.
    const logged = await slowed.db.query<{ content: string }>('SELECT content FROM message_log WHERE email_to = $1', [owner.email]);
    expect(logged).toHaveLength(1);
    expect(logged[0].content).not.toContain(code);
    expect(logged[0].content).toContain('[kode fjernet]');

    // The wrong password's challenge takes no code, not even the mailed one.
    expect(
      (await post(slowed, '/api/user/login/2fa', { challenge: wrong.json().challenge, code }, undefined, { remoteAddress: '198.51.100.70' })).statusCode,
    ).toBe(422);
    const other = code === '000000' ? '000001' : '000000';
    const wrongCode = await post(slowed, '/api/user/login/2fa', { challenge: right.json().challenge, code: other }, undefined, {
      remoteAddress: '198.51.100.71',
    });
    expect(wrongCode.statusCode).toBe(422);
    expect(wrongCode.json().errors.code).toEqual(['Feil kode. Prøv igjen.']);
    const done = await post(slowed, '/api/user/login/2fa', { challenge: right.json().challenge, code }, undefined, { remoteAddress: '198.51.100.71' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ user_id: owner.id, first_name: 'Ola', access_token: expect.any(String) });
    // The browser is remembered: its next sign-in goes straight in.
    const cookie = done.cookies.find((one) => one.name.startsWith('device_'))!;
    const next = await post(slowed, '/api/user/login', { email: owner.email, password: owner.password }, undefined, {
      remoteAddress: '198.51.100.71',
      cookies: { [cookie.name]: cookie.value },
    });
    expect(next.json().access_token).toEqual(expect.any(String));
  });

  it('with two-factor sign-in on, the e-mailed code leads on to the app’s code', async () => {
    const owner = await createAccount(slowed.db);
    const { secret } = await enrol(slowed, await login(slowed.app, owner.email, owner.password));
    for (let i = 0; i < 6; i++)
      await post(slowed, '/api/user/login', { email: owner.email, password: 'feil-passord' }, undefined, { remoteAddress: `203.0.113.${150 + i}` });
    await keepWaiting(owner.email);
    const right = await post(slowed, '/api/user/login', { email: owner.email, password: owner.password }, undefined, { remoteAddress: '198.51.100.80' });
    expect(right.json().email_code_required).toBe(true);
    const code = /<strong>(\d{6})<\/strong>/.exec((await sentMail(slowed, owner.email, 'Koden din for å logge inn')).html ?? '')![1];
    const next = await post(slowed, '/api/user/login/2fa', { challenge: right.json().challenge, code });
    expect(next.json()).toEqual({ two_factor_required: true, challenge: expect.any(String) });
    const done = await post(slowed, '/api/user/login/2fa', { challenge: next.json().challenge, code: await codeAt(secret, 1) });
    expect(done.json().user_id).toBe(owner.id);
  });

  it('parallel guesses from many addresses at a slowed account: one at a time is checked', async () => {
    const owner = await createAccount(slowed.db);
    const guess = (i: number) =>
      post(slowed, '/api/user/login', { email: owner.email, password: 'feil-passord' }, undefined, { remoteAddress: `198.18.0.${i + 1}` });
    const responses = await Promise.all(Array.from({ length: 25 }, (_, i) => guess(i)));
    const statuses = responses.map((response) => response.statusCode);
    // The hour's count, plus at most the one guess the open gate lets through; the rest are
    // answered with the e-mailed code step, which tells nothing.
    expect(statuses.filter((status) => status === 401).length).toBeGreaterThanOrEqual(5);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(6);
    const stepped = responses.filter((response) => response.statusCode === 200);
    expect(stepped.length).toBeGreaterThanOrEqual(19);
    for (const response of stepped) expect(response.json().email_code_required).toBe(true);
    expect(await subjectsTo(slowed, owner.email)).toEqual([]);
  });
});

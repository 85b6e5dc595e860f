import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { bearer, buildTestApp, createAccount, login, type TestContext } from './helpers.ts';
import { loadConfig } from '../../server/config.ts';

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
const post = (c: Ctx, url: string, payload: object, token?: string, extra: { remoteAddress?: string; headers?: Record<string, string>; cookies?: Record<string, string> } = {}) =>
  c.app.inject({ method: 'POST', url, payload, headers: { ...(token ? bearer(token) : {}), ...extra.headers }, remoteAddress: extra.remoteAddress, cookies: extra.cookies });

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

async function challengeFor(c: Ctx, email: string, password: string, remoteAddress?: string) {
  const response = await post(c, '/api/user/login', { email, password }, undefined, { remoteAddress });
  expect(response.statusCode).toBe(200);
  const body = response.json();
  expect(body).toEqual({ two_factor_required: true, challenge: expect.any(String) });
  return body.challenge as string;
}

describe('enrolment', () => {
  it('gives a key and an otpauth address, is confirmed by one code, and answers ten single-use recovery codes', async () => {
    const staff = await createAccount(t.db, { role_id: 3 });
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

describe('signing in with a second step', () => {
  it('a right password answers a challenge and no token; the code completes the login', async () => {
    const staff = await createAccount(t.db, { role_id: 4, first_name: 'Sigrid' });
    const { secret } = await enrol(t, await login(t.app, staff.email, staff.password));
    const response = await post(t, '/api/user/login', { email: staff.email, password: staff.password, remember: true });
    expect(response.json().access_token).toBeUndefined();
    const challenge = response.json().challenge;
    const done = await post(t, '/api/user/login/2fa', { challenge, code: await codeAt(secret, 1) });
    expect(done.statusCode).toBe(200);
    const body = done.json();
    expect(body).toMatchObject({ user_id: staff.id, first_name: 'Sigrid', role: { id: 4 } });
    expect((new Date(body.expires_at).getTime() - Date.now()) / 86_400_000).toBeGreaterThan(29);
    expect((await t.app.inject({ url: '/api/member/list', headers: bearer(body.access_token) })).statusCode).toBe(200);
    // The challenge is used up, and the same code cannot be used again in its window.
    const again = await post(t, '/api/user/login/2fa', { challenge, code: await codeAt(secret, 1) });
    expect(again.statusCode).toBe(401);
    const other = await challengeFor(t, staff.email, staff.password);
    const replay = await post(t, '/api/user/login/2fa', { challenge: other, code: await codeAt(secret, 1) });
    expect(replay.statusCode).toBe(422);
  });

  it('a recovery code works once', async () => {
    const member = await createAccount(t.db);
    const { recoveryCodes } = await enrol(t, await login(t.app, member.email, member.password));
    const first = await post(t, '/api/user/login/2fa', { challenge: await challengeFor(t, member.email, member.password), recovery_code: recoveryCodes[3].toUpperCase() });
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
    const responses = await Promise.all(
      Array.from({ length: 15 }, (_, i) => post(t, '/api/user/login/2fa', { challenge, code: String(100000 + i) })),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15 - t.config.loginAttemptsPerMinute);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(1);
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

  it('staff without it reach no staff route until enrolled; afterwards the same sign-in works', async () => {
    const staff = await createAccount(required.db, { role_id: 3 });
    const response = await post(required, '/api/user/login', { email: staff.email, password: staff.password });
    expect(response.statusCode).toBe(200);
    expect(response.json().two_factor_setup_required).toBe(true);
    const token = response.json().access_token as string;
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

  it('an administrator (role 5) resets another staff user’s two-factor sign-in; role 3 and 4 may not', async () => {
    const target = await createAccount(t.db, { role_id: 3 });
    const targetToken = await login(t.app, target.email, target.password);
    await enrol(t, targetToken);
    const admin = await createAccount(t.db, { role_id: 5 });
    const leader = await createAccount(t.db, { role_id: 4 });
    const member = await createAccount(t.db);
    const refused = await post(t, `/api/user/${target.id}/2fa/reset`, {}, await login(t.app, leader.email, leader.password));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Bare administratorer kan tilbakestille totrinnsinnlogging.');
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
    const history = await t.db.query<{ changed_by: number; changes: unknown }>('SELECT changed_by, changes FROM member_changes WHERE member_id = $1', [target.id]);
    expect(history).toEqual([{ changed_by: admin.id, changes: { two_factor: [true, false] } }]);
  });
});

describe('active sign-ins', () => {
  it('lists one’s own sign-ins with device, place and the current one, and ends one; another’s id is 404', async () => {
    const staff = await createAccount(t.db, { role_id: 3 });
    const other = await createAccount(t.db, { role_id: 3 });
    const phone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
    const desktop = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    const first = (await post(t, '/api/user/login', { email: staff.email, password: staff.password }, undefined, { remoteAddress: '203.0.113.9', headers: { 'user-agent': phone } })).json().access_token as string;
    const second = (await post(t, '/api/user/login', { email: staff.email, password: staff.password }, undefined, { remoteAddress: '192.168.1.20', headers: { 'user-agent': desktop } })).json().access_token as string;
    const otherToken = await login(t.app, other.email, other.password);
    const list = await t.app.inject({ url: '/api/user/sessions', headers: bearer(second) });
    expect(list.statusCode).toBe(200);
    const sessions = list.json().data as { id: number; current: boolean; ip: string; device: string; place: string; user_agent: string; created_at: string; last_used_at: string | null }[];
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
  it('guesses from many addresses get growing waits; the owner’s browser with its device cookie gets straight in', async () => {
    const slowed = await buildTestApp({ env: { LOGIN_FAILURES_PER_ACCOUNT_PER_HOUR: '10', LOGIN_SLOWDOWN_MAX_SECONDS: '30' } });
    try {
      const owner = await createAccount(slowed.db, { role_id: 5 });
      const signIn = (password: string, remoteAddress: string, cookies?: Record<string, string>) =>
        post(slowed, '/api/user/login', { email: owner.email, password }, undefined, { remoteAddress, cookies });
      const first = await signIn(owner.password, '198.51.100.50');
      const cookie = first.cookies.find((one) => one.name.startsWith('device_'))!;
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/user/login' });

      // Five addresses, two guesses each: the hour's count for the account.
      for (let i = 0; i < 10; i++) expect((await signIn('feil-passord', `203.0.113.${1 + (i % 5)}`)).statusCode).toBe(401);
      const waits: number[] = [];
      for (let round = 0; round < 4; round++) {
        const slow = await signIn('feil-passord', `203.0.113.${1 + (round % 5)}`);
        expect(slow.statusCode).toBe(429);
        waits.push(Number(slow.headers['retry-after']));
        // The wait passes: one more guess is checked, and the next wait is longer.
        await slowed.db.query("UPDATE rate_limits SET window_ends = now() WHERE key LIKE 'login:gate:%'");
        expect((await signIn('feil-passord', `203.0.113.${1 + (round % 5)}`)).statusCode).toBe(401);
      }
      // 2, 4, 8, 16 seconds (a second less when the machine is slow to send the next guess).
      waits.forEach((wait, i) => {
        expect(wait).toBeLessThanOrEqual(2 ** (i + 1));
        expect(wait).toBeGreaterThanOrEqual(2 ** (i + 1) - 1);
      });
      const capped = await signIn('feil-passord', '203.0.113.7');
      expect(Number(capped.headers['retry-after'])).toBeLessThanOrEqual(30);

      // The owner's browser is let through; without the cookie the owner waits seconds, not an hour.
      const withCookie = await signIn(owner.password, '198.51.100.51', { [cookie.name]: cookie.value });
      expect(withCookie.statusCode).toBe(200);
      const elsewhere = await signIn(owner.password, '198.51.100.52');
      expect(elsewhere.statusCode).toBe(429);
      expect(Number(elsewhere.headers['retry-after'])).toBeLessThanOrEqual(30);

      // A cookie made for another account, or altered, counts for nothing.
      const other = await createAccount(slowed.db);
      const otherCookie = (await post(slowed, '/api/user/login', { email: other.email, password: other.password })).cookies.find((one) => one.name.startsWith('device_'))!;
      expect((await signIn(owner.password, '198.51.100.53', { [cookie.name]: otherCookie.value })).statusCode).toBe(429);
      expect((await signIn(owner.password, '198.51.100.53', { [cookie.name]: `${cookie.value.slice(0, -2)}xx` })).statusCode).toBe(429);
    } finally {
      await slowed.close();
    }
  });

  it('parallel guesses from many addresses at a slowed account: one at a time is checked', async () => {
    const slowed = await buildTestApp({ env: { LOGIN_FAILURES_PER_ACCOUNT_PER_HOUR: '5' } });
    try {
      const owner = await createAccount(slowed.db);
      const guess = (i: number) => post(slowed, '/api/user/login', { email: owner.email, password: 'feil-passord' }, undefined, { remoteAddress: `198.18.0.${i + 1}` });
      const responses = await Promise.all(Array.from({ length: 25 }, (_, i) => guess(i)));
      const statuses = responses.map((response) => response.statusCode);
      // The hour's count, plus at most the one guess the open gate lets through.
      expect(statuses.filter((status) => status === 401).length).toBeGreaterThanOrEqual(5);
      expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(6);
      expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(19);
    } finally {
      await slowed.close();
    }
  });
});

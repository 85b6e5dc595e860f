import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createAccount, login, type TestContext } from './helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('sign-in', () => {
  it('answers the login fields for a member', async () => {
    const member = await createAccount(t.db, { role_id: 2, first_name: 'Ola', last_name: 'Hansen' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: member.email, password: member.password, remember: false },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ user_id: member.id, registration_completed: 1, first_name: 'Ola', last_name: 'Hansen', role: { id: 2 } });
    expect(body.access_token).toMatch(/^\d+\|[A-Za-z0-9]{40}$/);
    const me = await t.app.inject({ url: `/api/member/${member.id}`, headers: bearer(body.access_token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.email).toBe(member.email);
  });

  it('refuses a wrong password and an unknown e-mail alike, in Norwegian', async () => {
    const member = await createAccount(t.db);
    const wrong = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email: member.email, password: 'feil-passord' } });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email: 'ingen@example.no', password: 'feil-passord' } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().error).toBe('Feil e-post eller passord.');
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('a token stops working after logout', async () => {
    const member = await createAccount(t.db);
    const token = await login(t.app, member.email, member.password);
    const out = await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ url: `/api/member/${member.id}`, headers: bearer(token) });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: 'Unauthenticated.' });
  });
});

describe('token lifetime', () => {
  it('an expired token is refused', async () => {
    const { createAccessToken } = await import('../../server/lib/tokens.ts');
    const member = await createAccount(t.db);
    const thirteenHoursAgo = new Date(Date.now() - 13 * 60 * 60 * 1000);
    const { token } = await createAccessToken(t.db, member.id, { remember: false, now: thirteenHoursAgo });
    const response = await t.app.inject({ url: `/api/member/${member.id}`, headers: bearer(token) });
    expect(response.statusCode).toBe(401);
  });

  it('remember me keeps the token for 30 days, otherwise 12 hours', async () => {
    const member = await createAccount(t.db);
    const short = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email: member.email, password: member.password } });
    const long = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email: member.email, password: member.password, remember: true } });
    const hoursLeft = (body: { expires_at: string }) => (new Date(body.expires_at).getTime() - Date.now()) / 3_600_000;
    expect(hoursLeft(short.json())).toBeGreaterThan(11.9);
    expect(hoursLeft(short.json())).toBeLessThanOrEqual(12);
    expect(hoursLeft(long.json())).toBeGreaterThan(30 * 24 - 0.1);
  });

  it('a forged secret for an existing token id is refused', async () => {
    const member = await createAccount(t.db);
    const token = await login(t.app, member.email, member.password);
    const forged = `${token.split('|')[0]}|${'A'.repeat(40)}`;
    const response = await t.app.inject({ url: `/api/member/${member.id}`, headers: bearer(forged) });
    expect(response.statusCode).toBe(401);
  });

  it('token/validate tells whether a token still works', async () => {
    const member = await createAccount(t.db);
    const token = await login(t.app, member.email, member.password);
    const valid = await t.app.inject({ method: 'POST', url: '/api/token/validate', payload: { token } });
    expect(valid.json()).toEqual({ valid: true, user_id: member.id, role: { id: 2 } });
    await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: bearer(token) });
    const revoked = await t.app.inject({ method: 'POST', url: '/api/token/validate', payload: { token } });
    expect(revoked.json()).toEqual({ valid: false });
  });
});

describe('rate limits', () => {
  it('the 6th failed attempt for one e-mail from one address within a minute gets 429 with Retry-After', async () => {
    const member = await createAccount(t.db);
    const attempt = () => t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email: member.email, password: 'feil-passord' } });
    for (let i = 0; i < 5; i++) expect((await attempt()).statusCode).toBe(401);
    const sixth = await attempt();
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect(sixth.json().message).toMatch(/For mange forsøk/);
    // Even the right password waits until the minute is over, from that address.
    const right = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email: member.email, password: member.password } });
    expect(right.statusCode).toBe(429);
  });

  it('wrong passwords from elsewhere do not lock the owner out', async () => {
    const member = await createAccount(t.db);
    for (let i = 0; i < 8; i++) {
      await t.app.inject({ method: 'POST', url: '/api/user/login', remoteAddress: '203.0.113.66', payload: { email: member.email, password: 'feil-passord' } });
    }
    const owner = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      remoteAddress: '198.51.100.7',
      payload: { email: member.email, password: member.password },
    });
    expect(owner.statusCode).toBe(200);
  });

  it('one address guessing all hour gets four minutes of tries, so it alone cannot reach the account ceiling', async () => {
    const member = await createAccount(t.db);
    const attempt = (password: string, remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: '/api/user/login', remoteAddress, payload: { email: member.email, password } });
    const minuteLater = () => t.db.query("UPDATE rate_limits SET window_ends = now() WHERE key LIKE 'login:pair:%' AND key LIKE $1", [`%${member.email}%`]);
    for (let minute = 0; minute < 4; minute++) {
      for (let i = 0; i < 5; i++) expect((await attempt('feil-passord', '203.0.113.77')).statusCode).toBe(401);
      await minuteLater();
    }
    expect((await attempt('feil-passord', '203.0.113.77')).statusCode).toBe(429);
    expect((await attempt(member.password, '198.51.100.8')).statusCode).toBe(200);
  });

  it('guesses spread over many addresses stop at the per-account ceiling', async () => {
    const limited = await buildTestApp({ env: { LOGIN_FAILURES_PER_ACCOUNT_PER_HOUR: '12' } });
    try {
      const member = await createAccount(limited.db);
      const answers: { statusCode: number; body: Record<string, unknown> }[] = [];
      for (let i = 0; i < 14; i++) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/user/login',
          remoteAddress: `203.0.113.${i + 1}`,
          payload: { email: member.email, password: 'feil-passord' },
        });
        answers.push({ statusCode: response.statusCode, body: response.json() });
      }
      expect(answers.filter((answer) => answer.statusCode === 401)).toHaveLength(12);
      // Past the ceiling a guess is answered with the e-mailed code step, whatever the password, so it learns nothing.
      expect(answers.slice(12).map((answer) => Object.keys(answer.body))).toEqual([
        ['email_code_required', 'challenge'],
        ['email_code_required', 'challenge'],
      ]);
      // Right passwords never use up the ceiling.
      const owner = await createAccount(limited.db);
      for (let i = 0; i < 14; i++) {
        const response = await limited.app.inject({ method: 'POST', url: '/api/user/login', payload: { email: owner.email, password: owner.password } });
        expect(response.statusCode).toBe(200);
      }
    } finally {
      await limited.close();
    }
  });

  it('25 parallel wrong passwords: at most the limit are checked, the rest get 429', async () => {
    const member = await createAccount(t.db);
    const responses = await Promise.all(
      Array.from({ length: 25 }, () =>
        t.app.inject({ method: 'POST', url: '/api/user/login', remoteAddress: '192.0.2.25', payload: { email: member.email, password: 'feil-passord' } }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(t.config.loginAttemptsPerMinute);
    expect(statuses.filter((status) => status === 429)).toHaveLength(25 - t.config.loginAttemptsPerMinute);
  });

  it('parallel wrong passwords spread over two server instances on one database stop at the same limit', async () => {
    const { buildApp } = await import('../../server/app.ts');
    const { createServices } = await import('../../server/plugins/services.ts');
    const second = await buildApp(createServices(t.config, t.db));
    try {
      const member = await createAccount(t.db);
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 ? second : t.app).inject({
            method: 'POST',
            url: '/api/user/login',
            remoteAddress: '192.0.2.26',
            payload: { email: member.email, password: 'feil-passord' },
          }),
        ),
      );
      expect(responses.filter((response) => response.statusCode === 401)).toHaveLength(t.config.loginAttemptsPerMinute);
    } finally {
      await second.close();
    }
  });

  it('limits failed sign-ins per IP across e-mails', async () => {
    const limited = await buildTestApp({ env: { LOGIN_ATTEMPTS_PER_IP_PER_MINUTE: '3' } });
    try {
      const attempt = (n: number) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/user/login',
          remoteAddress: '10.1.2.3',
          payload: { email: `x${n}@example.no`, password: 'feil-passord' },
        });
      for (let n = 0; n < 3; n++) expect((await attempt(n)).statusCode).toBe(401);
      expect((await attempt(4)).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('successful sign-ins from one address (an office) count only against their own, higher ceiling', async () => {
    const limited = await buildTestApp({ env: { LOGIN_ATTEMPTS_PER_IP_PER_MINUTE: '3', LOGIN_SUCCESSES_PER_IP_PER_MINUTE: '6' } });
    try {
      const signIn = async (email: string, password: string) =>
        (await limited.app.inject({ method: 'POST', url: '/api/user/login', remoteAddress: '10.9.9.9', payload: { email, password } })).statusCode;
      const colleagues = await Promise.all(Array.from({ length: 6 }, () => createAccount(limited.db)));
      for (const colleague of colleagues) expect(await signIn(colleague.email, colleague.password)).toBe(200);
      expect(await signIn(colleagues[0].email, colleagues[0].password)).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('counts are shared by every server instance on the same database', async () => {
    const { buildApp } = await import('../../server/app.ts');
    const { createServices } = await import('../../server/plugins/services.ts');
    const second = await buildApp(createServices(t.config, t.db));
    try {
      const member = await createAccount(t.db);
      const attempt = (app: typeof t.app) => app.inject({ method: 'POST', url: '/api/user/login', payload: { email: member.email, password: 'feil-passord' } });
      for (let i = 0; i < 3; i++) await attempt(t.app);
      for (let i = 0; i < 2; i++) await attempt(second);
      expect((await attempt(second)).statusCode).toBe(429);
      expect((await attempt(t.app)).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });
});

describe('blocked members', () => {
  it('can sign in and read their own record, but every other member route answers 403', async () => {
    const member = await createAccount(t.db, { blocked_access: true });
    const token = await login(t.app, member.email, member.password);
    const own = await t.app.inject({ url: `/api/member/${member.id}`, headers: bearer(token) });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.blocked_access).toBe(true);
    const change = await t.app.inject({ method: 'PATCH', url: `/api/member/${member.id}`, headers: bearer(token), payload: { first_name: 'Ny' } });
    expect(change.statusCode).toBe(403);
    expect(change.json().message).toBe('Din konto har blitt sperret!');
  });
});

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

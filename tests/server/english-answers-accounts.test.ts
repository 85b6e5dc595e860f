/**
 * Min side sends its language with every request: the same bad request is answered in English
 * with Accept-Language: en, and in Norwegian, exactly as before, without it. Signing in, the
 * blocked account, rate limits, the password reset, sign-up and two-factor sign-in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createAccount, login, type TestContext } from './helpers.ts';
import { clientAddress, signUpForm } from './factories-member-self.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const ENGLISH = { 'accept-language': 'en' };

type Json = Record<string, unknown>;
const post = (url: string, payload: Json, headers: Record<string, string> = {}, remoteAddress?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers, ...(remoteAddress ? { remoteAddress } : {}) });

describe('signing in', () => {
  it('a wrong password is answered in the language asked for, Norwegian by default', async () => {
    const member = await createAccount(t.db);
    const wrong = { email: member.email, password: 'feil-passord' };
    const english = await post('/api/user/login', wrong, ENGLISH);
    expect(english.statusCode).toBe(401);
    expect(english.json()).toEqual({ message: 'Wrong email or password.', error: 'Wrong email or password.' });
    expect(english.headers.vary).toMatch(/Accept-Language/);
    const norwegian = await post('/api/user/login', wrong);
    expect(norwegian.json()).toEqual({ message: 'Feil e-post eller passord.', error: 'Feil e-post eller passord.' });
  });

  it('takes the first language the browser prefers: English in any region, anything else Norwegian', async () => {
    const member = await createAccount(t.db);
    const wrong = { email: member.email, password: 'feil-passord' };
    const answer = async (header: string) => (await post('/api/user/login', wrong, { 'accept-language': header })).json().message;
    expect(await answer('en-GB,en;q=0.9')).toBe('Wrong email or password.');
    expect(await answer('nb,en;q=0.5')).toBe('Feil e-post eller passord.');
    expect(await answer('de')).toBe('Feil e-post eller passord.');
    expect(await answer('nb;q=0.4, en-US;q=0.8')).toBe('Wrong email or password.');
  });

  it('a blocked member is told in English', async () => {
    const member = await createAccount(t.db);
    const token = await login(t.app, member.email, member.password);
    await t.db.query('UPDATE accounts SET blocked_access = true WHERE id = $1', [member.id]);
    const english = await t.app.inject({ url: `/api/member/${member.id}/card`, headers: { ...bearer(token), ...ENGLISH } });
    expect(english.statusCode).toBe(403);
    expect(english.json().message).toBe('Your account has been blocked!');
    const norwegian = await t.app.inject({ url: `/api/member/${member.id}/card`, headers: bearer(token) });
    expect(norwegian.json().message).toBe('Din konto har blitt sperret!');
  });
});

describe('the password reset', () => {
  it('answers the request, the rate limit and a refused link in English', async () => {
    const member = await createAccount(t.db);
    const asked = await post('/api/user/password/reset', { email: member.email }, ENGLISH);
    expect(asked.json().message).toBe('If the email address is registered with us, you will soon get an email with a link to make a new password.');
    await post('/api/user/password/reset', { email: member.email });
    await post('/api/user/password/reset', { email: member.email });
    const limited = await post('/api/user/password/reset', { email: member.email }, ENGLISH);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
    expect((await post('/api/user/password/reset', { email: member.email })).json().message).toMatch(/^For mange forsøk\. Prøv igjen om \d+ sekunder\.$/);

    const change = { token: 'ikke-en-gyldig-lenke', email: member.email, password: 'nyttpassord1', password_confirmation: 'nyttpassord1' };
    const refused = await post('/api/user/password/change', change, ENGLISH);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.token).toEqual(['The link to make a new password is invalid or has expired. Ask for a new link.']);
    expect((await post('/api/user/password/change', change)).json().errors.token).toEqual([
      'Lenken for å lage nytt passord er ugyldig eller utløpt. Be om en ny lenke.',
    ]);
  });
});

describe('sign-up', () => {
  it('an e-mail already registered and the password rules, in both of the answer’s shapes', async () => {
    const existing = await createAccount(t.db);
    const form = signUpForm({ email: existing.email, password: 'kort', password_confirmation: 'annet' });
    const english = await post('/api/member/register', form, ENGLISH, clientAddress());
    expect(english.statusCode).toBe(422);
    const errors = {
      email: ['The email address is already registered. Sign in or ask for a new password.'],
      password: ['The password must be at least 8 characters'],
      password_confirmation: ['The passwords must match'],
    };
    expect(english.json()).toMatchObject({ errors, data: { error: errors } });
    expect(english.json().message).toBe('The password must be at least 8 characters (and 2 more errors)');
    const norwegian = await post('/api/member/register', form, {}, clientAddress());
    expect(norwegian.json().errors).toEqual({
      email: ['E-postadressen er allerede registrert. Logg inn eller be om nytt passord.'],
      password: ['Passord må være minst 8 tegn'],
      password_confirmation: ['Passord må være likt!'],
    });
    expect(norwegian.json().message).toBe('Passord må være minst 8 tegn (og 2 feil til)');
  });

  it('a missing or blank field and the schema’s own limits', async () => {
    const english = await post('/api/member/register', { ...signUpForm({ first_name: '   ' }), email: undefined }, ENGLISH, clientAddress());
    expect(english.json().errors.email).toEqual(['Please fill in this field']);
    const blank = await post('/api/member/register', signUpForm({ first_name: '   ' }), ENGLISH, clientAddress());
    expect(blank.json().errors).toEqual({ first_name: ['Required field'] });
    expect((await post('/api/member/register', signUpForm({ first_name: '   ' }), {}, clientAddress())).json().errors).toEqual({
      first_name: ['Påkrevd felt'],
    });
  });
});

describe('two-factor sign-in', () => {
  it('a wrong code and turning it off when it is not on', async () => {
    const member = await createAccount(t.db);
    const token = await login(t.app, member.email, member.password);
    const off = await post('/api/user/2fa/disable', { code: '123456' }, { ...bearer(token), ...ENGLISH });
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toBe('Two-step sign-in is not on.');
    expect((await post('/api/user/2fa/disable', { code: '123456' }, bearer(token))).json().message).toBe('Totrinnsinnlogging er ikke slått på.');

    expect((await post('/api/user/2fa/setup', {}, bearer(token))).statusCode).toBe(200);
    const wrong = await post('/api/user/2fa/enable', { code: '000000' }, { ...bearer(token), ...ENGLISH });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe('Wrong code. Please try again.');
  });

  it('an unknown sign-in challenge', async () => {
    const english = await post('/api/user/login/2fa', { challenge: 'x'.repeat(40), code: '123456' }, ENGLISH);
    expect(english.statusCode).toBe(401);
    expect(english.json().message).toBe('The sign-in has expired. Please sign in again.');
    expect((await post('/api/user/login/2fa', { challenge: 'x'.repeat(40), code: '123456' })).json().message).toBe('Innloggingen er utløpt. Logg inn på nytt.');
  });
});

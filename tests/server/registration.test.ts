import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createAccount, login, type TestContext } from './helpers.ts';
import { clientAddress, createCampaign, signUpForm } from './factories-member-self.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const register = (payload: Record<string, unknown>, remoteAddress = clientAddress()) =>
  t.app.inject({ method: 'POST', url: '/api/member/register', payload, remoteAddress });

const accountById = async (id: number) => (await t.db.query<Record<string, unknown>>('SELECT * FROM accounts WHERE id = $1', [id]))[0];

const accountByEmail = async (email: string) =>
  (await t.db.query<Record<string, unknown>>('SELECT * FROM accounts WHERE lower(email) = lower($1)', [email]))[0];

describe('POST /api/member/register', () => {
  it('creates a signed-in applicant with a pending membership and the campaign attached', async () => {
    const campaign = await createCampaign(t.db, { code: 'Sommer2026' });
    const form = signUpForm({ campaign_code: 'sommer2026', is_previous_member: 1 });
    const response = await register(form);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      user_id: expect.any(Number),
      registration_completed: 0,
      access_token: expect.stringMatching(/^\d+\|[A-Za-z0-9]{40}$/),
      first_name: 'Ingrid',
      last_name: form.last_name,
      role: { id: 1 },
      blocked_access: false,
      expires_at: expect.any(String),
    });

    const member = await t.app.inject({ url: `/api/member/${body.user_id}`, headers: bearer(body.access_token) });
    expect(member.statusCode).toBe(200);
    expect(member.json().data).toMatchObject({
      email: form.email,
      role_id: 1,
      status: '1',
      registration_completed: 0,
      is_previous_member: true,
      phone: form.phone.replace(/ /g, ''),
      campaign_code: campaign.code,
      subscription_membership: { state: 'pending', status: 0, product: { name: 'Medlemskap' } },
    });
    // The chosen password signs in.
    await expect(login(t.app, form.email, form.password)).resolves.toMatch(/\|/);
  });

  it('mails the registration receipt', async () => {
    const form = signUpForm();
    const response = await register(form);
    const log = await t.db.query<{ subject: string; channel: string; member_id: number }>(
      'SELECT subject, channel, member_id FROM message_log WHERE email_to = $1',
      [form.email],
    );
    expect(log).toEqual([{ subject: 'Vi har mottatt søknaden din', channel: 'email', member_id: response.json().user_id }]);
  });

  it('refuses an unknown or ended campaign code and keeps nothing', async () => {
    await createCampaign(t.db, { code: 'UTLOPT1', endsInDays: -1 });
    await createCampaign(t.db, { code: 'AVSLUTTET1', status: 0 });
    await createCampaign(t.db, { code: 'FREMTID1', startsInDays: 3 });
    for (const code of ['FINNESIKKE', 'UTLOPT1', 'AVSLUTTET1', 'FREMTID1']) {
      const form = signUpForm({ campaign_code: code });
      const response = await register(form);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        message: 'Ugyldig Kampanje kode',
        errors: { campaign_code: ['Ugyldig Kampanje kode'] },
        data: { error: { campaign_code: ['Ugyldig Kampanje kode'] } },
      });
      expect(await accountByEmail(form.email)).toBeUndefined();
    }
  });

  it('accepts an open-ended campaign and ignores an empty code', async () => {
    const campaign = await createCampaign(t.db, { endsInDays: null });
    const withCode = await register(signUpForm({ campaign_code: ` ${campaign.code.toLowerCase()} ` }));
    expect(withCode.statusCode).toBe(201);
    expect((await accountById(withCode.json().user_id)).campaign_id).toBe(campaign.id);
    const empty = await register(signUpForm({ campaign_code: '' }));
    expect(empty.statusCode).toBe(201);
    expect((await accountById(empty.json().user_id)).campaign_id).toBeNull();
  });

  it('refuses an e-mail that already has an account, in any letter case', async () => {
    const existing = await createAccount(t.db);
    const form = signUpForm({ email: existing.email.toUpperCase() });
    const response = await register(form);
    expect(response.statusCode).toBe(422);
    const message = 'E-postadressen er allerede registrert. Logg inn eller be om nytt passord.';
    expect(response.json()).toMatchObject({ errors: { email: [message] }, data: { error: { email: [message] } } });
    const [{ count }] = await t.db.query<{ count: number }>('SELECT count(*)::int AS count FROM accounts WHERE lower(email) = lower($1)', [existing.email]);
    expect(count).toBe(1);
  });

  it('flags a sign-up with a known phone number as a probable duplicate instead of refusing it', async () => {
    const existing = await createAccount(t.db, { phone: '91234567' });
    const response = await register(signUpForm({ phone: '912 34 567' }));
    expect(response.statusCode).toBe(201);
    expect((await accountById(response.json().user_id)).possible_duplicate_of).toBe(existing.id);

    const fresh = await register(signUpForm({ phone: '99887766' }));
    expect((await accountById(fresh.json().user_id)).possible_duplicate_of).toBeNull();
  });

  it('checks the password rules and the confirmation', async () => {
    const short = await register(signUpForm({ password: 'kort' }));
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.password).toEqual(['Passord må være minst 8 tegn']);
    const mismatch = await register(signUpForm({ password_confirmation: 'noe annet' }));
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().data.error.password_confirmation).toEqual(['Passord må være likt!']);
    const matching = await register(signUpForm({ password_confirmation: 'hemmelig123' }));
    expect(matching.statusCode).toBe(201);
  });

  it('answers missing or blank fields with field errors in both shapes', async () => {
    const response = await register({ ...signUpForm({ first_name: '   ' }), email: undefined });
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.errors.email).toEqual(['Feltet må fylles ut']);
    expect(body.data.error).toEqual(body.errors);
    const blank = await register(signUpForm({ first_name: '   ' }));
    expect(blank.json().errors).toEqual({ first_name: ['Påkrevd felt'] });
  });

  it('limits sign-ups per client address with 429 and Retry-After', async () => {
    const address = clientAddress();
    for (let i = 0; i < 10; i++) {
      const response = await register(signUpForm({ password: 'kort' }), address);
      expect(response.statusCode).toBe(422);
    }
    const limited = await register(signUpForm(), address);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(/^For mange forsøk/);
    expect((await register(signUpForm())).statusCode).toBe(201);
  });
});

describe('step two: PATCH /api/member/{id} with registration_completed 1', () => {
  async function applicant() {
    const response = await register(signUpForm());
    const { user_id: id, access_token: token } = response.json();
    const patch = (payload: Record<string, unknown>) => t.app.inject({ method: 'PATCH', url: `/api/member/${id}`, headers: bearer(token), payload });
    return { id, patch };
  }

  const stepTwo = {
    address: 'Kirkegata 2',
    postal_code: '0153',
    postal_area: 'OSLO',
    gender: 2,
    primary_instrument_type: 4,
    invoice_method: 'EFAKTURA',
    registration_completed: 1,
  };

  it('completes the registration when every required field is there (e-invoice needs no e-mail)', async () => {
    const { id, patch } = await applicant();
    const response = await patch(stepTwo);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id, registration_completed: 1, address: 'Kirkegata 2', invoice_method: 'EFAKTURA' });
  });

  it('refuses with field errors while address, postal code and area or invoicing are missing, and keeps nothing', async () => {
    const { id, patch } = await applicant();
    const response = await patch({ address: 'Kirkegata 2', registration_completed: 1 });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      postal_code: ['Påkrevd felt'],
      postal_area: ['Påkrevd felt'],
      invoice_method: ['Påkrevd felt'],
    });
    const [row] = await t.db.query<{ registration_completed: number; address: string | null }>(
      'SELECT registration_completed, address FROM accounts WHERE id = $1',
      [id],
    );
    expect(row).toEqual({ registration_completed: 0, address: null });
  });

  it('needs a valid invoice e-mail when invoicing by e-mail', async () => {
    const { patch } = await applicant();
    const missing = await patch({ ...stepTwo, invoice_method: 'EMAIL' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ invoice_email: ['Påkrevd felt'] });
    const done = await patch({ ...stepTwo, invoice_method: 'EMAIL', invoice_email: 'faktura@example.no' });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.registration_completed).toBe(1);
  });

  it("refuses a step-two save that blanks a required field or leaves step one's names only spaces", async () => {
    const { id, patch } = await applicant();
    const response = await patch({ ...stepTwo, address: '  ', phone: '', first_name: ' ', registration_completed: 0 });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ address: ['Påkrevd felt'], phone: ['Påkrevd felt'], first_name: ['Påkrevd felt'] });
    const row = await accountById(id);
    expect(row).toMatchObject({ address: null, first_name: 'Ingrid' });
  });

  it('lets the applicant save step two piecemeal before completing it', async () => {
    const { patch } = await applicant();
    expect((await patch({ address: 'Kirkegata 2' })).statusCode).toBe(200);
    expect((await patch({ postal_code: '0153', postal_area: 'OSLO', invoice_method: 'EFAKTURA', registration_completed: 1 })).statusCode).toBe(200);
  });
});

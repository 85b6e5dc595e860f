/** The embedded test checkout: without Vipps settings the quick checkout runs end to end on our own server. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, uniqueEmail, type TestContext } from './helpers.ts';
import { clientAddress } from './factories-member-self.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

async function start(): Promise<{ reference: string; redirectUrl: string }> {
  const response = await t.app.inject({ method: 'POST', url: '/api/vipps_registration', payload: {}, remoteAddress: clientAddress() });
  expect(response.statusCode).toBe(200);
  return JSON.parse(response.json().data.request_create.response_data);
}

const decide = (reference: string, decision: 'approve' | 'abort', form: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/vipps-test-checkout/${reference}/${decision}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });

const testPayment = async (reference: string) =>
  (await t.db.query<Record<string, unknown>>('SELECT * FROM vipps_test_payments WHERE reference = $1', [reference]))[0];

describe('test checkout', () => {
  it('offers the membership and its price, and says the test checkout stands in', async () => {
    const response = await t.app.inject({ url: '/api/vipps_registration/offer' });
    expect(response.json()).toEqual({ data: { name: 'Medlemskap', price: 1450, available: true, recurring: true, test_checkout: true } });
  });

  it('shows a clearly labelled page with the amount and approve and abort buttons', async () => {
    const { redirectUrl } = await start();
    expect(redirectUrl).toMatch(/^\/api\/vipps-test-checkout\/mp-[0-9a-f]{24}$/);
    const page = await t.app.inject({ url: redirectUrl });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('TESTBETALING');
    expect(page.body).toContain('1 450 kr');
    expect(page.body).toContain('Godkjenn betaling');
    expect(page.body).toContain('Avbryt betaling');
  });

  it('approve: the webhook runs, the member is created, the payment captured, and the return lands on /vipps-thanks', async () => {
    const { reference } = await start();
    const email = uniqueEmail('testkasse');
    const approved = await decide(reference, 'approve', { first_name: 'Test', last_name: 'Kasse', email, phone: '99887766' });
    expect(approved.statusCode).toBe(303);
    expect(approved.headers.location).toBe(`http://portal.test/api/vipps_registration/${reference}/return`);
    const [registration] = await t.db.query<{ state: string; member_id: number }>('SELECT state, member_id FROM vipps_registrations WHERE reference = $1', [
      reference,
    ]);
    expect(registration.state).toBe('CAPTURED');
    const [account] = await t.db.query<{ id: number; phone: string }>('SELECT id, phone FROM accounts WHERE email = $1', [email]);
    expect(account).toMatchObject({ id: registration.member_id, phone: '99887766' });
    expect(await testPayment(reference)).toMatchObject({ state: 'AUTHORIZED', captured_amount: 145000 });
    const back = await t.app.inject({ url: `/api/vipps_registration/${reference}/return` });
    expect(back.headers.location).toBe('/vipps-thanks');
  });

  it('paying again with the same e-mail and phone cancels the payment and lands on /vipps-error', async () => {
    const email = uniqueEmail('igjen');
    const first = await start();
    await decide(first.reference, 'approve', { email, phone: '99887700' });
    const second = await start();
    await decide(second.reference, 'approve', { email, phone: '99887700' });
    const back = await t.app.inject({ url: `/api/vipps_registration/${second.reference}/return` });
    expect(back.headers.location).toBe('/vipps-error');
    expect(await t.db.query('SELECT id FROM accounts WHERE email = $1', [email])).toHaveLength(1);
    expect(await testPayment(second.reference)).toMatchObject({ cancelled: true, captured_amount: 0 });
  });

  it('abort: nothing is created and the return lands on /vipps-cancelled', async () => {
    const [{ count: before }] = await t.db.query<{ count: number }>('SELECT count(*)::int AS count FROM accounts');
    const { reference } = await start();
    const aborted = await decide(reference, 'abort');
    expect(aborted.statusCode).toBe(303);
    const back = await t.app.inject({ url: `/api/vipps_registration/${reference}/return` });
    expect(back.headers.location).toBe('/vipps-cancelled');
    const [{ count: after }] = await t.db.query<{ count: number }>('SELECT count(*)::int AS count FROM accounts');
    expect(after).toBe(before);
    const [registration] = await t.db.query<{ state: string }>('SELECT state FROM vipps_registrations WHERE reference = $1', [reference]);
    expect(registration.state).toBe('ABORTED');
  });
});

describe('test checkout with a yearly agreement', () => {
  async function startAgreement(): Promise<{ reference: string; redirectUrl: string }> {
    const response = await t.app.inject({ method: 'POST', url: '/api/vipps_registration', payload: { recurring: true }, remoteAddress: clientAddress() });
    expect(response.statusCode, response.body).toBe(200);
    return JSON.parse(response.json().data.request_create.response_data);
  }
  const decideAgreement = (redirectUrl: string, decision: 'approve' | 'reject', form: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `${redirectUrl}/${decision}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });

  it('shows the agreement with the first payment and the payer to approve it as', async () => {
    const { redirectUrl } = await startAgreement();
    expect(redirectUrl).toMatch(/^\/api\/vipps-test-checkout\/agreement\/agr_test_[0-9a-f]{12}$/);
    const page = await t.app.inject({ url: redirectUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('TESTAVTALE');
    expect(page.body).toContain('1 450 kr per år');
    expect(page.body).toContain('Første betaling nå: <strong>1 450 kr</strong>');
    expect(page.body).toContain('name="email"');
    expect(page.body).toContain('Betal og godkjenn avtalen');
    expect(page.body).toContain('Avvis avtalen');
    // The initial charge goes with the approval: no buttons of its own.
    expect(page.body).not.toContain('Gjennomfør trekket');
  });

  it('approve: the member and the active agreement are made, the first payment drawn, and the return lands on /vipps-thanks', async () => {
    const { reference, redirectUrl } = await startAgreement();
    const email = uniqueEmail('testavtale');
    const approved = await decideAgreement(redirectUrl, 'approve', { first_name: 'Test', last_name: 'Avtale', email, phone: '99887711' });
    expect(approved.statusCode).toBe(303);
    expect(approved.headers.location).toBe(`http://portal.test/api/vipps_registration/${reference}/return`);
    const [registration] = await t.db.query<{ state: string; member_id: number; captured_amount: number; vipps_agreement_id: string }>(
      'SELECT state, member_id, captured_amount, vipps_agreement_id FROM vipps_registrations WHERE reference = $1',
      [reference],
    );
    expect(registration).toMatchObject({ state: 'CAPTURED', captured_amount: 145000 });
    const [account] = await t.db.query<{ id: number; phone: string }>('SELECT id, phone FROM accounts WHERE email = $1', [email]);
    expect(account).toMatchObject({ id: registration.member_id, phone: '99887711' });
    const agreements = await t.db.query('SELECT state, member_id FROM vipps_agreements WHERE vipps_agreement_id = $1', [registration.vipps_agreement_id]);
    expect(agreements).toEqual([{ state: 'ACTIVE', member_id: account.id }]);
    const charges = await t.db.query('SELECT type, status, amount FROM vipps_test_charges WHERE agreement_id = $1', [registration.vipps_agreement_id]);
    expect(charges).toEqual([{ type: 'INITIAL', status: 'CHARGED', amount: 145000 }]);
    const back = await t.app.inject({ url: `/api/vipps_registration/${reference}/return` });
    expect(back.headers.location).toBe('/vipps-thanks');
  });

  it('reject: nothing is made and the return lands on /vipps-cancelled', async () => {
    const { reference, redirectUrl } = await startAgreement();
    const rejected = await decideAgreement(redirectUrl, 'reject');
    expect(rejected.headers.location).toBe(`http://portal.test/api/vipps_registration/${reference}/return`);
    const [registration] = await t.db.query<{ state: string; member_id: number | null }>(
      'SELECT state, member_id FROM vipps_registrations WHERE reference = $1',
      [reference],
    );
    expect(registration).toEqual({ state: 'ABORTED', member_id: null });
    const back = await t.app.inject({ url: `/api/vipps_registration/${reference}/return` });
    expect(back.headers.location).toBe('/vipps-cancelled');
  });
});

describe('in production without Vipps settings', () => {
  it('has no test checkout, and the quick checkout says Vipps is not available', async () => {
    const production = await buildTestApp({ env: { NODE_ENV: 'production' } });
    try {
      const started = await production.app.inject({ method: 'POST', url: '/api/vipps_registration', payload: {}, remoteAddress: clientAddress() });
      expect(started.statusCode).toBe(503);
      expect(started.json().data.error).toMatch(/Vipps er ikke tilgjengelig/);
      const page = await production.app.inject({ url: '/api/vipps-test-checkout/mp-abcdefgh12345678' });
      expect(page.statusCode).toBe(404);
      const offer = await production.app.inject({ url: '/api/vipps_registration/offer' });
      expect(offer.json().data).toMatchObject({ available: false, recurring: false, test_checkout: false });
      const ticked = await production.app.inject({
        method: 'POST',
        url: '/api/vipps_registration',
        payload: { recurring: true },
        remoteAddress: clientAddress(),
      });
      expect(ticked.statusCode).toBe(503);
    } finally {
      await production.close();
    }
  });
});

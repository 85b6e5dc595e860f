/**
 * Vipps quick checkout with the real ePayment client against a fake Vipps on loopback:
 * start, webhook (signature, repeats, racing the return), capture, cancel, and failures.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, createAccount, uniqueEmail, type TestContext } from './helpers.ts';
import { clientAddress, createCampaign } from './factories-member-self.ts';
import { startFakeVipps, VIPPS_ENV, type FakePayer, type FakeVipps } from './fakes/vipps.ts';
import { loadConfig, ConfigError } from '../../server/config.ts';
import { problemMessage, VIPPS_MESSAGES } from '../../server/adapters/vipps.ts';
import { followUpRegistrations } from '../../server/domain/payments/vipps.ts';

let vipps: FakeVipps;
let t: TestContext;

beforeAll(async () => {
  vipps = await startFakeVipps();
  t = await buildTestApp({ env: { ...VIPPS_ENV, VIPPS_API_URL: vipps.url } });
});
afterAll(async () => {
  await t?.close();
  await vipps?.close();
});
beforeEach(() => {
  vipps.failCreate = null;
  vipps.failCapture = null;
});

const HOST = 'portal.test';
const WEBHOOK = '/api/vipps_registration/webhook';

async function start(campaignCode: string | null = null) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/vipps_registration',
    payload: { campaign_code: campaignCode },
    remoteAddress: clientAddress(),
  });
  return response;
}

async function startPayment(campaignCode: string | null = null): Promise<string> {
  const response = await start(campaignCode);
  expect(response.statusCode).toBe(200);
  return JSON.parse(response.json().data.request_create.response_data).reference as string;
}

const deliver = (body: string, headers: Record<string, string>) => t.app.inject({ method: 'POST', url: WEBHOOK, headers, payload: body });

const signedWebhook = (reference: string, name = 'AUTHORIZED') => {
  const body = vipps.event(reference, name);
  return deliver(body, vipps.sign(VIPPS_ENV.VIPPS_WEBHOOK_SECRET, HOST, WEBHOOK, body));
};

const returnFrom = (reference: string) => t.app.inject({ url: `/api/vipps_registration/${reference}/return` });

const registration = async (reference: string) =>
  (await t.db.query<Record<string, unknown>>('SELECT * FROM vipps_registrations WHERE reference = $1', [reference]))[0];

const accountsWithEmail = (email: string) =>
  t.db.query<{ id: number; role_id: number; campaign_id: number | null; phone: string }>(
    'SELECT id, role_id, campaign_id, phone FROM accounts WHERE lower(email) = lower($1)',
    [email],
  );

let phoneCounter = 0;
const payer = (): FakePayer => ({
  given_name: 'Vilde',
  family_name: 'Vippsen',
  email: uniqueEmail('vipps'),
  phone_number: `4798${String(process.pid % 1000).padStart(3, '0')}${String(++phoneCounter).padStart(3, '0')}`,
});

describe('starting a quick checkout', () => {
  it('creates the payment at Vipps for the membership price with a stored reference and the campaign', async () => {
    const campaign = await createCampaign(t.db);
    const response = await start(campaign.code.toLowerCase());
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    const data = JSON.parse(body.data.request_create.response_data);
    expect(data.redirectUrl).toMatch(/^https:\/\/landing\.vipps\.test\//);

    const request = vipps.requests.find((r) => r.url === '/epayment/v1/payments' && JSON.parse(r.body).reference === data.reference)!;
    expect(request.headers.authorization).toMatch(/^Bearer token-\d+$/);
    expect(request.headers['idempotency-key']).toBeTruthy();
    expect(String(request.headers['idempotency-key']).length).toBeLessThanOrEqual(50);
    expect(request.headers['vipps-system-name']).toBeTruthy();
    const sent = JSON.parse(request.body);
    expect(sent).toMatchObject({
      amount: { currency: 'NOK', value: 145000 },
      paymentMethod: { type: 'WALLET' },
      userFlow: 'WEB_REDIRECT',
      returnUrl: `http://portal.test/api/vipps_registration/${data.reference}/return`,
      profile: { scope: 'name email phoneNumber' },
    });
    expect(sent.reference).toMatch(/^[A-Za-z0-9-]{8,50}$/);
    expect(sent.paymentDescription.length).toBeGreaterThanOrEqual(3);

    expect(await registration(data.reference)).toMatchObject({
      state: 'CREATED',
      amount: 145000,
      campaign_id: campaign.id,
      campaign_code: campaign.code,
      member_id: null,
    });
  });

  it('keeps the access token between calls', async () => {
    const before = vipps.tokensIssued;
    await startPayment();
    await startPayment();
    expect(vipps.tokensIssued - before).toBeLessThanOrEqual(1);
  });

  it('refuses an unknown campaign code with the spec message', async () => {
    const response = await start('FINNESIKKE');
    expect(response.statusCode).toBe(422);
    expect(response.json().data.error).toBe('Ugyldig Kampanje kode');
  });

  it('gives the spec error and leaves no row when Vipps answers 500 on create (tried again with the same key)', async () => {
    const [{ count: before }] = await t.db.query<{ count: number }>('SELECT count(*)::int AS count FROM vipps_registrations');
    const attempts = vipps.requests.length;
    vipps.failCreate = { status: 500, headers: { 'content-type': 'application/problem+json' }, body: { title: 'Internal Server Error', status: 500 } };
    const response = await start();
    expect(response.statusCode).toBe(502);
    const body = response.json();
    expect(body.success).toBe(false);
    expect(body.data.error).toBe(`Feil ved opprettelse av ordre. ${VIPPS_MESSAGES.serverError}`);
    const creates = vipps.requests.slice(attempts).filter((r) => r.url === '/epayment/v1/payments');
    expect(creates).toHaveLength(3);
    expect(new Set(creates.map((r) => r.headers['idempotency-key'])).size).toBe(1);
    const [{ count: after }] = await t.db.query<{ count: number }>('SELECT count(*)::int AS count FROM vipps_registrations');
    expect(after).toBe(before);
  });

  it('gives the spec error and leaves no row when Vipps does not answer in time', async () => {
    const [{ count: before }] = await t.db.query<{ count: number }>('SELECT count(*)::int AS count FROM vipps_registrations');
    vipps.failCreate = { status: 201, body: { redirectUrl: 'https://late.example' }, delayMs: 6000 };
    const response = await start();
    expect(response.statusCode).toBe(502);
    expect(response.json().data.error).toBe(`Feil ved opprettelse av ordre. ${VIPPS_MESSAGES.timeout}`);
    const [{ count: after }] = await t.db.query<{ count: number }>('SELECT count(*)::int AS count FROM vipps_registrations');
    expect(after).toBe(before);
  });
});

describe('the webhook', () => {
  it('refuses a forged signature (401) and changes nothing', async () => {
    const reference = await startPayment();
    vipps.authorize(reference, payer());
    const body = vipps.event(reference, 'AUTHORIZED');
    const forged = await deliver(body, vipps.sign('ikke-hemmeligheten', HOST, WEBHOOK, body));
    expect(forged.statusCode).toBe(401);
    const tampered = vipps.sign(VIPPS_ENV.VIPPS_WEBHOOK_SECRET, HOST, WEBHOOK, body);
    const altered = await deliver(body.replace('AUTHORIZED', 'CAPTURED'), tampered);
    expect(altered.statusCode).toBe(401);
    const unsigned = await deliver(body, { 'content-type': 'application/json' });
    expect(unsigned.statusCode).toBe(401);
    expect(await registration(reference)).toMatchObject({ state: 'CREATED', member_id: null });
    expect(vipps.payments.get(reference)!.captured).toBe(0);
  });

  it("accepts a delivery signed for PUBLIC_URL's host when a proxy rewrote the Host header, and refuses one signed for another host than it came to", async () => {
    const reference = await startPayment();
    vipps.authorize(reference, payer());
    const body = vipps.event(reference, 'AUTHORIZED');
    const elsewhere = await deliver(body, { ...vipps.sign(VIPPS_ENV.VIPPS_WEBHOOK_SECRET, 'evil.example', WEBHOOK, body), host: HOST });
    expect(elsewhere.statusCode).toBe(401);
    expect(await registration(reference)).toMatchObject({ state: 'CREATED' });
    const rewritten = await deliver(body, { ...vipps.sign(VIPPS_ENV.VIPPS_WEBHOOK_SECRET, HOST, WEBHOOK, body), host: '127.0.0.1:3000' });
    expect(rewritten.statusCode).toBe(200);
    expect(await registration(reference)).toMatchObject({ state: 'CAPTURED' });
  });

  it('the same webhook twice creates one member, captures once and sends one welcome mail', async () => {
    const campaign = await createCampaign(t.db);
    const reference = await startPayment(campaign.code);
    const person = payer();
    vipps.authorize(reference, person);
    const first = await signedWebhook(reference);
    expect(first.statusCode).toBe(200);
    const second = await signedWebhook(reference);
    expect(second.statusCode).toBe(200);

    const accounts = await accountsWithEmail(person.email);
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({ role_id: 1, campaign_id: campaign.id, phone: person.phone_number.slice(2) });
    expect(await registration(reference)).toMatchObject({ state: 'CAPTURED', member_id: accounts[0].id, captured_amount: 145000 });
    expect(vipps.payments.get(reference)!.captured).toBe(145000);
    const mails = await t.db.query<{ subject: string; content: string }>(
      "SELECT subject, content FROM message_log WHERE member_id = $1 AND channel = 'email'",
      [accounts[0].id],
    );
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Velkommen som medlem!');
    expect(mails[0].content).toContain('Min side');
    // The way in to Min side, as a link (no secret, so the logged copy keeps it).
    expect(mails[0].content).toContain('<a href="http://portal.test/profile"');
    // The password link is not kept in the log.
    expect(mails[0].content).toContain('[lenke fjernet]');
    expect((await returnFrom(reference)).headers.location).toBe('/vipps-thanks');
  });

  it('the return and the webhook arriving together create one member', async () => {
    const reference = await startPayment();
    const person = payer();
    vipps.authorize(reference, person);
    const [back, hook, hookAgain] = await Promise.all([returnFrom(reference), signedWebhook(reference), signedWebhook(reference)]);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe('/vipps-thanks');
    expect(hook.statusCode).toBe(200);
    expect(hookAgain.statusCode).toBe(200);
    expect(await accountsWithEmail(person.email)).toHaveLength(1);
    expect(await registration(reference)).toMatchObject({ state: 'CAPTURED' });
    expect(vipps.payments.get(reference)!.captured).toBe(145000);
  });
});

describe('the return', () => {
  it('the return alone (no webhook) creates the member and lands on /vipps-thanks', async () => {
    const reference = await startPayment();
    const person = payer();
    vipps.authorize(reference, person);
    const back = await returnFrom(reference);
    expect(back.headers.location).toBe('/vipps-thanks');
    expect(await accountsWithEmail(person.email)).toHaveLength(1);
  });

  it('an aborted payment lands on /vipps-cancelled (not the refund apology) with nothing created', async () => {
    const reference = await startPayment();
    vipps.abort(reference);
    expect((await signedWebhook(reference, 'ABORTED')).statusCode).toBe(200);
    const back = await returnFrom(reference);
    expect(back.headers.location).toBe('/vipps-cancelled');
    expect(await registration(reference)).toMatchObject({ state: 'ABORTED', member_id: null });
  });

  it('an existing account with the same e-mail and phone: the payment is cancelled and the return lands on /vipps-error', async () => {
    const person = payer();
    await createAccount(t.db, { email: person.email, phone: person.phone_number.slice(2) });
    const reference = await startPayment();
    vipps.authorize(reference, person);
    const back = await returnFrom(reference);
    expect(back.headers.location).toBe('/vipps-error');
    expect(await accountsWithEmail(person.email)).toHaveLength(1);
    expect(await registration(reference)).toMatchObject({ state: 'CANCELLED', member_id: null });
    const payment = vipps.payments.get(reference)!;
    expect(payment.captured).toBe(0);
    expect(payment.cancelled).toBe(145000);
  });
});

describe('the follow-up job', () => {
  const followUp = () => followUpRegistrations({ db: t.db, outbox: t.services.outbox, gateway: t.services.vipps, publicUrl: t.config.publicUrl });

  it('captures later when Vipps failed at capture time; the member stands meanwhile', async () => {
    const reference = await startPayment();
    const person = payer();
    vipps.authorize(reference, person);
    vipps.failCapture = { status: 503, body: { title: 'Service Unavailable', status: 503 } };
    const back = await returnFrom(reference);
    expect(back.headers.location).toBe('/vipps-thanks');
    expect(await registration(reference)).toMatchObject({ state: 'AUTHORIZED' });
    expect(await accountsWithEmail(person.email)).toHaveLength(1);

    vipps.failCapture = null;
    await t.db.query("UPDATE vipps_registrations SET updated_at = now() - interval '5 minutes' WHERE reference = $1", [reference]);
    await followUp();
    expect(await registration(reference)).toMatchObject({ state: 'CAPTURED', captured_amount: 145000 });
    expect(vipps.payments.get(reference)!.captured).toBe(145000);
    expect(await accountsWithEmail(person.email)).toHaveLength(1);
  });

  it('settles a payment whose webhook never came', async () => {
    const reference = await startPayment();
    const person = payer();
    vipps.authorize(reference, person);
    await t.db.query("UPDATE vipps_registrations SET updated_at = now() - interval '5 minutes' WHERE reference = $1", [reference]);
    await followUp();
    expect(await registration(reference)).toMatchObject({ state: 'CAPTURED' });
    expect(await accountsWithEmail(person.email)).toHaveLength(1);
  });
});

describe('Vipps errors and settings', () => {
  it('fetches a new access token when Vipps no longer takes the cached one', async () => {
    await startPayment();
    const before = vipps.tokensIssued;
    vipps.revokeTokens();
    await startPayment();
    expect(vipps.tokensIssued).toBe(before + 1);
  });

  it('acknowledges a signed webhook for a payment it does not know (Vipps stops retrying)', async () => {
    const body = JSON.stringify({ reference: 'mp-ukjent-0000000000', name: 'AUTHORIZED' });
    const response = await deliver(body, vipps.sign(VIPPS_ENV.VIPPS_WEBHOOK_SECRET, HOST, WEBHOOK, body));
    expect(response.statusCode).toBe(200);
  });

  it('turns RFC 7807 problems into Norwegian messages', () => {
    expect(problemMessage(400, { title: 'Bad Request', detail: 'Invalid reference' })).toBe('Vipps avviste forespørselen: Bad Request: Invalid reference');
    expect(problemMessage(401, { title: 'Unauthorized' })).toBe(VIPPS_MESSAGES.unauthorized);
    expect(problemMessage(503, null)).toBe(VIPPS_MESSAGES.serverError);
  });

  it('refuses half the Vipps settings', () => {
    expect(() => loadConfig({ VIPPS_CLIENT_ID: 'x' })).toThrow(ConfigError);
    expect(loadConfig({ ...VIPPS_ENV }).vipps?.apiUrl).toBe('https://apitest.vipps.no');
    expect(loadConfig({ ...VIPPS_ENV, VIPPS_ENVIRONMENT: 'production' }).vipps?.apiUrl).toBe('https://api.vipps.no');
    expect(loadConfig({ ...VIPPS_ENV }).vippsTestCheckout).toBe(false);
    expect(loadConfig({}).vippsTestCheckout).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).vippsTestCheckout).toBe(false);
  });

  it('with real settings the test checkout does not exist', async () => {
    const response = await t.app.inject({ url: '/api/vipps-test-checkout/mp-abcdefgh12345678' });
    expect(response.statusCode).toBe(404);
  });
});

/**
 * Small security findings: a replayed Vipps webhook, a payment authorized for less than the
 * price, travel insurance dated decades away, and the framework's own error codes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, uniqueEmail, type TestContext } from './helpers.ts';
import { clientAddress } from './factories-member-self.ts';
import { PRODUCTS, signedIn, signedInStaff } from './factories-member-admin.ts';
import { startFakeVipps, VIPPS_ENV, type FakeVipps } from './fakes/vipps.ts';
import { todayInOslo } from '../../server/domain/shared/oslo-date.ts';

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

const HOST = 'portal.test';
const WEBHOOK = '/api/vipps_registration/webhook';
const MINUTE = 60_000;

async function startPayment(): Promise<string> {
  const response = await t.app.inject({ method: 'POST', url: '/api/vipps_registration', payload: { campaign_code: null }, remoteAddress: clientAddress() });
  expect(response.statusCode).toBe(200);
  return JSON.parse(response.json().data.request_create.response_data).reference as string;
}

const webhookSignedAt = (reference: string, at: Date) => {
  const body = vipps.event(reference, 'AUTHORIZED');
  return t.app.inject({ method: 'POST', url: WEBHOOK, headers: vipps.sign(VIPPS_ENV.VIPPS_WEBHOOK_SECRET, HOST, WEBHOOK, body, at), payload: body });
};

const registration = async (reference: string) =>
  (await t.db.query<Record<string, unknown>>('SELECT state, member_id, error FROM vipps_registrations WHERE reference = $1', [reference]))[0];

let phoneCounter = 0;
const payer = () => ({
  given_name: 'Vilde',
  family_name: 'Vippsen',
  email: uniqueEmail('vipps'),
  phone_number: `4797${String(process.pid % 1000).padStart(3, '0')}${String(++phoneCounter).padStart(3, '0')}`,
});

describe('the Vipps webhook', () => {
  it('refuses a correctly signed delivery a week old or from the future, and accepts one within five minutes', async () => {
    const reference = await startPayment();
    vipps.authorize(reference, payer());
    const weekOld = await webhookSignedAt(reference, new Date(Date.now() - 7 * 24 * 60 * MINUTE));
    expect(weekOld.statusCode).toBe(401);
    expect(weekOld.json().message).toBe('Hendelsen er for gammel eller har feil tidspunkt.');
    const ahead = await webhookSignedAt(reference, new Date(Date.now() + 10 * MINUTE));
    expect(ahead.statusCode).toBe(401);
    const sixMinutes = await webhookSignedAt(reference, new Date(Date.now() - 6 * MINUTE));
    expect(sixMinutes.statusCode).toBe(401);
    expect(await registration(reference)).toMatchObject({ state: 'CREATED', member_id: null });
    expect(vipps.payments.get(reference)!.captured).toBe(0);

    // A clock a few minutes off either way is fine.
    const skewed = await webhookSignedAt(reference, new Date(Date.now() - 4 * MINUTE));
    expect(skewed.statusCode).toBe(200);
    expect(await registration(reference)).toMatchObject({ state: 'CAPTURED' });
  });
});

describe('the quick checkout', () => {
  it('a payment authorized for less than the price creates no member and is cancelled', async () => {
    const reference = await startPayment();
    const person = payer();
    vipps.authorize(reference, person, 100);
    const back = await t.app.inject({ url: `/api/vipps_registration/${reference}/return` });
    expect(back.headers.location).toBe('/vipps-error');
    expect(await registration(reference)).toMatchObject({ state: 'CANCELLED', member_id: null });
    const accounts = await t.db.query('SELECT id FROM accounts WHERE lower(email) = lower($1)', [person.email]);
    expect(accounts).toHaveLength(0);
    const payment = vipps.payments.get(reference)!;
    expect(payment.captured).toBe(0);
    expect(payment.cancelled).toBeGreaterThan(0);
    expect(await t.db.query('SELECT id FROM message_log WHERE email_to = $1', [person.email])).toHaveLength(0);
  });
});

describe('travel insurance dates', () => {
  const order = (token: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/subscription/new', headers: bearer(token), payload: { status: 1, ...payload } });
  const today = todayInOslo();
  const year = Number(today.slice(0, 4));

  it('a member cannot start in 1990 nor end in 2099: 422 naming the field', async () => {
    const member = await signedIn(t.app, t.db);
    const past = await order(member.token, { member_id: member.id, product_id: PRODUCTS.travel, subscription_start: '1990-01-01', subscription_end: null });
    expect(past.statusCode).toBe(422);
    expect(past.json().errors).toEqual({ subscription_start: ['Startdato kan ikke være før dagens dato'] });
    const far = await order(member.token, { member_id: member.id, product_id: PRODUCTS.travel, subscription_start: today, subscription_end: '2099-12-31' });
    expect(far.statusCode).toBe(422);
    expect(far.json().errors).toEqual({ subscription_end: ['Sluttdato kan være høyst ett år etter startdato'] });
    const both = await order(member.token, {
      member_id: member.id,
      product_id: PRODUCTS.travel,
      subscription_start: '1990-01-01',
      subscription_end: '2099-12-31',
    });
    expect(Object.keys(both.json().errors).sort()).toEqual(['subscription_end', 'subscription_start']);
    expect(await t.db.query('SELECT id FROM subscriptions WHERE member_id = $1', [member.id])).toHaveLength(0);

    // Today, and an end a year on, are fine.
    const fine = await order(member.token, {
      member_id: member.id,
      product_id: PRODUCTS.travel,
      subscription_start: today,
      subscription_end: `${year + 1}${today.slice(4)}`,
    });
    expect(fine.statusCode, fine.body).toBe(200);
  });

  it('staff may backdate the start, but the end stays within a year', async () => {
    const staff = await signedInStaff(t.app, t.db);
    const member = await signedIn(t.app, t.db);
    const backdated = await order(staff.token, {
      member_id: member.id,
      product_id: PRODUCTS.travel,
      subscription_start: `${year - 1}-01-01`,
      subscription_end: null,
    });
    expect(backdated.statusCode, backdated.body).toBe(200);
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/subscription/${backdated.json().data.id}`,
      headers: bearer(staff.token),
      payload: {
        id: backdated.json().data.id,
        member_id: member.id,
        product_id: PRODUCTS.travel,
        subscription_start: `${year - 1}-01-01`,
        subscription_end: '2099-12-31',
        status: 1,
      },
    });
    expect(changed.statusCode).toBe(422);
    expect(changed.json().errors.subscription_end).toEqual(['Sluttdato kan være høyst ett år etter startdato']);
  });
});

describe("the framework's own errors", () => {
  it('a malformed address and an overlong parameter answer in Norwegian without framework codes', async () => {
    const member = await signedIn(t.app, t.db);
    for (const url of ['/api/member/%c0', '/api/%E0%A4%A', `/api/member/${'9'.repeat(200)}`]) {
      const response = await t.app.inject({ url, headers: bearer(member.token) });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.body, url).not.toMatch(/FST_|statusCode|"error"/);
      expect(Object.keys(response.json()), url).toEqual(['message']);
      expect(response.json().message, url).toMatch(/^(Ugyldig forespørsel\.|Adressen er for lang\.)$/);
    }
  });

  it('an instrument import whose body has no file part is a 422 on the file field, not a 413', async () => {
    const member = await signedIn(t.app, t.db);
    const boundary = 'grense';
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/member/${member.id}/instrument/import`,
      headers: { ...bearer(member.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="kommentar"\r\n\r\nhei\r\n--${boundary}--\r\n`,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ file: ['Påkrevd felt'] });
  });
});

/**
 * The quick checkout with 'Betal kontingenten automatisk hvert år' ticked, against the fake Vipps on
 * loopback: a yearly agreement whose initial charge is the first payment; approved (by webhook,
 * return or the follow-up job, in any order and any number of times) it makes the member and an
 * active agreement with the first payment drawn once; rejected or expired it ends like an aborted
 * payment; an e-mail already taken refunds the initial charge and stops the agreement. Without the
 * box ticked the flow is the ePayment one, unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createAccount, uniqueEmail, type TestContext } from './helpers.ts';
import { clientAddress, createCampaign } from './factories-member-self.ts';
import { signedInStaff } from './factories-member-admin.ts';
import { startFakeVipps, VIPPS_ENV, type FakePayer, type FakeVipps } from './fakes/vipps.ts';
import { followUpRegistrations, returnFromVipps, type VippsDeps } from '../../server/domain/payments/vipps.ts';
import { runRenewal } from '../../server/domain/billing/renewal.ts';
import { currentYear } from '../../server/domain/billing/prices.ts';

const HOST = 'portal.test';
const WEBHOOK = '/api/vipps_registration/webhook';

let vipps: FakeVipps;
let t: TestContext;
let staff: { id: number; token: string };
let deps: VippsDeps;

beforeAll(async () => {
  vipps = await startFakeVipps();
  t = await buildTestApp({ env: { ...VIPPS_ENV, VIPPS_API_URL: vipps.url, PUBLIC_URL: `https://${HOST}` } });
  staff = await signedInStaff(t.app, t.db);
  deps = { db: t.db, outbox: t.services.outbox, gateway: t.services.vipps, recurring: t.services.recurring, publicUrl: `https://${HOST}` };
});
afterAll(async () => {
  await t?.close();
  await vipps?.close();
});

const start = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/vipps_registration', payload, remoteAddress: clientAddress() });

/** Starts a quick checkout with the box ticked; answers the reference, the agreement and where the payer was sent. */
async function startWithAgreement(campaignCode: string | null = null) {
  const response = await start({ campaign_code: campaignCode, recurring: true });
  expect(response.statusCode, response.body).toBe(200);
  const { reference, redirectUrl } = JSON.parse(response.json().data.request_create.response_data) as { reference: string; redirectUrl: string };
  const [row] = await t.db.query<{ vipps_agreement_id: string }>('SELECT vipps_agreement_id FROM vipps_registrations WHERE reference = $1', [reference]);
  return { reference, redirectUrl, agreementId: row.vipps_agreement_id };
}

const deliver = (body: string) =>
  t.app.inject({ method: 'POST', url: WEBHOOK, headers: vipps.sign(VIPPS_ENV.VIPPS_WEBHOOK_SECRET, HOST, WEBHOOK, body), payload: body });
/** The fake's recurring events about one agreement, as Vipps would send them. */
const eventsOf = (agreementId: string) => vipps.recurringEvents.filter((body) => JSON.parse(body).agreementId === agreementId);
const returnFrom = (reference: string) => t.app.inject({ url: `/api/vipps_registration/${reference}/return` });

const registration = async (reference: string) =>
  (await t.db.query<Record<string, unknown>>('SELECT * FROM vipps_registrations WHERE reference = $1', [reference]))[0];
const accountsWithEmail = (email: string) =>
  t.db.query<{ id: number; role_id: number; campaign_id: number | null; phone: string; first_name: string }>(
    'SELECT id, role_id, campaign_id, phone, first_name FROM accounts WHERE lower(email) = lower($1)',
    [email],
  );
const agreementRows = (vippsAgreementId: string) =>
  t.db.query<{ member_id: number; state: string; price_ore: number }>(
    'SELECT member_id, state, price_ore FROM vipps_agreements WHERE vipps_agreement_id = $1',
    [vippsAgreementId],
  );
const welcomeMails = (memberId: number) =>
  t.db.query<{ subject: string }>("SELECT subject FROM message_log WHERE member_id = $1 AND channel = 'email'", [memberId]);

let phoneCounter = 0;
const payer = (): FakePayer => ({
  given_name: 'Aud',
  family_name: 'Avtalesen',
  email: uniqueEmail('avtale'),
  phone_number: `4797${String(process.pid % 1000).padStart(3, '0')}${String(++phoneCounter).padStart(3, '0')}`,
});

/** The member approves in Vipps: the agreement is ACTIVE and the initial charge drawn. */
const approve = (agreementId: string, person: FakePayer) => vipps.approveAgreement(agreementId, person.phone_number, person);

/** The new member: one account, a CAPTURED registration with the first payment once, and one ACTIVE agreement of theirs. */
async function expectMemberWithAgreement(reference: string, agreementId: string, person: FakePayer) {
  const accounts = await accountsWithEmail(person.email);
  expect(accounts).toHaveLength(1);
  expect(accounts[0]).toMatchObject({ role_id: 1, first_name: 'Aud', phone: person.phone_number.slice(2) });
  expect(await registration(reference)).toMatchObject({
    state: 'CAPTURED',
    kind: 'agreement',
    member_id: accounts[0].id,
    captured_amount: 145000,
    refunded_amount: 0,
  });
  expect(await agreementRows(agreementId)).toEqual([{ member_id: accounts[0].id, state: 'ACTIVE', price_ore: 145000 }]);
  expect(await welcomeMails(accounts[0].id)).toEqual([{ subject: 'Velkommen som medlem!' }]);
  // Drawn once at Vipps, never refunded.
  const charge = vipps.charge(reference);
  expect(charge).toMatchObject({ type: 'INITIAL', status: 'CHARGED', captured: 145000, refunded: 0 });
  return accounts[0];
}

describe('starting with the box ticked', () => {
  it('makes a yearly agreement for the dues with the first payment as its initial charge, asking for the payer’s details', async () => {
    const campaign = await createCampaign(t.db);
    const before = vipps.requests.filter((r) => r.url === '/epayment/v1/payments').length;
    const { reference, redirectUrl, agreementId } = await startWithAgreement(campaign.code);
    expect(redirectUrl).toBe(`https://landing.vipps.test/recurring/${agreementId}`);
    expect(vipps.requests.filter((r) => r.url === '/epayment/v1/payments')).toHaveLength(before);

    const request = vipps.requests.find((r) => r.method === 'POST' && r.url === '/recurring/v3/agreements' && JSON.parse(r.body).externalId === reference)!;
    expect(request.headers['idempotency-key']).toBe(`create-${reference}`);
    expect(JSON.parse(request.body)).toEqual({
      pricing: { type: 'LEGACY', amount: 145000, currency: 'NOK' },
      interval: { unit: 'YEAR', count: 1 },
      productName: 'Medlemskap',
      productDescription: 'Kontingenten trekkes automatisk én gang i året.',
      merchantRedirectUrl: `https://${HOST}/api/vipps_registration/${reference}/return`,
      merchantAgreementUrl: `https://${HOST}/profile`,
      externalId: reference,
      scope: 'name email phoneNumber',
      initialCharge: { amount: 145000, description: 'Medlemskap – Musikerportalen', transactionType: 'DIRECT_CAPTURE', orderId: reference },
    });
    expect(await registration(reference)).toMatchObject({
      state: 'CREATED',
      kind: 'agreement',
      amount: 145000,
      campaign_id: campaign.id,
      vipps_agreement_id: agreementId,
      initial_charge_id: reference,
      member_id: null,
    });
    expect(vipps.agreements.get(agreementId)!.status).toBe('PENDING');
  });

  it("prices the agreement at the year's dues while the first payment stays the quick checkout's price", async () => {
    const setDues = (price: number) =>
      t.db.query(
        `INSERT INTO product_prices (product_id, year, price) SELECT id, $1, $2 FROM products WHERE kind = 'membership' ORDER BY id LIMIT 1
         ON CONFLICT (product_id, year) DO UPDATE SET price = EXCLUDED.price`,
        [currentYear(), price],
      );
    await setDues(1500);
    try {
      const { agreementId } = await startWithAgreement();
      const sent = vipps.agreements.get(agreementId)!.body as { pricing: { amount: number }; initialCharge: { amount: number } };
      expect(sent.pricing.amount).toBe(150000);
      expect(sent.initialCharge.amount).toBe(145000);
    } finally {
      await setDues(1450);
    }
  });

  it('without the box (left out or false) the payment is the ePayment one, as before', async () => {
    for (const payload of [{ campaign_code: null }, { campaign_code: null, recurring: false }]) {
      const agreementsBefore = vipps.agreements.size;
      const response = await start(payload);
      expect(response.statusCode).toBe(200);
      const { reference, redirectUrl } = JSON.parse(response.json().data.request_create.response_data);
      expect(redirectUrl).toBe(`https://landing.vipps.test/?token=${reference}`);
      expect(vipps.payments.get(reference)!.body).toMatchObject({ amount: { value: 145000 }, profile: { scope: 'name email phoneNumber' } });
      expect(vipps.agreements.size).toBe(agreementsBefore);
      expect(await registration(reference)).toMatchObject({ state: 'CREATED', kind: 'payment', vipps_agreement_id: null });
    }
  });

  it('the offer says a yearly agreement can be chosen', async () => {
    const offer = await t.app.inject({ url: '/api/vipps_registration/offer' });
    expect(offer.json().data).toMatchObject({ available: true, recurring: true, test_checkout: false });
  });

  it('leaves no row when Vipps refuses the agreement, with the spec message', async () => {
    const [{ count: before }] = await t.db.query<{ count: number }>('SELECT count(*)::int AS count FROM vipps_registrations');
    vipps.failRecurring = { status: 500, headers: { 'content-type': 'application/problem+json' }, body: { title: 'Internal Server Error', status: 500 } };
    try {
      const response = await start({ recurring: true });
      expect(response.statusCode).toBe(502);
      expect(response.json().data.error).toMatch(/^Feil ved opprettelse av ordre\. /);
    } finally {
      vipps.failRecurring = null;
    }
    const [{ count: after }] = await t.db.query<{ count: number }>('SELECT count(*)::int AS count FROM vipps_registrations');
    expect(after).toBe(before);
  });
});

describe('approved in Vipps', () => {
  it('the webhook makes the member and the active agreement; every event again, two returns and the job change nothing', async () => {
    const campaign = await createCampaign(t.db);
    const { reference, agreementId } = await startWithAgreement(campaign.code);
    const person = payer();
    approve(agreementId, person);
    const events = eventsOf(agreementId);
    expect(events.map((body) => JSON.parse(body).eventType)).toEqual(['recurring.agreement-activated.v1', 'recurring.charge-captured.v1']);
    expect((await deliver(events[0])).statusCode).toBe(200);
    const member = await expectMemberWithAgreement(reference, agreementId, person);
    expect((await accountsWithEmail(person.email))[0].campaign_id).toBe(campaign.id);

    for (const body of [...events, ...events]) expect((await deliver(body)).statusCode).toBe(200);
    expect((await returnFrom(reference)).headers.location).toBe('/vipps-thanks');
    expect((await returnFrom(reference)).headers.location).toBe('/vipps-thanks');
    await t.db.query("UPDATE vipps_registrations SET updated_at = now() - interval '5 minutes' WHERE reference = $1", [reference]);
    await followUpRegistrations(deps);
    await expectMemberWithAgreement(reference, agreementId, person);

    // Min side shows the agreement as active, and how it came to be.
    const shown = (await t.app.inject({ url: `/api/member/${member.id}/vipps-agreement`, headers: bearer(staff.token) })).json().data;
    expect(shown.agreement).toMatchObject({ agreement_id: agreementId, state: 'ACTIVE', price: 145000 });
    const [made, ...later] = [...shown.events].reverse();
    expect(made).toMatchObject({
      to_state: 'ACTIVE',
      source: 'webhook',
      charge_id: reference,
      note: 'Godkjent ved innmelding med Vipps; første betaling på 1 450 kr trukket',
    });
    // The agreement's replayed event is kept as one that changed nothing; the initial charge's are the registration's.
    expect(later.map((event: { note: string }) => event.note)).toEqual(['Ingen endring', 'Ingen endring']);
  });

  it('the initial charge’s event before the agreement’s, and the return before either: one member', async () => {
    const { reference, agreementId } = await startWithAgreement();
    const person = payer();
    approve(agreementId, person);
    const [activated, captured] = eventsOf(agreementId);
    expect((await deliver(captured)).statusCode).toBe(200);
    await expectMemberWithAgreement(reference, agreementId, person);
    expect((await deliver(activated)).statusCode).toBe(200);

    const other = await startWithAgreement();
    const otherPerson = payer();
    approve(other.agreementId, otherPerson);
    const [back, hook] = await Promise.all([returnFrom(other.reference), deliver(eventsOf(other.agreementId)[0])]);
    expect(back.headers.location).toBe('/vipps-thanks');
    expect(hook.statusCode).toBe(200);
    await expectMemberWithAgreement(other.reference, other.agreementId, otherPerson);
  });

  it('with no webhook and no return the follow-up job makes the member', async () => {
    const { reference, agreementId } = await startWithAgreement();
    const person = payer();
    approve(agreementId, person);
    await t.db.query("UPDATE vipps_registrations SET updated_at = now() - interval '5 minutes' WHERE reference = $1", [reference]);
    await followUpRegistrations(deps);
    await expectMemberWithAgreement(reference, agreementId, person);
  });

  it('a later stop in the app reaches the member’s agreement, not the registration', async () => {
    const { reference, agreementId } = await startWithAgreement();
    const person = payer();
    approve(agreementId, person);
    await deliver(eventsOf(agreementId)[0]);
    vipps.stopInApp(agreementId);
    expect((await deliver(eventsOf(agreementId).at(-1)!)).statusCode).toBe(200);
    expect((await agreementRows(agreementId))[0].state).toBe('STOPPED');
    expect(await registration(reference)).toMatchObject({ state: 'CAPTURED', captured_amount: 145000 });
  });

  it('the next renewal run charges the agreement once the applicant is a member', async () => {
    const { agreementId } = await startWithAgreement();
    const person = payer();
    approve(agreementId, person);
    await deliver(eventsOf(agreementId)[0]);
    const [member] = await accountsWithEmail(person.email);
    // Staff accept the applicant (as the accept flow leaves them): a member with an active membership.
    await t.db.query('UPDATE accounts SET role_id = 2, remote_id = 900000 + id WHERE id = $1', [member.id]);
    await t.db.query("UPDATE subscriptions SET state = 'active' WHERE member_id = $1 AND kind = 'membership'", [member.id]);
    const next = currentYear() + 1;
    await t.db.query(`INSERT INTO renewal_runs (year, state) VALUES ($1, 'queued') ON CONFLICT (year) DO UPDATE SET state = 'queued', total = 0, done = 0`, [
      next,
    ]);
    await runRenewal(t.db, { outbox: t.services.outbox, billing: t.config.billing }, next);
    const [invoice] = await t.db.query<{ number: number }>("SELECT number FROM invoices WHERE member_id = $1 AND year = $2 AND kind = 'renewal'", [
      member.id,
      next,
    ]);
    const orderId = `mp-faktura-${invoice.number}`;
    await expect.poll(() => vipps.agreements.get(agreementId)!.charges.has(orderId), { timeout: 20_000, interval: 100 }).toBe(true);
    expect(vipps.charge(orderId)).toMatchObject({ type: 'RECURRING', status: 'PENDING' });
  });
});

describe('not approved', () => {
  it('rejected: nothing is made, the initial charge is cancelled and the return lands on /vipps-cancelled', async () => {
    const [{ count: before }] = await t.db.query<{ count: number }>('SELECT count(*)::int AS count FROM accounts');
    const { reference, agreementId } = await startWithAgreement();
    vipps.rejectAgreement(agreementId);
    for (const body of eventsOf(agreementId)) expect((await deliver(body)).statusCode).toBe(200);
    expect(await registration(reference)).toMatchObject({ state: 'ABORTED', member_id: null, captured_amount: 0 });
    expect(vipps.charge(reference).status).toBe('CANCELLED');
    expect((await returnFrom(reference)).headers.location).toBe('/vipps-cancelled');
    expect(await agreementRows(agreementId)).toEqual([]);
    const [{ count: after }] = await t.db.query<{ count: number }>('SELECT count(*)::int AS count FROM accounts');
    expect(after).toBe(before);
  });

  it('expired: the registration expires', async () => {
    const { reference, agreementId } = await startWithAgreement();
    vipps.expireAgreement(agreementId);
    expect((await deliver(eventsOf(agreementId).at(-1)!)).statusCode).toBe(200);
    expect(await registration(reference)).toMatchObject({ state: 'EXPIRED', member_id: null });
    expect((await returnFrom(reference)).headers.location).toBe('/vipps-cancelled');
  });

  it('the payer comes back without deciding: the waiting agreement is stopped at Vipps and the return lands on /vipps-cancelled', async () => {
    const { reference, agreementId } = await startWithAgreement();
    expect(await returnFromVipps(deps, reference, 0, 0)).toBe('/vipps-cancelled');
    expect(vipps.agreements.get(agreementId)!.status).toBe('STOPPED');
    expect(vipps.charge(reference).status).toBe('CANCELLED');
    expect(await registration(reference)).toMatchObject({ state: 'ABORTED', member_id: null });
  });

  it('an e-mail that already has an account: no member, the initial charge refunded once and the agreement stopped', async () => {
    const person = payer();
    const existing = await createAccount(t.db, { email: person.email });
    const { reference, agreementId } = await startWithAgreement();
    approve(agreementId, person);
    for (const body of eventsOf(agreementId)) expect((await deliver(body)).statusCode).toBe(200);
    expect(await registration(reference)).toMatchObject({
      state: 'REFUNDED',
      member_id: null,
      captured_amount: 0,
      refunded_amount: 145000,
      error: 'Det finnes allerede en konto med e-postadressen fra Vipps.',
    });
    expect(vipps.charge(reference)).toMatchObject({ status: 'REFUNDED', captured: 145000, refunded: 145000 });
    expect(vipps.agreements.get(agreementId)!.status).toBe('STOPPED');
    expect((await returnFrom(reference)).headers.location).toBe('/vipps-error');
    // Every event again (the refund's and the stop's among them), and the job: nothing is refunded twice.
    for (const body of eventsOf(agreementId)) expect((await deliver(body)).statusCode).toBe(200);
    await followUpRegistrations(deps);
    expect(vipps.charge(reference).history.filter((entry) => entry.event === 'REFUND')).toHaveLength(1);
    expect(await accountsWithEmail(person.email)).toEqual([expect.objectContaining({ id: existing.id })]);
    expect(await agreementRows(agreementId)).toEqual([]);
  });

  it('Vipps down when the webhook comes: 503 (Vipps delivers again), and the follow-up job refunds later', async () => {
    const person = payer();
    await createAccount(t.db, { email: person.email });
    const { reference, agreementId } = await startWithAgreement();
    approve(agreementId, person);
    vipps.failRecurring = { status: 503, body: { title: 'Service Unavailable', status: 503 } };
    try {
      expect((await deliver(eventsOf(agreementId)[0])).statusCode).toBe(503);
    } finally {
      vipps.failRecurring = null;
    }
    expect(await registration(reference)).toMatchObject({ state: 'CREATED' });
    await t.db.query("UPDATE vipps_registrations SET updated_at = now() - interval '5 minutes' WHERE reference = $1", [reference]);
    await followUpRegistrations(deps);
    expect(await registration(reference)).toMatchObject({ state: 'REFUNDED', refunded_amount: 145000 });
    expect(vipps.charge(reference)).toMatchObject({ status: 'REFUNDED', refunded: 145000 });
  });
});

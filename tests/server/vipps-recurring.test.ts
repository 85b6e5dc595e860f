/**
 * The Vipps Recurring API v3 client against the fake Vipps on loopback: agreements approved,
 * stopped (by us and in the app), rejected and expired; charges created, drawn, failed after
 * their retries, cancelled and refunded; idempotent retries; input refused before sending; and
 * Vipps' problem answers as Norwegian errors. No database: these are the adapter's own tests.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeVipps, VIPPS_ENV, type FakeVipps } from './fakes/vipps.ts';
import { loadConfig, type VippsConfig } from '../../server/config.ts';
import {
  epaymentClient,
  parseRecurringEvent,
  RECURRING_MESSAGES,
  recurringClient,
  verifyWebhook,
  VIPPS_MESSAGES,
  VippsError,
  vippsHttp,
  type NewAgreement,
  type NewCharge,
  type RecurringGateway,
} from '../../server/adapters/vipps.ts';

/** Both the fake and the client see this as today in Oslo. */
const TODAY = '2030-03-14';
const TOMORROW = '2030-03-15';

let vipps: FakeVipps;
let settings: VippsConfig;
let client: RecurringGateway;

beforeAll(async () => {
  vipps = await startFakeVipps();
  settings = loadConfig({ ...VIPPS_ENV, VIPPS_API_URL: vipps.url }).vipps!;
  client = recurringClient(settings, { today: () => TODAY });
});
afterAll(async () => {
  await vipps?.close();
});
beforeEach(() => {
  vipps.today = TODAY;
  vipps.failRecurring = null;
  vipps.chargePageSize = 100;
});

let keyCounter = 0;
const key = (what: string) => `${what}-${process.pid}-${++keyCounter}`;

const dues = (overrides: Partial<NewAgreement> = {}): NewAgreement => ({
  amount: 145000,
  interval: { unit: 'YEAR', count: 1 },
  productName: 'Medlemskontingent',
  merchantRedirectUrl: 'https://portal.test/min-side/vipps-avtale/tilbake',
  merchantAgreementUrl: 'https://portal.test/min-side',
  phoneNumber: '4791234567',
  externalId: 'medlem-1001',
  ...overrides,
});

let orderCounter = 0;
const yearly = (overrides: Partial<NewCharge> = {}): NewCharge => ({
  amount: 145000,
  description: 'Kontingent 2030',
  due: TOMORROW,
  retryDays: 3,
  orderId: `kont-2030-${process.pid}-${++orderCounter}`,
  ...overrides,
});

/** An agreement the member has approved in Vipps. */
async function activeAgreement(): Promise<string> {
  const { agreementId } = await client.createAgreement(dues(), key('agr'));
  vipps.approveAgreement(agreementId);
  return agreementId;
}

/** Runs `call`, expecting a VippsError, and gives it back. */
async function refusal(call: () => Promise<unknown>): Promise<VippsError> {
  try {
    await call();
  } catch (error) {
    expect(error).toBeInstanceOf(VippsError);
    return error as VippsError;
  }
  throw new Error('expected a VippsError');
}

const requestsTo = (pattern: RegExp) => vipps.requests.filter((request) => pattern.test(request.url));

describe('agreements', () => {
  it('creates a yearly agreement with the dues as its fixed price and the documented headers; it waits for the member', async () => {
    const idempotencyKey = key('agr');
    const created = await client.createAgreement(dues(), idempotencyKey);
    expect(created.agreementId).toMatch(/^agr_/);
    expect(created.confirmationUrl).toMatch(/^https:\/\/landing\.vipps\.test\//);
    expect(created.chargeId).toBeNull();

    const request = requestsTo(/^\/recurring\/v3\/agreements$/).at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.headers.authorization).toMatch(/^Bearer token-\d+$/);
    expect(request.headers['idempotency-key']).toBe(idempotencyKey);
    expect(request.headers['merchant-serial-number']).toBe(VIPPS_ENV.VIPPS_MERCHANT_SERIAL_NUMBER);
    expect(request.headers['ocp-apim-subscription-key']).toBe(VIPPS_ENV.VIPPS_SUBSCRIPTION_KEY);
    expect(request.headers['vipps-system-name']).toBe('musikerportalen');
    expect(request.headers['vipps-system-plugin-name']).toBeTruthy();
    expect(JSON.parse(request.body)).toEqual({
      pricing: { type: 'LEGACY', amount: 145000, currency: 'NOK' },
      interval: { unit: 'YEAR', count: 1 },
      productName: 'Medlemskontingent',
      merchantRedirectUrl: 'https://portal.test/min-side/vipps-avtale/tilbake',
      merchantAgreementUrl: 'https://portal.test/min-side',
      phoneNumber: '4791234567',
      externalId: 'medlem-1001',
    });

    const agreement = await client.getAgreement(created.agreementId);
    expect(agreement).toMatchObject({
      id: created.agreementId,
      status: 'PENDING',
      amount: 145000,
      interval: { unit: 'YEAR', count: 1 },
      productName: 'Medlemskontingent',
      externalId: 'medlem-1001',
      start: null,
      stop: null,
    });
  });

  it('leaves out the phone number when the member has none', async () => {
    await client.createAgreement(dues({ phoneNumber: null, externalId: null }), key('agr'));
    const sent = JSON.parse(requestsTo(/^\/recurring\/v3\/agreements$/).at(-1)!.body);
    expect(sent).not.toHaveProperty('phoneNumber');
    expect(sent).not.toHaveProperty('externalId');
  });

  it('is ACTIVE once the member approves it in the app', async () => {
    const { agreementId } = await client.createAgreement(dues(), key('agr'));
    vipps.approveAgreement(agreementId);
    const agreement = await client.getAgreement(agreementId);
    expect(agreement.status).toBe('ACTIVE');
    expect(agreement.start).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('with an initial charge: the charge is drawn when the member approves', async () => {
    const orderId = `innmelding-${process.pid}-${++orderCounter}`;
    const created = await client.createAgreement(dues({ initialCharge: { amount: 145000, description: 'Kontingent 2030', orderId } }), key('agr'));
    expect(created.chargeId).toBe(orderId);
    expect(JSON.parse(requestsTo(/^\/recurring\/v3\/agreements$/).at(-1)!.body).initialCharge).toEqual({
      amount: 145000,
      description: 'Kontingent 2030',
      transactionType: 'DIRECT_CAPTURE',
      orderId,
    });
    expect((await client.getCharge(created.agreementId, orderId)).status).toBe('PENDING');
    vipps.approveAgreement(created.agreementId);
    expect(await client.getCharge(created.agreementId, orderId)).toMatchObject({ status: 'CHARGED', type: 'INITIAL', captured: 145000 });
  });

  it("with a scope: the member's profile is shared on approval and read through the agreement's sub", async () => {
    const created = await client.createAgreement(dues({ scope: 'name email phoneNumber' }), key('agr'));
    expect(JSON.parse(requestsTo(/^\/recurring\/v3\/agreements$/).at(-1)!.body).scope).toBe('name email phoneNumber');
    expect((await client.getAgreement(created.agreementId)).sub).toBeNull();
    vipps.approveAgreement(created.agreementId, '4791234567', {
      given_name: 'Aud',
      family_name: 'Avtalesen',
      email: 'aud@example.no',
      phone_number: '4791234567',
    });
    const { sub } = await client.getAgreement(created.agreementId);
    expect(sub).toBeTruthy();
    expect(await client.userInfo(sub!)).toEqual({
      first_name: 'Aud',
      last_name: 'Avtalesen',
      email: 'aud@example.no',
      phone: '4791234567',
      address: null,
      birthdate: null,
    });
    expect(requestsTo(/^\/vipps-userinfo-api\/userinfo\//).at(-1)!.headers.authorization).toMatch(/^Bearer token-\d+$/);
  });

  it('without a scope no profile is shared', async () => {
    const agreementId = await activeAgreement();
    expect((await client.getAgreement(agreementId)).sub).toBeNull();
  });

  it('stopped by us (PATCH status STOPPED): STOPPED, and its charges not yet drawn are cancelled', async () => {
    const agreementId = await activeAgreement();
    const { chargeId } = await client.createCharge(agreementId, yearly(), key('chg'));
    const stopKey = key('stop');
    await client.stopAgreement(agreementId, stopKey);
    const request = requestsTo(new RegExp(`^/recurring/v3/agreements/${agreementId}$`)).find((r) => r.method === 'PATCH')!;
    expect(JSON.parse(request.body)).toEqual({ status: 'STOPPED' });
    expect(request.headers['idempotency-key']).toBe(stopKey);

    const agreement = await client.getAgreement(agreementId);
    expect(agreement.status).toBe('STOPPED');
    expect(agreement.stop).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await client.getCharge(agreementId, chargeId)).status).toBe('CANCELLED');
    // Stopping it again (a retry) is harmless.
    await client.stopAgreement(agreementId, stopKey);
    await client.stopAgreement(agreementId, key('stop'));
  });

  it('stopped by the member in the app is seen as STOPPED, and the event says the member did it', async () => {
    const agreementId = await activeAgreement();
    vipps.stopInApp(agreementId);
    expect((await client.getAgreement(agreementId)).status).toBe('STOPPED');
    const event = vipps.recurringEvents.map(parseRecurringEvent).find((e) => e?.agreementId === agreementId && e.name === 'recurring.agreement-stopped.v1');
    expect(event).toMatchObject({ kind: 'agreement', actor: 'USER', agreementExternalId: 'medlem-1001' });
  });

  it('rejected in the app is STOPPED without ever being active; not answered in time is EXPIRED', async () => {
    const rejected = (await client.createAgreement(dues(), key('agr'))).agreementId;
    vipps.rejectAgreement(rejected);
    expect(await client.getAgreement(rejected)).toMatchObject({ status: 'STOPPED', start: null });

    const expired = (await client.createAgreement(dues(), key('agr'))).agreementId;
    vipps.expireAgreement(expired);
    expect((await client.getAgreement(expired)).status).toBe('EXPIRED');
    const stop = await refusal(() => client.stopAgreement(expired, key('stop')));
    expect(stop.status).toBe(409);
    expect(stop.message).toBe(VIPPS_MESSAGES.agreementConflict);
  });

  it('an unknown agreement is a Norwegian 404', async () => {
    const error = await refusal(() => client.getAgreement('agr_finnesikke'));
    expect(error.status).toBe(404);
    expect(error.message).toBe('Vipps finner ikke avtalen.');
    expect(error.problem?.contextId).toMatch(/^fake-context-/);
  });
});

describe('charges', () => {
  it('creates a charge with the documented body; Vipps draws it PENDING → DUE → PROCESSING → CHARGED', async () => {
    const agreementId = await activeAgreement();
    const charge = yearly();
    const idempotencyKey = key('chg');
    const { chargeId } = await client.createCharge(agreementId, charge, idempotencyKey);
    expect(chargeId).toBe(charge.orderId);

    const request = requestsTo(new RegExp(`^/recurring/v3/agreements/${agreementId}/charges$`)).find((r) => r.method === 'POST')!;
    expect(request.headers['idempotency-key']).toBe(idempotencyKey);
    expect(JSON.parse(request.body)).toEqual({
      amount: 145000,
      transactionType: 'DIRECT_CAPTURE',
      description: 'Kontingent 2030',
      due: TOMORROW,
      retryDays: 3,
      orderId: charge.orderId,
    });

    expect(await client.getCharge(agreementId, chargeId)).toMatchObject({
      id: chargeId,
      agreementId,
      status: 'PENDING',
      type: 'RECURRING',
      transactionType: 'DIRECT_CAPTURE',
      amount: 145000,
      captured: 0,
      due: TOMORROW,
      retryDays: 3,
      transactionId: null,
      failureReason: null,
    });
    const seen = [];
    for (let step = 0; step < 3; step++) {
      vipps.advanceCharge(chargeId);
      seen.push((await client.getCharge(agreementId, chargeId)).status);
    }
    expect(seen).toEqual(['DUE', 'PROCESSING', 'CHARGED']);
    const charged = await client.getCharge(agreementId, chargeId);
    expect(charged.captured).toBe(145000);
    expect(charged.transactionId).toMatch(/^\d{10,}$/);
    expect(charged.history.map((event) => event.event)).toEqual(['CREATE', 'CAPTURE']);

    const captured = vipps.recurringEvents.map(parseRecurringEvent).find((e) => e?.kind === 'charge' && e.chargeId === chargeId);
    expect(captured).toMatchObject({ name: 'recurring.charge-captured.v1', agreementId, amount: 145000, chargeType: 'RECURRING' });
  });

  it('fails only after its retries: still PROCESSING after the first tries, FAILED with the reason after the last', async () => {
    const agreementId = await activeAgreement();
    const { chargeId } = await client.createCharge(agreementId, yearly({ retryDays: 2 }), key('chg'));
    expect(vipps.failChargeAttempt(chargeId)).toBe('PROCESSING');
    expect(vipps.failChargeAttempt(chargeId)).toBe('PROCESSING');
    expect((await client.getCharge(agreementId, chargeId)).status).toBe('PROCESSING');
    expect(vipps.failChargeAttempt(chargeId)).toBe('FAILED');
    const failed = await client.getCharge(agreementId, chargeId);
    expect(failed).toMatchObject({ status: 'FAILED', failureReason: 'user_action_required', captured: 0 });
    expect(await client.listCharges(agreementId, 'FAILED')).toEqual([expect.objectContaining({ id: chargeId })]);
    const event = vipps.recurringEvents.map(parseRecurringEvent).find((e) => e?.kind === 'charge' && e.chargeId === chargeId);
    expect(event).toMatchObject({ name: 'recurring.charge-failed.v1', failureReason: 'user_action_required' });
  });

  it('cancels a charge not yet drawn; a drawn one cannot be cancelled (409 in Norwegian with the problem kept)', async () => {
    const agreementId = await activeAgreement();
    const { chargeId } = await client.createCharge(agreementId, yearly(), key('chg'));
    await client.cancelCharge(agreementId, chargeId, key('cancel'));
    expect(requestsTo(new RegExp(`/charges/${chargeId}$`)).some((r) => r.method === 'DELETE')).toBe(true);
    expect(await client.getCharge(agreementId, chargeId)).toMatchObject({ status: 'CANCELLED', cancelled: 145000 });

    const drawn = (await client.createCharge(agreementId, yearly(), key('chg'))).chargeId;
    vipps.captureCharge(drawn);
    const error = await refusal(() => client.cancelCharge(agreementId, drawn, key('cancel')));
    expect(error.status).toBe(409);
    expect(error.message).toBe('Trekket hos Vipps er i en tilstand som ikke tillater dette.');
    expect(error.problem?.detail).toContain('CHARGED');
    expect((await client.getCharge(agreementId, drawn)).status).toBe('CHARGED');
  });

  it('refunds part and then the rest of a drawn charge; more than was drawn is refused', async () => {
    const agreementId = await activeAgreement();
    const { chargeId } = await client.createCharge(agreementId, yearly(), key('chg'));
    vipps.captureCharge(chargeId);

    await client.refundCharge(agreementId, chargeId, { amount: 45000, description: 'Redusert kontingent' }, key('refund'));
    const request = requestsTo(new RegExp(`/charges/${chargeId}/refund$`)).at(-1)!;
    expect(JSON.parse(request.body)).toEqual({ amount: 45000, description: 'Redusert kontingent' });
    expect(await client.getCharge(agreementId, chargeId)).toMatchObject({ status: 'PARTIALLY_REFUNDED', refunded: 45000 });

    const tooMuch = await refusal(() => client.refundCharge(agreementId, chargeId, { amount: 100001, description: 'For mye' }, key('refund')));
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.sent).toBe(true);
    expect(tooMuch.message).toBe('Vipps avviste forespørselen: Bad Request: Refund amount exceeds the captured amount (amount too high)');

    await client.refundCharge(agreementId, chargeId, { amount: 100000, description: 'Resten' }, key('refund'));
    expect(await client.getCharge(agreementId, chargeId)).toMatchObject({ status: 'REFUNDED', refunded: 145000 });
  });

  it('a charge not yet drawn cannot be refunded', async () => {
    const agreementId = await activeAgreement();
    const { chargeId } = await client.createCharge(agreementId, yearly(), key('chg'));
    const error = await refusal(() => client.refundCharge(agreementId, chargeId, { amount: 1000, description: 'Feil' }, key('refund')));
    expect(error.status).toBe(409);
    expect(error.message).toBe(VIPPS_MESSAGES.chargeConflict);
  });

  it('lists every charge of an agreement across pages, or those in one status', async () => {
    vipps.chargePageSize = 2;
    const agreementId = await activeAgreement();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await client.createCharge(agreementId, yearly(), key('chg'))).chargeId);
    vipps.captureCharge(ids[0]);
    const all = await client.listCharges(agreementId);
    expect(all.map((charge) => charge.id)).toEqual(ids);
    expect(requestsTo(new RegExp(`^/recurring/v3/agreements/${agreementId}/charges$`)).filter((r) => r.method === 'GET')).toHaveLength(3);
    expect((await client.listCharges(agreementId, 'CHARGED')).map((charge) => charge.id)).toEqual([ids[0]]);
  });
});

describe('idempotency', () => {
  it('the same key and body again gives the same charge: one charge at Vipps', async () => {
    const agreementId = await activeAgreement();
    const charge = yearly();
    const idempotencyKey = key('chg');
    const first = await client.createCharge(agreementId, charge, idempotencyKey);
    const again = await client.createCharge(agreementId, charge, idempotencyKey);
    expect(again).toEqual(first);
    expect(vipps.agreements.get(agreementId)!.charges.size).toBe(1);
  });

  it('an answer lost on the way (timeout) is tried again with the same key and makes one charge', async () => {
    const agreementId = await activeAgreement();
    const charge = yearly();
    const before = requestsTo(/\/charges$/).length;
    vipps.answerLate(6000);
    const { chargeId } = await client.createCharge(agreementId, charge, key('chg'));
    expect(chargeId).toBe(charge.orderId);
    const tries = requestsTo(/\/charges$/)
      .slice(before)
      .filter((r) => r.method === 'POST');
    expect(tries).toHaveLength(2);
    expect(new Set(tries.map((r) => r.headers['idempotency-key'])).size).toBe(1);
    expect(vipps.agreements.get(agreementId)!.charges.size).toBe(1);
  });

  it('a key used before for another charge is refused (409), and nothing is created', async () => {
    const agreementId = await activeAgreement();
    const idempotencyKey = key('chg');
    await client.createCharge(agreementId, yearly(), idempotencyKey);
    const error = await refusal(() => client.createCharge(agreementId, yearly(), idempotencyKey));
    expect(error.status).toBe(409);
    expect(vipps.agreements.get(agreementId)!.charges.size).toBe(1);
  });

  it('refuses keys Vipps would refuse (over 40 characters, or with / # ? \\) before sending', async () => {
    const agreementId = await activeAgreement();
    const before = vipps.requests.length;
    for (const bad of ['x'.repeat(41), 'a/b', 'a#b', 'a?b', 'a\\b', '']) {
      const error = await refusal(() => client.createCharge(agreementId, yearly(), bad));
      expect(error).toMatchObject({ status: 400, sent: false, message: RECURRING_MESSAGES.idempotencyKey });
    }
    expect(vipps.requests.length).toBe(before);
  });
});

describe('input refused before it reaches Vipps', () => {
  it('a due date today or earlier: Vipps needs the charge at least a day ahead', async () => {
    const agreementId = await activeAgreement();
    const before = vipps.requests.length;
    for (const due of [TODAY, '2030-03-01', '2029-12-31']) {
      const error = await refusal(() => client.createCharge(agreementId, yearly({ due }), key('chg')));
      expect(error).toMatchObject({ status: 400, sent: false, message: RECURRING_MESSAGES.due });
      expect(error.problem?.extraDetails).toEqual([{ field: 'due', text: RECURRING_MESSAGES.due }]);
    }
    for (const due of ['2030-02-30', '15.03.2030', '']) {
      const error = await refusal(() => client.createCharge(agreementId, yearly({ due }), key('chg')));
      expect(error.message).toBe(RECURRING_MESSAGES.dueFormat);
    }
    expect(vipps.requests.length).toBe(before);
    expect(vipps.agreements.get(agreementId)!.charges.size).toBe(0);
  });

  it('by default today is the date in Oslo', async () => {
    const agreementId = await activeAgreement();
    vipps.today = '2000-01-01';
    const osloToday = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Oslo' }).format(new Date());
    const plain = recurringClient(settings);
    const error = await refusal(() => plain.createCharge(agreementId, yearly({ due: osloToday }), key('chg')));
    expect(error).toMatchObject({ status: 400, sent: false, message: RECURRING_MESSAGES.due });
  });

  it('amounts that are not whole øre of at least 1 kr', async () => {
    const agreementId = await activeAgreement();
    const before = vipps.requests.length;
    for (const amount of [0, -100, 99, 1450.5, Number.NaN]) {
      expect((await refusal(() => client.createCharge(agreementId, yearly({ amount }), key('chg')))).message).toBe(RECURRING_MESSAGES.amount);
      expect((await refusal(() => client.createAgreement(dues({ amount }), key('agr')))).message).toBe(RECURRING_MESSAGES.amount);
      expect((await refusal(() => client.refundCharge(agreementId, 'kont-1', { amount, description: 'x' }, key('refund')))).message).toBe(
        RECURRING_MESSAGES.amount,
      );
    }
    expect(vipps.requests.length).toBe(before);
  });

  it('other fields Vipps would refuse', async () => {
    const agreementId = await activeAgreement();
    const before = vipps.requests.length;
    const charge = (overrides: Partial<NewCharge>) => refusal(() => client.createCharge(agreementId, yearly(overrides), key('chg')));
    const agreement = (overrides: Partial<NewAgreement>) => refusal(() => client.createAgreement(dues(overrides), key('agr')));
    expect((await charge({ retryDays: 15 })).message).toBe(RECURRING_MESSAGES.retryDays);
    expect((await charge({ description: 'x'.repeat(46) })).message).toBe(RECURRING_MESSAGES.description);
    expect((await charge({ orderId: 'faktura 12' })).message).toBe(RECURRING_MESSAGES.orderId);
    expect((await agreement({ merchantAgreementUrl: 'http://portal.test/min-side' })).message).toBe(RECURRING_MESSAGES.agreementUrl);
    expect((await agreement({ productName: 'x'.repeat(46) })).message).toBe(RECURRING_MESSAGES.productName);
    expect((await agreement({ interval: { unit: 'YEAR', count: 0 } })).message).toBe(RECURRING_MESSAGES.interval);
    expect((await agreement({ phoneNumber: '+47 912 34 567' })).message).toBe(RECURRING_MESSAGES.phone);
    expect((await agreement({ scope: 'name nin' })).message).toBe(RECURRING_MESSAGES.scope);
    expect((await agreement({ initialCharge: { amount: 145000, description: '' } })).message).toBe(RECURRING_MESSAGES.description);
    expect((await refusal(() => client.getAgreement('../accesstoken/get'))).message).toBe(RECURRING_MESSAGES.id);
    expect(vipps.requests.length).toBe(before);
  });
});

describe("Vipps' own refusals and failures", () => {
  it('a charge on an agreement that is not active: 409 from Vipps, in Norwegian, with its problem details', async () => {
    const { agreementId: pending } = await client.createAgreement(dues(), key('agr'));
    const error = await refusal(() => client.createCharge(pending, yearly(), key('chg')));
    expect(error.status).toBe(409);
    expect(error.sent).toBe(true);
    expect(error.message).toBe(VIPPS_MESSAGES.agreementConflict);
    expect(error.problem).toMatchObject({ title: 'Conflict', extraDetails: [{ field: 'agreement.status', text: 'PENDING' }] });

    const stopped = await activeAgreement();
    vipps.stopInApp(stopped);
    expect((await refusal(() => client.createCharge(stopped, yearly(), key('chg')))).status).toBe(409);
    expect(vipps.agreements.get(pending)!.charges.size + vipps.agreements.get(stopped)!.charges.size).toBe(0);
  });

  it('a due date Vipps finds too soon (its day has turned): 400 with the field named', async () => {
    const agreementId = await activeAgreement();
    vipps.today = TOMORROW;
    const error = await refusal(() => client.createCharge(agreementId, yearly({ due: TOMORROW }), key('chg')));
    expect(error.status).toBe(400);
    expect(error.sent).toBe(true);
    expect(error.message).toBe('Vipps avviste forespørselen: Bad Request: Input validation failed (due must be at least one day in the future)');
    expect(error.problem?.extraDetails).toEqual([{ field: 'due', text: 'must be at least one day in the future' }]);
    expect(vipps.agreements.get(agreementId)!.charges.size).toBe(0);
  });

  it('Vipps down: tried again, then a Norwegian message to try later', async () => {
    const agreementId = await activeAgreement();
    const before = requestsTo(new RegExp(`^/recurring/v3/agreements/${agreementId}$`)).length;
    vipps.failRecurring = { status: 503, headers: { 'content-type': 'application/problem+json' }, body: { title: 'Service Unavailable', status: 503 } };
    const error = await refusal(() => client.getAgreement(agreementId));
    expect(error.status).toBe(503);
    expect(error.message).toBe(VIPPS_MESSAGES.serverError);
    expect(error.problem?.title).toBe('Service Unavailable');
    expect(requestsTo(new RegExp(`^/recurring/v3/agreements/${agreementId}$`)).length - before).toBe(3);
  });

  it('wrong keys: the same access check as ePayment, answered in Norwegian', async () => {
    const wrongMerchant = recurringClient({ ...settings, merchantSerialNumber: '999999' }, { today: () => TODAY });
    const error = await refusal(() => wrongMerchant.getAgreement('agr_000001'));
    expect(error.status).toBe(403);
    expect(error.message).toBe(VIPPS_MESSAGES.unauthorized);
  });

  it('shares one access token with the ePayment client', async () => {
    const http = vippsHttp(settings);
    const epayment = epaymentClient(settings, http);
    const shared = recurringClient(settings, { http, today: () => TODAY });
    const before = vipps.tokensIssued;
    await epayment.createPayment(
      { reference: `mp-delt-${process.pid}-0001`, amount: 10000, description: 'Test', returnUrl: 'https://portal.test/' },
      key('pay'),
    );
    await shared.createAgreement(dues(), key('agr'));
    expect(vipps.tokensIssued - before).toBe(1);
  });
});

describe('recurring webhook events', () => {
  it('the events of an agreement and its charges arrive signed as ePayment events are, and read as typed events', async () => {
    const { agreementId } = await client.createAgreement(dues(), key('agr'));
    const from = vipps.recurringEvents.length;
    vipps.approveAgreement(agreementId);
    const drawn = (await client.createCharge(agreementId, yearly(), key('chg'))).chargeId;
    vipps.captureCharge(drawn);
    const cancelled = (await client.createCharge(agreementId, yearly(), key('chg'))).chargeId;
    await client.cancelCharge(agreementId, cancelled, key('cancel'));
    await client.stopAgreement(agreementId, key('stop'));

    const events = vipps.recurringEvents.slice(from);
    expect(events.map((body) => JSON.parse(body).eventType)).toEqual([
      'recurring.agreement-activated.v1',
      'recurring.charge-captured.v1',
      'recurring.charge-canceled.v1',
      'recurring.agreement-stopped.v1',
    ]);
    const path = '/api/vipps/webhook';
    for (const body of events) {
      const headers = vipps.sign(VIPPS_ENV.VIPPS_WEBHOOK_SECRET, 'portal.test', path, body);
      expect(verifyWebhook(VIPPS_ENV.VIPPS_WEBHOOK_SECRET, { method: 'POST', pathAndQuery: path, headers, body })).toBe(true);
    }
    expect(events.map(parseRecurringEvent)).toEqual([
      expect.objectContaining({ kind: 'agreement', name: 'recurring.agreement-activated.v1', agreementId, actor: 'USER' }),
      expect.objectContaining({ kind: 'charge', chargeId: drawn, amount: 145000, chargeType: 'RECURRING' }),
      expect.objectContaining({ kind: 'charge', name: 'recurring.charge-canceled.v1', chargeId: cancelled }),
      expect.objectContaining({ kind: 'agreement', name: 'recurring.agreement-stopped.v1', actor: 'MERCHANT' }),
    ]);
  });

  it('other bodies are not recurring events', () => {
    expect(parseRecurringEvent(JSON.stringify({ reference: 'mp-1', name: 'AUTHORIZED' }))).toBeNull();
    expect(parseRecurringEvent(JSON.stringify({ agreementId: 'agr_1', eventType: 'recurring.something-new.v1' }))).toBeNull();
    expect(parseRecurringEvent(JSON.stringify({ agreementId: 'agr_1', eventType: 'recurring.charge-captured.v1' }))).toBeNull();
    expect(parseRecurringEvent('not json')).toBeNull();
  });
});

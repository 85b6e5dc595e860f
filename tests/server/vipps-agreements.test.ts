/**
 * Dues drawn by Vipps Recurring: a member sets up an agreement on Min side, approves it in Vipps
 * (the fake on loopback) and the portal follows by webhook or by polling; it is stopped from Min
 * side or in the app; one per member; nobody else's; the renewal run charges instead of mailing,
 * a captured charge pays the invoice and a failed one mails it and tells the member. Without
 * Vipps settings the test checkout serves the same flow, never in production.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, login, type TestContext } from './helpers.ts';
import { activeTravel, billedMember } from './billing-factories.ts';
import { signedInStaff } from './factories-member-admin.ts';
import { startFakeVipps, VIPPS_ENV, type FakeVipps } from './fakes/vipps.ts';
import { runRenewal } from '../../server/domain/billing/renewal.ts';
import { currentYear } from '../../server/domain/billing/prices.ts';
import { pollAgreements } from '../../server/domain/payments/vipps-agreements.ts';
import { agreementDeps } from '../../server/jobs/vipps-agreements.ts';

const HOST = 'portal.test';
const WEBHOOK = '/api/vipps_registration/webhook';

let vipps: FakeVipps;
let t: TestContext;
let staff: { id: number; token: string };

beforeAll(async () => {
  vipps = await startFakeVipps();
  t = await buildTestApp({ env: { ...VIPPS_ENV, VIPPS_API_URL: vipps.url, PUBLIC_URL: `https://${HOST}` } });
  staff = await signedInStaff(t.app, t.db);
});
afterAll(async () => {
  await t?.close();
  await vipps?.close();
});

async function member(app = t) {
  const created = await billedMember(app.db, { phone: '91234567' });
  return { ...created, token: await login(app.app, created.email, created.password) };
}

const url = (id: number) => `/api/member/${id}/vipps-agreement`;
const view = (id: number, token: string, app = t) => app.app.inject({ url: url(id), headers: bearer(token) });
const start = (id: number, token: string, app = t, payload?: object) =>
  app.app.inject({ method: 'POST', url: url(id), headers: bearer(token), ...(payload ? { payload } : {}) });
const stop = (id: number, token: string, app = t) => app.app.inject({ method: 'DELETE', url: url(id), headers: bearer(token) });

/** Delivers the fake's last recurring event to our webhook, signed as Vipps signs. */
const deliver = (body: string) =>
  t.app.inject({ method: 'POST', url: WEBHOOK, headers: vipps.sign(VIPPS_ENV.VIPPS_WEBHOOK_SECRET, HOST, WEBHOOK, body), payload: body });
const lastEvent = () => vipps.recurringEvents[vipps.recurringEvents.length - 1];

async function approved(who: { id: number; token: string }, payload?: object): Promise<string> {
  const started = await start(who.id, who.token, t, payload);
  expect(started.statusCode, started.body).toBe(200);
  const agreementId = started.json().data.agreement_id as string;
  vipps.approveAgreement(agreementId);
  expect((await deliver(lastEvent())).statusCode).toBe(200);
  return agreementId;
}

describe('setting up an agreement', () => {
  it('makes a yearly agreement for the dues at Vipps and sends the member to approve it', async () => {
    const a = await member();
    const response = await start(a.id, a.token);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ state: 'PENDING', redirect_url: expect.stringMatching(/^https:\/\/landing\.vipps\.test\/recurring\//) });
    const sent = vipps.agreements.get(data.agreement_id)!.body;
    expect(sent).toMatchObject({
      pricing: { type: 'LEGACY', amount: 145000, currency: 'NOK' },
      interval: { unit: 'YEAR', count: 1 },
      merchantAgreementUrl: `https://${HOST}/profile/${a.id}`,
      merchantRedirectUrl: `https://${HOST}/profile/${a.id}?vipps_agreement=return`,
      phoneNumber: '4791234567',
    });
    const shown = (await view(a.id, a.token)).json().data;
    expect(shown).toMatchObject({ available: true, test_checkout: false, price: 145000, agreement: { state: 'PENDING', agreement_id: data.agreement_id } });
  });

  it('goes ACTIVE by the webhook', async () => {
    const a = await member();
    const agreementId = await approved(a);
    const shown = (await view(a.id, a.token)).json().data;
    expect(shown.agreement.state).toBe('ACTIVE');
    expect(
      shown.events.some((event: { event: string; to_state: string }) => event.event === 'recurring.agreement-activated.v1' && event.to_state === 'ACTIVE'),
    ).toBe(true);
    // The same event again changes nothing and is kept.
    const again = vipps.recurringEvent('recurring.agreement-activated.v1', agreementId, undefined, 'USER');
    expect((await deliver(again)).statusCode).toBe(200);
    const [{ n }] = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM vipps_agreement_events WHERE vipps_agreement_id = $1 AND note = 'Ingen endring'",
      [agreementId],
    );
    expect(n).toBe(1);
  });

  it('goes ACTIVE by polling when no webhook comes', async () => {
    const a = await member();
    const started = await start(a.id, a.token);
    vipps.approveAgreement(started.json().data.agreement_id);
    await pollAgreements(agreementDeps(t.services));
    const [row] = await t.db.query<{ state: string }>('SELECT state FROM vipps_agreements WHERE member_id = $1', [a.id]);
    expect(row.state).toBe('ACTIVE');
  });

  it('keeps one waiting or active agreement per member: a second tap answers the same, an active one refuses', async () => {
    const a = await member();
    const first = (await start(a.id, a.token)).json().data;
    const second = (await start(a.id, a.token)).json().data;
    expect(second.agreement_id).toBe(first.agreement_id);
    vipps.approveAgreement(first.agreement_id);
    await deliver(lastEvent());
    const third = await start(a.id, a.token);
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe('Du har allerede en aktiv Vipps-avtale.');
    await expect(
      t.db.query("INSERT INTO vipps_agreements (member_id, price_ore, product_id, product_name) VALUES ($1, 100, 1, 'x')", [a.id]),
    ).rejects.toThrow();
  });

  it('says so when Vipps is down, and keeps nothing', async () => {
    const a = await member();
    vipps.failRecurring = { status: 503, body: { title: 'Service Unavailable' } };
    try {
      const response = await start(a.id, a.token);
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toMatch(/Vipps/);
    } finally {
      vipps.failRecurring = null;
    }
    expect(await t.db.query('SELECT id FROM vipps_agreements WHERE member_id = $1', [a.id])).toEqual([]);
  });
});

describe('stopping', () => {
  it('the member stops it on Min side: stopped at Vipps too', async () => {
    const a = await member();
    const agreementId = await approved(a);
    const response = await stop(a.id, a.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.agreement).toMatchObject({ state: 'STOPPED', stopped_by: 'member' });
    expect(vipps.agreements.get(agreementId)!.status).toBe('STOPPED');
    // A new one may be set up after.
    expect((await start(a.id, a.token)).statusCode).toBe(200);
  });

  it('stopped in the Vipps app is seen, by webhook', async () => {
    const a = await member();
    const agreementId = await approved(a);
    vipps.stopInApp(agreementId);
    await deliver(lastEvent());
    expect((await view(a.id, a.token)).json().data.agreement).toMatchObject({ state: 'STOPPED', stopped_by: 'app' });
  });

  it('staff may stop it', async () => {
    const a = await member();
    await approved(a);
    const response = await stop(a.id, staff.token);
    expect(response.json().data.agreement).toMatchObject({ state: 'STOPPED', stopped_by: 'staff' });
  });
});

describe('another member', () => {
  it('can neither see nor stop nor start A’s agreement; staff see it', async () => {
    const a = await member();
    const b = await member();
    await approved(a);
    expect((await view(a.id, b.token)).statusCode).toBe(404);
    expect((await stop(a.id, b.token)).statusCode).toBe(404);
    expect((await start(a.id, b.token)).statusCode).toBe(404);
    expect((await view(a.id, a.token)).json().data.agreement.state).toBe('ACTIVE');
    expect((await view(a.id, staff.token)).json().data.agreement.state).toBe('ACTIVE');
    // Staff cannot make an agreement for a member.
    expect((await start(a.id, staff.token)).statusCode).toBe(403);
  });
});

describe('webhook events we do not know', () => {
  it('ignores an unknown agreement and records it; a bad signature is refused', async () => {
    const body = JSON.stringify({
      msn: '123456',
      agreementId: 'agr_ukjent',
      eventType: 'recurring.agreement-activated.v1',
      occurred: new Date().toISOString(),
      actor: 'USER',
    });
    expect((await deliver(body)).statusCode).toBe(200);
    const [row] = await t.db.query<{ note: string }>("SELECT note FROM vipps_agreement_events WHERE vipps_agreement_id = 'agr_ukjent'");
    expect(row.note).toBe('Ignorert: ukjent avtale');
    const forged = await t.app.inject({ method: 'POST', url: WEBHOOK, headers: vipps.sign('feil-hemmelighet', HOST, WEBHOOK, body), payload: body });
    expect(forged.statusCode).toBe(401);
  });
});

describe('the renewal run with an active agreement', () => {
  const next = currentYear() + 1;

  async function renewWithAgreement(options: { travel?: boolean; premiums?: boolean } = {}) {
    const a = await member();
    if (options.travel) await activeTravel(t.db, a.id);
    const agreementId = await approved(a, options.premiums ? { includes_premiums: true } : undefined);
    await t.db.query(
      `INSERT INTO renewal_runs (year, state) VALUES ($1, 'queued')
       ON CONFLICT (year) DO UPDATE SET state = 'queued', total = 0, done = 0`,
      [next],
    );
    await runRenewal(t.db, { outbox: t.services.outbox, billing: t.config.billing }, next);
    const [invoice] = await t.db.query<{ id: number; number: number; state: string; total_ore: number }>(
      "SELECT id, number, state, total_ore FROM invoices WHERE member_id = $1 AND year = $2 AND kind = 'renewal'",
      [a.id, next],
    );
    const orderId = `mp-faktura-${invoice.number}`;
    // The charge job makes it at Vipps once the step has committed.
    await expect.poll(() => vipps.agreements.get(agreementId)!.charges.has(orderId), { timeout: 20_000, interval: 100 }).toBe(true);
    await expect
      .poll(async () => (await t.db.query<{ state: string }>('SELECT state FROM vipps_charges WHERE order_id = $1', [orderId]))[0].state, {
        timeout: 20_000,
        interval: 100,
      })
      .toBe('PENDING');
    return { a, agreementId, invoice, orderId };
  }

  const invoiceMails = (invoiceId: number) => t.db.query<{ subject: string }>('SELECT subject FROM message_log WHERE invoice_id = $1 ORDER BY id', [invoiceId]);

  it('makes a charge ahead of the due date instead of a mail; CHARGED pays the invoice', async () => {
    const { agreementId, invoice, orderId } = await renewWithAgreement();
    const charge = vipps.charge(orderId);
    expect(charge).toMatchObject({ amount: invoice.total_ore, retryDays: 5, type: 'RECURRING' });
    expect(charge.due > vipps.today).toBe(true);
    const request = vipps.requests.find((r) => r.method === 'POST' && r.url === `/recurring/v3/agreements/${agreementId}/charges`)!;
    expect(request.headers['idempotency-key']).toBe(`charge-${orderId}`);
    expect(await invoiceMails(invoice.id)).toEqual([]);
    expect(invoice.state).toBe('sent');

    vipps.captureCharge(orderId);
    expect((await deliver(lastEvent())).statusCode).toBe(200);
    const [paid] = await t.db.query<{ state: string; paid_ore: number }>('SELECT state, paid_ore FROM invoices WHERE id = $1', [invoice.id]);
    expect(paid).toEqual({ state: 'paid', paid_ore: invoice.total_ore });
    const payments = await t.db.query<{ method: string; source: string }>('SELECT method, source FROM invoice_payments WHERE invoice_id = $1', [invoice.id]);
    expect(payments).toEqual([{ method: 'vipps', source: `vipps-charge:${orderId}` }]);
    // Staff see the charge's way on the invoice's page.
    const page = (await t.app.inject({ url: `/api/invoice/${invoice.id}`, headers: bearer(staff.token) })).json().data;
    expect(page.vipps.map((entry: { kind: string; reference: string; to_state: string }) => [entry.kind, entry.reference, entry.to_state])).toEqual([
      ['charge', orderId, 'QUEUED'],
      ['charge', orderId, 'PENDING'],
      ['charge', orderId, 'CHARGED'],
    ]);
    // A replay pays nothing twice.
    await deliver(lastEvent());
    expect(await t.db.query('SELECT id FROM invoice_payments WHERE invoice_id = $1', [invoice.id])).toHaveLength(1);
    expect(await invoiceMails(invoice.id)).toEqual([]);
    // Staff find it with the invoice list's 'Vipps-avtale' filter.
    const drawn = await t.app.inject({ url: `/api/invoice/list?filter[vipps_agreement]=1&filter[number]=${invoice.number}`, headers: bearer(staff.token) });
    expect(drawn.json().data.map((row: { id: number }) => row.id)).toEqual([invoice.id]);
    const others = await t.app.inject({ url: `/api/invoice/list?filter[vipps_agreement]=0&filter[number]=${invoice.number}`, headers: bearer(staff.token) });
    expect(others.json().data).toEqual([]);
  });

  it('a charge FAILED after its retries mails the invoice and tells the member (seen by polling)', async () => {
    const { invoice, orderId } = await renewWithAgreement();
    vipps.failCharge(orderId);
    await pollAgreements(agreementDeps(t.services));
    const subjects = (await invoiceMails(invoice.id)).map((row) => row.subject);
    expect(subjects).toEqual([`Faktura ${invoice.number} fra Musikerportalen`, 'Vi fikk ikke trukket kontingenten med Vipps']);
    const [row] = await t.db.query<{ state: string; paused: string | null; reason: string | null }>(
      'SELECT state, reminders_paused_until::text AS paused, reminders_paused_reason AS reason FROM invoices WHERE id = $1',
      [invoice.id],
    );
    expect(row.state).toBe('sent');
    expect(row.reason).toBe('Trekk med Vipps feilet');
    // The webhook after the poll changes nothing more.
    await deliver(lastEvent());
    expect(await invoiceMails(invoice.id)).toHaveLength(2);
    const staffView = (
      await view((await t.db.query<{ member_id: number }>('SELECT member_id FROM invoices WHERE id = $1', [invoice.id]))[0].member_id, staff.token)
    ).json().data;
    expect(staffView.charges[0]).toMatchObject({ charge_id: orderId, state: 'FAILED' });
  });
});

describe('insurance premiums on the agreement', () => {
  const next = currentYear() + 1;
  const renew = async () => {
    await t.db.query(
      `INSERT INTO renewal_runs (year, state) VALUES ($1, 'queued')
       ON CONFLICT (year) DO UPDATE SET state = 'queued', total = 0, done = 0`,
      [next],
    );
    await runRenewal(t.db, { outbox: t.services.outbox, billing: t.config.billing }, next);
  };
  const invoicesOf = (memberId: number) =>
    t.db.query<{ id: number; number: number; kind: string; total_ore: number; lines: string[] }>(
      `SELECT i.id, i.number, i.kind, i.total_ore, array_agg(p.kind ORDER BY l.id) AS lines
       FROM invoices i JOIN invoice_lines l ON l.invoice_id = i.id JOIN products p ON p.id = l.product_id
      WHERE i.member_id = $1 AND i.year = $2 GROUP BY i.id ORDER BY i.id`,
      [memberId, next],
    );

  it('are not drawn unless the member chooses: the dues are charged, the covers mailed as their own invoice', async () => {
    const a = await member();
    await activeTravel(t.db, a.id);
    const shown = (await view(a.id, a.token)).json().data;
    expect(shown.premiums).toBeGreaterThan(0);
    const agreementId = await approved(a);
    expect(vipps.agreements.get(agreementId)!.body).toMatchObject({ pricing: { amount: shown.price } });
    await renew();
    const [dues, cover] = await invoicesOf(a.id);
    expect(dues).toMatchObject({ kind: 'renewal', lines: ['membership'], total_ore: shown.price });
    expect(cover).toMatchObject({ kind: 'cover', lines: ['travel'] });
    await expect.poll(() => vipps.agreements.get(agreementId)!.charges.has(`mp-faktura-${dues.number}`), { timeout: 20_000, interval: 100 }).toBe(true);
    expect(vipps.charge(`mp-faktura-${dues.number}`).amount).toBe(dues.total_ore);
    const subjects = await t.db.query<{ invoice_id: number }>('SELECT invoice_id FROM message_log WHERE invoice_id = ANY($1::int[])', [[dues.id, cover.id]]);
    expect(subjects.map((row) => row.invoice_id)).toEqual([cover.id]);
  });

  it('are drawn with the dues when the member chose so: one invoice, one charge, the agreement priced for both', async () => {
    const a = await member();
    await activeTravel(t.db, a.id);
    const shown = (await view(a.id, a.token)).json().data;
    const agreementId = await approved(a, { includes_premiums: true });
    expect(vipps.agreements.get(agreementId)!.body).toMatchObject({
      pricing: { amount: shown.price + shown.premiums },
      productDescription: 'Kontingenten og forsikringspremiene trekkes én gang i året.',
    });
    expect((await view(a.id, a.token)).json().data.agreement).toMatchObject({
      includes_premiums: true,
      premiums: shown.premiums,
      price: shown.price + shown.premiums,
    });
    await renew();
    const invoices = await invoicesOf(a.id);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ kind: 'renewal', lines: ['membership', 'travel'] });
    await expect.poll(() => vipps.agreements.get(agreementId)!.charges.has(`mp-faktura-${invoices[0].number}`), { timeout: 20_000, interval: 100 }).toBe(true);
    expect(vipps.charge(`mp-faktura-${invoices[0].number}`).amount).toBe(invoices[0].total_ore);
    expect(await t.db.query('SELECT id FROM message_log WHERE invoice_id = $1', [invoices[0].id])).toEqual([]);
  });

  it('refuses a choice that is not yes or no', async () => {
    const a = await member();
    const response = await start(a.id, a.token, t, { includes_premiums: 'kanskje' });
    expect(response.statusCode).toBe(422);
    expect(await t.db.query('SELECT id FROM vipps_agreements WHERE member_id = $1', [a.id])).toEqual([]);
  });
});

describe('without Vipps settings: the test checkout', () => {
  it('serves agreements: approve, then stop in the app', async () => {
    const local = await buildTestApp();
    try {
      const a = await member(local);
      const started = await start(a.id, a.token, local);
      expect(started.statusCode, started.body).toBe(200);
      const { redirect_url: redirect, agreement_id: agreementId } = started.json().data;
      expect(redirect).toBe(`/api/vipps-test-checkout/agreement/${agreementId}`);
      const page = await local.app.inject({ url: redirect });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('TESTAVTALE');
      const approve = await local.app.inject({
        method: 'POST',
        url: `${redirect}/approve`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      });
      expect(approve.statusCode).toBe(303);
      expect(approve.headers.location).toBe(`http://portal.test/profile/${a.id}?vipps_agreement=return`);
      expect((await view(a.id, a.token, local)).json().data).toMatchObject({ test_checkout: true, agreement: { state: 'ACTIVE' } });
      const stopped = await local.app.inject({
        method: 'POST',
        url: `${redirect}/stop`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      });
      expect(stopped.statusCode).toBe(303);
      expect((await view(a.id, a.token, local)).json().data.agreement).toMatchObject({ state: 'STOPPED', stopped_by: 'app' });
    } finally {
      await local.close();
    }
  });

  it('is not there in production', async () => {
    const production = await buildTestApp({ env: { NODE_ENV: 'production' } });
    try {
      const a = await member(production);
      const started = await start(a.id, a.token, production);
      expect(started.statusCode).toBe(503);
      expect(started.json().message).toBe('Trekk med Vipps er ikke tilgjengelig akkurat nå.');
      expect((await view(a.id, a.token, production)).json().data).toMatchObject({ available: false, test_checkout: false, agreement: null });
      expect((await production.app.inject({ url: '/api/vipps-test-checkout/agreement/agr_test_1' })).statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});

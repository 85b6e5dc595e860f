/**
 * Min side's invoices: the member's own list (lines and payments, never another's), and paying an
 * invoice with Vipps through the real ePayment client against the fake: webhook only, return
 * polling, double tap, capture of what is owing only, refusals, Vipps down, webhook replay and bad
 * signatures, the follow-up job; and the embedded test checkout (not in production).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createAccount, login, type TestContext } from './helpers.ts';
import { billedMember, firstInvoice } from './billing-factories.ts';
import { startFakeVipps, VIPPS_ENV, type FakeVipps } from './fakes/vipps.ts';
import { followUpInvoicePayments } from '../../server/domain/payments/vipps-invoices.ts';
import { todayInOslo } from '../../server/domain/shared/oslo-date.ts';

const today = todayInOslo();
const year = Number(today.slice(0, 4));
const HOST = 'portal.test';
const WEBHOOK = '/api/vipps_registration/webhook';
const PAYER = { given_name: 'Vilde', family_name: 'Vippsen', email: 'vilde@example.no', phone_number: '4791234567' };

/** A member with a sent first invoice of 1 450 kr, signed in. */
async function invoicedMember(t: TestContext, input: Parameters<typeof billedMember>[1] = {}) {
  const member = await billedMember(t.db, input);
  const id = await firstInvoice(t.db, t.config, member, `${year}-01-05`);
  const token = await login(t.app, member.email, member.password);
  const [{ number }] = await t.db.query<{ number: number }>('SELECT number FROM invoices WHERE id = $1', [id]);
  return { member, id, number, token };
}

const invoiceRow = async (t: TestContext, id: number) =>
  (await t.db.query<{ state: string; paid_ore: number }>('SELECT state, paid_ore FROM invoices WHERE id = $1', [id]))[0];
const paymentsOf = (t: TestContext, id: number) =>
  t.db.query<{ amount_ore: number; method: string; source: string | null }>(
    'SELECT amount_ore, method, source FROM invoice_payments WHERE invoice_id = $1 ORDER BY id',
    [id],
  );

describe('with Vipps (the fake ePayment)', () => {
  let vipps: FakeVipps;
  let t: TestContext;
  let staff: string;

  beforeAll(async () => {
    vipps = await startFakeVipps();
    t = await buildTestApp({ env: { ...VIPPS_ENV, VIPPS_API_URL: vipps.url } });
    const account = await createAccount(t.db, { role_id: 5, first_name: 'Ingrid', last_name: 'Berg' });
    staff = await login(t.app, account.email, account.password);
  });
  afterAll(async () => {
    await t?.close();
    await vipps?.close();
  });
  beforeEach(() => {
    vipps.failCreate = null;
    vipps.failCapture = null;
  });

  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const post = (url: string, token: string, payload?: object) => t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
  const pay = async (id: number, token: string) => {
    const response = await post(`/api/invoice/${id}/vipps`, token);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { redirect_url: string; reference: string };
  };
  const webhook = (reference: string, name = 'AUTHORIZED', at?: Date) => {
    const body = vipps.event(reference, name);
    return t.app.inject({ method: 'POST', url: WEBHOOK, headers: vipps.sign(VIPPS_ENV.VIPPS_WEBHOOK_SECRET, HOST, WEBHOOK, body, at), payload: body });
  };
  const creates = (reference: string) =>
    vipps.requests.filter((r) => r.method === 'POST' && r.url === '/epayment/v1/payments' && JSON.parse(r.body).reference === reference);

  describe('GET /api/member/{id}/invoice', () => {
    it('gives the member their own invoices with lines and payments (no staff names or notes), and another member 404', async () => {
      const a = await invoicedMember(t, { first_name: 'Anna' });
      const b = await invoicedMember(t, { first_name: 'Bjørn' });
      await post(`/api/invoice/${a.id}/payment`, staff, { amount: 50000, paid_on: today, method: 'bank', note: 'Intern merknad' });
      const own = await get(`/api/member/${a.member.id}/invoice`, a.token);
      expect(own.statusCode).toBe(200);
      const [row] = own.json().data;
      expect(own.json().data).toHaveLength(1);
      expect(row).toMatchObject({ id: a.id, number: a.number, total: 145000, paid: 50000, outstanding: 95000, state: 'partly_paid' });
      expect(row.lines).toEqual([expect.objectContaining({ product_name: 'Medlemskap', amount: 145000, period_from: `${year}-01-05` })]);
      expect(row.payments).toEqual([{ amount: 50000, paid_on: today, method: 'bank' }]);
      expect(own.body).not.toContain('Intern merknad');
      expect(own.body).not.toContain('Ingrid');
      expect((await get(`/api/member/${b.member.id}/invoice`, a.token)).statusCode).toBe(404);
      expect((await get(`/api/member/${a.member.id}/invoice`, staff)).json().data[0].id).toBe(a.id);
    });

    it('does not show the member a draft (not sent to them yet); staff see it', async () => {
      const a = await invoicedMember(t);
      await t.db.query("UPDATE invoices SET state = 'draft' WHERE id = $1", [a.id]);
      expect((await get(`/api/member/${a.member.id}/invoice`, a.token)).json().data).toEqual([]);
      expect((await get(`/api/member/${a.member.id}/invoice`, staff)).json().data).toHaveLength(1);
      const refused = await post(`/api/invoice/${a.id}/vipps`, a.token);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('Fakturaen er ikke sendt ennå og kan ikke betales.');
    });
  });

  describe('POST /api/invoice/{id}/vipps', () => {
    it('makes a payment for what is owing with the invoice reference and an idempotency key, without asking for the payer profile', async () => {
      const a = await invoicedMember(t);
      const started = await pay(a.id, a.token);
      expect(started.reference).toBe(`faktura-${a.number}-1`);
      expect(started.redirect_url).toMatch(/^https:\/\/landing\.vipps\.test\//);
      const [request] = creates(started.reference);
      expect(request.headers['idempotency-key']).toBe(`create-faktura-${a.number}-1`);
      const sent = JSON.parse(request.body);
      expect(sent).toMatchObject({
        amount: { currency: 'NOK', value: 145000 },
        userFlow: 'WEB_REDIRECT',
        returnUrl: `http://portal.test/profile/payment/${a.member.id}?invoice=${a.id}&reference=${started.reference}`,
        paymentDescription: `Faktura ${a.number} – Musikerportalen`,
      });
      expect(sent.profile).toBeUndefined();
    });

    it('a double tap or a second tab gets the same payment: one at Vipps', async () => {
      const a = await invoicedMember(t);
      const [first, second] = await Promise.all([pay(a.id, a.token), pay(a.id, a.token)]);
      expect(second).toEqual(first);
      const third = await pay(a.id, a.token);
      expect(third).toEqual(first);
      expect(creates(first.reference).length).toBeGreaterThanOrEqual(1);
      expect(new Set(creates(first.reference).map((r) => r.headers['idempotency-key']))).toEqual(new Set([`create-${first.reference}`]));
      expect([...vipps.payments.keys()].filter((reference) => reference.startsWith(`faktura-${a.number}-`))).toEqual([first.reference]);
    });

    it("refuses another member's invoice (404), staff (403), a paid and a credited invoice (409), and makes nothing at Vipps", async () => {
      const a = await invoicedMember(t);
      const b = await invoicedMember(t);
      const before = vipps.payments.size;
      expect((await post(`/api/invoice/${b.id}/vipps`, a.token)).statusCode).toBe(404);
      expect((await post('/api/invoice/99999999/vipps', a.token)).statusCode).toBe(404);
      expect((await post(`/api/invoice/${a.id}/vipps`, staff)).statusCode).toBe(403);
      await post(`/api/invoice/${a.id}/payment`, staff, { amount: 145000, paid_on: today, method: 'bank' });
      const paid = await post(`/api/invoice/${a.id}/vipps`, a.token);
      expect(paid.statusCode).toBe(409);
      expect(paid.json().message).toBe('Fakturaen er allerede betalt.');
      await post(`/api/invoice/${b.id}/credit`, staff, { reason: 'Feil' });
      const credited = await post(`/api/invoice/${b.id}/vipps`, b.token);
      expect(credited.statusCode).toBe(409);
      expect(credited.json().message).toBe('Fakturaen er kreditert og skal ikke betales.');
      expect(vipps.payments.size).toBe(before);
    });

    it('Vipps down: the member is told to try again later, nothing is booked, and the next try makes a new payment', async () => {
      const a = await invoicedMember(t);
      vipps.failCreate = { status: 503, body: { title: 'Service Unavailable' } };
      const refused = await post(`/api/invoice/${a.id}/vipps`, a.token);
      expect(refused.statusCode).toBe(503);
      expect(refused.json().message).toMatch(/Prøv igjen om litt/);
      expect(await paymentsOf(t, a.id)).toEqual([]);
      vipps.failCreate = null;
      const again = await pay(a.id, a.token);
      expect(again.reference).toBe(`faktura-${a.number}-2`);
    });
  });

  describe('settling', () => {
    it('the webhook alone (the member never comes back) captures, books it once as Vipps, and a replay books nothing more', async () => {
      const a = await invoicedMember(t);
      const { reference } = await pay(a.id, a.token);
      vipps.authorize(reference, PAYER);
      expect((await webhook(reference)).statusCode).toBe(200);
      expect(await invoiceRow(t, a.id)).toEqual({ state: 'paid', paid_ore: 145000 });
      expect(vipps.payments.get(reference)!.captured).toBe(145000);
      const capture = vipps.requests.find((r) => r.url === `/epayment/v1/payments/${reference}/capture`)!;
      expect(capture.headers['idempotency-key']).toBe(`capture-${reference}`);
      expect((await webhook(reference)).statusCode).toBe(200);
      expect((await webhook(reference, 'CAPTURED')).statusCode).toBe(200);
      expect(await paymentsOf(t, a.id)).toEqual([{ amount_ore: 145000, method: 'vipps', source: reference }]);
      const state = await get(`/api/invoice/${a.id}/vipps/${reference}`, a.token);
      expect(state.json().data).toMatchObject({ state: 'paid', amount: 145000, invoice_state: 'paid', outstanding: 0 });
      // The member's list shows the receipt.
      const [row] = (await get(`/api/member/${a.member.id}/invoice`, a.token)).json().data;
      expect(row.payments).toEqual([{ amount: 145000, paid_on: today, method: 'vipps' }]);
    });

    it('the return page polls: waiting until the payer approves, then paid; another member gets 404', async () => {
      const a = await invoicedMember(t);
      const b = await invoicedMember(t);
      const { reference } = await pay(a.id, a.token);
      expect((await get(`/api/invoice/${a.id}/vipps/${reference}`, a.token)).json().data.state).toBe('waiting');
      expect((await get(`/api/invoice/${a.id}/vipps/${reference}`, b.token)).statusCode).toBe(404);
      expect((await get(`/api/invoice/${b.id}/vipps/${reference}`, b.token)).statusCode).toBe(404);
      vipps.authorize(reference, PAYER);
      const [one, two] = await Promise.all([get(`/api/invoice/${a.id}/vipps/${reference}`, a.token), get(`/api/invoice/${a.id}/vipps/${reference}`, a.token)]);
      expect(one.json().data.state).toBe('paid');
      expect(two.json().data.state).toBe('paid');
      expect(await paymentsOf(t, a.id)).toHaveLength(1);
    });

    it('aborted in Vipps: cancelled, nothing booked, and paying again makes a new payment', async () => {
      const a = await invoicedMember(t);
      const { reference } = await pay(a.id, a.token);
      vipps.abort(reference);
      await webhook(reference, 'ABORTED');
      expect((await get(`/api/invoice/${a.id}/vipps/${reference}`, a.token)).json().data.state).toBe('cancelled');
      expect(await invoiceRow(t, a.id)).toEqual({ state: 'sent', paid_ore: 0 });
      expect((await pay(a.id, a.token)).reference).toBe(`faktura-${a.number}-2`);
      // Staff see both tries on the invoice's page.
      const page = (await get(`/api/invoice/${a.id}`, staff)).json().data;
      expect(page.vipps.map((entry: { kind: string; reference: string; to_state: string }) => [entry.kind, entry.reference, entry.to_state])).toEqual([
        ['payment', reference, 'ABORTED'],
        ['payment', `faktura-${a.number}-2`, 'CREATED'],
      ]);
    });

    it('captures only what is still owing when it is approved, and releases the rest', async () => {
      const a = await invoicedMember(t);
      const { reference } = await pay(a.id, a.token);
      vipps.authorize(reference, PAYER);
      // A bank payment arrives before Vipps tells us.
      await post(`/api/invoice/${a.id}/payment`, staff, { amount: 50000, paid_on: today, method: 'bank' });
      await webhook(reference);
      expect(vipps.payments.get(reference)).toMatchObject({ captured: 95000, cancelled: 50000 });
      expect(await invoiceRow(t, a.id)).toEqual({ state: 'paid', paid_ore: 145000 });
      expect((await paymentsOf(t, a.id)).map((p) => p.amount_ore)).toEqual([50000, 95000]);
    });

    it('a tap after the payment was approved in another tab settles that one and is told the invoice is paid', async () => {
      const a = await invoicedMember(t);
      const first = await pay(a.id, a.token);
      vipps.authorize(first.reference, PAYER);
      const again = await post(`/api/invoice/${a.id}/vipps`, a.token);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('Fakturaen er allerede betalt.');
      expect(await paymentsOf(t, a.id)).toEqual([{ amount_ore: 145000, method: 'vipps', source: first.reference }]);
      expect([...vipps.payments.keys()].filter((reference) => reference.startsWith(`faktura-${a.number}-`))).toEqual([first.reference]);
    });

    it('two payments both approved pay once: one captures what is owing, the other is cancelled', async () => {
      const a = await invoicedMember(t);
      const first = await pay(a.id, a.token);
      // A part payment changes what is owing, so the next tap makes a new payment in place of the first.
      await post(`/api/invoice/${a.id}/payment`, staff, { amount: 10000, paid_on: today, method: 'bank' });
      const second = await pay(a.id, a.token);
      expect(second.reference).not.toBe(first.reference);
      expect(JSON.parse(creates(second.reference)[0].body).amount.value).toBe(135000);
      // The first was approved in the app before our cancel of it reached Vipps.
      Object.assign(vipps.payments.get(first.reference)!, { cancelled: 0 });
      vipps.authorize(first.reference, PAYER);
      vipps.authorize(second.reference, PAYER);
      await Promise.all([webhook(first.reference), webhook(second.reference)]);
      const captured = vipps.payments.get(first.reference)!.captured + vipps.payments.get(second.reference)!.captured;
      expect(captured).toBe(135000);
      expect(await invoiceRow(t, a.id)).toEqual({ state: 'paid', paid_ore: 145000 });
      const states = (await Promise.all([first, second].map((p) => get(`/api/invoice/${a.id}/vipps/${p.reference}`, a.token))))
        .map((r) => r.json().data.state)
        .sort();
      expect(states).toEqual(['cancelled', 'paid']);
    });

    it('a capture Vipps does not answer is left waiting (not booked) and the follow-up job finishes it', async () => {
      const a = await invoicedMember(t);
      const { reference } = await pay(a.id, a.token);
      vipps.authorize(reference, PAYER);
      vipps.failCapture = { status: 500, body: { title: 'Internal Server Error' } };
      expect((await webhook(reference)).statusCode).toBe(503);
      expect(await paymentsOf(t, a.id)).toEqual([]);
      expect((await get(`/api/invoice/${a.id}/vipps/${reference}`, a.token)).json().data.state).toBe('waiting');
      vipps.failCapture = null;
      await t.db.query("UPDATE invoice_vipps_payments SET updated_at = now() - interval '5 minutes' WHERE reference = $1", [reference]);
      await followUpInvoicePayments({ db: t.db, gateway: t.services.vipps, publicUrl: t.config.publicUrl });
      expect(await invoiceRow(t, a.id)).toEqual({ state: 'paid', paid_ore: 145000 });
      expect(await paymentsOf(t, a.id)).toHaveLength(1);
    });

    it('the follow-up job settles a payment whose webhook never came and whose payer never came back', async () => {
      const a = await invoicedMember(t);
      const { reference } = await pay(a.id, a.token);
      vipps.authorize(reference, PAYER);
      await t.db.query("UPDATE invoice_vipps_payments SET updated_at = now() - interval '5 minutes' WHERE reference = $1", [reference]);
      await followUpInvoicePayments({ db: t.db, gateway: t.services.vipps, publicUrl: t.config.publicUrl });
      expect(await invoiceRow(t, a.id)).toEqual({ state: 'paid', paid_ore: 145000 });
    });

    it('refuses a webhook with a bad signature or an old date (nothing booked), and ignores an unknown reference', async () => {
      const a = await invoicedMember(t);
      const { reference } = await pay(a.id, a.token);
      vipps.authorize(reference, PAYER);
      const body = vipps.event(reference, 'AUTHORIZED');
      const forged = await t.app.inject({ method: 'POST', url: WEBHOOK, headers: vipps.sign('feil-hemmelighet', HOST, WEBHOOK, body), payload: body });
      expect(forged.statusCode).toBe(401);
      const stale = await webhook(reference, 'AUTHORIZED', new Date(Date.now() - 60 * 60 * 1000));
      expect(stale.statusCode).toBe(401);
      expect(await paymentsOf(t, a.id)).toEqual([]);
      const unknownBody = JSON.stringify({ reference: 'faktura-1-999', name: 'AUTHORIZED' });
      const unknown = await t.app.inject({
        method: 'POST',
        url: WEBHOOK,
        headers: vipps.sign(VIPPS_ENV.VIPPS_WEBHOOK_SECRET, HOST, WEBHOOK, unknownBody),
        payload: unknownBody,
      });
      expect(unknown.statusCode).toBe(200);
      expect(await invoiceRow(t, a.id)).toEqual({ state: 'sent', paid_ore: 0 });
    });
  });
});

describe('with the embedded test checkout (no Vipps settings)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  const decide = (reference: string, decision: 'approve' | 'abort') =>
    t.app.inject({
      method: 'POST',
      url: `/api/vipps-test-checkout/${reference}/${decision}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });

  it("approve: the invoice is paid and the browser goes back to Min side's payment page", async () => {
    const a = await invoicedMember(t);
    const started = await t.app.inject({ method: 'POST', url: `/api/invoice/${a.id}/vipps`, headers: bearer(a.token) });
    expect(started.statusCode).toBe(201);
    const { redirect_url: redirectUrl, reference } = started.json().data;
    expect(redirectUrl).toBe(`/api/vipps-test-checkout/${reference}`);
    const page = await t.app.inject({ url: redirectUrl });
    expect(page.body).toContain('TESTBETALING');
    expect(page.body).toContain('1 450 kr');
    expect(page.body).toContain(`Faktura ${a.number}`);
    expect(page.body).not.toContain('Fornavn');
    const approved = await decide(reference, 'approve');
    expect(approved.statusCode).toBe(303);
    expect(approved.headers.location).toBe(`http://portal.test/profile/payment/${a.member.id}?invoice=${a.id}&reference=${reference}`);
    expect(await invoiceRow(t, a.id)).toEqual({ state: 'paid', paid_ore: 145000 });
    const state = await t.app.inject({ url: `/api/invoice/${a.id}/vipps/${reference}`, headers: bearer(a.token) });
    expect(state.json().data.state).toBe('paid');
  });

  it('abort: cancelled, the invoice still open', async () => {
    const a = await invoicedMember(t);
    const { reference } = (await t.app.inject({ method: 'POST', url: `/api/invoice/${a.id}/vipps`, headers: bearer(a.token) })).json().data;
    expect((await decide(reference, 'abort')).statusCode).toBe(303);
    const state = await t.app.inject({ url: `/api/invoice/${a.id}/vipps/${reference}`, headers: bearer(a.token) });
    expect(state.json().data.state).toBe('cancelled');
    expect(await invoiceRow(t, a.id)).toEqual({ state: 'sent', paid_ore: 0 });
  });

  it('in production without Vipps settings: no payment is made, the member is told, and there is no test checkout', async () => {
    const production = await buildTestApp({ env: { NODE_ENV: 'production' } });
    try {
      const a = await invoicedMember(production);
      const refused = await production.app.inject({ method: 'POST', url: `/api/invoice/${a.id}/vipps`, headers: bearer(a.token) });
      expect(refused.statusCode).toBe(503);
      expect(refused.json().message).toMatch(/Vipps er ikke tilgjengelig/);
      const [{ n }] = await production.db.query<{ n: number }>('SELECT count(*)::int AS n FROM invoice_vipps_payments');
      expect(n).toBe(0);
      expect((await production.app.inject({ url: `/api/vipps-test-checkout/faktura-${a.number}-1` })).statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});

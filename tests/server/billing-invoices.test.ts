/**
 * The membership year's invoices: the first invoice when staff accept an application (pro-rata
 * by quarter, every campaign benefit), cover invoices, KID on every invoice, and prices per year.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createAccount, login, type TestContext } from './helpers.ts';
import { createInstrument, GUITAR, PRODUCTS } from './factories-member-admin.ts';
import { activeTravel, billedMember, firstInvoice } from './billing-factories.ts';
import { isValidKid, makeKid } from '../../server/lib/kid.ts';
import { todayInOslo } from '../../server/domain/shared/oslo-date.ts';

let t: TestContext;
let staff: { id: number; token: string };

beforeAll(async () => {
  t = await buildTestApp();
  const account = await createAccount(t.db, { role_id: 5, first_name: 'Ingrid', last_name: 'Berg' });
  staff = { id: account.id, token: await login(t.app, account.email, account.password) };
});
afterAll(async () => t?.close());

const get = (url: string, token = staff.token) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const send = (method: 'POST' | 'PATCH', url: string, payload: object, token = staff.token) => t.app.inject({ method, url, headers: bearer(token), payload });

interface Line {
  product_id: number;
  amount: number;
  description: string;
  period_from: string;
  period_to: string;
  subscription_id: number | null;
}
const invoice = async (id: number) => {
  const response = await get(`/api/invoice/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as {
    total: number;
    kid: string;
    number: number;
    state: string;
    kind: string;
    lines: Line[];
    events: { to_state: string; actor_name: string }[];
    campaign_code: string | null;
    channel: string;
    due_date: string;
    invoice_date: string;
  };
};
const amountOf = (lines: Line[], productId: number) => lines.find((line) => line.product_id === productId)?.amount;

const year = Number(todayInOslo().slice(0, 4)) + 1;
const QUARTER_DAYS = [`${year}-02-10`, `${year}-04-01`, `${year}-08-31`, `${year}-12-01`];

describe('accepting an application during the year', () => {
  it('makes the first invoice for the rest of the year, sent, with a valid KID and the membership invoiced to 31.12', async () => {
    const account = await createAccount(t.db, { role_id: 1, first_name: 'Frida', last_name: 'Førstegang' });
    await t.db.query("UPDATE accounts SET invoice_method = 'EFAKTURA' WHERE id = $1", [account.id]);
    const [membership] = await t.db.query<{ id: number }>(
      `INSERT INTO subscriptions (member_id, product_id, kind, state) VALUES ($1, $2, 'membership', 'pending') RETURNING id`,
      [account.id, PRODUCTS.membership],
    );
    const accepted = await send('POST', `/api/subscription/accept/${membership.id}`, {});
    expect(accepted.statusCode, accepted.body).toBe(200);

    const list = (await get(`/api/member/${account.id}/invoice`)).json();
    expect(list.total).toBe(1);
    const today = todayInOslo();
    const quarter = Math.floor((Number(today.slice(5, 7)) - 1) / 3);
    const [{ remote_id: remoteId }] = await t.db.query<{ remote_id: number }>('SELECT remote_id FROM accounts WHERE id = $1', [account.id]);
    const row = list.data[0];
    expect(row).toMatchObject({
      kind: 'first',
      state: 'sent',
      channel: 'EFAKTURA',
      member_number: remoteId,
      member_name: 'Frida Førstegang',
      total: 1450 * 25 * (4 - quarter),
      invoice_date: today,
      overdue: false,
    });
    expect(row.kid).toBe(makeKid(remoteId, row.number));
    const details = await invoice(row.id);
    expect(details.lines).toEqual([
      expect.objectContaining({
        product_id: PRODUCTS.membership,
        subscription_id: membership.id,
        period_from: today,
        period_to: `${today.slice(0, 4)}-12-31`,
      }),
    ]);
    expect(details.events.map((event) => [event.to_state, event.actor_name])).toEqual([
      ['draft', 'Ingrid Berg'],
      ['sent', 'Ingrid Berg'],
    ]);
    const [subscription] = await t.db.query<{ invoiced_for: string }>('SELECT invoiced_for::text FROM subscriptions WHERE id = $1', [membership.id]);
    expect(subscription.invoiced_for).toBe(`${today.slice(0, 4)}-12-31`);
  });
});

describe('pro-rata by quarter', () => {
  it('charges price × (1 − 0.25 × quarter) for the membership and the travel cover, from the quarter it is accepted in', async () => {
    const expected = [1, 0.75, 0.5, 0.25];
    for (const [quarter, day] of QUARTER_DAYS.entries()) {
      const member = await billedMember(t.db);
      await activeTravel(t.db, member.id, PRODUCTS.travelWorld);
      const details = await invoice(await firstInvoice(t.db, t.config, member, day));
      expect(amountOf(details.lines, PRODUCTS.membership), day).toBe(Math.round(145000 * expected[quarter]));
      expect(amountOf(details.lines, PRODUCTS.travelWorld), day).toBe(Math.round(189000 * expected[quarter]));
      expect(details.total).toBe(details.lines.reduce((sum, line) => sum + line.amount, 0));
      expect(details.lines.every((line) => line.period_from === day && line.period_to === `${year}-12-31`)).toBe(true);
    }
  });
});

describe('campaign benefits on the first invoice', () => {
  // Each benefit of the reference data (migration 002), in each quarter: membership and travel line in øre.
  const cases: [number, (quarter: number) => [number, number]][] = [
    [0, (q) => [(145000 * (4 - q)) / 4, (129000 * (4 - q)) / 4]],
    [1, (q) => [0, (129000 * (4 - q)) / 4]],
    [2, (q) => [(145000 * (4 - q)) / 8, (129000 * (4 - q)) / 4]],
    [3, (q) => [(145000 * Math.max(0, 3 - q)) / 4, (129000 * (4 - q)) / 4]],
    [4, (q) => [(145000 * (4 - q)) / 4, 0]],
  ];
  for (const [benefit, amounts] of cases) {
    it(`benefit ${benefit} gives what it promises in every quarter, with the campaign code on the invoice`, async () => {
      for (const [quarter, day] of QUARTER_DAYS.entries()) {
        const member = await billedMember(t.db, { benefit });
        await activeTravel(t.db, member.id);
        const details = await invoice(await firstInvoice(t.db, t.config, member, day));
        const [membership, travel] = amounts(quarter).map(Math.round);
        expect([amountOf(details.lines, PRODUCTS.membership), amountOf(details.lines, PRODUCTS.travel)], `${benefit} ${day}`).toEqual([membership, travel]);
        expect(details.campaign_code).toBe(member.code);
      }
    });
  }

  it('free travel the first year holds for a travel cover accepted later that year, not the next', async () => {
    const member = await billedMember(t.db, { benefit: 4 });
    await t.db.query('UPDATE accounts SET membership_start_date = $2 WHERE id = $1', [member.id, `${year}-02-01`]);
    await firstInvoice(t.db, t.config, member, `${year}-02-01`);
    const travel = await activeTravel(t.db, member.id);
    const cover = await t.db.transaction(async (tx) => {
      const { invoiceRestOfYear } = await import('../../server/domain/billing/first-invoice.ts');
      return invoiceRestOfYear(tx, { memberId: member.id, actorId: null, today: `${year}-05-05`, billing: t.config.billing });
    });
    const details = await invoice(cover!);
    expect(details.kind).toBe('cover');
    expect(details.lines).toEqual([expect.objectContaining({ subscription_id: travel, amount: 0 })]);

    const nextYear = await t.db.transaction(async (tx) => {
      const { invoiceRestOfYear } = await import('../../server/domain/billing/first-invoice.ts');
      return invoiceRestOfYear(tx, { memberId: member.id, actorId: null, today: `${year + 1}-02-02`, billing: t.config.billing });
    });
    expect((await invoice(nextYear!)).lines).toEqual([expect.objectContaining({ subscription_id: travel, amount: 129000 })]);
  });
});

describe('a cover accepted during the year', () => {
  it('a travel order accepted by staff gets a cover invoice for the rest of the year', async () => {
    const member = await billedMember(t.db);
    const token = await login(t.app, member.email, member.password);
    const start = todayInOslo();
    const ordered = await send(
      'POST',
      '/api/subscription/new',
      { member_id: member.id, product_id: PRODUCTS.travel, subscription_start: start, status: 1 },
      token,
    );
    expect(ordered.statusCode, ordered.body).toBe(200);
    const id = ordered.json().data.id as number;
    expect((await send('POST', `/api/subscription/accept/${id}`, {})).statusCode).toBe(200);
    const invoices = (await get(`/api/member/${member.id}/invoice`)).json();
    expect(invoices.total).toBe(1);
    const quarter = Math.floor((Number(start.slice(5, 7)) - 1) / 3);
    expect(invoices.data[0]).toMatchObject({ kind: 'cover', total: (129000 * (4 - quarter)) / 4 });
    expect((await invoice(invoices.data[0].id)).lines[0].subscription_id).toBe(id);
  });
});

describe('an instrument insurance accepted during the year', () => {
  it("gets a cover invoice at the year's instrument price once; a second instrument accepted later makes none", async () => {
    const member = await billedMember(t.db);
    const first = await createInstrument(t.db, { member_id: member.id, instrument_category: GUITAR, state: 'requested', value: 20000 });
    expect((await send('POST', `/api/instrument/accept/${first}`, {})).statusCode).toBe(200);
    const today = todayInOslo();
    const quarter = Math.floor((Number(today.slice(5, 7)) - 1) / 3);
    const invoices = (await get(`/api/member/${member.id}/invoice`)).json();
    expect(invoices.total).toBe(1);
    expect(invoices.data[0]).toMatchObject({ kind: 'cover', total: (99500 * (4 - quarter)) / 4 });
    const details = await invoice(invoices.data[0].id);
    expect(details.lines).toEqual([expect.objectContaining({ product_id: PRODUCTS.instrument, period_to: `${today.slice(0, 4)}-12-31` })]);

    const second = await createInstrument(t.db, { member_id: member.id, instrument_category: GUITAR, state: 'requested', value: 5000 });
    expect((await send('POST', `/api/instrument/accept/${second}`, {})).statusCode).toBe(200);
    expect((await get(`/api/member/${member.id}/invoice`)).json().total).toBe(1);
  });
});

describe('KID', () => {
  it('every invoice has its own valid KID made of the member number and the invoice number', async () => {
    const kids = await t.db.query<{ kid: string; member_number: number; number: number }>('SELECT kid, member_number, number FROM invoices');
    expect(kids.length).toBeGreaterThan(10);
    for (const row of kids) {
      expect(isValidKid(row.kid)).toBe(true);
      expect(row.kid).toBe(makeKid(row.member_number, row.number));
    }
    expect(new Set(kids.map((row) => row.kid)).size).toBe(kids.length);
    expect(new Set(kids.map((row) => row.number)).size).toBe(kids.length);
  });
});

describe('prices per year', () => {
  it("lists every product with this year's price, and next year's as inherited until set", async () => {
    const thisYear = Number(todayInOslo().slice(0, 4));
    const now = (await get(`/api/price/list?year=${thisYear}`)).json().data;
    expect(now).toEqual(
      expect.arrayContaining([expect.objectContaining({ product_id: PRODUCTS.membership, price: 1450, inherited: false, kind: 'membership' })]),
    );
    expect(now).toHaveLength(4);
    const later = (await get(`/api/price/list?year=${thisYear + 5}`)).json().data;
    expect(later.find((row: { product_id: number }) => row.product_id === PRODUCTS.membership)).toMatchObject({
      price: 1450,
      inherited: true,
      year: thisYear + 5,
    });
  });

  it('a changed price goes on invoices of its year only; invoices made before keep theirs; a past year is refused', async () => {
    const later = year + 1;
    const before = await billedMember(t.db);
    const oldInvoice = await firstInvoice(t.db, t.config, before, `${later}-01-10`);
    const patched = await send('PATCH', '/api/price/list', { year: later, prices: [{ product_id: PRODUCTS.membership, price: 1600 }] });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().data.find((row: { product_id: number }) => row.product_id === PRODUCTS.membership)).toMatchObject({ price: 1600, inherited: false });
    expect((await invoice(oldInvoice)).total).toBe(145000);

    const after = await billedMember(t.db);
    expect((await invoice(await firstInvoice(t.db, t.config, after, `${later}-01-10`))).total).toBe(160000);
    // The year before still has its own price.
    const other = await billedMember(t.db);
    expect((await invoice(await firstInvoice(t.db, t.config, other, `${year}-01-10`))).total).toBe(145000);

    const past = await send('PATCH', '/api/price/list', {
      year: Number(todayInOslo().slice(0, 4)) - 1,
      prices: [{ product_id: PRODUCTS.membership, price: 1 }],
    });
    expect(past.statusCode).toBe(422);
    expect(past.json().errors.year).toEqual(['Priser for et år som er over, kan ikke endres.']);
    const unknown = await send('PATCH', '/api/price/list', { year: later, prices: [{ product_id: 999, price: 1 }] });
    expect(unknown.statusCode).toBe(422);
  });
});

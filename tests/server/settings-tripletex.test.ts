import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createAccount, type TestContext } from './helpers.ts';
import { createSubscription, PRODUCTS, signedInStaff } from './factories-member-admin.ts';
import { startFakeTripletex, type FakeTripletex } from './fakes/tripletex.ts';

let fake: FakeTripletex;
let t: TestContext;
let staff: Awaited<ReturnType<typeof signedInStaff>>;
const members: { id: number; remote_id: number }[] = [];

beforeAll(async () => {
  fake = await startFakeTripletex('consumer-abc', 'employee-xyz');
  t = await buildTestApp({
    env: { TRIPLETEX_URL: fake.url, TRIPLETEX_CONSUMER_TOKEN: 'consumer-abc', TRIPLETEX_EMPLOYEE_TOKEN: 'employee-xyz' },
  });
  staff = await signedInStaff(t.app, t.db);
  for (const [index, name] of ['Anne', 'Bjørn', 'Cecilie'].entries()) {
    const remoteId = 20001 + index;
    const member = await createAccount(t.db, { first_name: name, last_name: 'Regnskap', remote_id: remoteId });
    members.push({ id: member.id, remote_id: remoteId });
    await createSubscription(t.db, {
      member_id: member.id,
      product_id: PRODUCTS.membership,
      kind: 'membership',
      state: 'active',
      subscription_start: '2026-01-15',
    });
  }
  // Bjørn also has travel insurance; a pending one and an applicant without a number are not synced.
  await createSubscription(t.db, {
    member_id: members[1].id,
    product_id: PRODUCTS.travel,
    kind: 'travel',
    state: 'active',
    subscription_start: '2026-02-01',
    value: 1290,
  });
  await createSubscription(t.db, { member_id: members[2].id, product_id: PRODUCTS.travel, kind: 'travel', state: 'pending' });
  const applicant = await createAccount(t.db, { role_id: 1, remote_id: null });
  await createSubscription(t.db, { member_id: applicant.id, product_id: PRODUCTS.membership, kind: 'membership', state: 'active' });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

interface Run {
  id: number;
  state: string;
  customers_created: number;
  customers_updated: number;
  orders_created: number;
  orders_found: number;
  failures: { what: string; message: string }[];
  error: string | null;
}

async function syncAndWait(): Promise<Run> {
  const started = await t.app.inject({ url: '/api/dev/sync-tripletex', headers: bearer(staff.token) });
  expect(started.statusCode).toBe(202);
  const id = started.json().data.id as number;
  const until = Date.now() + 30_000;
  for (;;) {
    const run = (await t.app.inject({ url: `/api/dev/sync-tripletex/runs/${id}`, headers: bearer(staff.token) })).json().data as Run;
    if (run.state === 'done' || run.state === 'failed') return run;
    if (Date.now() > until) throw new Error(`run ${id} still ${run.state}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('the Tripletex sync', () => {
  it('fails the run with a Norwegian message when Tripletex answers with errors, and creates nothing', async () => {
    fake.failWhen = (_method, path) => (path === '/token/session/:create' ? { status: 500, message: 'Internal error' } : null);
    const run = await syncAndWait();
    fake.failWhen = null;
    expect(run.state).toBe('failed');
    expect(run.error).toBe('Tripletex hadde en feil (500): Internal error');
    expect(fake.customers).toHaveLength(0);
  });

  it('keeps going past a customer Tripletex refuses, then a run cut off half-way and run again creates nothing twice', async () => {
    // Anne's customer is refused; the second order's answer is lost after Tripletex made it.
    let refused = false;
    fake.failWhen = (method, path) => {
      if (method === 'POST' && path === '/customer' && !refused) {
        refused = true;
        return { status: 422, message: 'Validering feilet: e-post er ugyldig' };
      }
      return null;
    };
    fake.dropAfterCreatingOrder = (count) => count === 2;
    const first = await syncAndWait();
    fake.failWhen = null;
    fake.dropAfterCreatingOrder = null;
    expect(first.state).toBe('done');
    expect(first.customers_created).toBe(2);
    expect(first.orders_created).toBe(2);
    expect(first.failures).toHaveLength(2);
    expect(first.failures[0]).toEqual({
      what: 'Medlem 20001 (Anne Regnskap)',
      message: 'Kunden kunne ikke lagres: Tripletex avviste kallet (422): Validering feilet: e-post er ugyldig',
    });
    expect(first.failures[1].message).toBe('Ordren kunne ikke lages: Fikk ikke kontakt med Tripletex (forbindelsen ble brutt)');
    expect(fake.orders).toHaveLength(3);

    const second = await syncAndWait();
    expect(second.state).toBe('done');
    expect(second.failures).toEqual([]);
    expect(second.customers_created).toBe(1);
    expect(second.orders_created).toBe(1);
    expect(second.orders_found).toBe(1);
    expect(fake.customers.map((customer) => customer.customerNumber).sort()).toEqual([20001, 20002, 20003]);
    expect(fake.orders).toHaveLength(4);
    expect(new Set(fake.orders.map((order) => order.reference)).size).toBe(4);

    const third = await syncAndWait();
    expect(third).toMatchObject({ state: 'done', customers_created: 0, customers_updated: 0, orders_created: 0, orders_found: 0, failures: [] });
    expect(fake.orders).toHaveLength(4);
  });

  it('finds a customer by member number and updates it instead of creating another', async () => {
    const member = await createAccount(t.db, { first_name: 'Dag', last_name: 'Finnes', remote_id: 20010 });
    await createSubscription(t.db, { member_id: member.id, product_id: PRODUCTS.membership, kind: 'membership', state: 'active' });
    fake.customers.push({ id: 555, customerNumber: 20010, name: 'Gammelt navn', version: 0 });
    const run = await syncAndWait();
    expect(run).toMatchObject({ customers_created: 0, customers_updated: 1, orders_created: 1 });
    expect(fake.customers.find((customer) => customer.id === 555)?.name).toBe('Dag Finnes');
    const order = fake.orders.at(-1)!;
    expect(order.customerId).toBe(555);
    expect(order.orderLines[0]).toMatchObject({ description: 'Medlemskap', count: 1, unitPriceIncludingVatCurrency: 1450 });
  });

  it('lists the runs newest first', async () => {
    const runs = (await t.app.inject({ url: '/api/dev/sync-tripletex/runs', headers: bearer(staff.token) })).json();
    expect(runs.total).toBe(5);
    expect(runs.data[0].started_by).toMatchObject({ first_name: 'Siri' });
  });
});

describe('without Tripletex set up', () => {
  it('says clearly that Tripletex is not set up', async () => {
    const bare = await buildTestApp();
    try {
      const token = (await signedInStaff(bare.app, bare.db)).token;
      const response = await bare.app.inject({ url: '/api/dev/sync-tripletex', headers: bearer(token) });
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toContain('Tripletex er ikke satt opp');
    } finally {
      await bare.close();
    }
  });
});

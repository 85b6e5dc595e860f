import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestContext } from './helpers.ts';
import { PRODUCTS, signedIn, signedInStaff } from './factories-member-admin.ts';

let t: TestContext;
let staff: Awaited<ReturnType<typeof signedInStaff>>;
beforeAll(async () => {
  t = await buildTestApp();
  staff = await signedInStaff(t.app, t.db);
});
afterAll(async () => t.close());

const nextYear = new Date().getFullYear() + 1;
const day = (month: number, date = 1) => `${nextYear}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`;

type Json = Record<string, unknown>;
const send = (method: 'POST' | 'PATCH' | 'GET', url: string, token: string, payload?: Json) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

const order = (token: string, payload: Json) => send('POST', '/api/subscription/new', token, { status: 1, ...payload });

async function iterations(subscriptionId: number) {
  return t.db.query<{ snapshot: Json; created_by: number | null }>(
    'SELECT snapshot, created_by FROM subscription_iterations WHERE subscription_id = $1 ORDER BY id',
    [subscriptionId],
  );
}

describe('GET /api/product/list', () => {
  it('lists the products the travel form filters on', async () => {
    const member = await signedIn(t.app, t.db);
    const response = await send('GET', '/api/product/list', member.token);
    expect(response.statusCode).toBe(200);
    const names = response.json().data.map((product: { name: string }) => product.name);
    expect(names).toEqual(expect.arrayContaining(['Reiseforsikring Europa', 'Reiseforsikring Verden', 'Medlemskap']));
  });
});

describe('a member orders travel insurance', () => {
  it('is a pending request with the price for the rest of the year worked out on the server', async () => {
    const member = await signedIn(t.app, t.db);
    const response = await order(member.token, {
      member_id: member.id,
      product_id: PRODUCTS.travel,
      subscription_start: day(5, 10),
      subscription_end: null,
    });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({
      member_id: member.id,
      product_id: PRODUCTS.travel,
      state: 'pending',
      status: 0,
      subscription_start: day(5, 10),
      subscription_end: null,
      value: Math.round(1290 * 0.75),
      invoiced_for: null,
    });
    const log = await iterations(data.id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ created_by: member.id, snapshot: { state: 'pending', value: 968 } });

    const pending = await send('GET', `/api/subscription/list/pending-travel?filter[name]=${encodeURIComponent(member.email)}`, staff.token);
    expect(pending.json().data.map((row: { id: number }) => row.id)).toContain(data.id);
  });

  it('a second order edits the first, never a twin', async () => {
    const member = await signedIn(t.app, t.db);
    const first = (await order(member.token, { member_id: member.id, product_id: PRODUCTS.travel, subscription_start: day(2) })).json().data;
    const second = await order(member.token, { member_id: member.id, product_id: PRODUCTS.travelWorld, subscription_start: day(2) });
    expect(second.statusCode).toBe(200);
    expect(second.json().data).toMatchObject({ id: first.id, product_id: PRODUCTS.travelWorld, value: 1890, state: 'pending' });
    const list = await send('GET', `/api/subscription/list?filter[product_id]=1,2&filter[member_id]=${member.id}`, member.token);
    expect(list.json().total).toBe(1);
    expect(await iterations(first.id)).toHaveLength(2);
  });

  it('a change of active insurance waits for staff; rejecting it restores the cover and mails the reason', async () => {
    const member = await signedIn(t.app, t.db, { first_name: 'Reidun' });
    const ordered = (
      await order(member.token, {
        member_id: member.id,
        product_id: PRODUCTS.travel,
        subscription_start: day(2),
        subscription_end: day(6, 30),
      })
    ).json().data;
    const accepted = await send('POST', `/api/subscription/accept/${ordered.id}`, staff.token, {});
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data).toMatchObject({ state: 'active', invoiced_for: day(6, 30) });

    const changed = await send('PATCH', `/api/subscription/${ordered.id}`, member.token, {
      id: ordered.id,
      member_id: member.id,
      product_id: PRODUCTS.travel,
      subscription_start: day(2),
      subscription_end: day(8, 31),
      status: 1,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ state: 'pending', subscription_end: day(8, 31) });
    const profile = (await send('GET', `/api/member/${member.id}`, member.token)).json().data;
    expect(profile.subscription_travel_insurance).toMatchObject({ id: ordered.id, status: 0 });
    // The member's list shows the cover in force beside the change that waits.
    const listed = (await send('GET', `/api/subscription/list?filter[member_id]=${member.id}&filter[product_id]=1,2`, member.token)).json().data;
    expect(listed[0]).toMatchObject({
      state: 'pending',
      subscription_end: day(8, 31),
      accepted_cover: { product_id: PRODUCTS.travel, subscription_start: day(2), subscription_end: day(6, 30) },
    });

    const rejected = await send('POST', `/api/subscription/reject/${ordered.id}`, staff.token, {
      reason: '<p>Hei Reidun, vi kan ikke forlenge.</p>',
      send_email: true,
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().data).toMatchObject({ state: 'active', subscription_end: day(6, 30), invoiced_for: day(6, 30) });
    const [mail] = await t.db.query<{ subject: string; content: string }>(
      'SELECT subject, content FROM message_log WHERE member_id = $1 ORDER BY id DESC LIMIT 1',
      [member.id],
    );
    expect(mail.content).toContain('vi kan ikke forlenge');

    const steps = (await iterations(ordered.id)).map((row) => [row.snapshot.state, row.snapshot.subscription_end]);
    expect(steps).toEqual([
      ['pending', day(6, 30)],
      ['active', day(6, 30)],
      ['pending', day(8, 31)],
      ['active', day(6, 30)],
    ]);
    const log = await send('GET', `/api/subscription/logs/list?filter[member_id]=${member.id}`, staff.token);
    expect(log.json().total).toBe(4);

    expect((await send('POST', `/api/subscription/reject/${ordered.id}`, staff.token, { reason: '<p>Igjen</p>', send_email: false })).statusCode).toBe(409);
  });

  it('a rejected first order ordered again is the same request, pending again', async () => {
    const member = await signedIn(t.app, t.db);
    const ordered = (await order(member.token, { member_id: member.id, product_id: PRODUCTS.travel })).json().data;
    await send('POST', `/api/subscription/reject/${ordered.id}`, staff.token, { reason: '<p>Nei</p>', send_email: false });
    const again = await order(member.token, { member_id: member.id, product_id: PRODUCTS.travelWorld });
    expect(again.json().data).toMatchObject({ id: ordered.id, state: 'pending', reason_for_rejection: null });
  });
});

describe('the travel queue', () => {
  it('sorts on every column staff can click: member, address, phone, e-mail, artist/band and product', async () => {
    const surname = `Sortering${Date.now()}`;
    const people = [
      { first_name: 'Bjørn', address: 'Aveien 1', phone: '93000000', artist_name: 'Ceremoni', product: PRODUCTS.travelWorld },
      { first_name: 'Anne', address: 'Cveien 1', phone: '91000000', artist_name: 'Bandet', product: PRODUCTS.travel },
      { first_name: 'Carl', address: 'Bveien 1', phone: '92000000', artist_name: 'Alfa', product: PRODUCTS.travel },
    ];
    for (const person of people) {
      const { product, address, artist_name, ...fields } = person;
      const member = await signedIn(t.app, t.db, { ...fields, last_name: surname, email: `${fields.first_name.toLowerCase()}.${surname}@example.no` });
      await t.db.query('UPDATE accounts SET address = $2, artist_name = $3 WHERE id = $1', [member.id, address, artist_name]);
      await order(member.token, { member_id: member.id, product_id: product, subscription_start: day(5), subscription_end: null });
    }
    const firstNames = async (sort: string) => {
      const response = await send('GET', `/api/subscription/list/pending-travel?filter[name]=${surname}&sort=${sort}`, staff.token);
      expect(response.statusCode).toBe(200);
      return response.json().data.map((row: { member: { first_name: string } }) => row.member.first_name);
    };
    expect(await firstNames('name')).toEqual(['Anne', 'Bjørn', 'Carl']);
    expect(await firstNames('-name')).toEqual(['Carl', 'Bjørn', 'Anne']);
    expect(await firstNames('address')).toEqual(['Bjørn', 'Carl', 'Anne']);
    expect(await firstNames('phone')).toEqual(['Anne', 'Carl', 'Bjørn']);
    expect(await firstNames('email')).toEqual(['Anne', 'Bjørn', 'Carl']);
    expect(await firstNames('artist_name')).toEqual(['Carl', 'Anne', 'Bjørn']);
    expect((await firstNames('-product'))[0]).toBe('Bjørn');
  });
});

describe('staff order travel insurance for a member', () => {
  it('is active at once, validated by the staff member', async () => {
    const member = await signedIn(t.app, t.db);
    const response = await order(staff.token, {
      member_id: member.id,
      product_id: PRODUCTS.travelWorld,
      subscription_start: day(1, 15),
      subscription_end: null,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      state: 'active',
      status: 1,
      value: 1890,
      invoiced_for: `${nextYear}-12-31`,
      validated_by_user: { id: staff.id, first_name: 'Siri' },
    });
    const [iteration] = await iterations(response.json().data.id);
    expect(iteration.created_by).toBe(staff.id);
  });
});

describe('ownership and the field whitelist', () => {
  it("member A can neither read nor change member B's travel insurance (404)", async () => {
    const a = await signedIn(t.app, t.db);
    const b = await signedIn(t.app, t.db);
    const bs = (await order(b.token, { member_id: b.id, product_id: PRODUCTS.travel, subscription_start: day(3) })).json().data;

    expect((await send('GET', `/api/subscription/${bs.id}`, a.token)).statusCode).toBe(404);
    expect((await send('GET', `/api/subscription/list?filter[product_id]=1,2&filter[member_id]=${b.id}`, a.token)).statusCode).toBe(404);
    const patch = await send('PATCH', `/api/subscription/${bs.id}`, a.token, {
      member_id: a.id,
      product_id: PRODUCTS.travelWorld,
      subscription_start: day(3),
      status: 1,
    });
    expect(patch.statusCode).toBe(404);
    const patchAsB = await send('PATCH', `/api/subscription/${bs.id}`, a.token, {
      member_id: b.id,
      product_id: PRODUCTS.travelWorld,
      subscription_start: day(3),
      status: 1,
    });
    expect(patchAsB.statusCode).toBe(404);
    expect((await order(a.token, { member_id: b.id, product_id: PRODUCTS.travel })).statusCode).toBe(404);

    const unchanged = (await send('GET', `/api/subscription/${bs.id}`, b.token)).json().data;
    expect(unchanged).toMatchObject({ product_id: PRODUCTS.travel, subscription_start: day(3) });
    const own = await send('GET', '/api/subscription/list?filter[product_id]=1,2', a.token);
    expect(own.json().total).toBe(0);
  });

  it('a member cannot set status, price or a product outside the travel products', async () => {
    const member = await signedIn(t.app, t.db);
    const base = { member_id: member.id, product_id: PRODUCTS.travel, subscription_start: day(2) };
    expect((await order(member.token, { ...base, status: 0 })).statusCode).toBeGreaterThanOrEqual(400);
    // Fields outside the form are dropped: the price and the state stay the server's.
    const sneaky = await order(member.token, { ...base, value: 1, state: 'active', validated_by: member.id });
    expect(sneaky.json().data).toMatchObject({ state: 'pending', value: 1290, validated_by_user: null });
    const membership = await order(member.token, { ...base, product_id: PRODUCTS.membership });
    expect(membership.statusCode).toBe(422);
    expect(membership.json().errors.product_id).toEqual(['Velg en av reiseforsikringene']);
    const backwards = await order(member.token, { ...base, subscription_end: `${nextYear}-01-01` });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors.subscription_end).toEqual(['Sluttdato kan ikke være før startdato']);

    const list = await send('GET', '/api/subscription/list?filter[product_id]=1,2', member.token);
    expect(list.json().total).toBe(1);
    expect(list.json().data[0]).toMatchObject({ product_id: PRODUCTS.travel, value: 1290, subscription_end: null });
  });

  it('a membership subscription cannot be patched as travel insurance', async () => {
    const member = await signedIn(t.app, t.db);
    const [row] = await t.db.query<{ id: number }>(
      `INSERT INTO subscriptions (member_id, product_id, kind, state) VALUES ($1, 3, 'membership', 'active') RETURNING id`,
      [member.id],
    );
    const response = await send('PATCH', `/api/subscription/${row.id}`, member.token, {
      member_id: member.id,
      product_id: PRODUCTS.travel,
      status: 1,
    });
    expect(response.statusCode).toBe(404);
  });
});

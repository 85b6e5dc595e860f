import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createAccount, type TestContext } from './helpers.ts';
import { GUITAR, PRODUCTS, createInstrument, createSubscription, logMessage, signedIn, signedInStaff } from './factories-member-admin.ts';
import { snapshotInstrument, snapshotSubscription } from '../../server/domain/insurance/iterations.ts';

let t: TestContext;
let staff: Awaited<ReturnType<typeof signedInStaff>>;
beforeAll(async () => {
  t = await buildTestApp();
  staff = await signedInStaff(t.app, t.db);
});
afterAll(async () => t.close());

const get = (url: string, token = staff.token) => t.app.inject({ url, headers: bearer(token) });

describe('GET /api/emails/logs/list', () => {
  it("lists a member's messages newest first with the sender, content sanitised", async () => {
    const member = await createAccount(t.db);
    const other = await createAccount(t.db);
    const first = await logMessage(t.db, { member_id: member.id, subject: 'Velkommen', sender_id: staff.id });
    const second = await logMessage(t.db, {
      member_id: member.id,
      subject: 'Søknaden din',
      content: '<p>Hei</p><script>alert(1)</script><img src="x" onerror="alert(2)">',
    });
    await logMessage(t.db, { member_id: other.id, subject: 'Ikke din' });

    const response = await get(`/api/emails/logs/list?page=1&per_page=25&filter[member_id]=${member.id}&sort=-id`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total).toBe(2);
    expect(body.data.map((row: { id: number }) => row.id)).toEqual([second, first]);
    expect(body.data[1]).toEqual({
      id: first,
      subject: 'Velkommen',
      sent_at: expect.any(String),
      email_from: 'post@example.no',
      from_name: 'Musikerportalen',
      email_to: 'kari@example.no',
      content: '<p>Hei</p>',
      channel: 'email',
      delivery: 'outbox',
      status: 'sent',
      attempts: 1,
      error: null,
      sender: { id: staff.id, first_name: 'Siri', last_name: 'Saksbehandler' },
      member_id: member.id,
      outreach_id: null,
    });
    expect(body.data[0].sender).toBeNull();
    expect(body.data[0].content).not.toMatch(/script|onerror/);
  });

  it('refuses a member id that is not a number and an unknown filter', async () => {
    expect((await get('/api/emails/logs/list?filter[member_id]=abc')).statusCode).toBe(400);
    expect((await get('/api/emails/logs/list?filter[email]=x')).statusCode).toBe(400);
  });
});

describe('GET /api/instrument/logs/list', () => {
  it('lists every version of the member’s instruments newest first, each with the one before', async () => {
    const member = await createAccount(t.db);
    const guitar = await createInstrument(t.db, { member_id: member.id, instrument_category: GUITAR, make: 'Gibson', value: 10000 });
    const bass = await createInstrument(t.db, { member_id: member.id, instrument_category: 2, make: 'Fender' });
    const someoneElses = await createInstrument(t.db, { member_id: (await createAccount(t.db)).id, instrument_category: GUITAR });
    const v1 = await snapshotInstrument(t.db, guitar, null);
    const b1 = await snapshotInstrument(t.db, bass, staff.id);
    await t.db.query('UPDATE instruments SET value = 12000, insurance_end = $2 WHERE id = $1', [guitar, '2026-12-31']);
    const v2 = await snapshotInstrument(t.db, guitar, staff.id);
    await snapshotInstrument(t.db, someoneElses, staff.id);

    const response = await get(`/api/instrument/logs/list?filter[member_id]=${member.id}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total).toBe(3);
    expect(body.data.map((row: { id: number }) => row.id)).toEqual([v2, b1, v1]);
    const [latest, bassFirst, oldest] = body.data;
    expect(latest).toMatchObject({
      instrument_id: guitar,
      created_by: { id: staff.id, first_name: 'Siri', last_name: 'Saksbehandler' },
      snapshot: {
        id: guitar,
        instrument_category: GUITAR,
        category: 'Gitar',
        make: 'Gibson',
        model: 'Stratocaster',
        serial_number: 'SN-1',
        value: 12000,
        insurance_start: '2025-01-01',
        insurance_end: '2026-12-31',
        state: 'active',
      },
      previous: { id: guitar, value: 10000, insurance_end: null },
    });
    expect(bassFirst.previous).toBeNull();
    expect(bassFirst.snapshot.category).toBe('Bass');
    expect(oldest.previous).toBeNull();
    expect(oldest.created_by).toBeNull();
  });
});

describe('GET /api/subscription/logs/list', () => {
  it('lists versions of the member’s travel insurance only, newest first, each with the one before', async () => {
    const member = await createAccount(t.db);
    const travel = await createSubscription(t.db, {
      member_id: member.id,
      product_id: PRODUCTS.travel,
      kind: 'travel',
      subscription_start: '2026-01-01',
      value: 1290,
    });
    const instrument = await createSubscription(t.db, { member_id: member.id, product_id: PRODUCTS.instrument, kind: 'instrument', state: 'active' });
    const first = await snapshotSubscription(t.db, travel, null);
    await snapshotSubscription(t.db, instrument, staff.id);
    await t.db.query("UPDATE subscriptions SET state = 'active', invoiced_for = '2026-12-31', updated_at = now() WHERE id = $1", [travel]);
    const second = await snapshotSubscription(t.db, travel, staff.id);

    const response = await get(`/api/subscription/logs/list?filter[member_id]=${member.id}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total).toBe(2);
    expect(body.data.map((row: { id: number }) => row.id)).toEqual([second, first]);
    expect(body.data[0]).toMatchObject({
      subscription_id: travel,
      created_by: { id: staff.id },
      snapshot: {
        id: travel,
        product: { id: PRODUCTS.travel, name: 'Reiseforsikring Europa' },
        value: 1290,
        invoiced_for: '2026-12-31',
        subscription_start: '2026-01-01',
        subscription_end: null,
        deleted_at: null,
        state: 'active',
        status: 1,
        updated_at: expect.any(String),
      },
      previous: { id: travel, state: 'pending', invoiced_for: null },
    });
    expect(body.data[1].previous).toBeNull();
  });
});

describe('each log sorted by the column staff click', () => {
  const ids = (body: { data: { id: number }[] }) => body.data.map((row) => row.id);

  it('sorts the message log by the time of day in Oslo, whatever the day', async () => {
    const member = await createAccount(t.db);
    const late = await logMessage(t.db, { member_id: member.id, subject: 'Sent om kvelden' });
    const early = await logMessage(t.db, { member_id: member.id, subject: 'Tidlig morgen' });
    // 23:30 in Oslo on the 10th is 22:30 UTC; 07:15 in Oslo on the 11th is 06:15 UTC.
    await t.db.query("UPDATE message_log SET sent_at = '2026-11-10T22:30:00Z' WHERE id = $1", [late]);
    await t.db.query("UPDATE message_log SET sent_at = '2026-11-11T06:15:00Z' WHERE id = $1", [early]);
    const byTime = (await get(`/api/emails/logs/list?filter[member_id]=${member.id}&sort=time`)).json();
    expect(ids(byTime)).toEqual([early, late]);
    const byDate = (await get(`/api/emails/logs/list?filter[member_id]=${member.id}&sort=sent_at`)).json();
    expect(ids(byDate)).toEqual([late, early]);
  });

  it('sorts the instrument log by who made each version, the system first', async () => {
    const member = await createAccount(t.db);
    const anne = await createAccount(t.db, { first_name: 'Anne', last_name: 'Aasen' });
    const guitar = await createInstrument(t.db, { member_id: member.id, instrument_category: GUITAR });
    const bySiri = await snapshotInstrument(t.db, guitar, staff.id);
    const bySystem = await snapshotInstrument(t.db, guitar, null);
    const byAnne = await snapshotInstrument(t.db, guitar, anne.id);
    const ascending = (await get(`/api/instrument/logs/list?filter[member_id]=${member.id}&sort=by_name`)).json();
    expect(ids(ascending)).toEqual([bySystem, byAnne, bySiri]);
    const descending = (await get(`/api/instrument/logs/list?filter[member_id]=${member.id}&sort=-by_name`)).json();
    expect(ids(descending)).toEqual([bySiri, byAnne, bySystem]);
  });

  it('sorts the travel log by the product each version names', async () => {
    const member = await createAccount(t.db);
    const world = await createSubscription(t.db, { member_id: member.id, product_id: PRODUCTS.travelWorld, kind: 'travel' });
    const europe = await createSubscription(t.db, { member_id: member.id, product_id: PRODUCTS.travel, kind: 'travel' });
    const worldVersion = await snapshotSubscription(t.db, world, null);
    const europeVersion = await snapshotSubscription(t.db, europe, null);
    const byProduct = (await get(`/api/subscription/logs/list?filter[member_id]=${member.id}&sort=product_name`)).json();
    expect(byProduct.data.map((row: { snapshot: { product: { name: string } } }) => row.snapshot.product.name)).toEqual([
      'Reiseforsikring Europa',
      'Reiseforsikring Verden',
    ]);
    expect(ids(byProduct)).toEqual([europeVersion, worldVersion]);
    expect((await get(`/api/subscription/logs/list?filter[member_id]=${member.id}&sort=-product_name`)).json().data[0].id).toBe(worldVersion);
  });

  it('refuses a sort it does not know', async () => {
    expect((await get('/api/instrument/logs/list?sort=product_name')).statusCode).toBe(400);
  });
});

describe('the logs are for staff only', () => {
  it('answers 403 to a member, even for their own id', async () => {
    const member = await signedIn(t.app, t.db);
    for (const path of ['/api/emails/logs/list', '/api/instrument/logs/list', '/api/subscription/logs/list']) {
      expect((await get(`${path}?filter[member_id]=${member.id}`, member.token)).statusCode).toBe(403);
    }
  });
});

describe('the OpenAPI document', () => {
  it('describes the staff member, request and log routes', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toEqual(
      expect.arrayContaining([
        '/api/member/new',
        '/api/member/list/export',
        '/api/member/{id}/changes',
        '/api/subscription/{id}',
        '/api/subscription/cancel/{id}',
        '/api/subscription/list/pending-memberships',
        '/api/subscription/list/pending-travel/export',
        '/api/subscription/list/pending-instruments',
        '/api/emails/logs/list',
        '/api/instrument/logs/list',
        '/api/subscription/logs/list',
        '/api/emails/logs/{id}/resend',
      ]),
    );
    const resend = response.json().paths['/api/emails/logs/{id}/resend'].post;
    expect(Object.keys(resend.responses)).toEqual(expect.arrayContaining(['202', '409']));
    const entry = response.json().paths['/api/emails/logs/list'].get.responses['200'].content['application/json'].schema.properties.data.items;
    expect(Object.keys(entry.properties)).toEqual(expect.arrayContaining(['status', 'attempts', 'error']));
  });
});

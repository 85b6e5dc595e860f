import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createAccount, type TestContext } from './helpers.ts';
import { GUITAR, PRODUCTS, createInstrument, createSubscription, signedIn, signedInStaff } from './factories-member-admin.ts';
import { todayInOslo } from '../../server/domain/shared/oslo-date.ts';

let t: TestContext;
let staff: Awaited<ReturnType<typeof signedInStaff>>;
beforeAll(async () => {
  t = await buildTestApp();
  staff = await signedInStaff(t.app, t.db);
});
afterAll(async () => t.close());

let counter = 0;
const uniqueTag = () => `Køtest${process.pid}x${++counter}`;
const get = (url: string, token = staff.token) => t.app.inject({ url, headers: bearer(token) });

describe('pending request lists', () => {
  it('lists membership applications of finished registrations only', async () => {
    const tag = uniqueTag();
    const applicant = await createAccount(t.db, { role_id: 1, last_name: tag, first_name: 'Ørjan', remote_id: null, phone: '40000001' });
    const unfinished = await createAccount(t.db, { role_id: 1, last_name: tag, registration_completed: 0 });
    const member = await createAccount(t.db, { role_id: 2, last_name: tag });
    const pending = await createSubscription(t.db, { member_id: applicant.id, product_id: PRODUCTS.membership, kind: 'membership' });
    await createSubscription(t.db, { member_id: unfinished.id, product_id: PRODUCTS.membership, kind: 'membership' });
    await createSubscription(t.db, { member_id: member.id, product_id: PRODUCTS.membership, kind: 'membership', state: 'active' });
    await createSubscription(t.db, { member_id: member.id, product_id: PRODUCTS.membership, kind: 'membership', state: 'rejected' });

    const response = await get(`/api/subscription/list/pending-memberships?filter[name]=${tag}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total).toBe(1);
    expect(body.data).toEqual([
      {
        id: pending,
        member_id: applicant.id,
        member: {
          id: applicant.id,
          remote_id: null,
          first_name: 'Ørjan',
          last_name: tag,
          email: applicant.email,
          phone: '40000001',
          address: 'Storgata 1',
          postal_code: '0155',
          postal_area: 'OSLO',
          artist_name: null,
        },
        created_at: expect.any(String),
        status: 0,
        possible_duplicate: null,
      },
    ]);
  });

  it('counts every pending membership in total, oldest first', async () => {
    const before = (await get('/api/subscription/list/pending-memberships')).json().total;
    const tag = uniqueTag();
    const ids: number[] = [];
    for (const created_at of ['2026-03-02T10:00:00Z', '2026-03-01T10:00:00Z']) {
      const applicant = await createAccount(t.db, { role_id: 1, last_name: tag });
      ids.push(await createSubscription(t.db, { member_id: applicant.id, product_id: PRODUCTS.membership, kind: 'membership', created_at }));
    }
    const after = (await get('/api/subscription/list/pending-memberships')).json().total;
    expect(after).toBe(before + 2);
    const mine = (await get(`/api/subscription/list/pending-memberships?filter[name]=${tag}`)).json().data;
    expect(mine.map((row: { id: number }) => row.id)).toEqual([ids[1], ids[0]]);
  });

  it('lists pending travel insurance with its product', async () => {
    const tag = uniqueTag();
    const member = await createAccount(t.db, { last_name: tag });
    const pending = await createSubscription(t.db, {
      member_id: member.id,
      product_id: PRODUCTS.travelWorld,
      kind: 'travel',
      subscription_start: '2026-06-01',
    });
    await createSubscription(t.db, { member_id: member.id, product_id: PRODUCTS.travel, kind: 'travel', state: 'active' });
    const body = (await get(`/api/subscription/list/pending-travel?filter[name]=${tag}`)).json();
    expect(body.total).toBe(1);
    expect(body.data[0]).toMatchObject({
      id: pending,
      member_id: member.id,
      member: { id: member.id, last_name: tag },
      product_id: PRODUCTS.travelWorld,
      product: { id: PRODUCTS.travelWorld, name: 'Reiseforsikring Verden' },
      subscription_start: '2026-06-01',
      status: 0,
    });
  });

  it('lists one row per member with instruments waiting, counting them in Status', async () => {
    const tag = uniqueTag();
    const waiting = await createAccount(t.db, { last_name: tag, first_name: 'Venter' });
    const settled = await createAccount(t.db, { last_name: tag, first_name: 'Ferdig' });
    await createInstrument(t.db, { member_id: waiting.id, instrument_category: GUITAR, state: 'requested' });
    await createInstrument(t.db, { member_id: waiting.id, instrument_category: GUITAR, state: 'requested' });
    await createInstrument(t.db, { member_id: waiting.id, instrument_category: GUITAR, state: 'active', requested_change: { value: 20000 } });
    await createInstrument(t.db, { member_id: waiting.id, instrument_category: GUITAR, state: 'active' });
    await createInstrument(t.db, { member_id: waiting.id, instrument_category: GUITAR, state: 'rejected' });
    await createInstrument(t.db, { member_id: settled.id, instrument_category: GUITAR, state: 'active' });

    const body = (await get(`/api/subscription/list/pending-instruments?filter[name]=${tag}`)).json();
    expect(body.total).toBe(1);
    expect(body.data[0]).toMatchObject({
      id: waiting.id,
      member_id: waiting.id,
      member: { first_name: 'Venter', last_name: tag },
      product: 'Instrumentforsikring',
      Status: 3,
    });
  });

  it('refuses an unknown sort field', async () => {
    const response = await get('/api/subscription/list/pending-travel?sort=hemmelig');
    expect(response.statusCode).toBe(400);
  });

  it('exports each queue as CSV with its file name', async () => {
    const tag = uniqueTag();
    const member = await createAccount(t.db, { role_id: 1, last_name: tag, first_name: '@Åsmund' });
    await createSubscription(t.db, { member_id: member.id, product_id: PRODUCTS.membership, kind: 'membership', created_at: '2026-04-03T12:00:00Z' });
    await createSubscription(t.db, { member_id: member.id, product_id: PRODUCTS.travel, kind: 'travel' });
    await createInstrument(t.db, { member_id: member.id, instrument_category: GUITAR, state: 'requested' });

    const memberships = await get(`/api/subscription/list/pending-memberships/export?filter[name]=${tag}`);
    expect(memberships.statusCode).toBe(200);
    expect(memberships.headers['content-disposition']).toContain('filename="medlemskap-foresporsel.csv"');
    const lines = memberships.rawPayload.toString('utf8').split('\r\n');
    expect(lines[0]).toBe('\uFEFFMedlemsnummer;Fornavn;Etternavn;E-post;Mobil;Adresse;Postnummer;Poststed;Artist/band;Søkt dato;Status;Varsel');
    expect(lines[1]).toBe(`;'@Åsmund;${tag};${member.email};;Storgata 1;0155;OSLO;;03-04-2026;Forespørsel;`);
    expect(lines).toHaveLength(3);

    const travel = await get(`/api/subscription/list/pending-travel/export?filter[name]=${tag}`);
    expect(travel.headers['content-disposition']).toContain('filename="reiseforsikring-foresporsel.csv"');
    expect(travel.rawPayload.toString('utf8')).toContain(';Reiseforsikring Europa;');

    const instruments = await get(`/api/subscription/list/pending-instruments/export?filter[name]=${tag}`);
    expect(instruments.headers['content-disposition']).toContain('filename="instrumentforsikring-foresporsel.csv"');
    expect(instruments.rawPayload.toString('utf8').split('\r\n')[1]).toMatch(/;Instrumentforsikring;1;\d{2}-\d{2}-\d{4}$/);
  });

  it('is for staff only', async () => {
    const member = await signedIn(t.app, t.db);
    for (const name of ['pending-memberships', 'pending-travel', 'pending-instruments']) {
      expect((await get(`/api/subscription/list/${name}`, member.token)).statusCode).toBe(403);
      expect((await get(`/api/subscription/list/${name}/export`, member.token)).statusCode).toBe(403);
    }
  });
});

describe('GET /api/subscription/:id', () => {
  it('answers staff and the owning member, and 404 to another member', async () => {
    const owner = await signedIn(t.app, t.db);
    const other = await signedIn(t.app, t.db);
    const id = await createSubscription(t.db, { member_id: owner.id, product_id: PRODUCTS.travel, kind: 'travel', state: 'active', value: 1290 });
    const asStaff = await get(`/api/subscription/${id}`);
    expect(asStaff.statusCode).toBe(200);
    expect(asStaff.json().data).toMatchObject({
      id,
      member_id: owner.id,
      product: { id: PRODUCTS.travel, name: 'Reiseforsikring Europa' },
      state: 'active',
      status: 1,
      value: 1290,
    });
    expect(asStaff.json().data.subscription_lines).toBeUndefined();
    expect((await get(`/api/subscription/${id}`, owner.token)).statusCode).toBe(200);
    expect((await get(`/api/subscription/${id}`, other.token)).statusCode).toBe(404);
    expect((await get('/api/subscription/999999')).statusCode).toBe(404);
  });

  it('carries the lines of an instrument insurance', async () => {
    const member = await createAccount(t.db);
    const id = await createSubscription(t.db, { member_id: member.id, product_id: PRODUCTS.instrument, kind: 'instrument', state: 'active' });
    await t.db.query('INSERT INTO subscription_lines (subscription_id, product_id, value) VALUES ($1, $2, 30000)', [id, PRODUCTS.instrument]);
    const lines = (await get(`/api/subscription/${id}`)).json().data.subscription_lines;
    expect(lines).toEqual([expect.objectContaining({ value: 30000, quantity: 1, product: expect.objectContaining({ name: 'Instrumentforsikring' }) })]);
  });
});

describe('POST /api/subscription/cancel/:id', () => {
  const cancel = (id: number, token = staff.token) => t.app.inject({ method: 'POST', url: `/api/subscription/cancel/${id}`, headers: bearer(token) });

  it('stops the insurance today, stops its instruments and writes iterations', async () => {
    const today = todayInOslo();
    const member = await createAccount(t.db);
    const id = await createSubscription(t.db, {
      member_id: member.id,
      product_id: PRODUCTS.instrument,
      kind: 'instrument',
      state: 'active',
      subscription_start: '2025-01-01',
    });
    const insured = await createInstrument(t.db, { member_id: member.id, instrument_category: GUITAR, subscription_id: id });
    const loose = await createInstrument(t.db, { member_id: member.id, instrument_category: GUITAR });
    const requested = await createInstrument(t.db, { member_id: member.id, instrument_category: GUITAR, state: 'requested', subscription_id: id });

    const response = await cancel(id);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id, state: 'cancelled', status: 3, subscription_end: today });
    expect(response.json().data.subscription_lines).toEqual([]);

    const [row] = await t.db.query<{ cancelled_by: number; cancelled_at: Date | null }>('SELECT cancelled_by, cancelled_at FROM subscriptions WHERE id = $1', [
      id,
    ]);
    expect(row.cancelled_by).toBe(staff.id);
    expect(row.cancelled_at).toBeInstanceOf(Date);

    const instruments = await t.db.query<{ id: number; insurance_end: string | null }>(
      'SELECT id, insurance_end FROM instruments WHERE member_id = $1 ORDER BY id',
      [member.id],
    );
    expect(instruments).toEqual([
      { id: insured, insurance_end: today },
      { id: loose, insurance_end: today },
      { id: requested, insurance_end: null },
    ]);

    const subscriptionIterations = await t.db.query<{ snapshot: Record<string, unknown>; created_by: number }>(
      'SELECT snapshot, created_by FROM subscription_iterations WHERE subscription_id = $1',
      [id],
    );
    expect(subscriptionIterations).toHaveLength(1);
    expect(subscriptionIterations[0].created_by).toBe(staff.id);
    expect(subscriptionIterations[0].snapshot).toMatchObject({ id, state: 'cancelled', subscription_end: today, product: { name: 'Instrumentforsikring' } });

    const instrumentIterations = await t.db.query<{ instrument_id: number; snapshot: Record<string, unknown>; created_by: number }>(
      `SELECT it.instrument_id, it.snapshot, it.created_by FROM instrument_iterations it
         JOIN instruments i ON i.id = it.instrument_id WHERE i.member_id = $1 ORDER BY it.id`,
      [member.id],
    );
    expect(instrumentIterations.map((it) => it.instrument_id)).toEqual([insured, loose]);
    expect(instrumentIterations[0]).toMatchObject({
      created_by: staff.id,
      snapshot: { id: insured, insurance_end: today, category: 'Gitar', state: 'active' },
    });
  });

  it('refuses what is not an active instrument insurance', async () => {
    const member = await createAccount(t.db);
    const membership = await createSubscription(t.db, { member_id: member.id, product_id: PRODUCTS.membership, kind: 'membership', state: 'active' });
    const pending = await createSubscription(t.db, { member_id: member.id, product_id: PRODUCTS.instrument, kind: 'instrument' });
    for (const id of [membership, pending]) {
      const response = await cancel(id);
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe('Bare en aktiv instrumentforsikring kan stoppes.');
    }
    expect((await cancel(999999)).statusCode).toBe(404);
    const [{ state }] = await t.db.query<{ state: string }>('SELECT state FROM subscriptions WHERE id = $1', [membership]);
    expect(state).toBe('active');
  });

  it('is for staff only', async () => {
    const member = await signedIn(t.app, t.db);
    const id = await createSubscription(t.db, { member_id: member.id, product_id: PRODUCTS.instrument, kind: 'instrument', state: 'active' });
    expect((await cancel(id, member.token)).statusCode).toBe(403);
  });
});

/**
 * Groups of members ('Utvalg'): every filter key puts the right members in and leaves the others
 * out, a key that does not exist or a bad value is a Norwegian 422, erased members are never
 * counted, the count follows the register as it changes, and only staff with 'outreach.send' may
 * use the routes (a case worker gets 403 naming the right).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createAccount, type TestContext } from './helpers.ts';
import { createSubscription, PRODUCTS, signedIn, signedInStaff } from './factories-member-admin.ts';

let t: TestContext;
let admin: { id: number; token: string };
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signedInStaff(t.app, t.db);
});
afterAll(async () => t?.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, token = admin.token) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

let groupCounter = 0;
/** A last name only this test's members have, so a filter narrowed by it counts them alone. */
const newMarker = () => `Utvalgtest${String.fromCharCode(97 + (groupCounter++ % 26))}${groupCounter}x`;

interface MemberSetup {
  postal_code?: string;
  postal_area?: string;
  primary_instrument_type?: number;
  campaign_id?: number;
  membership_start_date?: string;
  newsletter_2?: boolean;
  newsletter_3?: boolean;
  membership?: 'active' | 'pending' | 'ended' | 'cancelled';
  travel?: boolean;
  instruments?: boolean;
  overdue?: boolean;
}

let invoiceNumber = 8_800_000;
async function member(marker: string, first: string, setup: MemberSetup = {}): Promise<number> {
  const { id } = await createAccount(t.db, { first_name: first, last_name: marker });
  const { membership, travel, instruments, overdue, ...columns } = setup;
  for (const [column, value] of Object.entries(columns)) {
    await t.db.query(`UPDATE accounts SET ${column} = $2 WHERE id = $1`, [id, value]);
  }
  if (membership) await createSubscription(t.db, { member_id: id, product_id: PRODUCTS.membership, kind: 'membership', state: membership });
  if (travel) await createSubscription(t.db, { member_id: id, product_id: PRODUCTS.travel, kind: 'travel', state: 'active' });
  if (instruments) await createSubscription(t.db, { member_id: id, product_id: PRODUCTS.instrument, kind: 'instrument', state: 'active' });
  if (overdue !== undefined) {
    invoiceNumber += 1;
    // Overdue: due last year and nothing paid; the other one is paid in full.
    await t.db.query(
      `INSERT INTO invoices (number, member_id, member_number, year, kind, total_ore, paid_ore, invoice_date, due_date, kid, channel, state)
       VALUES ($1, $2, 99001, 2025, 'first', 145000, $3, '2025-01-05', '2025-01-19', $4, 'EMAIL', $5)`,
      [invoiceNumber, id, overdue ? 0 : 145000, String(invoiceNumber).padStart(15, '0'), overdue ? 'overdue' : 'paid'],
    );
  }
  return id;
}

async function countOf(filter: object): Promise<{ count: number; sample: { id: number; member_number: number | null; name: string }[] }> {
  const response = await call('POST', '/api/segment/count', { filter });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}
const idsOf = async (filter: object) => (await countOf(filter)).sample.map((row) => row.id).sort((a, b) => a - b);

describe('each filter key', () => {
  it('name: every word in the name', async () => {
    const marker = newMarker();
    const kari = await member(marker, 'Kari');
    await member(marker, 'Ola');
    expect(await idsOf({ name: `kari ${marker}` })).toEqual([kari]);
    expect((await countOf({ name: marker })).count).toBe(2);
  });

  it('status: active member, applicant and lapsed, by the latest membership', async () => {
    const marker = newMarker();
    const active = await member(marker, 'Aktiv', { membership: 'active' });
    const applicant = await member(marker, 'Søker', { membership: 'pending' });
    const ended = await member(marker, 'Avsluttet', { membership: 'ended' });
    const cancelled = await member(marker, 'Oppsagt', { membership: 'cancelled' });
    // Lapsed once, active again: the latest membership decides.
    const back = await member(marker, 'Tilbake', { membership: 'ended' });
    await createSubscription(t.db, { member_id: back, product_id: PRODUCTS.membership, kind: 'membership', state: 'active' });
    expect(await idsOf({ name: marker, status: ['active'] })).toEqual([active, back]);
    expect(await idsOf({ name: marker, status: ['applicant'] })).toEqual([applicant]);
    expect(await idsOf({ name: marker, status: ['lapsed'] })).toEqual([ended, cancelled]);
    expect(await idsOf({ name: marker, status: ['active', 'applicant'] })).toEqual([active, applicant, back]);
  });

  it.each([
    ['has_travel', { travel: true }],
    ['has_instruments', { instruments: true }],
    ['newsletter_2', { newsletter_2: true }],
    ['newsletter_3', { newsletter_3: true }],
    ['overdue', { overdue: true }],
  ] as const)('%s: true takes those who have it, false those who do not', async (key, setup) => {
    const marker = newMarker();
    const has = await member(marker, 'Har', setup);
    // The overdue key's "other" member has a paid invoice; the rest have nothing.
    const hasNot = await member(marker, 'Mangler', key === 'overdue' ? { overdue: false } : {});
    expect(await idsOf({ name: marker, [key]: true })).toEqual([has]);
    expect(await idsOf({ name: marker, [key]: false })).toEqual([hasNot]);
  });

  it('postal_code_from and postal_code_to: a range, ends included', async () => {
    const marker = newMarker();
    const [low, mid, high] = [
      await member(marker, 'Lav', { postal_code: '0150' }),
      await member(marker, 'Midt', { postal_code: '0500' }),
      await member(marker, 'Høy', { postal_code: '1300' }),
    ];
    expect(await idsOf({ name: marker, postal_code_from: '0150', postal_code_to: '0500' })).toEqual([low, mid]);
    expect(await idsOf({ name: marker, postal_code_from: '0501' })).toEqual([high]);
    expect(await idsOf({ name: marker, postal_code_to: '0149' })).toEqual([]);
  });

  it('postal_area: the area in any letter case', async () => {
    const marker = newMarker();
    const oslo = await member(marker, 'Oslo', { postal_area: 'OSLO' });
    await member(marker, 'Bergen', { postal_area: 'BERGEN' });
    expect(await idsOf({ name: marker, postal_area: 'Oslo' })).toEqual([oslo]);
  });

  it('primary_instrument_type: the main instrument', async () => {
    const marker = newMarker();
    const second = await member(marker, 'To', { primary_instrument_type: 2 });
    await member(marker, 'En', { primary_instrument_type: 1 });
    expect(await idsOf({ name: marker, primary_instrument_type: 2 })).toEqual([second]);
  });

  it('campaign_code: the code the member came in with, in any letter case', async () => {
    const marker = newMarker();
    const [campaign] = await t.db.query<{ id: number }>(
      `INSERT INTO campaigns (name, code, period_start, product_category_id) VALUES ('Vår', $1, '2026-01-01', 1) RETURNING id`,
      [`VAR${marker}`],
    );
    const came = await member(marker, 'Kampanje', { campaign_id: campaign.id });
    await member(marker, 'Uten');
    expect(await idsOf({ name: marker, campaign_code: `var${marker.toLowerCase()}` })).toEqual([came]);
  });

  it('joined_from and joined_to: the day the membership started, ends included', async () => {
    const marker = newMarker();
    const early = await member(marker, 'Tidlig', { membership_start_date: '2020-03-01' });
    const late = await member(marker, 'Sen', { membership_start_date: '2024-06-30' });
    expect(await idsOf({ name: marker, joined_from: '2020-03-01', joined_to: '2024-06-29' })).toEqual([early]);
    expect(await idsOf({ name: marker, joined_from: '2024-06-30' })).toEqual([late]);
  });

  it('keys together: instrument insurance in Oslo with the newsletter', async () => {
    const marker = newMarker();
    const wanted = await member(marker, 'Treff', { instruments: true, postal_area: 'OSLO', newsletter_2: true });
    await member(marker, 'Bergen', { instruments: true, postal_area: 'BERGEN', newsletter_2: true });
    await member(marker, 'Nei', { instruments: true, postal_area: 'OSLO', newsletter_2: false });
    await member(marker, 'Uforsikret', { postal_area: 'OSLO', newsletter_2: true });
    const found = await countOf({ name: marker, has_instruments: true, postal_area: 'oslo', newsletter_2: true });
    expect(found).toEqual({ count: 1, sample: [{ id: wanted, member_number: null, name: `Treff ${marker}` }] });
  });
});

describe('who is never counted', () => {
  it('erased members and staff', async () => {
    const marker = newMarker();
    const kept = await member(marker, 'Beholdt');
    const erased = await member(marker, 'Slettet');
    await t.db.query('UPDATE accounts SET erased_at = now() WHERE id = $1', [erased]);
    await createAccount(t.db, { role_id: 3, first_name: 'Ansatt', last_name: marker });
    expect(await countOf({ name: marker })).toMatchObject({ count: 1, sample: [{ id: kept }] });
  });
});

describe('bad filters', () => {
  it.each([
    [{ city: 'Oslo' }, 'filter.city', 'Ukjent filter: city'],
    [{ has_travel: 'ja' }, 'filter.has_travel', 'Ugyldig verdi'],
    [{ status: ['member'] }, 'filter.status.0', 'Ugyldig verdi'],
    [{ postal_code_from: '150' }, 'filter.postal_code_from', 'Ugyldig format'],
    [{ joined_from: '2026-02-30' }, 'filter.joined_from', 'Ugyldig dato (ÅÅÅÅ-MM-DD)'],
    [{ postal_code_from: '0500', postal_code_to: '0150' }, 'filter.postal_code_to', 'Fra-postnummeret kan ikke være etter til-postnummeret'],
    [{ joined_from: '2026-02-01', joined_to: '2026-01-01' }, 'filter.joined_to', 'Fra-datoen kan ikke være etter til-datoen'],
  ])('%j is refused with 422 in Norwegian, and nothing is saved', async (filter, field, message) => {
    const counted = await call('POST', '/api/segment/count', { filter });
    expect(counted.statusCode).toBe(422);
    expect(counted.json().errors[field]).toEqual([message]);
    const before = (await call('GET', '/api/segment')).json().data.length;
    const saved = await call('POST', '/api/segment', { name: 'Feil', filter });
    expect(saved.statusCode).toBe(422);
    expect(saved.json().errors[field]).toEqual([message]);
    expect((await call('GET', '/api/segment')).json().data).toHaveLength(before);
  });

  it('a group needs a name', async () => {
    const response = await call('POST', '/api/segment', { name: '  ', filter: {} });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ name: ['Feltet må fylles ut'] });
  });
});

describe('saved groups', () => {
  it('are saved, listed with their count, renamed, refiltered and deleted', async () => {
    const marker = newMarker();
    await member(marker, 'Oslo', { postal_area: 'OSLO' });
    await member(marker, 'Bergen', { postal_area: 'BERGEN' });
    const created = await call('POST', '/api/segment', { name: `Oslo ${marker}`, filter: { name: marker, postal_area: 'OSLO' } });
    expect(created.statusCode).toBe(201);
    const group = created.json().data;
    expect(group).toMatchObject({ name: `Oslo ${marker}`, filter: { name: marker, postal_area: 'OSLO' }, count: 1, created_by: 'Siri Saksbehandler' });
    const listed = (await call('GET', '/api/segment')).json().data.find((row: { id: number }) => row.id === group.id);
    expect(listed).toMatchObject({ count: 1 });

    const widened = await call('PATCH', `/api/segment/${group.id}`, { filter: { name: marker } });
    expect(widened.json().data).toMatchObject({ name: `Oslo ${marker}`, filter: { name: marker }, count: 2 });
    const renamed = await call('PATCH', `/api/segment/${group.id}`, { name: 'Alle' });
    expect(renamed.json().data).toMatchObject({ name: 'Alle', filter: { name: marker }, count: 2 });
    expect((await call('PATCH', `/api/segment/${group.id}`, { filter: { town: 'x' } })).statusCode).toBe(422);

    expect((await call('DELETE', `/api/segment/${group.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/segment/${group.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/segment/${group.id}/count`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/segment/${group.id}`)).statusCode).toBe(404);
  });

  it('count the register as it is now, not as it was when saved', async () => {
    const marker = newMarker();
    const first = await member(marker, 'Første', { newsletter_2: true });
    const group = (await call('POST', '/api/segment', { name: 'Nyhetsbrev', filter: { name: marker, newsletter_2: true } })).json().data;
    const countNow = async () => (await call('GET', `/api/segment/${group.id}/count`)).json().data;
    expect(await countNow()).toMatchObject({ count: 1, sample: [{ id: first }] });

    const second = await member(marker, 'Andre', { newsletter_2: true });
    expect((await countNow()).count).toBe(2);
    await t.db.query('UPDATE accounts SET newsletter_2 = false WHERE id = $1', [first]);
    expect(await countNow()).toMatchObject({ count: 1, sample: [{ id: second }] });
    await t.db.query('UPDATE accounts SET erased_at = now() WHERE id = $1', [second]);
    expect(await countNow()).toEqual({ count: 0, sample: [] });
    expect((await call('GET', `/api/segment/${group.id}`)).json().data.count).toBe(0);
  });

  it('show at most 10 members by name in the sample, with their member numbers', async () => {
    const marker = newMarker();
    for (let i = 0; i < 12; i++) await member(marker, `Nr${String(i).padStart(2, '0')}`);
    await t.db.query('UPDATE accounts SET remote_id = 770000 + id WHERE last_name = $1', [marker]);
    const { count, sample } = await countOf({ name: marker });
    expect(count).toBe(12);
    expect(sample).toHaveLength(10);
    expect(sample[0]).toEqual({ id: expect.any(Number), member_number: 770000 + sample[0].id, name: `Nr00 ${marker}` });
  });
});

describe('who may use groups', () => {
  it("a case worker (role 3) gets 403 naming 'outreach.send'; a member gets 403", async () => {
    const worker = await signedInStaff(t.app, t.db, { role_id: 3 });
    const someone = await signedIn(t.app, t.db);
    for (const token of [worker.token, someone.token]) {
      const list = await call('GET', '/api/segment', undefined, token);
      expect(list.statusCode).toBe(403);
      const count = await call('POST', '/api/segment/count', { filter: {} }, token);
      expect(count.statusCode).toBe(403);
      expect((await call('POST', '/api/segment', { name: 'Nei', filter: {} }, token)).statusCode).toBe(403);
    }
    const refused = await call('GET', '/api/segment', undefined, worker.token);
    expect(refused.json()).toMatchObject({ right: 'outreach.send' });
  });

  it('reading a sample is in the access log of the members it names', async () => {
    const marker = newMarker();
    const shown = await member(marker, 'Vist');
    await countOf({ name: marker });
    await t.services.accessLog.flush();
    const rows = await t.db.query<{ detail: string }>('SELECT detail FROM access_log WHERE actor_id = $1 AND (member_id = $2 OR $2 = ANY (member_ids))', [
      admin.id,
      shown,
    ]);
    expect(rows.map((row) => row.detail)).toContain('Utvalg (antall og utdrag)');
  });
});

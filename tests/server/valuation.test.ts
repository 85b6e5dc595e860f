/**
 * The valuation rules: an appraisal above 100 000 kr (expiring 60 days before it is five years
 * old, expired the day after), a receipt or an appraisal above 20 000 kr, nothing below; the
 * settings staff change; every instrument answer carrying its valuation; the list's filter.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestContext } from './helpers.ts';
import { signedIn, signedInStaff } from './factories-member-admin.ts';
import { addDays, addYears, appraisal, instrumentOf, receipt } from './valuation-factories.ts';
import { instrumentValuations } from '../../server/domain/insurance/valuation.ts';
import { todayInOslo } from '../../server/domain/shared/oslo-date.ts';
import { VALUATION_DEFAULTS } from '../../server/schemas/valuation.ts';

let t: TestContext;
let admin: Awaited<ReturnType<typeof signedInStaff>>;
let caseworker: Awaited<ReturnType<typeof signedInStaff>>;
let member: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signedInStaff(t.app, t.db);
  caseworker = await signedInStaff(t.app, t.db, { role_id: 3, first_name: 'Sander', last_name: 'Saksbehandler' });
  member = await signedIn(t.app, t.db, { first_name: 'Mia', last_name: 'Musiker' });
}, 120_000);
afterAll(async () => t?.close());

const get = (url: string, token = admin.token) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const put = (payload: object, token = admin.token) => t.app.inject({ method: 'PUT', url: '/api/valuation-settings', headers: bearer(token), payload });

/** A fixed day, so every boundary is exact (no leap day near it). */
const TODAY = '2026-06-15';
const judged = async (id: number, today = TODAY) => (await instrumentValuations(t.db, [id], today)).get(id);

describe('the rules at their boundaries (defaults)', () => {
  it('at or below 20 000 kr nothing is needed; above it a receipt or an appraisal of any date; a photo is neither', async () => {
    const cheap = await instrumentOf(t.db, member.id, 20_000);
    expect(await judged(cheap)).toEqual({ state: 'ok', needs: null, expires_on: null, documented_value: null, documented_on: null });

    const bare = await instrumentOf(t.db, member.id, 20_001);
    expect(await judged(bare)).toMatchObject({ state: 'missing', needs: 'receipt', expires_on: null });
    await receipt(t.db, bare, member.id, 'photo');
    expect((await judged(bare))?.state).toBe('missing');
    await receipt(t.db, bare, member.id);
    expect(await judged(bare)).toEqual({ state: 'ok', needs: 'receipt', expires_on: null, documented_value: null, documented_on: null });

    const appraised = await instrumentOf(t.db, member.id, 100_000);
    await appraisal(t.db, appraised, member.id, '2001-03-12', 90_000);
    expect(await judged(appraised)).toEqual({ state: 'ok', needs: 'receipt', expires_on: null, documented_value: 90_000, documented_on: '2001-03-12' });
  });

  it('above 100 000 kr an appraisal: a receipt is not enough', async () => {
    const id = await instrumentOf(t.db, member.id, 100_001);
    await receipt(t.db, id, member.id);
    expect(await judged(id)).toEqual({ state: 'missing', needs: 'appraisal', expires_on: null, documented_value: null, documented_on: null });
  });

  it('ok until 61 days before five years, expiring from 60 days before to the day itself, expired the day after', async () => {
    const cases: [number, string][] = [
      [61, 'ok'],
      [60, 'expiring'],
      [1, 'expiring'],
      [0, 'expiring'],
      [-1, 'expired'],
      [-400, 'expired'],
    ];
    for (const [daysLeft, state] of cases) {
      const expires = addDays(TODAY, daysLeft);
      const id = await instrumentOf(t.db, member.id, 150_000);
      await appraisal(t.db, id, member.id, addYears(expires, -5), 140_000);
      expect(await judged(id), `${daysLeft} days left`).toEqual({
        state,
        needs: 'appraisal',
        expires_on: expires,
        documented_value: 140_000,
        documented_on: addYears(expires, -5),
      });
    }
  });

  it('the newest appraisal by its date counts, whatever order they came in', async () => {
    const id = await instrumentOf(t.db, member.id, 250_000);
    await appraisal(t.db, id, member.id, '2024-03-12', 120_000);
    await appraisal(t.db, id, member.id, '2019-01-01', 80_000);
    expect(await judged(id)).toEqual({ state: 'ok', needs: 'appraisal', expires_on: '2029-03-12', documented_value: 120_000, documented_on: '2024-03-12' });
  });

  it('an appraisal of 29 February runs out on 28 February five years on', async () => {
    const id = await instrumentOf(t.db, member.id, 300_000);
    await appraisal(t.db, id, member.id, '2020-02-29');
    expect((await judged(id, '2025-02-28'))?.state).toBe('expiring');
    expect(await judged(id, '2025-03-01')).toMatchObject({ state: 'expired', expires_on: '2025-02-28' });
  });
});

describe('every instrument answer carries its valuation', () => {
  it("the member's lists, one instrument, and the answers of accepting a request", async () => {
    const owner = await signedIn(t.app, t.db);
    const insured = await instrumentOf(t.db, owner.id, 150_000);
    await appraisal(t.db, insured, owner.id, addYears(todayInOslo(), -1), 160_000);
    const asked = await instrumentOf(t.db, owner.id, 30_000, { state: 'requested' });

    const lists = (await get(`/api/member/${owner.id}/instrument`, owner.token)).json().data;
    expect(lists.active[0].valuation).toEqual({
      state: 'ok',
      needs: 'appraisal',
      expires_on: addYears(addYears(todayInOslo(), -1), 5),
      documented_value: 160_000,
      documented_on: addYears(todayInOslo(), -1),
    });
    expect(lists.requested[0].valuation).toMatchObject({ state: 'missing', needs: 'receipt' });
    expect((await get(`/api/instrument/${asked}`, owner.token)).json().data.valuation.state).toBe('missing');

    const accepted = await t.app.inject({ method: 'POST', url: `/api/instrument/accept/${asked}`, headers: bearer(admin.token) });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data[0].valuation).toMatchObject({ state: 'missing', needs: 'receipt' });

    const other = await signedIn(t.app, t.db);
    expect((await get(`/api/instrument/${insured}`, other.token)).statusCode).toBe(404);
    expect((await get(`/api/member/${owner.id}/instrument`, other.token)).statusCode).toBe(404);
  });
});

describe('filter[valuation] on the staff list', () => {
  it('lists the instruments of each state, with their member', async () => {
    const owner = await signedIn(t.app, t.db, { first_name: 'Ola', last_name: 'Orgel' });
    const today = todayInOslo();
    const missing = await instrumentOf(t.db, owner.id, 150_000);
    const expiring = await instrumentOf(t.db, owner.id, 150_000);
    await appraisal(t.db, expiring, owner.id, addDays(addYears(today, -5), 30));
    const expired = await instrumentOf(t.db, owner.id, 150_000);
    await appraisal(t.db, expired, owner.id, addYears(today, -7));
    const fine = await instrumentOf(t.db, owner.id, 5_000);

    const ids = async (filter: string) => {
      const response = await get(`/api/instrument/list?filter[member_id]=${owner.id}&filter[valuation]=${filter}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.map((row: { id: number }) => row.id);
    };
    expect(await ids('missing')).toEqual([missing]);
    expect(await ids('expiring')).toEqual([expiring]);
    expect(await ids('expired')).toEqual([expired]);
    expect(await ids('ok')).toEqual([fine]);
    expect(await ids('expiring,expired')).toEqual([expiring, expired]);

    const page = (await get(`/api/instrument/list?filter[member_id]=${owner.id}&filter[valuation]=missing`)).json();
    expect(page.total).toBe(1);
    expect(page.data[0].member).toMatchObject({ id: owner.id, first_name: 'Ola', last_name: 'Orgel' });
    const sorted = (await get(`/api/instrument/list?filter[member_id]=${owner.id}&sort=expires_on`)).json().data;
    expect(sorted.slice(0, 2).map((row: { id: number }) => row.id)).toEqual([expired, expiring]);

    const bad = await get('/api/instrument/list?filter[valuation]=gone');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('filter[valuation] må være missing, expiring, expired eller ok.');
    expect((await get('/api/instrument/list?filter[valuation]=missing', owner.token)).statusCode).toBe(403);
  });
});

describe('the settings', () => {
  it('answer the defaults; a member may not read them, a caseworker may not change them', async () => {
    const read = await get('/api/valuation-settings', caseworker.token);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data).toEqual(VALUATION_DEFAULTS);
    expect((await get('/api/valuation-settings', member.token)).statusCode).toBe(403);
    expect((await put({ ...VALUATION_DEFAULTS, appraisal_years: 3 }, caseworker.token)).statusCode).toBe(403);
  });

  it('refuse values out of bounds and a receipt limit not below the appraisal limit, in Norwegian, changing nothing', async () => {
    const inverted = await put({ ...VALUATION_DEFAULTS, receipt_above: 100_000 });
    expect(inverted.statusCode).toBe(422);
    expect(inverted.json().errors).toEqual({ receipt_above: ['Grensen for kvittering må være lavere enn grensen for takst.'] });

    const bounds = await put({ appraisal_above: -1, appraisal_years: 0, receipt_above: 10, reminder_days: 366, renewal_reminder_days: 0 });
    expect(bounds.statusCode).toBe(422);
    expect(bounds.json().errors).toEqual({
      appraisal_above: ['Må være et helt antall kroner fra 0 til 100\u00a0000\u00a0000.'],
      appraisal_years: ['Må være et helt antall år fra 1 til 30.'],
      reminder_days: ['Må være et helt antall dager fra 1 til 365.'],
      renewal_reminder_days: ['Må være et helt antall dager fra 1 til 365.'],
    });
    const partial = await put({ appraisal_above: 50_000 });
    expect(partial.statusCode).toBe(422);
    expect(partial.json().errors.appraisal_years).toEqual(['Feltet må fylles ut']);
    expect((await get('/api/valuation-settings')).json().data).toEqual(VALUATION_DEFAULTS);
  });

  it('change the rules every instrument is judged by', async () => {
    const id = await instrumentOf(t.db, member.id, 60_000);
    await appraisal(t.db, id, member.id, '2023-09-01');
    expect((await judged(id))?.needs).toBe('receipt');

    const settings = { appraisal_above: 50_000, appraisal_years: 3, receipt_above: 10_000, reminder_days: 90, renewal_reminder_days: 14 };
    const saved = await put(settings);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toEqual(settings);
    expect((await get('/api/valuation-settings')).json().data).toEqual(settings);
    // Three years from 1 September 2023 is 1 September 2026: 78 days after 15 June 2026, within 90.
    expect(await judged(id)).toMatchObject({ state: 'expiring', needs: 'appraisal', expires_on: '2026-09-01' });

    expect((await put(VALUATION_DEFAULTS)).statusCode).toBe(200);
  });
});

/**
 * 'Nøkkeltall' → insurance: after a scripted year of travel covers and instruments (requested,
 * accepted and rejected through the request routes, ended, values changed, a member erased), every
 * figure equals a direct count over subscriptions and instruments — for last year, a range from
 * and to mid-month, the month under way — and still does after random changes and a rebuild.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestContext } from './helpers.ts';
import { GUITAR, PRODUCTS, createInstrument, createSubscription, signedInStaff } from './factories-member-admin.ts';
import { billedMember } from './billing-factories.ts';
import { eraseMember } from '../../server/domain/privacy/privacy.ts';
import { insuranceSection } from '../../server/domain/stats/insurance.ts';
import type { InsuranceStats } from '../../server/schemas/stats.ts';
import { addDays, checkedPeriods, monthCutoff, periodOf, readWorkbook, seeded, today } from './stats-check.ts';

let t: TestContext;
let staff: { id: number; token: string };
const year = Number(today().slice(0, 4));
const last = year - 1;
const members: { id: number; remoteId: number }[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  staff = await signedInStaff(t.app, t.db, { role_id: 5 });
});
afterAll(async () => t?.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(staff.token) });
const post = (url: string, payload?: object) => t.app.inject({ method: 'POST', url, headers: bearer(staff.token), payload });

async function stats(query: { from: string; to?: string }): Promise<InsuranceStats> {
  const response = await get(`/api/stats/insurance?from=${query.from}${query.to ? `&to=${query.to}` : ''}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

/** Noon of an Oslo day, as a timestamp. */
const noon = (day: string) => `${day} 12:00 Europe/Oslo`;

async function decide(kind: 'subscription' | 'instrument', id: number, action: 'accept' | 'reject', day: string) {
  const response = await post(`/api/${kind}/${action}/${id}`, action === 'reject' ? { reason: '<p>Nei</p>', send_email: false } : undefined);
  expect(response.statusCode, response.body).toBe(200);
  const table = kind === 'subscription' ? 'subscriptions' : 'instruments';
  const column = action === 'accept' ? 'validated_at' : 'rejected_at';
  await t.db.query(`UPDATE ${table} SET ${column} = $2::timestamptz WHERE id = $1`, [id, noon(day)]);
}

/** A travel request of the member, received on `day`. */
const travelRequest = (memberId: number, day: string, product: number = PRODUCTS.travel) =>
  createSubscription(t.db, { member_id: memberId, product_id: product, kind: 'travel', state: 'pending', subscription_start: day, created_at: noon(day) });

/** An instrument request of the member, insured from `day` when accepted. */
const instrumentRequest = (memberId: number, day: string, value: number) =>
  createInstrument(t.db, { member_id: memberId, instrument_category: GUITAR, state: 'requested', insurance_start: day, value });

const count = async (sql: string, params: unknown[]) => Number((await t.db.query<{ n: string }>(sql, params))[0].n);

// The definitions, written as a count on one day rather than as day counters.
const TRAVEL_COVER = `FROM subscriptions s CROSS JOIN LATERAL (
    SELECT CASE WHEN s.state = 'pending' THEN (s.accepted_cover->>'product_id')::int ELSE s.product_id END AS product_id,
           coalesce(CASE WHEN s.state = 'pending' THEN (s.accepted_cover->>'subscription_start')::date ELSE s.subscription_start END,
                    (s.created_at AT TIME ZONE 'Europe/Oslo')::date) AS first,
           CASE WHEN s.state = 'pending' THEN (s.accepted_cover->>'subscription_end')::date ELSE s.subscription_end END AS last) c
  WHERE s.kind = 'travel' AND s.deleted_at IS NULL
    AND (s.state = 'active' OR (s.state = 'pending' AND s.accepted_cover IS NOT NULL) OR (s.state = 'ended' AND s.subscription_end IS NOT NULL))
    AND c.first <= $1::date AND (c.last IS NULL OR c.last >= $1::date)`;
const INSURED = `FROM instruments i WHERE (i.state = 'active' OR (i.state = 'deleted' AND i.insurance_end IS NOT NULL))
    AND i.insurance_start <= $1::date AND (i.insurance_end IS NULL OR i.insurance_end >= $1::date)`;

async function levelsOn(day: string) {
  const products = await t.db.query<{ id: number; name: string }>("SELECT id, name FROM products WHERE kind = 'travel' ORDER BY id");
  const byProduct = [];
  for (const product of products) {
    byProduct.push({
      product_id: product.id,
      name: product.name,
      count: await count(`SELECT count(*) AS n ${TRAVEL_COVER} AND c.product_id = $2`, [day, product.id]),
    });
  }
  return {
    travel_members: await count(`SELECT count(*) AS n ${TRAVEL_COVER}`, [day]),
    travel_by_product: byProduct,
    instruments_insured: await count(`SELECT count(*) AS n ${INSURED}`, [day]),
    insured_value_ore: await count(`SELECT coalesce(sum(i.value::bigint * 100), 0) AS n ${INSURED}`, [day]),
  };
}

const decided = (table: string, column: string, from: string, to: string, where = '') =>
  count(`SELECT count(*) AS n FROM ${table} WHERE (${column} AT TIME ZONE 'Europe/Oslo')::date BETWEEN $1 AND $2 ${where}`, [from, to]);

async function flows(from: string, to: string) {
  const travel = "AND kind = 'travel' AND deleted_at IS NULL";
  return {
    travel_accepted: await decided('subscriptions', 'validated_at', from, to, travel),
    travel_rejected: await decided('subscriptions', 'rejected_at', from, to, travel),
    instruments_accepted: await decided('instruments', 'validated_at', from, to),
    instruments_rejected: await decided('instruments', 'rejected_at', from, to),
  };
}

async function direct(query: { from: string; to?: string }): Promise<InsuranceStats> {
  const period = periodOf(query);
  const start = await levelsOn(addDays(period.from, -1));
  let previous = start.insured_value_ore;
  const series = [];
  for (const month of period.months) {
    const cutoff = monthCutoff(period, month);
    const levels = await levelsOn(cutoff);
    series.push({
      month,
      ...levels,
      insured_value_change_ore: levels.insured_value_ore - previous,
      ...(await flows(`${month}-01` < period.from ? period.from : `${month}-01`, cutoff)),
    });
    previous = levels.insured_value_ore;
  }
  const end = await levelsOn(period.to);
  return {
    from: period.from,
    to: period.to,
    series,
    totals: { ...end, insured_value_change_ore: end.insured_value_ore - start.insured_value_ore, ...(await flows(period.from, period.to)) },
  };
}

async function expectAllPeriodsDirect() {
  for (const query of checkedPeriods()) expect(await stats(query), query.name).toEqual(await direct(query));
}

describe('GET /api/stats/insurance', () => {
  it('equals a direct count after a scripted year of covers', async () => {
    for (let n = 0; n < 5; n += 1) members.push(await billedMember(t.db, { first_name: 'Forsikret', last_name: `Nr${n}` }));
    const [a, b, c, d, e] = members;
    // Travel: two accepted (Europa and Verden), one rejected, one ended by a lapse in the autumn.
    const ta = await travelRequest(a.id, `${last}-02-01`);
    await decide('subscription', ta, 'accept', `${last}-02-03`);
    const tb = await travelRequest(b.id, `${last}-03-15`, PRODUCTS.travelWorld);
    await decide('subscription', tb, 'accept', `${last}-03-20`);
    const tc = await travelRequest(c.id, `${last}-04-10`);
    await decide('subscription', tc, 'reject', `${last}-04-12`);
    const td = await travelRequest(d.id, `${last}-05-01`);
    await decide('subscription', td, 'accept', `${last}-05-02`);
    await t.db.query("UPDATE subscriptions SET state = 'ended', subscription_end = $2 WHERE id = $1", [td, `${last}-10-15`]);
    // Instruments: accepted, rejected, one ended (staff delete), one's value raised.
    const ia = await instrumentRequest(a.id, `${last}-01-20`, 20_000);
    await decide('instrument', ia, 'accept', `${last}-01-22`);
    const ib = await instrumentRequest(b.id, `${last}-06-01`, 8_500);
    await decide('instrument', ib, 'accept', `${last}-06-05`);
    const ic = await instrumentRequest(c.id, `${last}-07-01`, 3_000);
    await decide('instrument', ic, 'reject', `${last}-07-02`);
    const ie = await instrumentRequest(e.id, `${year}-01-10`, 50_000);
    await decide('instrument', ie, 'accept', `${year}-01-11`);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/instrument/${ib}`, headers: bearer(staff.token) });
    expect(removed.statusCode, removed.body).toBe(200);
    await t.db.query('UPDATE instruments SET value = 25000 WHERE id = $1', [ia]);

    const lastYear = await stats({ from: `${last}-01-01`, to: `${last}-12-31` });
    expect(lastYear.totals).toMatchObject({ travel_members: 2, travel_accepted: 3, travel_rejected: 1, instruments_accepted: 2, instruments_rejected: 1 });
    expect(lastYear.series[5]).toMatchObject({ month: `${last}-06`, travel_members: 3, instruments_insured: 2, insured_value_ore: (25_000 + 8_500) * 100 });
    await expectAllPeriodsDirect();

    // Erasure ends the cover today and keeps the rows: no past month changes.
    const before = await stats({ from: `${last}-01-01`, to: `${last}-12-31` });
    expect(await eraseMember(t.db, a.id, a.remoteId, staff.id)).toBe(true);
    expect(await stats({ from: `${last}-01-01`, to: `${last}-12-31` })).toEqual(before);
    await expectAllPeriodsDirect();
  });

  it('still equals a direct count after batches of random changes', async () => {
    const random = seeded(2026_40);
    const start = `${last}-01-01`;
    for (let batch = 0; batch < 5; batch += 1) {
      for (let step = 0; step < 8; step += 1) {
        const member = random.pick(members.slice(1));
        const action = random.int(0, 6);
        const day = random.day(start, today());
        if (action === 0) await travelRequest(member.id, day, random.pick([PRODUCTS.travel, PRODUCTS.travelWorld]));
        else if (action === 1) await instrumentRequest(member.id, day, random.int(1, 900) * 100);
        else if (action === 2) {
          const [row] = await t.db.query<{ id: number }>("SELECT id FROM subscriptions WHERE kind = 'travel' AND state = 'pending' ORDER BY id DESC LIMIT 1");
          if (row) await decide('subscription', row.id, random.pick(['accept', 'reject'] as const), random.day(day < today() ? day : start, today()));
        } else if (action === 3) {
          const [row] = await t.db.query<{ id: number; insurance_start: string }>(
            "SELECT id, insurance_start::text FROM instruments WHERE state = 'requested' ORDER BY id LIMIT 1",
          );
          if (row) await decide('instrument', row.id, random.pick(['accept', 'reject'] as const), random.day(start, today()));
        } else if (action === 4) {
          await t.db.query("UPDATE instruments SET value = $1 WHERE id = (SELECT max(id) FROM instruments WHERE state = 'active')", [random.int(1, 900) * 100]);
        } else if (action === 5) {
          await t.db.query(
            `UPDATE subscriptions SET state = 'ended', subscription_end = greatest(coalesce(subscription_start, $1::date), $1::date)
                             WHERE id = (SELECT min(id) FROM subscriptions WHERE kind = 'travel' AND state = 'active')`,
            [day],
          );
        } else {
          await t.db.query(
            "UPDATE instruments SET insurance_end = greatest(insurance_start, $1::date) WHERE id = (SELECT min(id) FROM instruments WHERE state = 'active' AND insurance_end IS NULL)",
            [day],
          );
        }
      }
      await expectAllPeriodsDirect();
    }
  });

  it('gives the same answers after the rebuild, also when the counters were lost', async () => {
    const before = [];
    for (const query of checkedPeriods()) before.push(await stats(query));
    await t.db.query("DELETE FROM stats_counts WHERE metric LIKE 'ins.%'");
    expect(await stats(checkedPeriods()[3])).not.toEqual(before[3]);
    await insuranceSection.rebuild(t.db);
    const after = [];
    for (const query of checkedPeriods()) after.push(await stats(query));
    expect(after).toEqual(before);
  });

  it('downloads the same figures as a workbook, values in kroner', async () => {
    const query = checkedPeriods()[0];
    const answer = await stats(query);
    const response = await get(`/api/stats/insurance?from=${query.from}&to=${query.to}&format=xlsx`);
    expect(response.statusCode).toBe(200);
    const book = await readWorkbook(response.rawPayload);
    expect(Object.keys(book)).toEqual(['Forsikring per måned', 'Godkjent og avvist']);
    const names = answer.totals.travel_by_product.map((product) => `Reise: ${product.name}`);
    expect(book['Forsikring per måned'][0]).toEqual([
      'Måned',
      'Med reiseforsikring',
      ...names,
      'Forsikrede instrumenter',
      'Forsikringsverdi',
      'Endring i verdi',
    ]);
    expect(book['Forsikring per måned'].slice(1)).toEqual(
      answer.series.map((row) => [
        row.month,
        row.travel_members,
        ...row.travel_by_product.map((product) => product.count),
        row.instruments_insured,
        row.insured_value_ore / 100,
        row.insured_value_change_ore / 100,
      ]),
    );
    expect(book['Godkjent og avvist'][0]).toEqual([
      'Måned',
      'Reiseforsikring godkjent',
      'Reiseforsikring avvist',
      'Instrumenter godkjent',
      'Instrumenter avvist',
    ]);
    expect(book['Godkjent og avvist'].slice(1)).toEqual(
      answer.series.map((row) => [row.month, row.travel_accepted, row.travel_rejected, row.instruments_accepted, row.instruments_rejected]),
    );
  });
});

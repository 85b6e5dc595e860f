/**
 * 'Nøkkeltall' → campaigns: after a scripted year of sign-ups with and without a code (step one
 * through the registration route, step two through the member's own form) and Vipps quick
 * checkouts started and completed, every figure equals a direct count over accounts and
 * vipps_registrations — for last year, a range from and to mid-month, the month under way — and
 * still does after random changes and a rebuild.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestContext } from './helpers.ts';
import { signedInStaff } from './factories-member-admin.ts';
import { clientAddress, signUpForm } from './factories-member-self.ts';
import { campaignsSection } from '../../server/domain/stats/campaigns.ts';
import type { CampaignsStats } from '../../server/schemas/stats.ts';
import { checkedPeriods, monthCutoff, periodOf, readWorkbook, seeded, today } from './stats-check.ts';

let t: TestContext;
let staff: { id: number; token: string };
const year = Number(today().slice(0, 4));
const last = year - 1;
const campaigns: { id: number; code: string }[] = [];
let references = 0;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await signedInStaff(t.app, t.db, { role_id: 5 });
});
afterAll(async () => t?.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(staff.token) });
const noon = (day: string) => `${day} 12:00 Europe/Oslo`;

async function stats(query: { from: string; to?: string }): Promise<CampaignsStats> {
  const response = await get(`/api/stats/campaigns?from=${query.from}${query.to ? `&to=${query.to}` : ''}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

async function campaign(code: string, start: string, end: string | null) {
  const [row] = await t.db.query<{ id: number }>(
    'INSERT INTO campaigns (name, code, period_start, period_end, product_category_id) VALUES ($1, $2, $3, $4, 1) RETURNING id',
    [`Kampanje ${code}`, code, start, end],
  );
  campaigns.push({ id: row.id, code });
  return row.id;
}

/** Step one through the registration route, with the code; step two (when `completedOn`) through the member's own form, on that day. */
async function signUp(code: string | null, completedOn: string | null): Promise<number> {
  // The form takes only a code that runs today: the campaign's period is opened for the sign-up and put back.
  const [kept] = code
    ? await t.db.query<{ period_start: string; period_end: string | null }>(
        "UPDATE campaigns c SET period_start = '2020-01-01', period_end = NULL FROM campaigns o WHERE o.id = c.id AND lower(c.code) = lower($1) RETURNING o.period_start::text, o.period_end::text",
        [code],
      )
    : [];
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/member/register',
    payload: { ...signUpForm(), campaign_code: code },
    remoteAddress: clientAddress(),
  });
  if (kept)
    await t.db.query('UPDATE campaigns SET period_start = $2, period_end = $3 WHERE lower(code) = lower($1)', [code, kept.period_start, kept.period_end]);
  expect(response.statusCode, response.body).toBe(201);
  const applicant = response.json() as { user_id: number; access_token: string };
  if (completedOn) {
    const completed = await t.app.inject({
      method: 'PATCH',
      url: `/api/member/${applicant.user_id}`,
      headers: bearer(applicant.access_token),
      payload: {
        address: 'Kirkegata 2',
        postal_code: '0153',
        postal_area: 'OSLO',
        gender: 2,
        primary_instrument_type: 4,
        invoice_method: 'EFAKTURA',
        registration_completed: 1,
      },
    });
    expect(completed.statusCode, completed.body).toBe(200);
    await t.db.query('UPDATE accounts SET registration_completed_at = $2::timestamptz WHERE id = $1', [applicant.user_id, noon(completedOn)]);
  }
  return applicant.user_id;
}

/** A quick checkout started on `day`, and completed (the member made) on `completedOn`. */
async function checkout(day: string, completedOn: string | null, state: 'AUTHORIZED' | 'CAPTURED' = 'CAPTURED'): Promise<number> {
  references += 1;
  const [row] = await t.db.query<{ id: number }>(
    'INSERT INTO vipps_registrations (reference, amount, created_at, updated_at) VALUES ($1, 50000, $2::timestamptz, $2::timestamptz) RETURNING id',
    [`stats-checkout-${references}`, noon(day)],
  );
  if (completedOn) {
    await t.db.query('UPDATE vipps_registrations SET state = $2, updated_at = now() WHERE id = $1', [row.id, state]);
    await t.db.query('UPDATE vipps_registrations SET completed_at = $2::timestamptz WHERE id = $1', [row.id, noon(completedOn)]);
  }
  return row.id;
}

const count = async (sql: string, params: unknown[]) => Number((await t.db.query<{ n: string }>(sql, params))[0].n);
const SIGNUPS = `FROM accounts WHERE role_id IN (1, 2) AND registration_completed = 1 AND campaign_id IS NOT NULL
                   AND (registration_completed_at AT TIME ZONE 'Europe/Oslo')::date BETWEEN $1 AND $2`;
const STARTED = "FROM vipps_registrations WHERE (created_at AT TIME ZONE 'Europe/Oslo')::date BETWEEN $1 AND $2";
const COMPLETED = "FROM vipps_registrations WHERE state IN ('AUTHORIZED', 'CAPTURED') AND (completed_at AT TIME ZONE 'Europe/Oslo')::date BETWEEN $1 AND $2";

async function direct(query: { from: string; to?: string }): Promise<CampaignsStats> {
  const period = periodOf(query);
  const series = [];
  for (const month of period.months) {
    const from = `${month}-01` < period.from ? period.from : `${month}-01`;
    const to = monthCutoff(period, month);
    const byCampaign = await t.db.query<{ campaign_id: number; signups: number }>(
      `SELECT campaign_id, count(*)::int AS signups ${SIGNUPS} GROUP BY 1 ORDER BY 2 DESC, 1`,
      [from, to],
    );
    series.push({
      month,
      signups: await count(`SELECT count(*) AS n ${SIGNUPS}`, [from, to]),
      by_campaign: byCampaign,
      quick_checkouts_started: await count(`SELECT count(*) AS n ${STARTED}`, [from, to]),
      quick_checkouts_completed: await count(`SELECT count(*) AS n ${COMPLETED}`, [from, to]),
    });
  }
  const rows = await t.db.query<CampaignsStats['totals']['campaigns'][number]>(
    `SELECT c.id AS campaign_id, c.name, c.code, c.period_start::text AS period_start, c.period_end::text AS period_end,
            (SELECT count(*)::int ${SIGNUPS.replace('FROM accounts WHERE', 'FROM accounts a WHERE a.campaign_id = c.id AND')}) AS signups
       FROM campaigns c`,
    [period.from, period.to],
  );
  const listed = rows.filter((row) => row.signups > 0 || (row.period_start! <= period.to && (row.period_end === null || row.period_end >= period.from)));
  listed.sort((a, b) => b.signups - a.signups || a.name.localeCompare(b.name, 'nb') || a.campaign_id - b.campaign_id);
  return {
    from: period.from,
    to: period.to,
    series,
    totals: {
      campaigns: listed,
      signups: await count(`SELECT count(*) AS n ${SIGNUPS}`, [period.from, period.to]),
      quick_checkouts_started: await count(`SELECT count(*) AS n ${STARTED}`, [period.from, period.to]),
      quick_checkouts_completed: await count(`SELECT count(*) AS n ${COMPLETED}`, [period.from, period.to]),
    },
  };
}

async function expectAllPeriodsDirect() {
  for (const query of checkedPeriods()) expect(await stats(query), query.name).toEqual(await direct(query));
}

describe('GET /api/stats/campaigns', () => {
  it('equals a direct count after a scripted year of sign-ups and quick checkouts', async () => {
    await campaign('VAR2025', `${last}-03-01`, `${last}-05-31`);
    await campaign('HOST', `${last}-09-01`, null);
    await campaign('GAMMEL', '2020-01-01', '2020-12-31');
    await signUp('VAR2025', `${last}-03-14`);
    await signUp('VAR2025', `${last}-04-02`);
    await signUp('var2025', `${last}-06-10`);
    await signUp('HOST', `${last}-09-15`);
    await signUp('HOST', null); // step two never done: no sign-up
    await signUp(null, `${last}-09-16`); // no code
    await signUp('HOST', today());
    await checkout(`${last}-03-10`, `${last}-03-10`);
    await checkout(`${last}-05-31`, `${last}-06-01`, 'AUTHORIZED');
    await checkout(`${last}-07-07`, null);
    await checkout(today(), today());

    const lastYear = await stats({ from: `${last}-01-01`, to: `${last}-12-31` });
    expect(lastYear.totals).toMatchObject({ signups: 4, quick_checkouts_started: 3, quick_checkouts_completed: 2 });
    expect(lastYear.totals.campaigns.map((row) => [row.code, row.signups])).toEqual([
      ['VAR2025', 3],
      ['HOST', 1],
    ]);
    expect(lastYear.series[5]).toMatchObject({ month: `${last}-06`, signups: 1, quick_checkouts_completed: 1 });
    await expectAllPeriodsDirect();
  });

  it('still equals a direct count after batches of random changes', async () => {
    const random = seeded(4040);
    const start = `${last}-01-01`;
    for (let batch = 0; batch < 5; batch += 1) {
      for (let step = 0; step < 6; step += 1) {
        const action = random.int(0, 4);
        const day = random.day(start, today());
        if (action === 0) await signUp(random.pick(campaigns).code, day);
        else if (action === 1) await checkout(day, random.next() < 0.6 ? day : null);
        else if (action === 2) {
          // Staff move a member to another campaign, or take the code away.
          await t.db.query('UPDATE accounts SET campaign_id = $1 WHERE id = (SELECT max(id) FROM accounts WHERE campaign_id IS NOT NULL)', [
            random.next() < 0.3 ? null : random.pick(campaigns).id,
          ]);
        } else if (action === 3) {
          await t.db.query("UPDATE vipps_registrations SET state = 'CAPTURED' WHERE id = (SELECT min(id) FROM vipps_registrations WHERE state = 'CREATED')");
        } else {
          await t.db.query('DELETE FROM vipps_registrations WHERE id = (SELECT max(id) FROM vipps_registrations)');
        }
      }
      await expectAllPeriodsDirect();
    }
  });

  it('gives the same answers after the rebuild, also when the counters were lost', async () => {
    const before = [];
    for (const query of checkedPeriods()) before.push(await stats(query));
    await t.db.query("DELETE FROM stats_counts WHERE metric LIKE 'camp.%'");
    expect(await stats(checkedPeriods()[3])).not.toEqual(before[3]);
    await campaignsSection.rebuild(t.db);
    const after = [];
    for (const query of checkedPeriods()) after.push(await stats(query));
    expect(after).toEqual(before);
  });

  it('downloads the same figures as a workbook', async () => {
    const query = checkedPeriods()[0];
    const answer = await stats(query);
    const response = await get(`/api/stats/campaigns?from=${query.from}&to=${query.to}&format=xlsx`);
    expect(response.statusCode).toBe(200);
    const book = await readWorkbook(response.rawPayload);
    expect(Object.keys(book)).toEqual(['Registreringer per måned', 'Kampanjer']);
    const codes = answer.totals.campaigns.map((row) => row.code);
    expect(book['Registreringer per måned'][0]).toEqual(['Måned', 'Med kampanjekode', ...codes, 'Vipps hurtigkasse påbegynt', 'Vipps hurtigkasse fullført']);
    expect(book['Registreringer per måned'].slice(1)).toEqual(
      answer.series.map((row) => [
        row.month,
        row.signups,
        ...answer.totals.campaigns.map((c) => row.by_campaign.find((entry) => entry.campaign_id === c.campaign_id)?.signups ?? 0),
        row.quick_checkouts_started,
        row.quick_checkouts_completed,
      ]),
    );
    expect(book.Kampanjer[0]).toEqual(['Kampanje', 'Kode', 'Fra', 'Til', 'Registreringer']);
    expect(book.Kampanjer.slice(1).map((row) => [row[0], row[1], row[4]])).toEqual(answer.totals.campaigns.map((row) => [row.name, row.code, row.signups]));
  });
});

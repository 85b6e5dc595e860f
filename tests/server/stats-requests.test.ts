/**
 * 'Nøkkeltall' → requests: after a scripted year of membership applications, travel orders and
 * instruments asked for, accepted and rejected through the real request machine with varied
 * waits, and after random changes, every figure of GET /api/stats/requests equals a direct count
 * over the raw tables (percentiles as percentile_disc), for a whole year, a range starting and
 * ending mid-month, and the month under way; what waits now equals the menu badges; the rebuild
 * gives the same answers; the download is a spreadsheet with the same figures.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createAccount, type TestContext } from './helpers.ts';
import { signedIn, signedInStaff } from './factories-member-admin.ts';
import { addDays, seeded, World } from './stats-people-world.ts';
import { directRequests, periodOf } from './stats-people-direct.ts';
import { rebuildStats } from '../../server/domain/stats/index.ts';
import { monthsBetween } from '../../server/domain/stats/period.ts';

let t: TestContext;
let staff: { id: number; token: string };
let world: World;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await signedInStaff(t.app, t.db);
  world = new World(t, staff.id);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token = staff.token) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const ago = (days: number) => addDays(world.today, -days);

const periods = () => [
  { from: `${world.today.slice(0, 4)}-01-01`, to: world.today },
  { from: ago(365), to: world.today },
  { from: `${ago(200).slice(0, 7)}-14`, to: `${ago(40).slice(0, 7)}-17` },
  { from: `${world.today.slice(0, 7)}-01`, to: world.today },
];

async function expectDirectCounts(label: string) {
  const badges = (await get('/api/counters')).json().data;
  for (const { from, to } of periods()) {
    const response = await get(`/api/stats/requests?from=${from}&to=${to}`);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json().data;
    expect(answer, `${label}: ${from}–${to}`).toEqual(await directRequests(t.db, periodOf(from, to, world.today)));
    expect(answer.totals.kinds.map((kind: { waiting_now: number }) => kind.waiting_now)).toEqual([
      badges['pending-memberships'],
      badges['pending-travel'],
      badges['pending-instruments'],
    ]);
  }
}

/** A member (imported, so not a request) who can order travel insurance and ask for instruments. */
const member = () => world.imported('2018-01-01');

describe('requests', () => {
  it('equal a direct count after a scripted year of applications, orders and instruments', async () => {
    // Membership applications: accepted after 0–24 days, rejected, one accepted late after a rejection, some waiting.
    for (let i = 0; i < 10; i++) {
      const received = ago(360 - i * 33);
      const { subscriptionId } = await world.apply(received);
      if (i % 3 === 2) await world.reject(subscriptionId, addDays(received, i));
      else await world.accept(subscriptionId, addDays(received, (i * 7) % 25));
    }
    const late = await world.apply(ago(80));
    await world.reject(late.subscriptionId, ago(75));
    await world.accept(late.subscriptionId, ago(60));
    await world.apply(ago(12));
    await world.apply(world.today);
    // An unfinished registration is no application yet; a member made by staff was never one.
    const unfinished = await createAccount(t.db, { role_id: 1, registration_completed: 0 });
    await world.newApplication(unfinished.id, ago(5));
    await world.imported(ago(30));

    // Travel orders and instruments of members.
    const people = [await member(), await member(), await member(), await member()];
    for (let i = 0; i < 8; i++) {
      const received = ago(300 - i * 37);
      const order = await world.travelOrder(people[i % 4], received);
      if (i % 4 === 3) await world.reject(order, addDays(received, 2));
      else if (i < 7) await world.accept(order, addDays(received, i * 3));
      const instrument = await world.instrumentRequest(people[i % 4], received);
      if (i % 3 === 1) await world.decideInstrument(instrument, 'reject', addDays(received, i));
      else if (i < 6) await world.decideInstrument(instrument, 'accept', addDays(received, 10 - i));
    }
    await world.instrumentRequest(people[0], ago(33));
    // A change asked for on an insured instrument waits too (the badge counts the member once).
    await t.db.query(
      `UPDATE instruments SET requested_change = '{"value": 15000}'
        WHERE id = (SELECT min(id) FROM instruments WHERE member_id = $1 AND state = 'active')`,
      [people[1]],
    );
    // Erasure closes what the member still waited for: received, never handled.
    const erased = await member();
    await world.travelOrder(erased, ago(20));
    await world.instrumentRequest(erased, ago(20));
    await world.erase(erased);

    await expectDirectCounts('scripted year');

    const year = (await get(`/api/stats/requests?from=${ago(365)}&to=${world.today}`)).json().data;
    const membership = year.totals.kinds[0];
    expect(membership).toMatchObject({ kind: 'membership', waiting_now: 2, oldest_waiting_days: 12, median_waiting_days: 0 });
    expect(membership.accepted).toBeGreaterThanOrEqual(7);
    expect(year.series).toHaveLength(3 * monthsBetween(ago(365), world.today).length);
    expect(year.series.slice(0, 3).map((row: { kind: string }) => row.kind)).toEqual(['membership', 'travel', 'instrument']);
  }, 300_000);

  it('equal a direct count after each batch of random changes', async () => {
    const random = seeded(4041);
    const people = [await member(), await member(), await member()];
    for (let batch = 0; batch < 6; batch++) {
      for (let step = 0; step < 8; step++) {
        const waiting = await t.db.query<{ kind: string; id: number; received: string }>(
          `SELECT s.kind, s.id, to_char((s.created_at AT TIME ZONE 'Europe/Oslo')::date, 'YYYY-MM-DD') AS received FROM subscriptions s
            WHERE s.kind IN ('membership', 'travel') AND s.state = 'pending'
           UNION ALL
           SELECT 'instrument', i.id, to_char((i.created_at AT TIME ZONE 'Europe/Oslo')::date, 'YYYY-MM-DD') FROM instruments i WHERE i.state = 'requested'
           ORDER BY 1, 2`,
        );
        const action = waiting.length < 3 ? 'request' : random.pick(['request', 'accept', 'accept', 'reject'] as const);
        if (action === 'request') {
          const day = ago(random.int(0, 300));
          const what = random.pick(['membership', 'travel', 'instrument'] as const);
          if (what === 'membership') await world.apply(day);
          else if (what === 'travel') await world.travelOrder(random.pick(people), day);
          else await world.instrumentRequest(random.pick(people), day);
          continue;
        }
        const request = random.pick(waiting);
        const span = Math.round((Date.parse(world.today) - Date.parse(request.received)) / 86_400_000);
        const day = addDays(request.received, random.int(0, span));
        if (request.kind === 'instrument') await world.decideInstrument(request.id, action, day);
        else if (action === 'accept') await world.accept(request.id, day);
        else await world.reject(request.id, day);
      }
      await expectDirectCounts(`batch ${batch}`);
    }
  }, 300_000);

  it('are the same after the counters are rebuilt from the register', async () => {
    const read = () => Promise.all(periods().map(async ({ from, to }) => (await get(`/api/stats/requests?from=${from}&to=${to}`)).json()));
    const before = await read();
    await t.db.query("UPDATE stats_counts SET value = value + 7 WHERE metric LIKE 'requests-%'");
    expect(await read()).not.toEqual(before);
    await rebuildStats(t.db);
    expect(await read()).toEqual(before);
    await expectDirectCounts('after the rebuild');
  }, 120_000);

  it('downloads as a spreadsheet with the same figures', async () => {
    const from = ago(100);
    const json = (await get(`/api/stats/requests?from=${from}&to=${world.today}`)).json().data;
    const response = await get(`/api/stats/requests?from=${from}&to=${world.today}&format=xlsx`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain(`nokkeltall-foresporsler-${from}-${world.today}.xlsx`);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'stats-')), 'foresporsler.xlsx');
    writeFileSync(file, response.rawPayload);
    const read = JSON.parse(
      execFileSync('/usr/bin/python3', [
        '-c',
        `
import json, sys, openpyxl
book = openpyxl.load_workbook(sys.argv[1])
print(json.dumps({ws.title: [[c for c in row] for row in ws.iter_rows(values_only=True)] for ws in book.worksheets}))
`,
        file,
      ]).toString(),
    );
    expect(Object.keys(read)).toEqual(['Forespørsler per måned', 'Perioden og nå']);
    const months = read['Forespørsler per måned'];
    expect(months[0]).toEqual(['Måned', 'Type', 'Mottatt', 'Behandlet', 'Godkjent', 'Avvist', 'Median ventetid (dager)', '90-persentil ventetid (dager)']);
    expect(months).toHaveLength(json.series.length + 1);
    const first = json.series[0];
    expect(months[1]).toEqual([
      first.month,
      'Medlemskap',
      first.received,
      first.handled,
      first.accepted,
      first.rejected,
      first.median_wait_days,
      first.p90_wait_days,
    ]);
    const totals = read['Perioden og nå'];
    expect(totals[0].slice(-3)).toEqual(['Venter nå', 'Eldste venter (dager)', 'Median venter (dager)']);
    const travel = json.totals.kinds[1];
    expect(totals[2]).toEqual([
      'Reiseforsikring',
      travel.received,
      travel.handled,
      travel.accepted,
      travel.rejected,
      travel.median_wait_days,
      travel.p90_wait_days,
      travel.waiting_now,
      travel.oldest_waiting_days,
      travel.median_waiting_days,
    ]);
  });

  it('are for staff with the right only, and refuse a period that ends before it begins', async () => {
    const office = await signedIn(t.app, t.db, { role_id: 3 });
    expect((await get('/api/stats/requests', office.token)).statusCode).toBe(403);
    const response = await get(`/api/stats/requests?from=${world.today}&to=${ago(1)}`);
    expect(response.statusCode).toBe(422);
    expect(JSON.stringify(response.json())).toContain('Fra-datoen må være samme dag som eller før til-datoen.');
  });
});

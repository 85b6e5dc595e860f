/**
 * 'Nøkkeltall' → members: after a scripted year of joins (accepted, imported, rejoined), lapses,
 * resignations, ends and erasures, and after random changes, every figure of GET
 * /api/stats/members equals a direct count over the raw tables, for a whole year, a range
 * starting and ending mid-month, and the month under way; the rebuild gives the same answers;
 * the download is a spreadsheet with the same figures.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestContext } from './helpers.ts';
import { signedIn, signedInStaff } from './factories-member-admin.ts';
import { addDays, seeded, World } from './stats-people-world.ts';
import { directMembers, periodOf } from './stats-people-direct.ts';
import { rebuildStats } from '../../server/domain/stats/index.ts';

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

/** The periods every comparison covers: a whole year, mid-month to mid-month, the month under way. */
const periods = () => {
  const today = world.today;
  const yearAgo = addDays(today, -365);
  return [
    { from: `${today.slice(0, 4)}-01-01`, to: today },
    { from: `${yearAgo.slice(0, 4)}-01-01`, to: `${yearAgo.slice(0, 4)}-12-31` },
    { from: `${addDays(today, -200).slice(0, 7)}-14`, to: `${addDays(today, -40).slice(0, 7)}-17` },
    { from: `${today.slice(0, 7)}-01`, to: today },
  ];
};

async function expectDirectCounts(label: string) {
  for (const { from, to } of periods()) {
    const response = await get(`/api/stats/members?from=${from}&to=${to}`);
    expect(response.statusCode, response.body).toBe(200);
    const expected = await directMembers(t.db, periodOf(from, to, world.today));
    expect(response.json().data, `${label}: ${from}–${to}`).toEqual(expected);
  }
}

/** A day `from` days back, within the scripted year. */
const ago = (days: number) => addDays(world.today, -days);

describe('members', () => {
  it('equal a direct count after a scripted year of joins, lapses, resignations, ends and erasures', async () => {
    // Imported members: from long before, one ended last winter, one with an end date still to come.
    await world.imported('2015-03-01', null, '1950-06-01');
    await world.imported('2019-08-15', ago(300), '1988-01-01');
    const leavingLater = await world.imported('2020-01-01', addDays(world.today, 30), '2001-02-03');
    // Applications accepted over the year, with varied ages, instruments and consents.
    const members: number[] = [];
    for (let i = 0; i < 14; i++) {
      const joined = ago(380 - i * 25);
      const { memberId } = await world.member(addDays(joined, -(i % 5)), joined, {
        birthdate: i % 6 === 0 ? null : `${1950 + i * 4}-0${1 + (i % 9)}-1${i % 9}`,
        instrument: 1 + (i % 4),
        news2: i % 2 === 0,
        news3: i % 3 === 0,
      });
      members.push(memberId);
    }
    await world.cancel(members[0], ago(200));
    await world.end(members[1], ago(150));
    await world.end(members[2], ago(3), 'active'); // the end date came without a change of state
    await world.lapse(members[3], ago(90));
    await world.lapse(members[4]);
    await world.erase(members[5], ago(60));
    await world.erase(members[6]);
    await world.cancel(members[7], ago(20));
    await world.erase(members[7]); // already gone: erasing is not a second leave
    // A rejoin after a gap is a new join; an overlapping second membership counts once.
    const again = await world.newApplication(members[0], ago(120));
    await world.accept(again, ago(100));
    const twice = await world.newApplication(members[8], ago(40));
    await world.accept(twice, ago(35));
    // A membership with an end date, overlapped by a later one without: one member throughout.
    await world.end(members[10], ago(30), 'active');
    const longer = await world.newApplication(members[10], ago(55));
    await world.accept(longer, ago(50));
    // Blocked members are members; a pending application is not.
    await t.db.query('UPDATE accounts SET blocked_access = true WHERE id = $1', [members[9]]);
    await world.apply(ago(10));
    expect(leavingLater).toBeGreaterThan(0);

    await expectDirectCounts('scripted year');

    // A few figures by hand, so the direct count itself is held to what a reader expects.
    const year = (await get(`/api/stats/members?from=${ago(365)}&to=${world.today}`)).json().data;
    expect(year.totals.leaves_lapsed).toBe(2);
    expect(year.totals.leaves_erased).toBe(2);
    expect(year.totals.members_now).toBe(year.totals.members_at_end);
    expect(year.totals.age_bands.reduce((sum: number, band: { count: number }) => sum + band.count, 0)).toBe(year.totals.members_now);
    expect(year.series.at(-1).members).toBe(year.totals.members_at_end);
  }, 300_000);

  it('equal a direct count after each batch of random changes', async () => {
    const random = seeded(4040);
    for (let batch = 0; batch < 6; batch++) {
      for (let step = 0; step < 6; step++) {
        const active = await t.db.query<{ member_id: number; start: string }>(
          `SELECT s.member_id, to_char(s.subscription_start, 'YYYY-MM-DD') AS start FROM subscriptions s JOIN accounts a ON a.id = s.member_id
            WHERE s.kind = 'membership' AND s.state = 'active' AND a.erased_at IS NULL AND (s.subscription_end IS NULL OR s.subscription_end > $1::date)
            ORDER BY s.id`,
          [world.today],
        );
        const action = active.length < 3 ? 'join' : random.pick(['join', 'join', 'end', 'cancel', 'lapse', 'erase', 'consent'] as const);
        const someone = active.length > 0 ? random.pick(active) : null;
        const after = (start: string) => {
          const span = Math.max(0, Math.round((Date.parse(world.today) - Date.parse(start)) / 86_400_000));
          return addDays(start, random.int(0, span));
        };
        if (action === 'join' || !someone) {
          const joined = ago(random.int(0, 400));
          await world.member(addDays(joined, -random.int(0, 9)), joined, {
            birthdate: random.next() < 0.2 ? null : `${random.int(1940, 2012)}-05-05`,
            instrument: random.int(0, 5),
            news2: random.next() < 0.5,
          });
        } else if (action === 'end') await world.end(someone.member_id, after(someone.start));
        else if (action === 'cancel') await world.cancel(someone.member_id, after(someone.start));
        else if (action === 'lapse') await world.lapse(someone.member_id, random.next() < 0.5 ? world.today : after(someone.start));
        else if (action === 'erase') await world.erase(someone.member_id, random.next() < 0.5 ? world.today : after(someone.start));
        else await t.db.query('UPDATE accounts SET newsletter_3 = NOT newsletter_3, birthdate = NULL WHERE id = $1', [someone.member_id]);
      }
      await expectDirectCounts(`batch ${batch}`);
    }
  }, 300_000);

  it('are the same after the counters are rebuilt from the register', async () => {
    const before = await Promise.all(periods().map(async ({ from, to }) => (await get(`/api/stats/members?from=${from}&to=${to}`)).json()));
    await t.db.query("DELETE FROM stats_counts WHERE metric LIKE 'members-%'");
    const broken = (await get(`/api/stats/members?from=${periods()[0].from}&to=${world.today}`)).json();
    expect(broken.data.totals.members_now).toBe(0);
    await rebuildStats(t.db);
    const after = await Promise.all(periods().map(async ({ from, to }) => (await get(`/api/stats/members?from=${from}&to=${to}`)).json()));
    expect(after).toEqual(before);
    await expectDirectCounts('after the rebuild');
  }, 120_000);

  it('downloads as a spreadsheet with the same figures', async () => {
    const from = `${world.today.slice(0, 4)}-01-01`;
    const json = (await get(`/api/stats/members?from=${from}&to=${world.today}`)).json().data;
    const response = await get(`/api/stats/members?from=${from}&to=${world.today}&format=xlsx`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain(`nokkeltall-medlemmer-${from}-${world.today}.xlsx`);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'stats-')), 'medlemmer.xlsx');
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
    expect(Object.keys(read)).toEqual(['Medlemmer per måned', 'Perioden', 'Alder', 'Hovedinstrument', 'Samtykke']);
    expect(read['Medlemmer per måned'][0]).toEqual([
      'Måned',
      'Medlemmer ved månedens slutt',
      'Innmeldte',
      'Utmeldte',
      'Meldte seg ut',
      'Strøket for manglende betaling',
      'Slettet',
      'Netto vekst',
    ]);
    const last = json.series.at(-1);
    expect(read['Medlemmer per måned'].at(-1)).toEqual([
      last.month,
      last.members,
      last.joins,
      last.leaves,
      last.leaves_resigned,
      last.leaves_lapsed,
      last.leaves_erased,
      last.net,
    ]);
    expect(read['Medlemmer per måned']).toHaveLength(json.series.length + 1);
    expect(read.Perioden).toContainEqual(['Medlemmer i dag', json.totals.members_now]);
    expect(read.Alder[0]).toEqual(['Alder ved årets slutt', 'Medlemmer']);
    expect(read.Alder.slice(1).map((row: unknown[]) => row[0])).toEqual(json.totals.age_bands.map((band: { label: string }) => band.label));
    expect(read.Samtykke[1]).toEqual([json.totals.consents[0].label, json.totals.consents[0].count]);
  });

  it('are for staff with the right only, and refuse a period that ends before it begins', async () => {
    const office = await signedIn(t.app, t.db, { role_id: 3 });
    expect((await get('/api/stats/members', office.token)).statusCode).toBe(403);
    const response = await get('/api/stats/members?from=2026-05-01&to=2026-04-01');
    expect(response.statusCode).toBe(422);
    expect(JSON.stringify(response.json())).toContain('Fra-datoen må være samme dag som eller før til-datoen.');
  });
});

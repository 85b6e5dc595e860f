/**
 * `npm run seed -- --members N`: synthetic members with the shares the lists show, and the lists
 * (member overview, queues, declined list, message log) answering with the right totals after it.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCounts, seedSyntheticMembers, type SeedCounts } from '../../server/demo/synthetic.ts';
import { lockDataDir } from '../../server/db/lock.ts';
import { parseMemberCount } from '../../server/scripts/seed.ts';
import { bearer, buildTestApp, type TestContext } from './helpers.ts';
import { signedInStaff } from './factories-member-admin.ts';
import { SEARCH_HORIZON_PAGES } from '../../server/lib/list.ts';

const root = path.resolve(import.meta.dirname, '../..');
const N = 500;

let t: TestContext;
let staff: Awaited<ReturnType<typeof signedInStaff>>;
let before: SeedCounts;
let after: SeedCounts;
beforeAll(async () => {
  t = await buildTestApp();
  staff = await signedInStaff(t.app, t.db);
  before = await seedCounts(t.db);
  await seedSyntheticMembers(t.db, N);
  after = await seedCounts(t.db);
}, 120_000);
afterAll(async () => t.close());

const added = (key: keyof SeedCounts) => after[key] - before[key];
const totalOf = async (url: string) => {
  const response = await t.app.inject({ url, headers: bearer(staff.token) });
  expect(response.statusCode, url).toBe(200);
  return (response.json() as { total: number }).total;
};

describe('seeding synthetic members', () => {
  it('adds N people with the shares of every kind the lists show', () => {
    expect(added('people')).toBe(N);
    expect(added('members')).toBe(N * 0.9);
    expect(added('pendingMemberships')).toBe(N * 0.05);
    expect(added('declinedMemberships')).toBe(N * 0.03);
    expect(added('unfinished')).toBe(N * 0.02);
    expect(added('messages')).toBe(2 * N);
    // Shares of the members, within a point or two of the intended ones.
    const members = N * 0.9;
    expect(added('activeTravel') / members).toBeGreaterThan(0.06);
    expect(added('activeTravel') / members).toBeLessThan(0.1);
    expect(added('pendingTravel')).toBeGreaterThan(0);
    expect(added('activeInstruments') / members).toBeGreaterThan(0.1);
    expect(added('requestedInstruments')).toBeGreaterThan(0);
    expect(added('changedInstruments')).toBeGreaterThan(0);
  });

  it('writes realistic Norwegian people: names from the demo lists, a postal area for the code, unique e-mails', async () => {
    const [row] = await t.db.query<{ names: number; no_area: number; emails: number; people: number; with_band: number }>(
      `SELECT count(DISTINCT first_name)::int AS names,
              count(*) FILTER (WHERE postal_area IS NULL OR postal_code !~ '^[0-9]{4}$')::int AS no_area,
              count(DISTINCT lower(email))::int AS emails, count(*)::int AS people,
              count(artist_name)::int AS with_band
         FROM accounts WHERE email LIKE 'medlem%@example.net'`,
    );
    expect(row.people).toBe(N);
    expect(row.emails).toBe(N);
    expect(row.names).toBeGreaterThan(30);
    expect(row.no_area).toBe(0);
    expect(row.with_band).toBeGreaterThan(0);
    const [lines] = await t.db.query<{ off: number }>(
      `SELECT count(*)::int AS off FROM subscriptions s
        WHERE s.kind = 'instrument' AND s.state = 'active'
          AND (SELECT coalesce(sum(l.value), 0) FROM subscription_lines l WHERE l.subscription_id = s.id)
              <> (SELECT coalesce(sum(i.value), 0) FROM instruments i WHERE i.subscription_id = s.id AND i.state = 'active')`,
    );
    expect(lines.off).toBe(0);
  });

  it('leaves the list counters exact: the stored totals equal a fresh count', async () => {
    const stored = await t.db.query<{ list: string; total: string }>('SELECT list, total::text FROM list_counts ORDER BY list');
    const recounted = await t.db.transaction(async (tx) => {
      await tx.query('SELECT recount_list_counts()');
      return tx.query<{ list: string; total: string }>('SELECT list, total::text FROM list_counts ORDER BY list');
    });
    expect(stored).toEqual(recounted);
  });

  it('makes the member list, the queues, the declined list and the message log answer with the right totals', async () => {
    expect(await totalOf('/api/member/list')).toBe(after.people);
    // More people match than a search counts: its total reaches as far as it counts (four pages).
    expect(await totalOf('/api/member/list?per_page=25&filter[name]=medlem')).toBe(SEARCH_HORIZON_PAGES * 25);
    expect(await totalOf('/api/member/list?per_page=100&filter[name]=medlem')).toBe(Math.min(N, SEARCH_HORIZON_PAGES * 100));
    expect(await totalOf('/api/subscription/list/pending-memberships')).toBe(after.pendingMemberships);
    expect(await totalOf('/api/subscription/list/pending-travel')).toBe(after.pendingTravel);
    const [waiting] = await t.db.query<{ members: number }>(
      `SELECT count(DISTINCT member_id)::int AS members FROM instruments
        WHERE deleted_at IS NULL AND (state = 'requested' OR (state = 'active' AND requested_change IS NOT NULL))`,
    );
    expect(await totalOf('/api/subscription/list/pending-instruments')).toBe(waiting.members);
    expect(await totalOf('/api/subscription/list/rejected')).toBe(after.declinedMemberships);
    expect(await totalOf('/api/emails/logs/list')).toBe(after.messages);
  });

  it('shows a declined application with its rejection mail, who rejected it and when the mail went', async () => {
    const response = await t.app.inject({ url: '/api/subscription/list/rejected?per_page=25', headers: bearer(staff.token) });
    const rows = (response.json() as { data: { reason_for_rejection: string; rejected_by: unknown; mail_sent_at: string | null }[] }).data;
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.reason_for_rejection).toBeTruthy();
      expect(row.rejected_by).not.toBeNull();
      expect(row.mail_sent_at).not.toBeNull();
    }
  });

  it('continues the pattern on a second run instead of repeating people', async () => {
    await seedSyntheticMembers(t.db, 20);
    const again = await seedCounts(t.db);
    expect(again.people - after.people).toBe(20);
    expect(again.messages - after.messages).toBe(40);
    after = again;
  });
});

describe('npm run seed', () => {
  it('takes --members as a whole number', () => {
    expect(parseMemberCount('500')).toBe(500);
    for (const bad of [undefined, '', '0', '-5', '1.5', 'mange', '99999999']) expect(() => parseMemberCount(bad)).toThrow(/--members/);
  });

  it('migrates an empty data directory and refuses one another process holds', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'seed-'));
    const run = (args: string[]) =>
      new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
        execFile(
          path.join(root, 'node_modules/.bin/node'),
          [path.join(root, 'server/scripts/seed.ts'), ...args],
          { cwd: root, env: { ...process.env, DATA_DIR: `${dataDir}/db`, DATABASE_URL: '' }, timeout: 120_000 },
          (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
        );
      });
    try {
      const first = await run(['--members', '40']);
      expect(first.stderr).toBe('');
      expect(first.code).toBe(0);
      expect(first.stdout).toMatch(/ 40 personer, 3\d medlemmer/);
      expect(first.stdout).toContain('80 meldinger i loggen');

      const unlock = await lockDataDir(`${dataDir}/db`);
      try {
        const refused = await run(['--members', '10']);
        expect(refused.code).toBe(1);
        expect(refused.stderr).toContain('er i bruk av en annen prosess');
      } finally {
        await unlock();
      }
      const bad = await run(['--members', 'mange']);
      expect(bad.code).toBe(1);
      expect(bad.stderr).toContain('--members må være et helt tall');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});

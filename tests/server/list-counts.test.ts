/**
 * The unfiltered totals of the member overview and the request queues (the menu badges) come from
 * counters the database keeps; after every kind of change they equal a real count of the rows.
 * Searches are counted only as far as anyone pages, and still answer the right rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestContext } from './helpers.ts';
import { GUITAR, PRODUCTS, createInstrument, createSubscription, signedIn, signedInStaff } from './factories-member-admin.ts';
import { snapshotInstrument, snapshotSubscription } from '../../server/domain/insurance/iterations.ts';
import { clientAddress, signUpForm } from './factories-member-self.ts';
import { MEMBERS_FROM, memberPage } from '../../server/domain/members/member-list.ts';
import { pendingInstruments, pendingMemberships, pendingTravel } from '../../server/domain/requests/pending-requests.ts';
import { declinedMemberships } from '../../server/domain/requests/membership-requests.ts';
import { foldListCountDeltas } from '../../server/jobs/cleanup.ts';
import { instrumentLog, travelLog } from '../../server/domain/messages/logs.ts';
import { SEARCH_HORIZON_PAGES } from '../../server/lib/list.ts';
import { migrate } from '../../server/db/migrate.ts';
import { accessLogPage } from '../../server/domain/accounts/access-log.ts';
import type { Queryable } from '../../server/db/database.ts';

/** Rows a search of 25 a page counts past the page's first row. */
const SHORT_SEARCH_HORIZON = SEARCH_HORIZON_PAGES * 25;

let t: TestContext;
let staff: Awaited<ReturnType<typeof signedInStaff>>;
beforeAll(async () => {
  t = await buildTestApp();
  staff = await signedInStaff(t.app, t.db);
});
afterAll(async () => t?.close());

type Json = Record<string, unknown>;
const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token = staff.token, payload?: Json) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

const LISTS = {
  '/api/member/list': MEMBERS_FROM,
  '/api/subscription/list/pending-memberships': pendingMemberships.from,
  '/api/subscription/list/pending-travel': pendingTravel.from,
  '/api/subscription/list/pending-instruments': pendingInstruments.from,
  '/api/subscription/list/rejected': declinedMemberships.from,
  '/api/emails/logs/list': 'FROM message_log m WHERE TRUE',
  '/api/instrument/logs/list': instrumentLog.from,
  '/api/subscription/logs/list': travelLog.from,
  '/api/instrument/list': 'FROM instruments i JOIN accounts m ON m.id = i.member_id WHERE TRUE',
};

/** The queues whose totals the menu badges show, by the name GET /api/counters gives them. */
const BADGES = {
  'pending-memberships': '/api/subscription/list/pending-memberships',
  'pending-travel': '/api/subscription/list/pending-travel',
  'pending-instruments': '/api/subscription/list/pending-instruments',
};

const realCount = async (db: Queryable, from: string) => (await db.query<{ n: number }>(`SELECT count(*)::int AS n ${from}`))[0].n;

/** What each list answers as its total, beside a real count of the rows it lists. */
async function totals() {
  const answered: Record<string, number> = {};
  const counted: Record<string, number> = {};
  for (const [url, from] of Object.entries(LISTS)) {
    const response = await send('GET', `${url}?per_page=25`);
    expect(response.statusCode, response.body).toBe(200);
    answered[url] = response.json().total;
    counted[url] = await realCount(t.db, from);
  }
  const badges = await send('GET', '/api/counters');
  expect(badges.statusCode, badges.body).toBe(200);
  // The claims waiting: a counter of its own (migration 061), held to a real count of them.
  expect(badges.json().data).toEqual({
    ...Object.fromEntries(Object.entries(BADGES).map(([name, url]) => [name, counted[url]])),
    'pending-claims': await realCount(t.db, "FROM claims WHERE state IN ('sent', 'in_progress')"),
  });
  return { answered, counted };
}

async function expectExactTotals() {
  const { answered, counted } = await totals();
  expect(answered).toEqual(counted);
  return counted;
}

describe('unfiltered totals and badges', () => {
  it('equal a real count after sign-up, registration, accept, reject, reopen, travel and instrument requests, role changes, deletes', async () => {
    const start = await expectExactTotals();

    // A sign-up: a member of the overview at once, in the membership queue once the registration is done.
    const signUp = await t.app.inject({ method: 'POST', url: '/api/member/register', payload: signUpForm(), remoteAddress: clientAddress() });
    expect(signUp.statusCode, signUp.body).toBe(201);
    const applicant = signUp.json() as { user_id: number; access_token: string };
    const afterSignUp = await expectExactTotals();
    expect(afterSignUp['/api/member/list']).toBe(start['/api/member/list'] + 1);
    const completed = await send('PATCH', `/api/member/${applicant.user_id}`, applicant.access_token, {
      address: 'Kirkegata 2',
      postal_code: '0153',
      postal_area: 'OSLO',
      gender: 2,
      primary_instrument_type: 4,
      invoice_method: 'EFAKTURA',
      registration_completed: 1,
    });
    expect(completed.statusCode, completed.body).toBe(200);
    const afterCompletion = await expectExactTotals();
    expect(afterCompletion['/api/subscription/list/pending-memberships']).toBe(start['/api/subscription/list/pending-memberships'] + 1);

    const [application] = await t.db.query<{ id: number }>("SELECT id FROM subscriptions WHERE member_id = $1 AND kind = 'membership' AND state = 'pending'", [
      applicant.user_id,
    ]);
    expect(
      (await send('POST', `/api/subscription/reject/${application.id}`, staff.token, { reason: '<p>Mangler opplysninger.</p>', send_email: false })).statusCode,
    ).toBe(200);
    expect((await expectExactTotals())['/api/subscription/list/pending-memberships']).toBe(start['/api/subscription/list/pending-memberships']);
    expect((await expectExactTotals())['/api/subscription/list/rejected']).toBe(start['/api/subscription/list/rejected'] + 1);
    expect((await send('POST', `/api/subscription/reopen/${application.id}`)).statusCode).toBe(200);
    await expectExactTotals();
    expect((await send('POST', `/api/subscription/accept/${application.id}`)).statusCode).toBe(200);
    await expectExactTotals();

    // Travel: a member's order waits until staff accept it.
    const member = await signedIn(t.app, t.db, { first_name: 'Tone', last_name: 'Telling' });
    await expectExactTotals();
    const nextYear = new Date().getFullYear() + 1;
    const ordered = await send('POST', '/api/subscription/new', member.token, {
      status: 1,
      member_id: member.id,
      product_id: PRODUCTS.travel,
      subscription_start: `${nextYear}-02-01`,
    });
    expect(ordered.statusCode, ordered.body).toBe(200);
    expect((await expectExactTotals())['/api/subscription/list/pending-travel']).toBe(start['/api/subscription/list/pending-travel'] + 1);
    expect((await send('POST', `/api/subscription/accept/${ordered.json().data.id}`, staff.token, {})).statusCode).toBe(200);
    await expectExactTotals();

    // Instruments: the queue counts the member once however many wait, and lets go when none does.
    const newInstrument = async (token: string, extra: Json = {}) => {
      const response = await send('POST', '/api/instrument/new', token, {
        member_id: member.id,
        instrument_category: GUITAR,
        make: 'Gibson',
        model: 'Les Paul',
        serial_number: 'GB1',
        value: 20000,
        ...extra,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.id as number;
    };
    const first = await newInstrument(member.token);
    const second = await newInstrument(member.token);
    const waiting = await expectExactTotals();
    expect(waiting['/api/subscription/list/pending-instruments']).toBe(start['/api/subscription/list/pending-instruments'] + 1);
    expect((await send('POST', `/api/instrument/accept/${first}`)).statusCode).toBe(200);
    expect((await expectExactTotals())['/api/subscription/list/pending-instruments']).toBe(waiting['/api/subscription/list/pending-instruments']);
    expect((await send('POST', `/api/instrument/accept/${second}`)).statusCode).toBe(200);
    expect((await expectExactTotals())['/api/subscription/list/pending-instruments']).toBe(start['/api/subscription/list/pending-instruments']);
    // A member's change of an insured instrument waits too, and a delete request as well.
    expect((await send('PATCH', `/api/instrument/${first}`, member.token, { value: 25000 })).statusCode).toBe(200);
    await expectExactTotals();
    expect((await send('DELETE', `/api/instrument/${second}`, member.token)).statusCode).toBe(200);
    await expectExactTotals();
    expect((await send('POST', '/api/instrument/accept', staff.token, { member_id: member.id, instruments: [first, second] })).statusCode).toBe(200);
    await expectExactTotals();

    // The routes above wrote versions of the travel insurance and the instruments.
    const logged = await expectExactTotals();
    expect(logged['/api/instrument/logs/list']).toBeGreaterThan(start['/api/instrument/logs/list']);
    expect(logged['/api/subscription/logs/list']).toBeGreaterThan(start['/api/subscription/logs/list']);

    // What no route does: role changes, soft deletes, moved rows, bulk inserts, account deletes.
    const other = await signedIn(t.app, t.db, { role_id: 1, registration_completed: 1 });
    await t.db.query(`INSERT INTO subscriptions (member_id, product_id, kind, state) VALUES ($1, $2, 'membership', 'pending'), ($1, $3, 'travel', 'pending')`, [
      other.id,
      PRODUCTS.membership,
      PRODUCTS.travel,
    ]);
    await t.db.query(
      `INSERT INTO instruments (member_id, instrument_category, make, model, value, insurance_start)
       VALUES ($1, $2, 'Yamaha', 'P-45', 5000, current_date)`,
      [other.id, GUITAR],
    );
    await expectExactTotals();
    await t.db.query('UPDATE accounts SET role_id = 3 WHERE id = $1', [other.id]);
    await expectExactTotals();
    await t.db.query('UPDATE accounts SET role_id = 1, registration_completed = 0 WHERE id = $1', [other.id]);
    await expectExactTotals();
    await t.db.query('UPDATE accounts SET registration_completed = 1 WHERE id = $1', [other.id]);
    await expectExactTotals();
    await t.db.query("UPDATE subscriptions SET deleted_at = now() WHERE member_id = $1 AND kind = 'travel'", [other.id]);
    await expectExactTotals();
    await t.db.query("UPDATE subscriptions SET member_id = $2 WHERE member_id = $1 AND kind = 'membership'", [other.id, member.id]);
    await expectExactTotals();
    await t.db.query('UPDATE instruments SET deleted_at = now() WHERE member_id = $1', [other.id]);
    await expectExactTotals();
    await t.db.query(
      `WITH added AS (
         INSERT INTO accounts (role_id, email, first_name, last_name, registration_completed)
         SELECT 1 + n % 3, 'bulk' || n || '@telling.example.no', 'Bulk', 'Nr' || n, n % 2 FROM generate_series(1, 30) n
         RETURNING id)
       INSERT INTO subscriptions (member_id, product_id, kind, state) SELECT id, $1, 'membership', 'pending' FROM added`,
      [PRODUCTS.membership],
    );
    await expectExactTotals();
    await t.db.query('DELETE FROM accounts WHERE id = ANY ($1::int[])', [[other.id, member.id]]);
    await t.db.query("DELETE FROM accounts WHERE email LIKE 'bulk1%@telling.example.no'");
    await expectExactTotals();
    await t.db.query("DELETE FROM subscriptions WHERE kind = 'membership' AND state = 'pending'");
    await expectExactTotals();

    // The declined list: a rejection written as such, an erased applicant, a rejection undone by SQL.
    const declined = await signedIn(t.app, t.db, { role_id: 1, registration_completed: 1 });
    await t.db.query(`INSERT INTO subscriptions (member_id, product_id, kind, state, rejected_at) VALUES ($1, $2, 'membership', 'rejected', now())`, [
      declined.id,
      PRODUCTS.membership,
    ]);
    expect((await expectExactTotals())['/api/subscription/list/rejected']).toBeGreaterThan(0);
    await t.db.query('UPDATE accounts SET erased_at = now() WHERE id = $1', [declined.id]);
    await expectExactTotals();
    await t.db.query('UPDATE accounts SET erased_at = NULL WHERE id = $1', [declined.id]);
    await expectExactTotals();
    await t.db.query("UPDATE subscriptions SET state = 'pending' WHERE member_id = $1", [declined.id]);
    await expectExactTotals();

    // The insurance logs: versions written in bulk, removed directly, or with what they version.
    const logOwner = await signedIn(t.app, t.db, { first_name: 'Logg', last_name: 'Eier' });
    const [travelId, membershipId] = await Promise.all([
      createSubscription(t.db, { member_id: logOwner.id, product_id: PRODUCTS.travel, kind: 'travel', state: 'active' }),
      createSubscription(t.db, { member_id: logOwner.id, product_id: PRODUCTS.membership, kind: 'membership', state: 'active' }),
    ]);
    const instrumentId = await createInstrument(t.db, { member_id: logOwner.id, instrument_category: GUITAR });
    for (let i = 0; i < 3; i++) {
      await snapshotSubscription(t.db, travelId, staff.id);
      await snapshotSubscription(t.db, membershipId, staff.id);
      await snapshotInstrument(t.db, instrumentId, staff.id);
    }
    const withVersions = await expectExactTotals();
    await t.db.query('DELETE FROM subscription_iterations WHERE id = (SELECT max(id) FROM subscription_iterations)');
    await t.db.query(
      `DELETE FROM subscription_iterations WHERE id = (SELECT max(it.id) FROM subscription_iterations it
         JOIN subscriptions s ON s.id = it.subscription_id WHERE s.kind = 'travel')`,
    );
    await t.db.query('DELETE FROM instrument_iterations WHERE id = (SELECT max(id) FROM instrument_iterations)');
    const fewer = await expectExactTotals();
    expect(fewer['/api/subscription/logs/list']).toBe(withVersions['/api/subscription/logs/list'] - 1);
    expect(fewer['/api/instrument/logs/list']).toBe(withVersions['/api/instrument/logs/list'] - 1);
    await t.db.query('DELETE FROM subscriptions WHERE member_id = $1', [logOwner.id]);
    await t.db.query('DELETE FROM instruments WHERE member_id = $1', [logOwner.id]);
    await expectExactTotals();

    // The message log: rows added and removed in bulk, and the deltas folded into the counter.
    await t.db.query(
      `INSERT INTO message_log (channel, subject, email_to, content, delivery, status)
       SELECT 'sms', 'Telling ' || n, '+4790000000', 'x', 'outbox', 'sent' FROM generate_series(1, 40) n`,
    );
    await expectExactTotals();
    await t.db.query("DELETE FROM message_log WHERE subject LIKE 'Telling 1%'");
    const beforeFold = await expectExactTotals();
    expect(await foldListCountDeltas(t.db)).toBeGreaterThan(0);
    expect((await t.db.query('SELECT 1 FROM list_count_deltas')).length).toBe(0);
    expect(await expectExactTotals()).toEqual(beforeFold);
  });

  it('stay exact when many members order and staff accept at the same moment', async () => {
    const members = await Promise.all(Array.from({ length: 6 }, (_, i) => signedIn(t.app, t.db, { first_name: 'Samtidig', last_name: `Nr${i}` })));
    const nextYear = new Date().getFullYear() + 1;
    const instrument = (member: { id: number; token: string }, serial: string) =>
      send('POST', '/api/instrument/new', member.token, {
        member_id: member.id,
        instrument_category: GUITAR,
        make: 'Fender',
        model: 'Jazz Bass',
        serial_number: serial,
        value: 9000,
      });
    const orders = members.flatMap((member) => [
      { accept: '/api/instrument/accept', made: instrument(member, 'A') },
      { accept: '/api/instrument/accept', made: instrument(member, 'B') },
      {
        accept: '/api/subscription/accept',
        made: send('POST', '/api/subscription/new', member.token, {
          status: 1,
          member_id: member.id,
          product_id: PRODUCTS.travel,
          subscription_start: `${nextYear}-03-01`,
        }),
      },
    ]);
    const made = await Promise.all(orders.map((order) => order.made));
    expect(made.map((response) => response.statusCode)).toEqual(made.map(() => 200));
    await expectExactTotals();
    const accepted = await Promise.all(orders.map((order, i) => send('POST', `${order.accept}/${made[i].json().data.id}`, staff.token, {})));
    expect(accepted.map((response) => response.statusCode)).toEqual(accepted.map(() => 200));
    await expectExactTotals();
  });

  it('the access log’s total stays exact while staff read many members at the same moment', async () => {
    const members = await Promise.all(Array.from({ length: 8 }, (_, i) => signedIn(t.app, t.db, { first_name: 'Lest', last_name: `Nr${i}` })));
    const accessLogTotal = async () => {
      const page = await accessLogPage(t.db, t.services.accessLog, { per_page: '25' });
      return { answered: page.total, counted: await realCount(t.db, 'FROM access_log') };
    };
    const before = await accessLogTotal();
    expect(before.answered).toBe(before.counted);
    // Each read of a member is an entry, written by the log's buffer while other reads go on.
    const reads = await Promise.all(
      members.flatMap((member) => [
        send('GET', `/api/member/${member.id}`),
        send('GET', `/api/member/${member.id}/changes`),
        send('GET', `/api/emails/logs/list?filter[member_id]=${member.id}`),
      ]),
    );
    expect(reads.map((response) => response.statusCode)).toEqual(reads.map(() => 200));
    const after = await accessLogTotal();
    expect(after.answered).toBe(after.counted);
    expect(after.counted).toBeGreaterThanOrEqual(before.counted + members.length);
    expect(await foldListCountDeltas(t.db)).toBeGreaterThan(0);
    expect((await accessLogTotal()).answered).toBe(after.counted);
  });

  it('a change rolled back leaves the totals as they were', async () => {
    const before = await expectExactTotals();
    await expect(
      t.db.transaction(async (tx) => {
        await tx.query(`INSERT INTO accounts (role_id, email, first_name, last_name) VALUES (2, 'angret@telling.example.no', 'Angre', 'Senere')`);
        throw new Error('angret');
      }),
    ).rejects.toThrow('angret');
    expect(await expectExactTotals()).toEqual(before);
  });
});

describe('short searches', () => {
  const search = (term: string, page = 1) => send('GET', `/api/member/list?per_page=25&page=${page}&filter[name]=${encodeURIComponent(term)}`);
  const matching = (term: string) => t.db.query<{ id: number }>(`SELECT a.id ${MEMBERS_FROM} AND a.search_text LIKE $1 ORDER BY a.id DESC`, [`%${term}%`]);

  beforeAll(async () => {
    // More matches than a search counts, and past the depth from which a page is counted first, so
    // its paging is seen to reach them all and its last pages to be read from the far end.
    await t.db.query(
      `INSERT INTO accounts (role_id, email, first_name, last_name)
       SELECT 2, 'kort' || n || '@telling.example.no', 'Åqx', 'Qxe' || n FROM generate_series(1, $1::int) n`,
      [1060],
    );
    await t.db.query(
      `INSERT INTO accounts (role_id, email, first_name, last_name)
       SELECT 2, 'sjelden' || n || '@telling.example.no', 'Øyvind', 'Æøy' || n FROM generate_series(1, 3) n`,
    );
  });

  it('answers its first page with the right rows, and paging on reaches every match', async () => {
    const all = (await matching('qx')).map((row) => row.id);
    expect(all.length).toBeGreaterThan(SHORT_SEARCH_HORIZON);
    const first = await search(' qx ');
    expect(first.statusCode).toBe(200);
    expect(first.json().data.map((row: { id: number }) => row.id)).toEqual(all.slice(0, 25));

    // Following 'last page' as a person would until it stops moving ends on the real last page.
    let body = first.json();
    while (body.current_page !== body.last_page) {
      const next = await search('qx', body.last_page);
      expect(next.statusCode).toBe(200);
      body = next.json();
      expect(body.data.map((row: { id: number }) => row.id)).toEqual(all.slice((body.current_page - 1) * 25, body.current_page * 25));
    }
    expect(body.total).toBe(all.length);
    expect(body.data.at(-1).id).toBe(all.at(-1));
  });

  it('a few matches are counted exactly, with short words or long', async () => {
    const few = await search('æø');
    expect(few.json().total).toBe((await matching('æø')).length);
    expect(few.json().total).toBeGreaterThan(0);
    const pastTheEnd = await search('æø', 9);
    expect(pastTheEnd.json()).toMatchObject({ data: [], total: few.json().total, last_page: 1 });
    const longFew = await search('øyvind æøy');
    expect(longFew.json().total).toBe(3);
    expect([few.json().total_exact, pastTheEnd.json().total_exact, longFew.json().total_exact]).toEqual([true, true, true]);
  });

  it("reads a search's last page, once its count is exact, from the far end", async () => {
    const all = (await matching('qx')).map((row) => row.id);
    const lastPage = Math.ceil(all.length / 25);
    const statements: string[] = [];
    const recording: Queryable = {
      query: (sql, params, options) => {
        statements.push(sql);
        return t.db.query(sql, params, options);
      },
      exec: (sql) => t.db.exec(sql),
    };
    const page = await memberPage(recording, { 'filter[name]': 'qx', per_page: '25', page: String(lastPage) });
    expect(page.total).toBe(all.length);
    expect(page.rows.map((row) => row.id)).toEqual(all.slice((lastPage - 1) * 25));
    expect(statements.find((sql) => /LIMIT \d+ OFFSET/.test(sql))).toMatch(/ORDER BY a\.id ASC(, a\.id ASC)? LIMIT \d+ OFFSET 0\b/);
  });

  it('a search of longer words that many match is counted as far as anyone pages too, and paging on reaches them all', async () => {
    const all = (await matching('qxe')).map((row) => row.id);
    expect(all.length).toBeGreaterThan(SHORT_SEARCH_HORIZON);
    const first = (await search('qxe')).json();
    expect(first.total).toBe(SHORT_SEARCH_HORIZON);
    // The answer says its total is only as far as it counted.
    expect(first.total_exact).toBe(false);
    expect(first.data.map((row: { id: number }) => row.id)).toEqual(all.slice(0, 25));
    let body = first;
    while (body.current_page !== body.last_page) body = (await search('qxe', body.last_page)).json();
    expect(body.total).toBe(all.length);
    expect(body.total_exact).toBe(true);
    expect(body.data.map((row: { id: number }) => row.id)).toEqual(all.slice((body.current_page - 1) * 25));
  });
});

describe('migration 011', () => {
  it('starts the counters from the rows a database already has', async () => {
    // The database as before 011 (and 017, 052, 055 and 057, which build on it), with rows of every kind the counters count.
    await t.db.exec(`
      DROP TABLE list_counts, list_count_shares, list_count_deltas;
      DROP FUNCTION list_counts_after_accounts, list_counts_after_subscriptions, list_counts_after_instruments,
                    list_counts_after_truncate, recount_list_counts, refresh_list_counts, list_count_fresh_shares,
                    list_counts_after_message_log, list_counts_after_instrument_iterations,
                    list_counts_after_subscription_iterations, log_counts_after_truncate, recount_log_counts,
                    list_counts_after_access_log, access_log_count_after_truncate,
                    member_list_blocks_after_shares, member_list_blocks_after_truncate,
                    list_count_rows_changed, instruments_count_after_truncate CASCADE;
      DROP TABLE member_list_blocks;
      DROP INDEX accounts_campaign, instruments_subscription;
      ALTER TABLE message_log DROP COLUMN content_sanitised;
      DELETE FROM schema_migrations WHERE name IN ('011_list_counts.sql', '017_list_pages.sql', '052_access_log_count.sql', '055_member_list_positions.sql',
                                                   '057_instrument_list_total.sql');`);
    const applicant = await signedIn(t.app, t.db, { role_id: 1, registration_completed: 1 });
    await t.db.query(`INSERT INTO subscriptions (member_id, product_id, kind, state) VALUES ($1, $2, 'membership', 'pending'), ($1, $3, 'travel', 'pending')`, [
      applicant.id,
      PRODUCTS.membership,
      PRODUCTS.travel,
    ]);
    await t.db.query(
      `INSERT INTO instruments (member_id, instrument_category, make, model, value, insurance_start)
       VALUES ($1, $2, 'Yamaha', 'P-45', 5000, current_date), ($1, $2, 'Roland', 'FP-30', 7000, current_date)`,
      [applicant.id, GUITAR],
    );
    await t.services.accessLog.flush();
    const logged = await realCount(t.db, 'FROM access_log');
    expect(logged).toBeGreaterThan(0);
    expect(await migrate(t.db)).toEqual([
      '011_list_counts.sql',
      '017_list_pages.sql',
      '052_access_log_count.sql',
      '055_member_list_positions.sql',
      '057_instrument_list_total.sql',
    ]);
    const [{ blocked }] = await t.db.query<{ blocked: number }>('SELECT coalesce(sum(members), 0)::int AS blocked FROM member_list_blocks');
    expect(blocked).toBe(await realCount(t.db, MEMBERS_FROM));
    expect((await accessLogPage(t.db, t.services.accessLog, { per_page: '25' })).total).toBe(logged);
    const counted = await expectExactTotals();
    expect(counted['/api/subscription/list/pending-instruments']).toBeGreaterThan(0);
    expect(counted['/api/subscription/list/pending-memberships']).toBeGreaterThan(0);
    expect(counted['/api/subscription/list/pending-travel']).toBeGreaterThan(0);
    expect(counted['/api/instrument/list']).toBeGreaterThan(0);
  });

  it('counts again after a TRUNCATE, as the demo reset empties the tables', async () => {
    await t.db.query('TRUNCATE instruments CASCADE');
    await expectExactTotals();
    await t.db.query('TRUNCATE subscriptions CASCADE');
    await expectExactTotals();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS, DEMO_PASSWORD, seedBulkMembers, seedDemoData, seedDemoDataIfEmpty } from '../../server/demo/index.ts';
import type { Queryable } from '../../server/db/database.ts';
import { bearer, buildTestApp, freshDatabase, type TestContext } from './helpers.ts';

const TODAY = '2026-11-22';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t.db, { today: TODAY });
});
afterAll(async () => t.close());

const count = async (db: Queryable, sql: string, params: unknown[] = []) =>
  (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params))[0].n;

const memberList = (db: Queryable) =>
  db.query(
    `SELECT id, remote_id, role_id, email, first_name, last_name, phone, address, postal_code, postal_area, birthdate,
            status, blocked_access, registration_completed, campaign_id, possible_duplicate_of, created_at
       FROM accounts ORDER BY id`,
  );

describe('demo data set', () => {
  it('has at least 300 members, with members in every state', async () => {
    const db = t.db;
    expect(await count(db, 'accounts WHERE role_id IN (1, 2)')).toBeGreaterThanOrEqual(300);
    const states = {
      applicants: `accounts a WHERE role_id = 1 AND registration_completed = 1 AND status = '1'
        AND EXISTS (SELECT 1 FROM subscriptions s WHERE s.member_id = a.id AND s.kind = 'membership' AND s.state = 'pending')`,
      members: `accounts a WHERE role_id = 2 AND remote_id IS NOT NULL
        AND validated_by IN (SELECT id FROM accounts WHERE role_id >= 3)
        AND EXISTS (SELECT 1 FROM subscriptions s WHERE s.member_id = a.id AND s.kind = 'membership' AND s.state = 'active')`,
      rejected: `accounts a WHERE status = '2' AND reason_for_rejection IS NOT NULL
        AND rejected_by IN (SELECT id FROM accounts WHERE role_id >= 3)
        AND EXISTS (SELECT 1 FROM subscriptions s WHERE s.member_id = a.id AND s.kind = 'membership' AND s.state = 'rejected'
                      AND s.rejected_at IS NOT NULL AND s.reason_for_rejection IS NOT NULL)`,
      blocked: 'accounts WHERE role_id IN (1, 2) AND blocked_access',
      unfinished: 'accounts WHERE role_id = 1 AND registration_completed = 0',
      duplicates: 'accounts WHERE possible_duplicate_of IS NOT NULL',
    };
    for (const [state, sql] of Object.entries(states)) {
      expect(await count(db, sql), state).toBeGreaterThanOrEqual(state === 'duplicates' ? 2 : 10);
    }
  });

  it('gives every member an artist name, and none to applicants who have not reached step two', async () => {
    expect(await count(t.db, "accounts WHERE role_id = 2 AND coalesce(trim(artist_name), '') = ''")).toBe(0);
    expect(await count(t.db, 'accounts WHERE role_id = 1 AND registration_completed = 0 AND artist_name IS NOT NULL')).toBe(0);
  });

  it('has travel and instrument insurance in every state, each with its history', async () => {
    const db = t.db;
    for (const state of ['pending', 'active']) {
      for (const product of [1, 2]) {
        expect(await count(db, `subscriptions WHERE kind = 'travel' AND state = $1 AND product_id = $2`, [state, product])).toBeGreaterThan(0);
      }
    }
    for (const state of ['active', 'requested', 'rejected', 'deleted']) {
      expect(await count(db, 'instruments WHERE state = $1', [state]), state).toBeGreaterThan(0);
    }
    expect(await count(db, "instruments WHERE state = 'active' AND requested_change ? 'value'")).toBeGreaterThan(0);
    expect(await count(db, "instruments WHERE state = 'deleted' AND deleted_at IS NULL")).toBe(0);
    expect(
      await count(
        db,
        "subscriptions s WHERE kind = 'instrument' AND state = 'active' AND NOT EXISTS (SELECT 1 FROM subscription_lines l WHERE l.subscription_id = s.id)",
      ),
    ).toBe(0);
    expect(await count(db, 'instruments i WHERE NOT EXISTS (SELECT 1 FROM instrument_iterations it WHERE it.instrument_id = i.id)')).toBe(0);
    expect(
      await count(
        db,
        "subscriptions s WHERE kind IN ('travel', 'instrument') AND NOT EXISTS (SELECT 1 FROM subscription_iterations it WHERE it.subscription_id = s.id)",
      ),
    ).toBe(0);
    // The first version of an accepted instrument shows it as it was requested.
    const [first] = await db.query<{ state: string }>(
      `SELECT it.snapshot->>'state' AS state FROM instrument_iterations it
        WHERE it.instrument_id = (SELECT min(id) FROM instruments WHERE state = 'active') ORDER BY it.id LIMIT 1`,
    );
    expect(first.state).toBe('requested');
  });

  it('has campaigns running and ended, discount codes and a message log by e-mail and SMS', async () => {
    const db = t.db;
    expect(await count(db, 'campaigns WHERE status = 1')).toBeGreaterThan(0);
    expect(await count(db, 'campaigns WHERE status = 0')).toBeGreaterThan(0);
    expect(await count(db, 'discount_codes WHERE active')).toBeGreaterThan(0);
    expect(await count(db, "message_log WHERE channel = 'email' AND sender_id IN (SELECT id FROM accounts WHERE role_id >= 3)")).toBeGreaterThan(0);
    expect(await count(db, "message_log WHERE channel = 'sms'")).toBeGreaterThan(0);
    expect(await count(db, "message_log WHERE content LIKE '%{first_name}%'")).toBe(0);
  });

  it("has this year's first invoices, some paid, some partly paid and some overdue, each with a valid KID", async () => {
    const states = await t.db.query<{ state: string; n: number }>('SELECT state, count(*)::int AS n FROM invoices GROUP BY state');
    const byState = Object.fromEntries(states.map((row) => [row.state, row.n]));
    expect(byState.paid, 'paid').toBeGreaterThanOrEqual(3);
    expect(byState.partly_paid, 'partly paid').toBeGreaterThanOrEqual(2);
    expect(
      await count(t.db, `invoices WHERE state <> 'credited' AND total_ore > paid_ore + credited_ore AND due_date < $1`, [TODAY]),
      'overdue',
    ).toBeGreaterThanOrEqual(3);
    expect(await count(t.db, "invoices WHERE year <> 2026 OR kind <> 'first' OR invoice_date > $1 OR kid !~ '^[0-9]{15}$'", [TODAY])).toBe(0);
    expect(await count(t.db, 'invoice_payments WHERE paid_on > $1', [TODAY])).toBe(0);
  });

  it('uses Norwegian mobile numbers and real postal codes with their areas', async () => {
    const members = await t.db.query<{ phone: string; postal_code: string; postal_area: string; known_area: string | null }>(
      `SELECT a.phone, a.postal_code, a.postal_area, p.area AS known_area
         FROM accounts a LEFT JOIN postal_codes p ON p.code = a.postal_code
        WHERE a.role_id IN (1, 2)`,
    );
    for (const member of members) {
      expect(member.phone).toMatch(/^([49]\d{7}|\d{5,7})$/);
      expect(member.known_area).toBe(member.postal_area);
    }
    const mobiles = members.filter((member) => member.phone.length === 8).length;
    expect(mobiles / members.length).toBeGreaterThan(0.9);
    expect(members.some((member) => member.phone.length < 8)).toBe(true);
  });

  it('signs in the demo staff user and lists members', async () => {
    const staff = DEMO_LOGINS.find((entry) => entry.label === 'Ansatt')!;
    const response = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email: staff.email, password: DEMO_PASSWORD } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ role: { id: 5 }, first_name: 'Ingrid', last_name: 'Berg' });
    const list = await t.app.inject({ url: '/api/member/list?per_page=25', headers: bearer(response.json().access_token) });
    expect(list.statusCode).toBe(200);
    expect(list.json().total).toBeGreaterThanOrEqual(300);
  });

  it('signs in the demo member, who has membership, travel and instrument insurance but no campaign code', async () => {
    const member = DEMO_LOGINS.find((entry) => entry.label === 'Medlem')!;
    const response = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email: member.email, password: DEMO_PASSWORD } });
    expect(response.statusCode).toBe(200);
    const session = response.json();
    expect(session).toMatchObject({ role: { id: 2 }, registration_completed: 1, blocked_access: false });
    const me = await t.app.inject({ url: `/api/member/${session.user_id}`, headers: bearer(session.access_token) });
    expect(me.statusCode).toBe(200);
    const data = me.json().data;
    expect(data.campaign_code).toBeNull();
    expect(data.subscription_membership.state).toBe('active');
    expect(data.subscription_travel_insurance).toMatchObject({ state: 'active' });
    expect([1, 2]).toContain(data.subscription_travel_insurance.product_id);
    expect(data.subscription_instrument_insurance.subscription_lines.length).toBeGreaterThanOrEqual(2);
    const insured = data.subscription_instrument_insurance.instruments as { type: string; make: string; model: string }[];
    expect(insured).toHaveLength(data.subscription_instrument_insurance.subscription_lines.length);
    for (const instrument of insured) {
      expect(instrument.type).not.toBe('Instrumentforsikring');
      expect(instrument.make.length).toBeGreaterThan(0);
      expect(instrument.model.length).toBeGreaterThan(0);
    }
    const instruments = await t.db.query<{ state: string; n: number }>(
      'SELECT state, count(*)::int AS n FROM instruments WHERE member_id = $1 GROUP BY state',
      [session.user_id],
    );
    expect(Object.fromEntries(instruments.map((row) => [row.state, row.n]))).toMatchObject({ requested: 1, deleted: 1 });
    expect(await count(t.db, 'message_log WHERE member_id = $1', [session.user_id])).toBeGreaterThanOrEqual(3);
  });

  it('gives the same members every time, and seeds only an empty database', async () => {
    const other = await freshDatabase();
    try {
      expect(await seedDemoDataIfEmpty(other.db, { today: TODAY })).toBe(true);
      expect(await memberList(other.db)).toEqual(await memberList(t.db));
      const before = await count(t.db, 'accounts');
      expect(await seedDemoDataIfEmpty(t.db, { today: TODAY })).toBe(false);
      expect(await count(t.db, 'accounts')).toBe(before);
    } finally {
      await other.drop();
    }
  });
});

describe('bulk members for benchmarks', () => {
  it('adds exactly the number asked for, each an active member with a member number', async () => {
    const { db, drop } = await freshDatabase();
    try {
      await seedBulkMembers(db, 1234);
      expect(await count(db, 'accounts WHERE role_id = 2')).toBe(1234);
      expect(await count(db, "subscriptions WHERE kind = 'membership' AND state = 'active'")).toBe(1234);
      expect(await count(db, '(SELECT DISTINCT remote_id FROM accounts WHERE remote_id IS NOT NULL) d')).toBe(1234);
      await seedBulkMembers(db, 10);
      expect(await count(db, 'accounts')).toBe(1244);
      expect(await count(db, "accounts WHERE phone !~ '^[49][0-9]{7}$'")).toBe(0);
    } finally {
      await drop();
    }
  });
});

describe('system e-mail sender', () => {
  it('never sends as the demo member: templates and logged mail come from the organisation', async () => {
    const { buildTestApp } = await import('./helpers.ts');
    const { seedDemoData } = await import('../../server/demo/index.ts');
    const ctx = await buildTestApp();
    try {
      await seedDemoData(ctx.db);
      const templates = await ctx.db.query<{ from_email: string }>('SELECT DISTINCT from_email FROM email_templates');
      expect(templates.length).toBeGreaterThan(0);
      expect(templates.map((t) => t.from_email)).not.toContain('medlem@example.no');
      const [{ count }] = await ctx.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM message_log WHERE email_from = 'medlem@example.no'`);
      expect(count).toBe(0);
    } finally {
      await ctx.close();
    }
    // A second app and a whole demo seed: near 30 s on a busy machine before the invoices came in.
  }, 60_000);
});

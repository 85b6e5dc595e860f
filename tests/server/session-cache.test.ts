/**
 * On PostgreSQL a server answers a recently used token from memory (one round trip fewer per
 * request) and forgets it the moment the database announces a change to its account. Two
 * servers share one database here, as behind a proxy: what one changes holds on the other at
 * once (within the announcement's delivery, a few milliseconds).
 *
 * It needs PostgreSQL and runs in the PostgreSQL pass only (vitest.config.ts leaves it out of
 * the PGlite pass, where every lookup asks the in-process database and nothing is kept).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { openPostgres, type PostgresDatabase } from '../../server/db/postgres.ts';
import { buildApp, type App } from '../../server/app.ts';
import { createServices } from '../../server/plugins/services.ts';
import { SessionCache } from '../../server/lib/session-cache.ts';
import type { SessionChangeListener } from '../../server/db/database.ts';
import { findTokenOwner, type TokenOwner } from '../../server/lib/tokens.ts';
import { bearer, buildTestApp, createAccount, login, testConfig, type TestContext } from './helpers.ts';

if (!process.env.TEST_DATABASE_URL) {
  throw new Error(
    'session-cache.test.ts needs PostgreSQL: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx vitest run tests/server/session-cache.test.ts',
  );
}

let one: TestContext;
let otherDb: PostgresDatabase;
let other: App;

beforeAll(async () => {
  one = await buildTestApp();
  otherDb = await openPostgres((one.db as PostgresDatabase).connectionString, 4);
  other = await buildApp(createServices(testConfig(), otherDb));
  await other.ready();
});

afterAll(async () => {
  await other?.close();
  await otherDb?.close();
  await one?.close();
});

const status = async (app: App, token: string, url: string) => (await app.inject({ url, headers: bearer(token) })).statusCode;

/** The status `app` answers once the other server's announcement has arrived (within milliseconds; the 10 s bound is for a busy machine). */
async function settles(app: App, token: string, url: string, expected: number): Promise<number> {
  const end = Date.now() + 10_000;
  let answer = await status(app, token, url);
  while (answer !== expected && Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    answer = await status(app, token, url);
  }
  return answer;
}

describe('signed-in accounts kept in memory', () => {
  it('keeps a used token on each server, and a sign-out on one ends it on both', async () => {
    const member = await createAccount(one.db);
    const token = await login(one.app, member.email, member.password);
    const own = `/api/member/${member.id}`;
    expect(await status(one.app, token, own)).toBe(200);
    expect(await status(other, token, own)).toBe(200);
    expect(one.services.sessions!.size).toBeGreaterThan(0);

    const out = await one.app.inject({ method: 'POST', url: '/api/user/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    expect(await status(one.app, token, own)).toBe(401);
    expect(await settles(other, token, own, 401)).toBe(401);
  });

  it("a staff role's rights changed on one server hold on the other at once, as does a deactivation", async () => {
    const admin = await createAccount(one.db, { role_id: 5 });
    const adminToken = await login(one.app, admin.email, admin.password);
    const worker = await createAccount(one.db, { role_id: 3 });
    const token = await login(other, worker.email, worker.password);
    const exportUrl = '/api/member/list/export';
    expect(await status(other, token, '/api/member/list')).toBe(200);
    expect(await status(other, token, exportUrl)).toBe(403);
    const [{ rights }] = await one.db.query<{ rights: string[] }>('SELECT array_agg(name) AS rights FROM staff_role_rights WHERE role_id = 3');
    const patch = (payload: object, url = '/api/role/3') => one.app.inject({ method: 'PATCH', url, headers: bearer(adminToken), payload });
    expect((await patch({ rights: [...rights, 'members.export'] })).statusCode).toBe(200);
    expect(await settles(other, token, exportUrl, 200)).toBe(200);
    expect((await patch({ rights })).statusCode).toBe(200);
    expect(await settles(other, token, exportUrl, 403)).toBe(403);
    expect((await patch({ active: false }, `/api/staff/${worker.id}`)).statusCode).toBe(200);
    expect(await settles(other, token, '/api/member/list', 401)).toBe(401);
  });

  it('a member blocked by staff on one server is held to it on the other at once, and let go again', async () => {
    const staff = await createAccount(one.db, { role_id: 3 });
    const staffToken = await login(one.app, staff.email, staff.password);
    const member = await createAccount(one.db);
    const token = await login(other, member.email, member.password);
    const own = `/api/member/${member.id}`;
    const rename = () => other.inject({ method: 'PATCH', url: own, headers: bearer(token), payload: { first_name: 'Ny' } });
    expect((await rename()).statusCode).toBe(200);

    const block = await one.app.inject({ method: 'PATCH', url: own, headers: bearer(staffToken), payload: { blocked_access: true } });
    expect(block.statusCode).toBe(200);
    let refused = await rename();
    for (const end = Date.now() + 10_000; refused.statusCode !== 403 && Date.now() < end;) refused = await rename();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Din konto har blitt sperret!');

    const unblock = await one.app.inject({ method: 'PATCH', url: own, headers: bearer(staffToken), payload: { blocked_access: false } });
    expect(unblock.statusCode, unblock.body).toBe(200);
    let again = await rename();
    for (const end = Date.now() + 10_000; again.statusCode !== 200 && Date.now() < end;) again = await rename();
    expect(again.statusCode).toBe(200);
  });

  it('turning two-factor sign-in on ends the sign-ins made before on both servers at once, though each keeps them in memory', async () => {
    const member = await createAccount(one.db);
    const enrolling = await login(one.app, member.email, member.password);
    const before = await login(other, member.email, member.password);
    const own = `/api/member/${member.id}`;
    expect(await status(one.app, before, own)).toBe(200);
    expect(await status(other, before, own)).toBe(200);
    const setup = await one.app.inject({ method: 'POST', url: '/api/user/2fa/setup', headers: bearer(enrolling) });
    const { generate } = await import('otplib');
    const code = await generate({ secret: setup.json().data.secret });
    const enabled = await one.app.inject({ method: 'POST', url: '/api/user/2fa/enable', headers: bearer(enrolling), payload: { code } });
    expect(enabled.statusCode).toBe(200);
    expect(await status(one.app, before, own)).toBe(401);
    expect(await settles(other, before, own, 401)).toBe(401);
    expect(await status(other, enrolling, own)).toBe(200);
  });

  it('a wrong secret for a kept token id is refused', async () => {
    const member = await createAccount(one.db);
    const token = await login(one.app, member.email, member.password);
    expect(await status(one.app, token, `/api/member/${member.id}`)).toBe(200);
    const [id] = token.split('|');
    expect(await status(one.app, `${id}|${'x'.repeat(40)}`, `/api/member/${member.id}`)).toBe(401);
  });

  it('forgets what it kept when one of the connections that listen ends, though another still listens', async () => {
    // A connection that ends (closed by the pool when idle, or by the server) takes with it an
    // announcement it had received but not passed on; the connection made after it never hears it.
    const db = await openPostgres((one.db as PostgresDatabase).connectionString, 2);
    try {
      const cache = new SessionCache<TokenOwner>(db.sessionChanges!);
      const tag = `session-cache-${process.pid}-${Date.now()}`;
      await Promise.all([0, 1].map(() => db.query(`SELECT set_config('application_name', $1, false), pg_sleep(0.05)`, [tag])));
      const kept = { owner: { id: 1 } as TokenOwner, tokenHash: Buffer.alloc(32, 0xaa), expiresAt: Date.now() + 60_000, lastUsedAt: null };
      cache.keep(1, cache.generation, kept);
      expect(cache.get(1)).not.toBeNull();
      const admin = new pg.Client({ connectionString: (one.db as PostgresDatabase).connectionString });
      await admin.connect();
      try {
        const [ended] = (await admin.query('SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE application_name = $1 LIMIT 1', [tag])).rows;
        expect(ended?.ended).toBe(true);
      } finally {
        await admin.end();
      }
      const end = Date.now() + 10_000;
      while (cache.get(1) !== null && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(cache.get(1)).toBeNull();
    } finally {
      await db.close();
    }
  });

  it('the database announces every change that decides what a token may do', async () => {
    const listener = new pg.Client({ connectionString: (one.db as PostgresDatabase).connectionString });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (message) => heard.push(message.payload ?? ''));
    await listener.query('LISTEN session_changes');
    try {
      const member = await createAccount(one.db);
      await login(one.app, member.email, member.password);
      const changes = [
        `UPDATE accounts SET role_id = 1 WHERE id = ${member.id}`,
        `UPDATE accounts SET blocked_access = true WHERE id = ${member.id}`,
        `UPDATE accounts SET email = 'ny.${member.id}@example.no' WHERE id = ${member.id}`,
        `INSERT INTO two_factor (account_id, secret) VALUES (${member.id}, 'x')`,
        `UPDATE two_factor SET enabled_at = now() WHERE account_id = ${member.id}`,
        `UPDATE access_tokens SET expires_at = now() WHERE account_id = ${member.id}`,
        `DELETE FROM access_tokens WHERE account_id = ${member.id}`,
        `DELETE FROM accounts WHERE id = ${member.id}`,
      ];
      for (const [index, sql] of changes.entries()) {
        await one.db.query(sql);
        const end = Date.now() + 2_000;
        while (heard.length <= index && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 5));
        expect(heard, sql).toHaveLength(index + 1);
        expect(heard[index]).toBe(String(member.id));
      }
      // A token's use, written down once a minute, is no change.
      const again = await createAccount(one.db);
      const token = await login(one.app, again.email, again.password);
      await one.db.query("UPDATE access_tokens SET last_used_at = now() - interval '2 minutes' WHERE account_id = $1", [again.id]);
      await status(one.app, token, `/api/member/${again.id}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(heard).toHaveLength(changes.length);
    } finally {
      await listener.end();
    }
  });
});

describe('the cache itself', () => {
  const owner = (id: number): TokenOwner => ({
    token_id: id,
    id,
    role_id: 2,
    email: `m${id}@example.no`,
    first_name: 'Kari',
    last_name: 'Nordmann',
    blocked_access: false,
    registration_completed: 1,
    two_factor: false,
    rights: [],
  });
  function feed() {
    const listeners: SessionChangeListener[] = [];
    const changes = { live: true, subscribe: (listener: SessionChangeListener) => void listeners.push(listener) };
    return { changes, announce: (id: number | null) => listeners.forEach((listener) => listener(id)) };
  }
  const session = (id: number, expiresAt = Date.now() + 60_000) => ({ owner: owner(id), tokenHash: Buffer.alloc(32, 0xaa), expiresAt, lastUsedAt: null });

  it('never keeps a blocked account, so letting it go holds at once without an announcement', async () => {
    const { changes } = feed();
    const cache = new SessionCache<TokenOwner>(changes);
    const member = await createAccount(one.db);
    const token = await login(one.app, member.email, member.password);
    await one.db.query('UPDATE accounts SET blocked_access = true WHERE id = $1', [member.id]);
    expect((await findTokenOwner(one.db, token, cache))?.blocked_access).toBe(true);
    expect(cache.size).toBe(0);
    await one.db.query('UPDATE accounts SET blocked_access = false WHERE id = $1', [member.id]);
    expect((await findTokenOwner(one.db, token, cache))?.blocked_access).toBe(false);
    expect(cache.size).toBe(1);
  });

  it('does not keep a lookup that an announcement overtook while it ran', () => {
    const { changes, announce } = feed();
    const cache = new SessionCache<TokenOwner>(changes);
    const generation = cache.generation;
    announce(7);
    cache.keep(1, generation, session(7));
    expect(cache.get(1)).toBeNull();
    cache.keep(1, cache.generation, session(7));
    expect(cache.get(1)?.owner.id).toBe(7);
  });

  it("forgets an account's tokens when it changes, everything when no connection listens, and an entry past its time", () => {
    const { changes, announce } = feed();
    const cache = new SessionCache<TokenOwner>(changes);
    cache.keep(1, cache.generation, session(7));
    cache.keep(2, cache.generation, session(7));
    cache.keep(3, cache.generation, session(8));
    announce(7);
    expect([cache.get(1), cache.get(2)]).toEqual([null, null]);
    expect(cache.get(3)).not.toBeNull();
    announce(null);
    expect(cache.get(3)).toBeNull();

    cache.keep(4, cache.generation, session(9, Date.now() + 1_000));
    expect(cache.get(4, Date.now() + 2_000)).toBeNull();
    cache.keep(5, cache.generation, session(9));
    expect(cache.get(5, Date.now() + 31_000)).toBeNull();
    changes.live = false;
    cache.keep(6, cache.generation, session(9));
    expect(cache.get(6)).toBeNull();
  });
});

/**
 * Staff roles and rights: what each default role may do, a 403 that names the missing right, a
 * role's rights changed by an administrator (applies on the next request), one user's own
 * exceptions, deactivation ending every sign-in, the last administrator kept, bad input refused in
 * Norwegian with nothing changed, and a server that will not start with a staff route declaring
 * no right.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createAccount, login, type TestContext } from './helpers.ts';
import { buildApp } from '../../server/app.ts';

let t: TestContext;
let admin: { id: number; token: string };

async function staffOf(role: number) {
  const account = await createAccount(t.db, { role_id: role, first_name: `Rolle${role}` });
  return { ...account, token: await login(t.app, account.email, account.password) };
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await staffOf(5);
});
afterAll(async () => t?.close());

const call = (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const rolesNow = async () => (await call(admin.token, 'GET', '/api/role/list')).json();
const rightsNow = async () => (await rolesNow()).data.map((role: { id: number; name: string; rights: string[] }) => [role.id, role.name, role.rights]);

describe('the default roles', () => {
  it('case worker reads members but may not export, erase or run billing; the 403 names the right', async () => {
    const worker = await staffOf(3);
    expect((await call(worker.token, 'GET', '/api/member/list')).statusCode).toBe(200);
    const refused = await call(worker.token, 'GET', '/api/member/list/export');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: 'Du har ikke tilgang til dette. Det krever retten «Eksportere lister (medlemmer, forespørsler, fakturaer, Vipps-rapporten)» (members.export).',
      right: 'members.export',
    });
    expect((await call(worker.token, 'GET', '/api/invoice/list')).json().right).toBe('billing.read');
    expect((await call(worker.token, 'GET', '/api/emails/template/list')).json().right).toBe('templates.change');
    const mine = (await call(worker.token, 'GET', '/api/user/rights')).json().data;
    expect(mine).toEqual({ role_id: 3, role_name: 'Saksbehandler', rights: ['cards.send', 'logs.read', 'members.change', 'members.read', 'requests.decide'] });
  });

  it('finance may also bill and export, not administer templates or staff; the administrator may everything', async () => {
    const finance = await staffOf(4);
    expect((await call(finance.token, 'GET', '/api/invoice/list')).statusCode).toBe(200);
    expect((await call(finance.token, 'GET', '/api/member/list/export')).statusCode).toBe(200);
    expect((await call(finance.token, 'GET', '/api/role/list')).json().right).toBe('staff.administer');
    const roles = await rolesNow();
    expect(roles.data.map((role: { id: number; name: string }) => [role.id, role.name])).toEqual([
      [3, 'Saksbehandler'],
      [4, 'Økonomi'],
      [5, 'Administrator'],
    ]);
    expect(roles.data[2].rights).toEqual(roles.rights.map((right: { name: string }) => right.name).sort());
  });
});

describe('changing rights', () => {
  it('a right given to the role applies on the next request, and taken away again', async () => {
    const worker = await staffOf(3);
    expect((await call(worker.token, 'GET', '/api/member/list/export')).statusCode).toBe(403);
    const before = (await rolesNow()).data.find((role: { id: number }) => role.id === 3).rights as string[];
    const given = await call(admin.token, 'PATCH', '/api/role/3', { rights: [...before, 'members.export'] });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json().data.rights).toContain('members.export');
    expect((await call(worker.token, 'GET', '/api/member/list/export')).statusCode).toBe(200);
    expect((await call(admin.token, 'PATCH', '/api/role/3', { rights: before })).statusCode).toBe(200);
    expect((await call(worker.token, 'GET', '/api/member/list/export')).statusCode).toBe(403);
  });

  it('one user may be given a right beyond the role, or have one taken away; recorded with who did it', async () => {
    const worker = await staffOf(3);
    const changed = await call(admin.token, 'PATCH', `/api/staff/${worker.id}`, { extra_rights: ['billing.read'], removed_rights: ['members.change'] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ extra_rights: ['billing.read'], removed_rights: ['members.change'], role_id: 3, active: true });
    expect((await call(worker.token, 'GET', '/api/invoice/list')).statusCode).toBe(200);
    expect((await call(worker.token, 'PATCH', `/api/member/${worker.id}`, { first_name: 'Ny' })).json().right).toBe('members.change');
    const [history] = await t.db.query<{ changed_by: number; changes: Record<string, unknown> }>(
      'SELECT changed_by, changes FROM member_changes WHERE member_id = $1 ORDER BY id DESC LIMIT 1',
      [worker.id],
    );
    expect(history).toEqual({ changed_by: admin.id, changes: { extra_rights: [[], ['billing.read']], removed_rights: [[], ['members.change']] } });
  });

  it('an office may add its own role and give it to a staff user', async () => {
    const made = await call(admin.token, 'POST', '/api/role', { name: 'Revisor', rights: ['billing.read', 'members.read'] });
    expect(made.statusCode, made.body).toBe(201);
    const role = made.json().data;
    expect(role).toMatchObject({ name: 'Revisor', builtin: false, rights: ['billing.read', 'members.read'] });
    expect(role.id).toBeGreaterThanOrEqual(6);
    const worker = await staffOf(3);
    expect((await call(admin.token, 'PATCH', `/api/staff/${worker.id}`, { role_id: role.id })).statusCode).toBe(200);
    expect((await call(worker.token, 'GET', '/api/invoice/list')).statusCode).toBe(200);
    expect((await call(worker.token, 'GET', '/api/counters')).statusCode).toBe(200);
    expect((await call(worker.token, 'POST', '/api/subscription/accept/1')).json().right).toBe('requests.decide');
  });

  it('refuses in Norwegian, changing nothing: no rights, an unknown right, an unknown role, a name taken', async () => {
    const before = await rightsNow();
    const none = await call(admin.token, 'PATCH', '/api/role/3', { rights: [] });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ rights: ['En rolle må ha minst én rettighet.'] });
    const unknown = await call(admin.token, 'PATCH', '/api/role/3', { rights: ['members.read', 'members.fly'] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ rights: ['Rettigheten «members.fly» finnes ikke.'] });
    expect((await call(admin.token, 'PATCH', '/api/role/99', { rights: ['members.read'] })).statusCode).toBe(404);
    const worker = await staffOf(3);
    const badRole = await call(admin.token, 'PATCH', `/api/staff/${worker.id}`, { role_id: 99 });
    expect(badRole.json().errors).toEqual({ role_id: ['Rollen finnes ikke.'] });
    const taken = await call(admin.token, 'POST', '/api/role', { name: 'saksbehandler', rights: ['members.read'] });
    expect(taken.json().errors).toEqual({ name: ['Det finnes allerede en rolle med det navnet.'] });
    const member = await createAccount(t.db);
    expect((await call(admin.token, 'PATCH', `/api/staff/${member.id}`, { role_id: 3 })).statusCode).toBe(404);
    expect(await rightsNow()).toEqual(before);
  });
});

describe('deactivation and the last administrator', () => {
  it('a deactivated user is signed out at once and cannot sign in; active again, they can', async () => {
    const worker = await staffOf(3);
    expect((await call(admin.token, 'PATCH', `/api/staff/${worker.id}`, { active: false })).json().data.active).toBe(false);
    expect((await call(worker.token, 'GET', '/api/member/list')).statusCode).toBe(401);
    const again = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email: worker.email, password: worker.password } });
    expect(again.statusCode).toBe(401);
    expect((await call(admin.token, 'PATCH', `/api/staff/${worker.id}`, { active: true })).statusCode).toBe(200);
    expect(await login(t.app, worker.email, worker.password)).toBeTruthy();
  });

  it('keeps one active administrator: no self-demotion or deactivation of the last, nor a role that would leave none', async () => {
    // Only `admin` and this test's own administrators hold staff.administer here: deactivate the others first.
    await t.db.query('UPDATE accounts SET deactivated_at = now() WHERE role_id = 5 AND id <> $1', [admin.id]);
    for (const patch of [{ role_id: 3 }, { active: false }, { removed_rights: ['staff.administer'] }]) {
      const refused = await call(admin.token, 'PATCH', `/api/staff/${admin.id}`, patch);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('Minst én aktiv ansatt må kunne administrere ansatte. Gi retten til en annen først.');
    }
    const rights = (await rolesNow()).data.find((role: { id: number }) => role.id === 5).rights as string[];
    expect((await call(admin.token, 'PATCH', '/api/role/5', { rights: rights.filter((right) => right !== 'staff.administer') })).statusCode).toBe(409);
    expect((await call(admin.token, 'GET', '/api/role/list')).statusCode).toBe(200);
    // With a second administrator, the first may step down.
    const second = await staffOf(5);
    expect((await call(admin.token, 'PATCH', `/api/staff/${admin.id}`, { role_id: 4 })).statusCode).toBe(200);
    expect((await call(admin.token, 'GET', '/api/role/list')).statusCode).toBe(403);
    expect((await call(second.token, 'PATCH', `/api/staff/${admin.id}`, { role_id: 5 })).statusCode).toBe(200);
  });
});

describe('a staff route without a declared right', () => {
  it('stops the server from starting', async () => {
    const app = await buildApp(t.services);
    const plant = async () => {
      app.get('/api/planted', async () => ({ planted: true }));
      await app.ready();
    };
    await expect(plant()).rejects.toThrow('GET /api/planted: a route staff may call must declare config.right');
    await app.close().catch(() => undefined);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createAccount, type TestContext } from './helpers.ts';
import { signedInStaff } from './factories-member-admin.ts';

let t: TestContext;
let staff: Awaited<ReturnType<typeof signedInStaff>>;
beforeAll(async () => {
  t = await buildTestApp();
  staff = await signedInStaff(t.app, t.db);
});
afterAll(async () => t.close());

const call = (method: string, url: string, payload?: object) => t.app.inject({ method: method as 'GET', url, headers: bearer(staff.token), payload });

describe('campaign codes', () => {
  it('creates a code with the form defaults and lists it', async () => {
    const response = await call('POST', '/api/campaign', { name: 'Vårkampanje', code: 'VAR2026', period_start: '2026-03-01' });
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data).toMatchObject({ name: 'Vårkampanje', code: 'VAR2026', product_category_id: 1, benefit_id: 0, status: 1, period_end: null });
    expect(data.product).toEqual({ id: 1, title: 'Medlemskap' });
    const list = await call('GET', '/api/campaign/list');
    expect(list.json().data.map((row: { code: string }) => row.code)).toContain('VAR2026');
  });

  it("refuses missing fields with 'Feltet må fylles ut' and a code taken in another letter case with 422", async () => {
    const empty = await call('POST', '/api/campaign', { name: '', code: '', period_start: '' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toMatchObject({
      name: ['Feltet må fylles ut'],
      code: ['Feltet må fylles ut'],
      period_start: ['Feltet må fylles ut'],
    });
    await call('POST', '/api/campaign', { name: 'Høst', code: 'HOST2026', period_start: '2026-09-01' });
    const duplicate = await call('POST', '/api/campaign', { name: 'Høst igjen', code: 'host2026', period_start: '2026-09-01' });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().errors).toEqual({ code: ['Kampanjekoden finnes allerede'] });
    const other = await call('POST', '/api/campaign', { name: 'Annen', code: 'ANNEN1', period_start: '2026-09-01' });
    const renamed = await call('PATCH', `/api/campaign/${other.json().data.id}`, { code: 'Host2026' });
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json().errors.code).toEqual(['Kampanjekoden finnes allerede']);
  });

  it('edits name, code and start, and refuses an end before the start', async () => {
    const created = (await call('POST', '/api/campaign', { name: 'Sommer', code: 'SOMMER', period_start: '2026-06-01' })).json().data;
    const edited = await call('PATCH', `/api/campaign/${created.id}`, { name: 'Sommer 2026', code: 'SOMMER26', period_start: '2026-06-15', status: 1 });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ name: 'Sommer 2026', code: 'SOMMER26', period_start: '2026-06-15' });
    const backwards = await call('PATCH', `/api/campaign/${created.id}`, { period_end: '2026-01-01' });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors.period_end).toEqual(['Sluttdato kan ikke være før startdato']);
  });

  it('deletes an unused code and ends one a member has used', async () => {
    const unused = (await call('POST', '/api/campaign', { name: 'Ubrukt', code: 'UBRUKT', period_start: '2026-01-01' })).json().data;
    const removed = await call('DELETE', `/api/campaign/${unused.id}`);
    expect(removed.json()).toMatchObject({ ended: false });
    expect((await call('GET', `/api/campaign/${unused.id}`)).statusCode).toBe(404);

    const used = (await call('POST', '/api/campaign', { name: 'Brukt', code: 'BRUKT', period_start: '2020-01-01' })).json().data;
    const member = await createAccount(t.db);
    await t.db.query('UPDATE accounts SET campaign_id = $1 WHERE id = $2', [used.id, member.id]);
    const ended = await call('DELETE', `/api/campaign/${used.id}`);
    expect(ended.statusCode).toBe(200);
    expect(ended.json().ended).toBe(true);
    expect(ended.json().data.status).toBe(2);
    expect(ended.json().data.period_end).not.toBeNull();
    expect((await call('GET', `/api/campaign/${used.id}`)).json().data.members).toBe(1);
  });
  it('counts the members who used a code as they sign up with it, move to another code and go', async () => {
    const first = (await call('POST', '/api/campaign', { name: 'Telling', code: 'TELLING', period_start: '2026-01-01' })).json().data;
    const second = (await call('POST', '/api/campaign', { name: 'Telling to', code: 'TELLING2', period_start: '2026-01-01' })).json().data;
    const members = async () => {
      const listed = (await call('GET', '/api/campaign/list?per_page=100')).json().data as { id: number; members: number }[];
      const of = (id: number) => listed.find((row) => row.id === id)!.members;
      const counted = async (id: number) => Number((await t.db.query<{ n: string }>('SELECT count(*) AS n FROM accounts WHERE campaign_id = $1', [id]))[0].n);
      // The kept count is what counting the members would say.
      expect([of(first.id), of(second.id)]).toEqual([await counted(first.id), await counted(second.id)]);
      return [of(first.id), of(second.id)];
    };
    expect(await members()).toEqual([0, 0]);

    const one = await createAccount(t.db);
    await t.db.query('UPDATE accounts SET campaign_id = $1 WHERE id = $2', [first.id, one.id]);
    // Three in one statement, as an import writes them.
    await t.db.query(
      `INSERT INTO accounts (role_id, email, first_name, last_name, registration_completed, campaign_id)
       SELECT 2, 'telling' || n || '@example.no', 'Telling', 'Nr ' || n, 1, $1 FROM generate_series(1, 3) n`,
      [first.id],
    );
    expect(await members()).toEqual([4, 0]);

    await t.db.query("UPDATE accounts SET campaign_id = $2 WHERE campaign_id = $1 AND email LIKE 'telling%'", [first.id, second.id]);
    expect(await members()).toEqual([1, 3]);
    // A change of anything else moves no count.
    await t.db.query('UPDATE accounts SET first_name = $2 WHERE id = $1', [one.id, 'Endret']);
    await t.db.query('UPDATE accounts SET campaign_id = NULL WHERE id = $1', [one.id]);
    expect(await members()).toEqual([0, 3]);

    await t.db.query("DELETE FROM accounts WHERE email = 'telling1@example.no'");
    expect(await members()).toEqual([0, 2]);
  });
});

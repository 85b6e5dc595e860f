import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createAccount, login, type TestContext } from './helpers.ts';
import { MemberListItem } from '../../server/schemas/member.ts';
import { paginatorSchema } from '../../server/lib/list.ts';
import { Value } from 'typebox/value';

let t: TestContext;
let staffToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  const staff = await createAccount(t.db, { role_id: 5, first_name: 'Ingrid', last_name: 'Berg' });
  staffToken = await login(t.app, staff.email, staff.password);
});
afterAll(async () => t.close());

const list = (query: string, token = staffToken) => t.app.inject({ url: `/api/member/list${query}`, headers: bearer(token) });

describe('GET /api/member/list', () => {
  it('answers the paginator body with 25 rows by default', async () => {
    for (let i = 0; i < 27; i++) await createAccount(t.db, { first_name: `Liste${i}`, last_name: 'Paginert' });
    const response = await list('?filter[name]=paginert');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data).toHaveLength(25);
    expect(body).toMatchObject({ total: 27, current_page: 1, per_page: 25, last_page: 2, from: 1, to: 25, prev_page_url: null });
    expect(body.next_page_url).toContain('page=2');
    const second = (await list('?filter[name]=paginert&page=2')).json();
    expect(second.data).toHaveLength(2);
    expect(second).toMatchObject({ from: 26, to: 27, next_page_url: null });
    const pastTheEnd = (await list('?filter[name]=paginert&page=5')).json();
    expect(pastTheEnd).toMatchObject({ data: [], total: 27, last_page: 2, from: null, to: null });
  });

  it("answers exactly the schema's fields, on the first page and on any other (nothing more leaves than the document names)", async () => {
    await createAccount(t.db, { first_name: 'Felt', last_name: 'Sjekk' });
    const schema = paginatorSchema(MemberListItem);
    const answerKeys = Object.keys(schema.properties).sort();
    const itemKeys = Object.keys(MemberListItem.properties).sort();
    for (const query of ['', '?page=2', '?filter[name]=felt', '?sort=last_name']) {
      const body = (await list(query)).json() as Record<string, unknown> & { data: Record<string, unknown>[] };
      // Each value of the type and format the document gives (a status as text, a time as ISO 8601).
      expect([...Value.Errors(schema, body)].map((error) => `${error.instancePath} ${error.message}`)).toEqual([]);
      expect(Object.keys(body).sort()).toEqual(answerKeys);
      expect(body.data.length).toBeGreaterThan(0);
      for (const row of body.data) expect(Object.keys(row).sort()).toEqual(itemKeys);
    }
  });

  it("writes a member's registration time as the member record does: UTC, to the millisecond", async () => {
    const member = await createAccount(t.db, { first_name: 'Tidlig', last_name: 'Registrert' });
    for (const stored of ['2026-03-01 23:59:59.999999+01', '2026-07-15 00:30:00.1234+02', '1999-12-31 23:00:00+00']) {
      await t.db.query('UPDATE accounts SET created_at = $1 WHERE id = $2', [stored, member.id]);
      const [row] = (await list('?filter[name]=tidlig%20registrert')).json().data as { created_at: string }[];
      const record = (await t.app.inject({ url: `/api/member/${member.id}`, headers: bearer(staffToken) })).json() as { data: { created_at: string } };
      expect(row.created_at).toBe(record.data.created_at);
      expect(new Date(row.created_at).getTime()).toBe(
        Math.floor(
          Date.parse(
            stored
              .replace(' ', 'T')
              .replace(/(\.\d{3})\d+/, '$1')
              .replace(/([+-]\d\d)$/, '$1:00'),
          ),
        ),
      );
    }
  });

  it('searches name, e-mail, phone and member number', async () => {
    const a = await createAccount(t.db, { first_name: 'Søkbar', last_name: 'Æsøy', phone: '98765432', remote_id: 777001 });
    const byName = (await list(`?filter[name]=${encodeURIComponent('søkbar æsøy')}`)).json();
    expect(byName.data.map((m: { id: number }) => m.id)).toEqual([a.id]);
    expect((await list('?filter[name]=98765432')).json().data[0].id).toBe(a.id);
    expect((await list('?filter[name]=777001')).json().data[0].id).toBe(a.id);
    expect((await list(`?filter[name]=${encodeURIComponent(a.email.slice(0, 12))}`)).json().data.map((m: { id: number }) => m.id)).toContain(a.id);
    expect((await list('?filter[name]=50%25')).json().total).toBe(0);
  });

  it("shows each member's active covers: membership, instrument and travel insurance, not ones waiting or ended", async () => {
    const cover = (memberId: number, kind: string, state: string, productId: number) =>
      t.db.query('INSERT INTO subscriptions (member_id, product_id, kind, state) VALUES ($1, $2, $3, $4)', [memberId, productId, kind, state]);
    const all = await createAccount(t.db, { first_name: 'Dekket', last_name: 'Dekningsen' });
    await cover(all.id, 'membership', 'active', 3);
    await cover(all.id, 'travel', 'active', 1);
    await cover(all.id, 'instrument', 'active', 4);
    const some = await createAccount(t.db, { first_name: 'Delvis', last_name: 'Dekningsen' });
    await cover(some.id, 'membership', 'active', 3);
    await cover(some.id, 'travel', 'pending', 1);
    await cover(some.id, 'instrument', 'ended', 4);
    const none = await createAccount(t.db, { first_name: 'Ingen', last_name: 'Dekningsen' });
    const rows = (await list('?filter[name]=dekningsen')).json().data as Record<string, unknown>[];
    const covers = (id: number) => {
      const row = rows.find((candidate) => candidate.id === id)!;
      return [row.has_membership, row.has_instrument_insurance, row.has_travel_insurance];
    };
    expect(covers(all.id)).toEqual([true, true, true]);
    expect(covers(some.id)).toEqual([true, false, false]);
    expect(covers(none.id)).toEqual([false, false, false]);
    expect(rows.every((row) => !('active_kinds' in row))).toBe(true);
  });

  it('filters by status and sorts by allowed fields only', async () => {
    const rejected = await createAccount(t.db, { first_name: 'Avvist', last_name: 'Statusfilter', status: '2' });
    await createAccount(t.db, { first_name: 'Godkjent', last_name: 'Statusfilter', status: '1' });
    const body = (await list('?filter[name]=statusfilter&filter[status]=2')).json();
    expect(body.data.map((m: { id: number }) => m.id)).toEqual([rejected.id]);
    const sorted = (await list('?filter[name]=statusfilter&sort=first_name')).json();
    expect(sorted.data.map((m: { first_name: string }) => m.first_name)).toEqual(['Avvist', 'Godkjent']);
    const descending = (await list('?filter[name]=statusfilter&sort=-first_name')).json();
    expect(descending.data[0].first_name).toBe('Godkjent');
  });

  it('refuses unknown filters and sort fields with 400, and page sizes other than 25/50/75/100', async () => {
    const unknownFilter = await list('?filter[password_hash]=x');
    expect(unknownFilter.statusCode).toBe(400);
    expect(unknownFilter.json().message).toContain('password_hash');
    expect((await list('?sort=password_hash')).statusCode).toBe(400);
    const huge = await list('?per_page=1000');
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toMatch(/per_page/);
    expect((await list('?per_page=50')).json().per_page).toBe(50);
  });

  it('is for staff only', async () => {
    const member = await createAccount(t.db);
    const token = await login(t.app, member.email, member.password);
    expect((await list('', token)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/member/list' })).statusCode).toBe(401);
  });

  it('lists members only, not staff', async () => {
    await createAccount(t.db, { role_id: 4, first_name: 'Stab', last_name: 'Ikkemedlem' });
    expect((await list('?filter[name]=ikkemedlem')).json().total).toBe(0);
  });
});

describe('member record: ownership and fields', () => {
  it('a member reads and changes only their own record; another id answers 404 like a missing one', async () => {
    const a = await createAccount(t.db);
    const b = await createAccount(t.db);
    const token = await login(t.app, a.email, a.password);
    const other = await t.app.inject({ url: `/api/member/${b.id}`, headers: bearer(token) });
    const missing = await t.app.inject({ url: '/api/member/99999999', headers: bearer(token) });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(missing.json());
    const patch = await t.app.inject({ method: 'PATCH', url: `/api/member/${b.id}`, headers: bearer(token), payload: { first_name: 'Hacket' } });
    expect(patch.statusCode).toBe(404);
    const unchanged = await t.app.inject({ url: `/api/member/${b.id}`, headers: bearer(staffToken) });
    expect(unchanged.json().data.first_name).toBe('Kari');
  });

  it("a member's PATCH of role_id, status, blocked_access or remote_id changes nothing, profile fields change", async () => {
    const a = await createAccount(t.db);
    const token = await login(t.app, a.email, a.password);
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/member/${a.id}`,
      headers: bearer(token),
      payload: { role_id: 1, status: '2', blocked_access: true, remote_id: 424242, first_name: 'Nytt', phone: '412 34 567' },
    });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ role_id: 2, status: '1', blocked_access: false, remote_id: null, first_name: 'Nytt', phone: '41234567' });
  });

  it('staff change every field, and each change is recorded with who, when, old and new', async () => {
    const a = await createAccount(t.db, { first_name: 'Før' });
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/member/${a.id}`,
      headers: bearer(staffToken),
      payload: { first_name: 'Etter', blocked_access: true, remote_id: 555123 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ first_name: 'Etter', blocked_access: true, remote_id: 555123 });
    const [change] = await t.db.query<{ changes: Record<string, unknown>; changed_by: number }>(
      'SELECT changes, changed_by FROM member_changes WHERE member_id = $1',
      [a.id],
    );
    expect(change.changes).toEqual({ first_name: ['Før', 'Etter'], blocked_access: [false, true], remote_id: [null, 555123] });
  });

  it('refuses an e-mail another account has, and bad values, with Norwegian field errors', async () => {
    const a = await createAccount(t.db);
    const b = await createAccount(t.db);
    const taken = await t.app.inject({ method: 'PATCH', url: `/api/member/${a.id}`, headers: bearer(staffToken), payload: { email: b.email.toUpperCase() } });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.email).toEqual(['E-postadressen er allerede i bruk.']);
    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/api/member/${a.id}`,
      headers: bearer(staffToken),
      payload: { email: 'ikke-epost', first_name: '' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({ email: ['Ugyldig e-postadresse'], first_name: ['Feltet må fylles ut'] });
    expect(bad.json().message).toMatch(/\(og 1 feil til\)$/);
  });

  it("refuses a member's profile PATCH that blanks a required field or leaves a name only spaces, and keeps the record", async () => {
    const a = await createAccount(t.db, { first_name: 'Uendret', phone: '41234567' });
    const token = await login(t.app, a.email, a.password);
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/member/${a.id}`,
      headers: bearer(token),
      payload: { first_name: '   ', last_name: '\t', address: '', postal_code: null, phone: ' ', invoice_method: '  ', artist_name: '' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      first_name: ['Feltet må fylles ut'],
      last_name: ['Feltet må fylles ut'],
      address: ['Feltet må fylles ut'],
      postal_code: ['Feltet må fylles ut'],
      phone: ['Feltet må fylles ut'],
      invoice_method: ['Feltet må fylles ut'],
    });
    const unchanged = (await t.app.inject({ url: `/api/member/${a.id}`, headers: bearer(token) })).json().data;
    expect(unchanged).toMatchObject({ first_name: 'Uendret', address: 'Storgata 1', postal_code: '0155', phone: '41234567' });
  });

  it('refuses a staff PATCH that blanks a field the staff member form requires, and keeps the record', async () => {
    const a = await createAccount(t.db, { last_name: 'Uendret' });
    const blanked = await t.app.inject({
      method: 'PATCH',
      url: `/api/member/${a.id}`,
      headers: bearer(staffToken),
      payload: { last_name: '  ', postal_area: ' ', membership_start_date: null, artist_name: '   ' },
    });
    expect(blanked.statusCode).toBe(422);
    expect(blanked.json().errors).toEqual({
      last_name: ['Feltet må fylles ut'],
      postal_area: ['Feltet må fylles ut'],
      membership_start_date: ['Feltet må fylles ut'],
      artist_name: ['Feltet må fylles ut'],
    });
    const unchanged = (await t.app.inject({ url: `/api/member/${a.id}`, headers: bearer(staffToken) })).json().data;
    expect(unchanged).toMatchObject({ last_name: 'Uendret', postal_area: 'OSLO' });
    const invoiceEmail = await t.app.inject({
      method: 'PATCH',
      url: `/api/member/${a.id}`,
      headers: bearer(staffToken),
      payload: { invoice_method: 'EMAIL', invoice_email: '' },
    });
    expect(invoiceEmail.statusCode).toBe(422);
    expect(invoiceEmail.json().errors).toEqual({ invoice_email: ['Feltet må fylles ut'] });
  });

  it("refuses a birth date outside the date picker's years, 1905 to next year", async () => {
    const a = await createAccount(t.db, { birthdate: '1988-04-17' });
    const token = await login(t.app, a.email, a.password);
    const patch = (birthdate: string) => t.app.inject({ method: 'PATCH', url: `/api/member/${a.id}`, headers: bearer(token), payload: { birthdate } });
    const nextYear = new Date().getFullYear() + 1;
    for (const birthdate of ['1904-12-31', `${nextYear + 1}-01-01`]) {
      const refused = await patch(birthdate);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({ birthdate: ['Ugyldig dato: skriv dd/mm/åååå, fra år 1905 til neste år'] });
    }
    expect((await patch('1905-01-01')).json().data.birthdate).toBe('1905-01-01');
    expect((await patch(`${nextYear}-12-31`)).json().data.birthdate).toBe(`${nextYear}-12-31`);
  });

  it('a member probing which e-mails have accounts is stopped after five changes an hour', async () => {
    const member = await createAccount(t.db);
    const token = await login(t.app, member.email, member.password);
    const changeTo = (email: string) =>
      t.app.inject({ method: 'PATCH', url: `/api/member/${member.id}`, headers: bearer(token), remoteAddress: '192.0.2.80', payload: { email } });
    // Saving the profile with the same address is no change and never counts.
    for (let i = 0; i < 6; i++) expect((await changeTo(member.email.toUpperCase())).statusCode).toBe(200);
    const others = await Promise.all(Array.from({ length: 6 }, () => createAccount(t.db)));
    const statuses: number[] = [];
    for (const other of others) statuses.push((await changeTo(other.email)).statusCode);
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
  });

  it('a member may complete registration but never undo it', async () => {
    const a = await createAccount(t.db, { registration_completed: 1 });
    const token = await login(t.app, a.email, a.password);
    const response = await t.app.inject({ method: 'PATCH', url: `/api/member/${a.id}`, headers: bearer(token), payload: { registration_completed: 0 } });
    expect(response.json().data.registration_completed).toBe(1);
  });
});

describe('no secrets in answers', () => {
  it('no response carries a password hash or token hash', async () => {
    const a = await createAccount(t.db);
    const token = await login(t.app, a.email, a.password);
    const [{ password_hash }] = await t.db.query<{ password_hash: string }>('SELECT password_hash FROM accounts WHERE id = $1', [a.id]);
    const [{ token_hash }] = await t.db.query<{ token_hash: string }>('SELECT token_hash FROM access_tokens WHERE account_id = $1', [a.id]);
    const bodies = await Promise.all([
      t.app.inject({ url: `/api/member/${a.id}`, headers: bearer(token) }),
      t.app.inject({ method: 'PATCH', url: `/api/member/${a.id}`, headers: bearer(token), payload: { artist_name: 'Bandet' } }),
      t.app.inject({ url: '/api/member/list', headers: bearer(staffToken) }),
      t.app.inject({ method: 'POST', url: '/api/token/validate', payload: { token } }),
    ]);
    for (const response of bodies) {
      expect(response.body).not.toContain(password_hash);
      expect(response.body).not.toContain(token_hash);
      expect(response.body).not.toMatch(/password_hash|token_hash|\$argon2/);
    }
  });
});

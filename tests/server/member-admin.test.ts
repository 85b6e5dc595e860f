import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createAccount, type TestContext } from './helpers.ts';
import { PRODUCTS, createSubscription, signedIn, signedInStaff } from './factories-member-admin.ts';
import { orderedBatches } from '../../server/domain/shared/export-batches.ts';

let t: TestContext;
let staff: Awaited<ReturnType<typeof signedInStaff>>;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await signedInStaff(t.app, t.db);
});
afterAll(async () => t.close());

let counter = 0;
function newMember(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    first_name: 'Ola',
    last_name: `Opprettet${counter}`,
    address: 'Kongens gate 2',
    postal_area: 'TRONDHEIM',
    postal_code: '7011',
    phone: `4000${String(counter).padStart(4, '0')}`,
    email: `ny.${counter}.${process.pid}@example.no`,
    gender: 1,
    invoice_method: 'EFAKTURA',
    ...overrides,
  };
}

const create = (payload: Record<string, unknown>, token = staff.token) =>
  t.app.inject({ method: 'POST', url: '/api/member/new', headers: bearer(token), payload });

describe('POST /api/member/new', () => {
  it('creates a member with the next member number, an active membership and a change record', async () => {
    const first = await create(newMember({ birthdate: '1990-05-17', artist_name: 'Ola og bandet' }));
    const second = await create(newMember());
    expect(first.statusCode).toBe(201);
    const member = first.json().data;
    expect(member).toMatchObject({
      role_id: 2,
      status: '1',
      registration_completed: 1,
      newsletter_1: true,
      primary_instrument_type: 1,
      artist_name: 'Ola og bandet',
      birthdate: '1990-05-17',
      validated_by: { id: staff.id },
    });
    expect(member.remote_id).toBeGreaterThanOrEqual(10001);
    expect(second.json().data.remote_id).toBe(member.remote_id + 1);
    expect(member.subscription_membership).toMatchObject({ state: 'active', status: 1, product_id: PRODUCTS.membership });
    expect(member.subscription_membership.subscription_start).toBe(member.membership_start_date);
    expect(member.subscription_membership.validated_by_user).toMatchObject({ id: staff.id });
    expect(member.membership_start_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const changes = await t.app.inject({ url: `/api/member/${member.id}/changes`, headers: bearer(staff.token) });
    expect(changes.statusCode).toBe(200);
    expect(changes.json().total).toBe(1);
    const entry = changes.json().data[0];
    expect(entry.changed_by).toMatchObject({ id: staff.id, first_name: 'Siri' });
    expect(entry.changes).toContainEqual({ field: 'email', old: null, new: member.email });
    expect(entry.changes).toContainEqual({ field: 'remote_id', old: null, new: member.remote_id });
  });

  it('uses the given membership start date for the membership', async () => {
    const response = await create(newMember({ membership_start_date: '2026-02-01' }));
    expect(response.json().data.subscription_membership.subscription_start).toBe('2026-02-01');
  });

  it('refuses missing fields with the form message, in errors and in data.error', async () => {
    const response = await create({ first_name: 'Ola', last_name: '  ', gender: 2 });
    expect(response.statusCode).toBe(422);
    const body = response.json();
    for (const field of ['last_name', 'address', 'postal_area', 'postal_code', 'phone', 'email', 'invoice_method']) {
      expect(body.errors[field]).toEqual(['Feltet må fylles ut']);
    }
    expect(body.errors.first_name).toBeUndefined();
    expect(body.data.error).toEqual(body.errors);
  });

  it("refuses a birth date before the date picker's first year, 1905", async () => {
    const response = await create(newMember({ birthdate: '1904-12-31' }));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ birthdate: ['Ugyldig dato: skriv dd/mm/åååå, fra år 1905 til neste år'] });
    expect((await create(newMember({ birthdate: '1905-01-01' }))).statusCode).toBe(201);
  });

  it('needs a valid invoice e-mail when invoicing by e-mail', async () => {
    const missing = await create(newMember({ invoice_method: 'EMAIL' }));
    expect(missing.statusCode).toBe(422);
    expect(missing.json().data.error.invoice_email).toEqual(['Feltet må fylles ut']);
    const invalid = await create(newMember({ invoice_method: 'EMAIL', invoice_email: 'ikke-epost' }));
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors.invoice_email).toEqual(['Ugyldig e-postadresse']);
    const ok = await create(newMember({ invoice_method: 'EMAIL', invoice_email: 'faktura@example.no' }));
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.invoice_email).toBe('faktura@example.no');
  });

  it('refuses an e-mail another account has, whatever its case', async () => {
    const existing = await createAccount(t.db, { email: `Opptatt.${process.pid}@example.no` });
    const response = await create(newMember({ email: existing.email.toUpperCase() }));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.email).toEqual(['E-postadressen er allerede i bruk.']);
    expect(response.json().data.error.email).toEqual(['E-postadressen er allerede i bruk.']);
  });

  it('warns about a probable duplicate and creates it when confirmed', async () => {
    const existing = await createAccount(t.db, {
      first_name: 'Åse',
      last_name: 'Ødegård',
      birthdate: '1985-03-01',
      phone: '91234567',
      remote_id: 555,
    });
    const byName = newMember({ first_name: 'åse', last_name: 'ØDEGÅRD', birthdate: '1985-03-01' });
    const warned = await create(byName);
    expect(warned.statusCode).toBe(409);
    expect(warned.json().message).toMatch(/^Det finnes allerede et medlem som ligner: Åse Ødegård/);
    expect(warned.json().duplicates).toEqual([
      { id: existing.id, remote_id: 555, first_name: 'Åse', last_name: 'Ødegård', email: existing.email, phone: '91234567', birthdate: '1985-03-01' },
    ]);

    const byPhone = await create(newMember({ phone: '912 34 567' }));
    expect(byPhone.statusCode).toBe(409);

    const confirmed = await create({ ...byName, confirm_duplicate: true });
    expect(confirmed.statusCode).toBe(201);
    expect(confirmed.json().data.possible_duplicate_of).toBe(existing.id);
  });

  it('is for staff only', async () => {
    const member = await signedIn(t.app, t.db);
    const response = await create(newMember(), member.token);
    expect(response.statusCode).toBe(403);
  });
});

describe('GET /api/member/list/export', () => {
  it('streams the whole filtered, sorted list as a CSV Excel opens', async () => {
    const tag = `eksport${process.pid}`;
    for (let i = 0; i < 30; i += 1) {
      await createAccount(t.db, { first_name: `Bjørn${String(i).padStart(2, '0')}`, last_name: `Ærø ${tag}`, birthdate: '1970-12-24' });
    }
    const risky = await createAccount(t.db, { first_name: '=cmd|calc', last_name: `Ærø ${tag}` });
    await createSubscription(t.db, { member_id: risky.id, product_id: PRODUCTS.membership, kind: 'membership', state: 'active' });
    await createAccount(t.db, { first_name: 'Utenfor', last_name: 'Filteret' });

    const response = await t.app.inject({
      url: `/api/member/list/export?filter[name]=${tag}&sort=first_name&per_page=25&page=2`,
      headers: bearer(staff.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('attachment; filename="medlemsoversikt.csv"');
    expect(response.headers['cache-control']).toBe('no-store');
    const text = response.rawPayload.toString('utf8');
    expect(
      text.startsWith(
        '\uFEFFMedlemsnummer;Fornavn;Etternavn;E-post;Mobil;Adresse;Postnummer;Poststed;Født;Medlem fra;Status;Medlemskap;Instrumentforsikring;Reiseforsikring\r\n',
      ),
    ).toBe(true);
    const lines = text.slice(1).split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(1 + 31);
    expect(lines[1]).toContain(`;'=cmd|calc;Ærø ${tag};`);
    expect(lines[1]).toMatch(/;Aktiv;Ja;Nei;Nei$/);
    expect(lines[2]).toContain(`;Bjørn00;Ærø ${tag};`);
    expect(lines[2]).toContain(';Storgata 1;0155;OSLO;24-12-1970;;Aktiv;Nei;Nei;Nei');
    expect(lines[31]).toContain(';Bjørn29;');
    expect(text).not.toContain('Utenfor');
  });

  it('keeps the list order across batches', async () => {
    const tag = `batch${process.pid}`;
    const ids: number[] = [];
    for (const name of ['Cecilie', 'Anne', 'Erik', 'Bodil', 'Dag']) ids.push((await createAccount(t.db, { first_name: name, last_name: tag })).id);
    const batches: { key: number; first_name: string }[][] = [];
    const query = {
      keysSql: 'SELECT id AS key FROM accounts WHERE last_name = $1 ORDER BY first_name DESC',
      keysParams: [tag],
      rowsSql: 'SELECT id AS key, first_name FROM accounts WHERE id = ANY($1::int[])',
    };
    for await (const batch of orderedBatches<{ key: number; first_name: string }>(t.db, query, 2)) batches.push(batch);
    expect(batches.map((batch) => batch.length)).toEqual([2, 2, 1]);
    expect(batches.flat().map((row) => row.first_name)).toEqual(['Erik', 'Dag', 'Cecilie', 'Bodil', 'Anne']);
  });

  it('reads a batch as one JSON document (PGlite) with the same rows, order and types as row by row', async () => {
    const tag = `json${process.pid}`;
    for (const [name, birthdate] of [
      ['Cecilie', '1970-12-24'],
      ['Anne', null],
      ['Erik', '2001-02-03'],
    ] as const) {
      await createAccount(t.db, { first_name: name, last_name: tag, birthdate });
    }
    const query = {
      keysSql: 'SELECT id AS key FROM accounts WHERE last_name = $1 ORDER BY first_name DESC',
      keysParams: [tag],
      rowsSql: `SELECT id AS key, first_name, birthdate, role_id, registration_completed = 1 AS completed, phone, 'a;"b' AS odd
                  FROM accounts WHERE id = ANY($1::int[])`,
    };
    const read = async (rowsAsJson: boolean) => {
      const rows: Record<string, unknown>[] = [];
      for await (const batch of orderedBatches<{ key: number }>(t.db, { ...query, rowsAsJson }, 2)) rows.push(...batch);
      return rows;
    };
    const byRow = await read(false);
    expect(byRow.map((row) => [row.first_name, row.birthdate])).toEqual([
      ['Erik', '2001-02-03'],
      ['Cecilie', '1970-12-24'],
      ['Anne', null],
    ]);
    expect(await read(true)).toEqual(byRow);
  });

  it('refuses an unknown filter and is for staff only', async () => {
    const unknown = await t.app.inject({ url: '/api/member/list/export?filter[hemmelig]=1', headers: bearer(staff.token) });
    expect(unknown.statusCode).toBe(400);
    const member = await signedIn(t.app, t.db);
    const refused = await t.app.inject({ url: '/api/member/list/export', headers: bearer(member.token) });
    expect(refused.statusCode).toBe(403);
  });
});

describe('GET /api/member/:id/changes', () => {
  it('lists changes newest first with who made them', async () => {
    const member = await createAccount(t.db, { first_name: 'Endre' });
    for (const phone of ['11111111', '22222222']) {
      const patch = await t.app.inject({
        method: 'PATCH',
        url: `/api/member/${member.id}`,
        headers: bearer(staff.token),
        payload: { phone },
      });
      expect(patch.statusCode).toBe(200);
    }
    const response = await t.app.inject({ url: `/api/member/${member.id}/changes?per_page=25`, headers: bearer(staff.token) });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total).toBe(2);
    expect(body.data[0].changes).toEqual([{ field: 'phone', old: '11111111', new: '22222222' }]);
    expect(body.data[1].changes).toEqual([{ field: 'phone', old: null, new: '11111111' }]);
    expect(body.data[0].changed_by).toEqual({ id: staff.id, first_name: 'Siri', last_name: 'Saksbehandler' });
  });

  it('answers 404 for an unknown member and 403 to a member', async () => {
    const missing = await t.app.inject({ url: '/api/member/999999/changes', headers: bearer(staff.token) });
    expect(missing.statusCode).toBe(404);
    const member = await signedIn(t.app, t.db);
    const own = await t.app.inject({ url: `/api/member/${member.id}/changes`, headers: bearer(member.token) });
    expect(own.statusCode).toBe(403);
  });
});

/**
 * Hostile values in any request are a clear 4xx in the usual shapes, never a 500: the fixed
 * cases that were 500s once (fuzz.test.ts throws generated ones at every route).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createAccount, type TestContext } from './helpers.ts';
import { signedIn, signedInStaff } from './factories-member-admin.ts';
import { findInputIssue, INPUT_MESSAGES } from '../../server/lib/input-rules.ts';
import { MULTIPART_UNREADABLE } from '../../server/lib/multipart.ts';

let t: TestContext;
let staff: Awaited<ReturnType<typeof signedInStaff>>;
let memberId: number;
beforeAll(async () => {
  t = await buildTestApp();
  staff = await signedInStaff(t.app, t.db);
  memberId = (await createAccount(t.db, { first_name: 'Uendret' })).id;
});
afterAll(async () => t.close());

const send = (method: 'GET' | 'PATCH', url: string, payload?: string) =>
  t.app.inject({ method, url, payload, headers: { ...bearer(staff.token), 'content-type': 'application/json' } });

describe('text and numbers no database can take', () => {
  it.each([
    ['a NUL in a search', '/api/member/list?filter[name]=a%00b'],
    ['a NUL in a status filter', '/api/member/list?filter[status]=%00'],
    ['Infinity as an id', '/api/member/1e309'],
  ])('answers 400 for %s', async (_name, url) => {
    const response = await send('GET', url);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^Ugyldig verdi i forespørselen: /);
  });

  it('answers an empty list for a role filter with no member role in it', async () => {
    const response = await send('GET', '/api/member/list?filter[role_id]=3');
    expect(response.statusCode).toBe(200);
    expect(response.json().total).toBe(0);
  });

  it.each([
    ['a NUL', '{"first_name":"a\\u0000b"}', 'first_name', INPUT_MESSAGES.text],
    ['a lone surrogate', '{"first_name":"a\\ud800b"}', 'first_name', INPUT_MESSAGES.text],
    ['a number above PostgreSQL integers', '{"primary_instrument_type":99999999999}', 'primary_instrument_type', INPUT_MESSAGES.number],
    ['Infinity', '{"primary_instrument_type":1e309}', 'primary_instrument_type', 'Ugyldig verdi'],
    ['a date in year 0', '{"birthdate":"0000-01-01"}', 'birthdate', 'Ugyldig dato: skriv dd/mm/åååå, fra år 1905 til neste år'],
  ])('refuses %s in a body field with 422 on that field and changes nothing', async (_name, payload, field, message) => {
    const response = await send('PATCH', `/api/member/${memberId}`, payload);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ [field]: [message] });
    const [row] = await t.db.query<{ first_name: string }>('SELECT first_name FROM accounts WHERE id = $1', [memberId]);
    expect(row.first_name).toBe('Uendret');
  });
});

describe('uploads the multipart parser cannot read', () => {
  const bodies = [
    ['no boundary', 'multipart/form-data', 'abc'],
    ['an empty boundary', 'multipart/form-data; boundary=', 'abc'],
    ['a body cut short', 'multipart/form-data; boundary=kant', '--kant\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\nPK'],
  ] as const;

  it.each(bodies)("answers 400 with a message for %s on a member's instrument import", async (_name, contentType, payload) => {
    const member = await signedIn(t.app, t.db);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/member/${member.id}/instrument/import`,
      headers: { ...bearer(member.token), 'content-type': contentType },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: MULTIPART_UNREADABLE });
  });

  it.each(bodies)('answers 400 with a message for %s on the member import', async (_name, contentType, payload) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/member/import',
      headers: { ...bearer(staff.token), 'content-type': contentType },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: MULTIPART_UNREADABLE });
  });
});

describe('findInputIssue', () => {
  it('lets ordinary text, line breaks, emoji and integers through', () => {
    expect(findInputIssue({ a: 'Æøå\tlinje\r\nto 🎸', b: [1, -2147483647, 0], c: null, d: true })).toBeNull();
  });

  it('names the field of the first bad value, keys included, and refuses deep nesting', () => {
    expect(findInputIssue({ rows: [{ make: 'ok' }, { make: 'x\u0007' }] })).toEqual({ field: 'rows.1.make', message: INPUT_MESSAGES.text });
    expect(findInputIssue({ 'a\u0000': 1 })).toEqual({ field: 'a\u0000', message: INPUT_MESSAGES.text });
    let deep: unknown = 'x';
    for (let i = 0; i < 40; i += 1) deep = [deep];
    expect(findInputIssue(deep)?.message).toBe(INPUT_MESSAGES.depth);
  });
});

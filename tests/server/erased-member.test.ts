/**
 * An erased member is a row kept for the accounts: staff cannot fill a template in for it (a
 * clear 422, not a 500 on the empty fields) and cannot write personal data back into it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createAccount, type TestContext } from './helpers.ts';
import { signedInStaff } from './factories-member-admin.ts';
import { nextMemberNumber } from '../../server/domain/members/member-numbers.ts';
import { ERASED_MESSAGES } from '../../server/domain/privacy/erased.ts';

let t: TestContext;
let staff: Awaited<ReturnType<typeof signedInStaff>>;
let erasedId: number;
beforeAll(async () => {
  t = await buildTestApp();
  staff = await signedInStaff(t.app, t.db);
  const remoteId = await nextMemberNumber(t.db);
  erasedId = (await createAccount(t.db, { first_name: 'Slettes', last_name: 'Snart', remote_id: remoteId })).id;
  const erased = await t.app.inject({
    method: 'POST',
    url: `/api/member/${erasedId}/erase`,
    headers: bearer(staff.token),
    payload: { member_number: String(remoteId) },
  });
  expect(erased.statusCode).toBe(200);
});
afterAll(async () => t.close());

describe('a template for an erased member', () => {
  it('answers 422 on member_id for the preview', async () => {
    const response = await t.app.inject({ url: `/api/emails/template/1/preview?member_id=${erasedId}`, headers: bearer(staff.token) });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: ERASED_MESSAGES.template, errors: { member_id: [ERASED_MESSAGES.template] } });
  });

  it('answers 422 on member_id for the test mail and sends nothing', async () => {
    const count = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM message_log'))[0].n;
    const before = await count();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/emails/template/1/test',
      headers: bearer(staff.token),
      payload: { member_id: erasedId },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: ERASED_MESSAGES.template, errors: { member_id: [ERASED_MESSAGES.template] } });
    expect(await count()).toBe(before);
  });
});

describe('a change to an erased member', () => {
  it('is refused with 409 and writes nothing back', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/member/${erasedId}`,
      headers: bearer(staff.token),
      payload: { first_name: 'Gjenskapt', email: 'gjenskapt@example.no', phone: '91234567', address: 'Storgata 1' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: ERASED_MESSAGES.change });
    const [row] = await t.db.query<Record<string, unknown>>('SELECT first_name, email, phone, address FROM accounts WHERE id = $1', [erasedId]);
    expect(row).toEqual({ first_name: null, email: null, phone: null, address: null });
  });
});

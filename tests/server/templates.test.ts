import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createAccount, type TestContext } from './helpers.ts';
import { signedIn, signedInStaff } from './factories-member-admin.ts';
import { nextState, rejectionReason } from '../../server/domain/requests/request-machine.ts';
import { HttpError } from '../../server/lib/http-errors.ts';

let t: TestContext;
let staff: Awaited<ReturnType<typeof signedInStaff>>;
beforeAll(async () => {
  t = await buildTestApp();
  staff = await signedInStaff(t.app, t.db);
});
afterAll(async () => t.close());

const get = (url: string, token = staff.token) => t.app.inject({ url, headers: bearer(token) });

describe('e-mail templates', () => {
  it('lists the templates with the three rejection templates first', async () => {
    const response = await get('/api/emails/template/list?page=1&per_page=25');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data.slice(0, 3).map((row: { id: number; title: string }) => [row.id, row.title])).toEqual([
      [1, 'Søknaden din om medlemskap'],
      [2, 'Instrumentforsikringen din'],
      [3, 'Reiseforsikringen din'],
    ]);
    expect(body.total).toBe(body.data.length);
  });

  it('fills a template in for a member with the name escaped, and 404s an unknown member or template', async () => {
    const member = await createAccount(t.db, { first_name: '<b>Ola</b>', last_name: 'Nordmann' });
    const response = await get(`/api/emails/template/1/preview?member_id=${member.id}`);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.subject).toBe('Søknaden din om medlemskap');
    expect(data.html).toContain('Hei &lt;b&gt;Ola&lt;/b&gt; Nordmann,');
    expect(data.html).not.toContain('{first_name}');
    expect(data.to).toBe(member.email);
    expect((await get('/api/emails/template/1/preview?member_id=999999')).statusCode).toBe(404);
    expect((await get(`/api/emails/template/999/preview?member_id=${member.id}`)).statusCode).toBe(404);
  });

  it('is for staff only', async () => {
    const member = await signedIn(t.app, t.db);
    expect((await get('/api/emails/template/list', member.token)).statusCode).toBe(403);
    expect((await get('/api/emails/template/1', member.token)).statusCode).toBe(403);
    expect((await get(`/api/emails/template/1/preview?member_id=${member.id}`, member.token)).statusCode).toBe(403);
  });
});

describe('the request state machine', () => {
  const refused = (run: () => unknown): number => {
    try {
      run();
    } catch (error) {
      return (error as HttpError).statusCode;
    }
    return 0;
  };

  it('accepts and rejects only a pending request, reopens only a rejected one, and accepts a rejected one after all', () => {
    expect(nextState('pending', 'accept')).toBe('active');
    expect(nextState('pending', 'reject')).toBe('rejected');
    expect(nextState('rejected', 'reopen')).toBe('pending');
    expect(nextState('rejected', 'accept')).toBe('active');
    expect(refused(() => nextState('active', 'accept'))).toBe(409);
    expect(refused(() => nextState('active', 'reject'))).toBe(409);
    expect(refused(() => nextState('rejected', 'reject'))).toBe(409);
    expect(refused(() => nextState('pending', 'reopen'))).toBe(409);
  });

  it('refuses a reason with no text in it and strips scripts from one', () => {
    expect(refused(() => rejectionReason('<p> </p>'))).toBe(422);
    expect(rejectionReason('<p>Mangler kvittering</p><script>alert(1)</script>')).toBe('<p>Mangler kvittering</p>');
  });
});

/**
 * Staff users as an administrator manages them: the list (role, active, last sign-in, two-factor),
 * an invitation whose mailed link sets a password that then signs the new staff user in with the
 * role they were given, invitations refused in Norwegian, every sign-in of a user ended at once,
 * and only administrators may do any of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createAccount, login, settledMessage, uniqueEmail, type TestContext } from './helpers.ts';
import { outboxDir, readOutboxFiles } from '../../server/adapters/outbox-files.ts';

let t: TestContext;
let admin: { id: number; email: string; token: string };

beforeAll(async () => {
  t = await buildTestApp();
  const account = await createAccount(t.db, { role_id: 5, first_name: 'Ada', last_name: 'Administrator' });
  admin = { ...account, token: await login(t.app, account.email, account.password) };
});
afterAll(async () => t?.close());

const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const invite = (payload: object) => call(admin.token, 'POST', '/api/staff/invite', payload);
const accountsNow = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM accounts'))[0].n;

interface Row {
  id: number;
  email: string;
  role_id: number;
  role_name: string;
  active: boolean;
  last_sign_in_at: string | null;
  two_factor: boolean;
  invited: boolean;
}
const listed = async (id: number): Promise<Row | undefined> =>
  ((await call(admin.token, 'GET', '/api/staff/list')).json().data as Row[]).find((row) => row.id === id);

/** The invitation's link as the mail that was sent carries it (the outbox keeps the mail whole). */
async function invitationLink(email: string): Promise<URL> {
  await settledMessage(t.db, 'SELECT status FROM message_log WHERE email_to = $1 ORDER BY id DESC LIMIT 1', [email]);
  const mail = (await readOutboxFiles(outboxDir(t.config.dataDir), 1000)).filter((file) => file.to === email).at(-1);
  const href = /href="([^"]+\/password\/change\?[^"]+)"/.exec(mail?.html ?? '')?.[1];
  if (!href) throw new Error(`no invitation link for ${email} in the outbox`);
  return new URL(href.replace(/&amp;/g, '&'));
}

const choosePassword = (link: URL, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/password/change',
    payload: { token: link.searchParams.get('token'), email: link.searchParams.get('email'), password, password_confirmation: password },
  });

describe('the staff list', () => {
  it('lists staff with role, active state, last sign-in and two-factor sign-in; members are not in it', async () => {
    const worker = await createAccount(t.db, { role_id: 3, first_name: 'Siri', last_name: 'Saksbehandler' });
    const member = await createAccount(t.db);
    const before = await listed(worker.id);
    expect(before).toMatchObject({
      email: worker.email,
      role_id: 3,
      role_name: 'Saksbehandler',
      active: true,
      last_sign_in_at: null,
      two_factor: false,
      invited: false,
    });
    await login(t.app, worker.email, worker.password);
    const after = await listed(worker.id);
    expect(Date.now() - Date.parse(after!.last_sign_in_at!)).toBeLessThan(60_000);
    // Signing out takes the token away, not the time of the sign-in.
    await t.db.query('DELETE FROM access_tokens WHERE account_id = $1', [worker.id]);
    expect((await listed(worker.id))!.last_sign_in_at).toBe(after!.last_sign_in_at);
    await t.db.query("INSERT INTO two_factor (account_id, secret, enabled_at) VALUES ($1, 'hemmelig', now())", [worker.id]);
    expect((await listed(worker.id))!.two_factor).toBe(true);
    expect(await listed(member.id)).toBeUndefined();

    const one = await call(admin.token, 'GET', `/api/staff/${worker.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toMatchObject({ id: worker.id, role_name: 'Saksbehandler', extra_rights: [], removed_rights: [] });
    expect(one.json().data.rights).toContain('members.read');
    expect((await call(admin.token, 'GET', `/api/staff/${member.id}`)).statusCode).toBe(404);
  });

  it('is for administrators only: a case worker is refused, naming the right', async () => {
    const worker = await createAccount(t.db, { role_id: 3 });
    const token = await login(t.app, worker.email, worker.password);
    for (const [method, url] of [
      ['GET', '/api/staff/list'],
      ['POST', '/api/staff/invite'],
      ['POST', `/api/staff/${admin.id}/sessions/end`],
    ] as const) {
      const refused = await call(token, method, url, method === 'POST' ? {} : undefined);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().right).toBe('staff.administer');
    }
  });
});

describe('inviting a staff user', () => {
  it('makes the account, mails a link that sets the password, and the new case worker signs in with the role', async () => {
    const email = uniqueEmail('ny.saksbehandler');
    const made = await invite({ email, first_name: ' Nora ', last_name: 'Nyansatt', role_id: 3 });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().message).toBe(`Invitasjonen er sendt til ${email}.`);
    const staff = made.json().data;
    expect(staff).toMatchObject({
      email,
      first_name: 'Nora',
      last_name: 'Nyansatt',
      role_id: 3,
      role_name: 'Saksbehandler',
      active: true,
      invited: true,
      last_sign_in_at: null,
    });

    // No password signs them in before they choose one.
    expect((await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password: 'passord123' } })).statusCode).toBe(401);

    const link = await invitationLink(email);
    expect(link.pathname).toBe('/password/change');
    const [logged] = await t.db.query<{ subject: string; content: string; sender_id: number }>(
      'SELECT subject, content, sender_id FROM message_log WHERE email_to = $1',
      [email],
    );
    expect(logged.subject).toBe('Du er invitert til Musikerportalen');
    expect(logged.content).toContain('med rollen Saksbehandler');
    expect(logged.content).not.toContain(link.searchParams.get('token'));
    expect(logged.sender_id).toBe(admin.id);

    expect((await choosePassword(link, 'mittnyepassord')).statusCode).toBe(200);
    const token = await login(t.app, email, 'mittnyepassord');
    expect((await call(token, 'GET', '/api/user/rights')).json().data).toMatchObject({ role_id: 3, role_name: 'Saksbehandler' });
    expect((await call(token, 'GET', '/api/member/list')).statusCode).toBe(200);
    expect((await call(token, 'GET', '/api/invoice/list')).json().right).toBe('billing.read');
    // The link is used up.
    expect((await choosePassword(link, 'etannetpassord')).statusCode).toBe(422);

    expect(await listed(staff.id)).toMatchObject({ invited: false, active: true });
    expect((await listed(staff.id))!.last_sign_in_at).not.toBeNull();
    const [history] = await t.db.query<{ changed_by: number; changes: unknown }>('SELECT changed_by, changes FROM member_changes WHERE member_id = $1', [
      staff.id,
    ]);
    expect(history).toEqual({ changed_by: admin.id, changes: { invited: [null, email], role_id: [null, 3] } });
  });

  it('gives the link a week, not the hour a reset link has', async () => {
    const email = uniqueEmail('uke');
    expect((await invite({ email, first_name: 'Uke', last_name: 'Lenke', role_id: 4 })).statusCode).toBe(201);
    const link = await invitationLink(email);
    await t.db.query("UPDATE password_resets SET created_at = now() - interval '8 days' WHERE email = $1", [email]);
    expect((await choosePassword(link, 'mittnyepassord')).statusCode).toBe(422);
    await t.db.query("UPDATE password_resets SET created_at = now() - interval '6 days' WHERE email = $1", [email]);
    expect((await choosePassword(link, 'mittnyepassord')).statusCode).toBe(200);
    expect(await login(t.app, email, 'mittnyepassord')).toBeTruthy();
  });

  it('refuses in Norwegian, making nothing: a member’s e-mail, a staff user’s, an unknown role, a bad address, a blank name', async () => {
    const member = await createAccount(t.db);
    const before = await accountsNow();
    const cases: [object, Record<string, string[]>][] = [
      [
        { email: member.email, first_name: 'A', last_name: 'B', role_id: 3 },
        { email: ['E-postadressen tilhører et medlem. En ansatt må ha sin egen e-postadresse.'] },
      ],
      [{ email: admin.email.toUpperCase(), first_name: 'A', last_name: 'B', role_id: 3 }, { email: ['E-postadressen tilhører allerede en ansatt.'] }],
      [{ email: uniqueEmail(), first_name: 'A', last_name: 'B', role_id: 99 }, { role_id: ['Rollen finnes ikke.'] }],
      [{ email: 'ikke-en-adresse', first_name: 'A', last_name: 'B', role_id: 3 }, { email: ['Ugyldig e-postadresse'] }],
      [{ email: uniqueEmail(), first_name: '  ', last_name: 'B', role_id: 3 }, { first_name: ['Feltet må fylles ut'] }],
    ];
    for (const [payload, errors] of cases) {
      const refused = await invite(payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(422);
      expect(refused.json().errors).toEqual(errors);
    }
    const deactivated = await createAccount(t.db, { role_id: 3 });
    await t.db.query('UPDATE accounts SET deactivated_at = now() WHERE id = $1', [deactivated.id]);
    expect((await invite({ email: deactivated.email, first_name: 'A', last_name: 'B', role_id: 3 })).json().errors).toEqual({
      email: ['E-postadressen tilhører en deaktivert ansatt. Aktiver den ansatte i stedet.'],
    });
    expect(await accountsNow()).toBe(before + 1);
  });
});

describe('ending a staff user’s sign-ins', () => {
  it('ends every one at once, recorded with who did it; they may sign in again', async () => {
    const worker = await createAccount(t.db, { role_id: 3 });
    const tokens = [await login(t.app, worker.email, worker.password), await login(t.app, worker.email, worker.password)];
    const ended = await call(admin.token, 'POST', `/api/staff/${worker.id}/sessions/end`);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toEqual({ message: '2 innlogginger er avsluttet.', data: { ended: 2 } });
    for (const token of tokens) expect((await call(token, 'GET', '/api/member/list')).statusCode).toBe(401);
    const [history] = await t.db.query<{ changed_by: number; changes: unknown }>(
      'SELECT changed_by, changes FROM member_changes WHERE member_id = $1 ORDER BY id DESC LIMIT 1',
      [worker.id],
    );
    expect(history).toEqual({ changed_by: admin.id, changes: { sessions: [2, 0] } });
    expect(await login(t.app, worker.email, worker.password)).toBeTruthy();
  });

  it('refuses one’s own (the profile ends those) and anyone who is not staff', async () => {
    const own = await call(admin.token, 'POST', `/api/staff/${admin.id}/sessions/end`);
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe('Dine egne innlogginger avslutter du i profilen din (Sikkerhet og innlogging).');
    const member = await createAccount(t.db);
    expect((await call(admin.token, 'POST', `/api/staff/${member.id}/sessions/end`)).statusCode).toBe(404);
    expect((await call(admin.token, 'GET', '/api/member/list')).statusCode).toBe(200);
  });
});

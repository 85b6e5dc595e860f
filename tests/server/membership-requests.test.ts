/** Membership applications: accept, reject, reopen, the declined list, and two staff acting at once. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createAccount, login, type TestContext } from './helpers.ts';

let t: TestContext;
let staff: { id: number; token: string };
let member: { id: number; token: string };

beforeAll(async () => {
  t = await buildTestApp();
  const staffAccount = await createAccount(t.db, { role_id: 5, first_name: 'Ingrid', last_name: 'Berg' });
  staff = { id: staffAccount.id, token: await login(t.app, staffAccount.email, staffAccount.password) };
  const memberAccount = await createAccount(t.db, { role_id: 2, remote_id: 90001 });
  member = { id: memberAccount.id, token: await login(t.app, memberAccount.email, memberAccount.password) };
});

afterAll(async () => {
  await t?.close();
});

/** An applicant (role 1, registration done) with a pending membership; answers the subscription id. */
async function applicant(input: { first_name?: string; last_name?: string; duplicateOf?: number } = {}) {
  const account = await createAccount(t.db, { role_id: 1, first_name: input.first_name ?? 'Åse', last_name: input.last_name ?? 'Ødegård' });
  if (input.duplicateOf) await t.db.query('UPDATE accounts SET possible_duplicate_of = $2 WHERE id = $1', [account.id, input.duplicateOf]);
  const [row] = await t.db.query<{ id: number }>(
    `INSERT INTO subscriptions (member_id, product_id, kind, state, value)
     SELECT $1, id, 'membership', 'pending', price FROM products WHERE kind = 'membership' ORDER BY id LIMIT 1 RETURNING id`,
    [account.id],
  );
  return { memberId: account.id, email: account.email, subscriptionId: row.id };
}

const post = (url: string, token = staff.token, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
const get = (url: string, token = staff.token) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

const accountOf = async (id: number) =>
  (
    await t.db.query<{
      role_id: number;
      remote_id: number | null;
      status: string;
      reason_for_rejection: string | null;
      rejected_by: number | null;
      rejected_at: Date | null;
      membership_start_date: string | null;
    }>(
      "SELECT role_id, remote_id, status, reason_for_rejection, rejected_by, rejected_at, to_char(membership_start_date, 'YYYY-MM-DD') AS membership_start_date FROM accounts WHERE id = $1",
      [id],
    )
  )[0];

/** The member's mails other than their invoice's (billing-invoice-pdf.test.ts has that one). */
const mailsTo = (memberId: number) =>
  t.db.query<{ subject: string; content: string; sender_id: number | null }>(
    "SELECT subject, content, sender_id FROM message_log WHERE member_id = $1 AND channel = 'email' AND invoice_id IS NULL ORDER BY id",
    [memberId],
  );

const changesOf = async (memberId: number) =>
  await t.db.query<{ changes: Record<string, [unknown, unknown]>; changed_by: number }>(
    'SELECT changes, changed_by FROM member_changes WHERE member_id = $1 ORDER BY id',
    [memberId],
  );

describe('accepting an application', () => {
  it('makes the applicant a member with the next member number, starts the membership and sends the welcome mail', async () => {
    const request = await applicant();
    const response = await post(`/api/subscription/accept/${request.subscriptionId}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.state).toBe('active');

    const account = await accountOf(request.memberId);
    expect(account.role_id).toBe(2);
    expect(account.remote_id).toBeGreaterThan(10000);
    expect(account.status).toBe('1');
    expect(account.membership_start_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const [subscription] = await t.db.query<{ subscription_start: string | null; validated_by: number }>(
      "SELECT to_char(subscription_start, 'YYYY-MM-DD') AS subscription_start, validated_by FROM subscriptions WHERE id = $1",
      [request.subscriptionId],
    );
    expect(subscription).toEqual({ subscription_start: account.membership_start_date, validated_by: staff.id });

    const mails = await mailsTo(request.memberId);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Velkommen som medlem!');
    expect(mails[0].content).toContain('Hei Åse,');
    expect(mails[0].sender_id).toBe(staff.id);

    const [change] = await changesOf(request.memberId);
    expect(change.changed_by).toBe(staff.id);
    expect(change.changes.role_id).toEqual([1, 2]);
    expect(change.changes.remote_id).toEqual([null, account.remote_id]);

    const members = await get(`/api/member/list?filter[name]=${account.remote_id}`);
    expect(members.json().data.map((row: { id: number }) => row.id)).toContain(request.memberId);
    const queue = await get('/api/subscription/list/pending-memberships?per_page=100');
    expect(queue.json().data.map((row: { id: number }) => row.id)).not.toContain(request.subscriptionId);
  });

  it('a second accept answers 409 with a Norwegian message and changes nothing more', async () => {
    const request = await applicant();
    expect((await post(`/api/subscription/accept/${request.subscriptionId}`)).statusCode).toBe(200);
    const number = (await accountOf(request.memberId)).remote_id;
    const again = await post(`/api/subscription/accept/${request.subscriptionId}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/allerede behandlet/);
    expect((await accountOf(request.memberId)).remote_id).toBe(number);
    expect(await mailsTo(request.memberId)).toHaveLength(1);
  });

  it('skips a member number staff already gave someone by hand', async () => {
    const [{ next }] = await t.db.query<{ next: number }>(
      'SELECT (CASE WHEN is_called THEN last_value + 1 ELSE last_value END)::int AS next FROM member_number_seq',
    );
    const typed = await createAccount(t.db, { role_id: 2 });
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/member/${typed.id}`,
      headers: bearer(staff.token),
      payload: { remote_id: next },
    });
    expect(patch.statusCode).toBe(200);
    const request = await applicant();
    expect((await post(`/api/subscription/accept/${request.subscriptionId}`)).statusCode).toBe(200);
    expect((await accountOf(request.memberId)).remote_id).toBe(next + 1);
  });
});

describe('rejecting an application', () => {
  it('without a reason answers 422 with the field message and leaves it pending', async () => {
    const request = await applicant();
    for (const reason of ['', '<p></p>', '<p>  </p>']) {
      const response = await post(`/api/subscription/reject/${request.subscriptionId}`, staff.token, { reason, send_email: true });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ reason: ['Påkrevd felt'] });
    }
    expect((await accountOf(request.memberId)).status).toBe('1');
    expect(await mailsTo(request.memberId)).toHaveLength(0);
  });

  it('sets status 2 with the sanitised reason, time and staff user, mails the reason and lists it as declined with SENDT', async () => {
    const request = await applicant({ first_name: 'Bjørn', last_name: 'Ås' });
    const reason = '<p>Hei Bjørn Ås, vi kan ikke godkjenne søknaden.</p><script>alert(1)</script>';
    const response = await post(`/api/subscription/reject/${request.subscriptionId}`, staff.token, { reason, send_email: true });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.state).toBe('rejected');

    const account = await accountOf(request.memberId);
    expect(account.status).toBe('2');
    expect(account.reason_for_rejection).toBe('<p>Hei Bjørn Ås, vi kan ikke godkjenne søknaden.</p>');
    expect(account.rejected_by).toBe(staff.id);
    expect(account.rejected_at).not.toBeNull();
    expect(account.remote_id).toBeNull();

    const mails = await mailsTo(request.memberId);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Søknaden din om medlemskap');
    expect(mails[0].content).toBe('<p>Hei Bjørn Ås, vi kan ikke godkjenne søknaden.</p>');
    const [change] = await changesOf(request.memberId);
    expect(change.changes.status).toEqual(['1', '2']);

    const declined = await get('/api/subscription/list/rejected?filter[name]=Bjørn Ås');
    expect(declined.statusCode).toBe(200);
    const [row] = declined.json().data;
    expect(row).toMatchObject({
      id: request.subscriptionId,
      member_status: '2',
      reason_for_rejection: '<p>Hei Bjørn Ås, vi kan ikke godkjenne søknaden.</p>',
      rejected_by: { id: staff.id, first_name: 'Ingrid', last_name: 'Berg' },
    });
    expect(row.mail_sent_at).not.toBeNull();
  });

  it('with send_email off sends nothing and SENDT stays empty', async () => {
    const request = await applicant({ first_name: 'Ulrik', last_name: 'Utenpost' });
    const response = await post(`/api/subscription/reject/${request.subscriptionId}`, staff.token, { reason: '<p>Nei</p>', send_email: false });
    expect(response.statusCode).toBe(200);
    expect(await mailsTo(request.memberId)).toHaveLength(0);
    const [row] = (await get('/api/subscription/list/rejected?filter[name]=Ulrik Utenpost')).json().data;
    expect(row.mail_sent_at).toBeNull();
  });

  it('a rejected one cannot be rejected again (409), but can be reopened, and accepted late', async () => {
    const request = await applicant({ first_name: 'Lise', last_name: 'Sen' });
    await post(`/api/subscription/reject/${request.subscriptionId}`, staff.token, { reason: '<p>Nei</p>', send_email: false });
    expect((await post(`/api/subscription/reject/${request.subscriptionId}`, staff.token, { reason: '<p>Nei</p>', send_email: false })).statusCode).toBe(409);

    const reopened = await post(`/api/subscription/reopen/${request.subscriptionId}`);
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json().data.state).toBe('pending');
    const account = await accountOf(request.memberId);
    expect(account).toMatchObject({ status: '1', reason_for_rejection: null, rejected_by: null });
    const queue = await get('/api/subscription/list/pending-memberships?filter[name]=Lise Sen');
    expect(queue.json().data.map((row: { id: number }) => row.id)).toEqual([request.subscriptionId]);
    expect((await get('/api/subscription/list/rejected?filter[name]=Lise Sen')).json().data).toEqual([]);

    await post(`/api/subscription/reject/${request.subscriptionId}`, staff.token, { reason: '<p>Nei</p>', send_email: false });
    const fromQueue = await post(`/api/subscription/accept/${request.subscriptionId}`);
    expect(fromQueue.statusCode).toBe(409);
    const late = await post(`/api/subscription/accept/${request.subscriptionId}?late=true`);
    expect(late.statusCode).toBe(200);
    expect(await accountOf(request.memberId)).toMatchObject({ role_id: 2, status: '1', reason_for_rejection: null });
  });
});

describe('the request page and the lists', () => {
  it('shows one application with its rejection, and answers 404 for another kind or none', async () => {
    const request = await applicant({ first_name: 'Side', last_name: 'Visning' });
    await post(`/api/subscription/reject/${request.subscriptionId}`, staff.token, { reason: '<p>Grunn</p>', send_email: true });
    const page = await get(`/api/subscription/membership-request/${request.subscriptionId}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().data).toMatchObject({ state: 'rejected', reason_for_rejection: '<p>Grunn</p>', member: { first_name: 'Side' } });
    expect(page.json().data.mail_sent_at).not.toBeNull();
    expect((await get('/api/subscription/membership-request/999999')).statusCode).toBe(404);
  });

  it('VARSEL names the member the applicant probably duplicates', async () => {
    const original = await createAccount(t.db, { role_id: 2, remote_id: 90002, first_name: 'Dobbel', last_name: 'Gjenganger' });
    const request = await applicant({ first_name: 'Dobbel', last_name: 'Gjenganger', duplicateOf: original.id });
    const queue = await get('/api/subscription/list/pending-memberships?filter[name]=Dobbel Gjenganger');
    const row = queue.json().data.find((item: { id: number }) => item.id === request.subscriptionId);
    expect(row.possible_duplicate).toEqual({ id: original.id, remote_id: 90002, first_name: 'Dobbel', last_name: 'Gjenganger' });
    const csv = await get('/api/subscription/list/pending-memberships/export?filter[name]=Dobbel Gjenganger');
    expect(csv.statusCode).toBe(200);
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csv.body).toContain('Mulig duplikat av Dobbel Gjenganger');
    expect(csv.body.split('\n')[0]).toContain(';');
  });
});

describe('access', () => {
  it('a member calling accept, reject, reopen or the lists gets 403', async () => {
    const request = await applicant();
    for (const url of ['accept', 'reopen']) {
      expect((await post(`/api/subscription/${url}/${request.subscriptionId}`, member.token)).statusCode).toBe(403);
    }
    expect((await post(`/api/subscription/reject/${request.subscriptionId}`, member.token, { reason: '<p>x</p>', send_email: false })).statusCode).toBe(403);
    expect((await get('/api/subscription/list/rejected', member.token)).statusCode).toBe(403);
    expect((await get(`/api/subscription/membership-request/${request.subscriptionId}`, member.token)).statusCode).toBe(403);
    expect((await accountOf(request.memberId)).role_id).toBe(1);
  });
});

describe('two staff acting at once', () => {
  it('concurrent accepts of one request: one wins, the other gets 409, and member numbers are distinct with no gap', async () => {
    const first = await applicant();
    const second = await applicant();
    const responses = await Promise.all([
      post(`/api/subscription/accept/${first.subscriptionId}`),
      post(`/api/subscription/accept/${first.subscriptionId}`),
      post(`/api/subscription/accept/${second.subscriptionId}`),
      post(`/api/subscription/accept/${second.subscriptionId}`),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 200, 409, 409]);
    const numbers = [(await accountOf(first.memberId)).remote_id!, (await accountOf(second.memberId)).remote_id!];
    expect(new Set(numbers).size).toBe(2);
    expect(Math.abs(numbers[0] - numbers[1])).toBe(1);
    expect(await mailsTo(first.memberId)).toHaveLength(1);
    expect(await mailsTo(second.memberId)).toHaveLength(1);

    // The next accept takes the number right after: the refused ones used none.
    const third = await applicant();
    expect((await post(`/api/subscription/accept/${third.subscriptionId}`)).statusCode).toBe(200);
    expect((await accountOf(third.memberId)).remote_id).toBe(Math.max(...numbers) + 1);
  });

  it('one accepting and one rejecting at once: exactly one change is made', async () => {
    const request = await applicant();
    const [accepted, rejected] = await Promise.all([
      post(`/api/subscription/accept/${request.subscriptionId}`),
      post(`/api/subscription/reject/${request.subscriptionId}`, staff.token, { reason: '<p>Nei</p>', send_email: true }),
    ]);
    expect([accepted.statusCode, rejected.statusCode].sort()).toEqual([200, 409]);
    const account = await accountOf(request.memberId);
    const mails = await mailsTo(request.memberId);
    expect(mails).toHaveLength(1);
    if (accepted.statusCode === 200) {
      expect(account).toMatchObject({ role_id: 2, status: '1' });
      expect(mails[0].subject).toBe('Velkommen som medlem!');
    } else {
      expect(account).toMatchObject({ role_id: 1, status: '2', remote_id: null });
      expect(mails[0].subject).toBe('Søknaden din om medlemskap');
    }
  });
});

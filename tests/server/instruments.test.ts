import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestContext } from './helpers.ts';
import { GUITAR, signedIn, signedInStaff } from './factories-member-admin.ts';
import { todayInOslo } from '../../server/domain/shared/oslo-date.ts';

let t: TestContext;
let staff: Awaited<ReturnType<typeof signedInStaff>>;
beforeAll(async () => {
  t = await buildTestApp();
  staff = await signedInStaff(t.app, t.db);
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

const member = () => signedIn(t.app, t.db, { role_id: 2, first_name: 'Mia', last_name: 'Musiker' });

const guitar = (memberId: number, extra: object = {}) => ({
  member_id: memberId,
  instrument_category: GUITAR,
  make: 'Gibson',
  model: 'Les Paul',
  serial_number: 'GB1',
  value: 20000,
  ...extra,
});

async function create(token: string, body: object) {
  const response = await call('POST', '/api/instrument/new', token, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { id: number; state: string; status: number; value: number; insurance_start: string };
}

async function insurance(memberId: number) {
  const [subscription] = await t.db.query<{ id: number; state: string }>(
    "SELECT id, state FROM subscriptions WHERE member_id = $1 AND kind = 'instrument' AND state = 'active'",
    [memberId],
  );
  const lines = subscription
    ? await t.db.query<{ value: number; instrument_id: number }>(
        'SELECT value, instrument_id FROM subscription_lines WHERE subscription_id = $1 ORDER BY instrument_id',
        [subscription.id],
      )
    : [];
  const [{ sum }] = await t.db.query<{ sum: number }>("SELECT coalesce(sum(value), 0)::int AS sum FROM instruments WHERE member_id = $1 AND state = 'active'", [
    memberId,
  ]);
  return { subscription, lines, total: lines.reduce((total, line) => total + line.value, 0), activeSum: sum };
}

describe('a member asks, staff decide', () => {
  it("a member's new instrument waits, starts today, and ignores the status and dates they send", async () => {
    const mia = await member();
    const created = await create(mia.token, guitar(mia.id, { status: 1, insurance_start: '2020-01-01', insurance_end: '2020-02-01' }));
    expect(created).toMatchObject({ state: 'requested', status: 0, insurance_start: todayInOslo() });
    const lists = (await call('GET', `/api/member/${mia.id}/instrument`, mia.token)).json().data;
    expect(lists.requested.map((row: { id: number }) => row.id)).toEqual([created.id]);
    expect(lists.active).toEqual([]);
    const waiting = (await call('GET', `/api/instrument/list?filter[status]=0&filter[member_id]=${mia.id}`, staff.token)).json();
    expect(waiting.total).toBe(1);
    expect((await insurance(mia.id)).subscription).toBeUndefined();
  });

  it('accepting the first instrument starts the insurance with its line; a second accept is a 409', async () => {
    const mia = await member();
    const created = await create(mia.token, guitar(mia.id));
    const accepted = await call('POST', `/api/instrument/accept/${created.id}`, staff.token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data[0]).toMatchObject({ state: 'active', status: 1 });
    const after = await insurance(mia.id);
    expect(after.subscription?.state).toBe('active');
    expect(after.lines).toEqual([{ value: 20000, instrument_id: created.id }]);
    const again = await call('POST', `/api/instrument/accept/${created.id}`, staff.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/allerede behandlet/);
  });

  it("a member's change to an insured instrument waits as requested_change, and a PATCH of status changes nothing", async () => {
    const mia = await member();
    const created = await create(staff.token, guitar(mia.id, { status: 1 }));
    const patched = await call('PATCH', `/api/instrument/${created.id}`, mia.token, { value: 25000, status: 3, insurance_end: '2030-01-01' });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().data).toMatchObject({ state: 'active', status: 1, value: 20000, insurance_end: null, requested_change: { value: 25000 } });
    expect((await insurance(mia.id)).total).toBe(20000);
    const lists = (await call('GET', `/api/member/${mia.id}/instrument`, mia.token)).json().data;
    expect(lists.requested.map((row: { id: number }) => row.id)).toEqual([created.id]);

    const accepted = await call('POST', '/api/instrument/accept', staff.token, { member_id: mia.id, instruments: [created.id] });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data[0]).toMatchObject({ value: 25000, requested_change: null });
    const after = await insurance(mia.id);
    expect(after.lines).toEqual([{ value: 25000, instrument_id: created.id }]);
    const one = (await call('GET', `/api/instrument/${created.id}`, mia.token)).json().data;
    const values = one.iterations.map((iteration: { snapshot: { value: number } }) => iteration.snapshot.value);
    expect(values.at(-1)).toBe(25000);
    expect(values).toContain(20000);
  });

  it("rejecting a member's delete keeps the instrument insured and mails the reason with template 2", async () => {
    const mia = await member();
    const created = await create(staff.token, guitar(mia.id, { status: 1 }));
    const deleted = await call('DELETE', `/api/instrument/${created.id}`, mia.token);
    expect(deleted.json().data).toMatchObject({ state: 'active', requested_change: { delete: true } });
    const rejected = await call('POST', `/api/instrument/reject/${created.id}`, staff.token, { reason: '<p>Vi trenger kvittering.</p>', send_email: true });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().data[0]).toMatchObject({ state: 'active', requested_change: null });
    const mails = await t.db.query<{ subject: string; content: string }>('SELECT subject, content FROM message_log WHERE member_id = $1', [mia.id]);
    expect(mails).toEqual([expect.objectContaining({ subject: 'Instrumentforsikringen din', content: expect.stringContaining('Vi trenger kvittering.') })]);
    expect((await insurance(mia.id)).total).toBe(20000);
  });

  it('several of one member are rejected together with one mail; a blank reason is refused', async () => {
    const mia = await member();
    const ids = [(await create(mia.token, guitar(mia.id))).id, (await create(mia.token, guitar(mia.id, { make: 'Fender' }))).id];
    const blank = await call('POST', '/api/instrument/reject', staff.token, { member_id: mia.id, instruments: ids, reason: '<p></p>', send_email: true });
    expect(blank.statusCode).toBe(422);
    const rejected = await call('POST', '/api/instrument/reject', staff.token, { member_id: mia.id, instruments: ids, reason: '<p>Nei</p>', send_email: true });
    expect(rejected.json().data.map((row: { state: string }) => row.state)).toEqual(['rejected', 'rejected']);
    const [{ count }] = await t.db.query<{ count: number }>('SELECT count(*)::int AS count FROM message_log WHERE member_id = $1', [mia.id]);
    expect(count).toBe(1);
    const patch = await call('PATCH', `/api/instrument/${ids[0]}`, mia.token, { value: 1 });
    expect(patch.statusCode).toBe(409);
  });

  it('a batch with one handled instrument changes nothing (409)', async () => {
    const mia = await member();
    const first = await create(mia.token, guitar(mia.id));
    const second = await create(mia.token, guitar(mia.id));
    await call('POST', `/api/instrument/accept/${first.id}`, staff.token);
    const batch = await call('POST', '/api/instrument/accept', staff.token, { member_id: mia.id, instruments: [first.id, second.id] });
    expect(batch.statusCode).toBe(409);
    const [row] = await t.db.query<{ state: string }>('SELECT state FROM instruments WHERE id = $1', [second.id]);
    expect(row.state).toBe('requested');
  });
});

describe('staff changes apply at once and keep the lines equal to the active values', () => {
  it('adds, edits and deletes with the total following', async () => {
    const mia = await member();
    const a = await create(staff.token, guitar(mia.id, { status: 1, insurance_start: '2026-01-05' }));
    const b = await create(staff.token, guitar(mia.id, { status: 1, value: 5000 }));
    expect(a).toMatchObject({ state: 'active', insurance_start: '2026-01-05' });
    expect((await insurance(mia.id)).total).toBe(25000);
    const edited = await call('PATCH', `/api/instrument/${b.id}`, staff.token, { value: 7000, make: '  Yamaha ' });
    expect(edited.json().data).toMatchObject({ value: 7000, make: 'Yamaha' });
    let now = await insurance(mia.id);
    expect([now.total, now.activeSum]).toEqual([27000, 27000]);
    const removed = await call('DELETE', `/api/instrument/${a.id}`, staff.token);
    expect(removed.json().data).toMatchObject({ state: 'deleted', status: 3, insurance_end: todayInOslo() });
    now = await insurance(mia.id);
    expect(now.lines).toEqual([{ value: 7000, instrument_id: b.id }]);
    const lists = (await call('GET', `/api/member/${mia.id}/instrument`, staff.token)).json().data;
    expect(lists.deleted.map((row: { id: number }) => row.id)).toEqual([a.id]);
    expect((await call('POST', `/api/instrument/accept/${a.id}`, staff.token)).statusCode).toBe(409);
    // The access log names the member whose instrument staff deleted, and the staff user who did.
    await t.services.accessLog.flush();
    const entries = await t.db.query<{ actor_id: number; member_id: number }>(
      "SELECT actor_id, member_id FROM access_log WHERE detail = 'Instrument slettet' AND member_id IN ($1, $2)",
      [mia.id, staff.id],
    );
    expect(entries).toEqual([{ actor_id: staff.id, member_id: mia.id }]);
  });

  it('refuses a blank make or model, an end before the start and an unknown type with Norwegian messages', async () => {
    const mia = await member();
    const blank = await call('POST', '/api/instrument/new', staff.token, guitar(mia.id, { make: '   ' }));
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toEqual({ make: ['Påkrevd felt'] });
    // Each field on its own: a rule that checked only one of them would let the other through.
    const blankModel = await call('POST', '/api/instrument/new', staff.token, guitar(mia.id, { model: ' ' }));
    expect(blankModel.statusCode).toBe(422);
    expect(blankModel.json().errors).toEqual({ model: ['Påkrevd felt'] });
    const backwards = await call('POST', '/api/instrument/new', staff.token, guitar(mia.id, { insurance_start: '2026-05-01', insurance_end: '2026-04-01' }));
    expect(backwards.json().errors.insurance_end).toEqual(['Stoppdato kan ikke være før startdato']);
    const vocal = await call('POST', '/api/instrument/new', staff.token, guitar(mia.id, { instrument_category: 7 }));
    expect(vocal.json().errors.instrument_category).toEqual(['Ugyldig instrumenttype']);
  });

  it('exports the active instruments as CSV for Excel', async () => {
    const mia = await member();
    await create(staff.token, guitar(mia.id, { status: 1, insurance_start: '2026-02-03' }));
    const response = await call('GET', `/api/member/${mia.id}/instrument/export?filter[status]=1`, staff.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('instrument_liste.csv');
    expect(response.body.startsWith('\uFEFFType instrument;Fabrikant;Modell;Serienummer;Verdi;Oppr. dato;Stopp dato\r\n')).toBe(true);
    expect(response.body).toContain('Gitar;Gibson;Les Paul;GB1;20000;03-02-2026;\r\n');
  });
});

describe('member A and member B', () => {
  it("A can neither read, change, delete, accept, export nor import B's instruments", async () => {
    const a = await member();
    const b = await member();
    const theirs = await create(b.token, guitar(b.id));
    const refused = [
      await call('GET', `/api/member/${b.id}/instrument`, a.token),
      await call('GET', `/api/instrument/${theirs.id}`, a.token),
      await call('PATCH', `/api/instrument/${theirs.id}`, a.token, { value: 1 }),
      await call('DELETE', `/api/instrument/${theirs.id}`, a.token),
      await call('POST', '/api/instrument/new', a.token, guitar(b.id)),
      await call('GET', `/api/member/${b.id}/instrument/export`, a.token),
      await call('POST', `/api/member/${b.id}/instrument/import`, a.token),
    ];
    expect(refused.map((response) => response.statusCode)).toEqual([404, 404, 404, 404, 404, 404, 404]);
    const staffOnly = [
      await call('POST', `/api/instrument/accept/${theirs.id}`, a.token),
      await call('POST', '/api/instrument/accept', a.token, { member_id: b.id, instruments: [theirs.id] }),
      await call('POST', `/api/instrument/reject/${theirs.id}`, a.token, { reason: '<p>x</p>', send_email: false }),
      await call('GET', `/api/instrument/list?filter[member_id]=${b.id}`, a.token),
    ];
    expect(staffOnly.map((response) => response.statusCode)).toEqual([403, 403, 403, 403]);
    const [row] = await t.db.query<{ state: string; value: number }>('SELECT state, value FROM instruments WHERE id = $1', [theirs.id]);
    expect(row).toEqual({ state: 'requested', value: 20000 });
  });

  it("A cannot move their own instrument to B, and staff cannot accept B's instrument under A's id", async () => {
    const a = await member();
    const b = await member();
    const mine = await create(a.token, guitar(a.id));
    const moved = await call('PATCH', `/api/instrument/${mine.id}`, a.token, { member_id: b.id });
    expect(moved.statusCode).toBe(422);
    const theirs = await create(b.token, guitar(b.id));
    const mixed = await call('POST', '/api/instrument/accept', staff.token, { member_id: a.id, instruments: [mine.id, theirs.id] });
    expect(mixed.statusCode).toBe(404);
  });
});

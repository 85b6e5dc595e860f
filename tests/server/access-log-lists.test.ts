/**
 * The access log records what an answer showed, not how its filter was spelled: every staff route
 * that answers with members' data, walked with the spellings that once left no entry
 * (`filter[member_id]=7,999999`, ` 7` with a space, no filter, two ids, a search by name, a
 * template filled in for a member), counting the entries each request wrote.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, uniqueEmail, type TestContext } from './helpers.ts';
import { GUITAR, PRODUCTS, createInstrument, createSubscription, logMessage, signedIn, signedInStaff } from './factories-member-admin.ts';
import { snapshotInstrument, snapshotSubscription } from '../../server/domain/insurance/iterations.ts';

let t: TestContext;
let staff: Awaited<ReturnType<typeof signedInStaff>>;
let a: Awaited<ReturnType<typeof signedIn>>;
let b: Awaited<ReturnType<typeof signedIn>>;

/** A member with a message, a waiting instrument (with its version) and a travel insurance (with its version). */
async function memberWithData(first: string) {
  const member = await signedIn(t.app, t.db, { first_name: first, last_name: 'Tilgangsen', email: uniqueEmail(first.toLowerCase()) });
  await logMessage(t.db, { member_id: member.id, subject: `Til ${first}`, email_to: member.email });
  const instrument = await createInstrument(t.db, { member_id: member.id, instrument_category: GUITAR, state: 'requested' });
  await snapshotInstrument(t.db, instrument, member.id);
  const travel = await createSubscription(t.db, { member_id: member.id, product_id: PRODUCTS.travel, kind: 'travel', state: 'pending' });
  await snapshotSubscription(t.db, travel, member.id);
  return member;
}

beforeAll(async () => {
  t = await buildTestApp();
  staff = await signedInStaff(t.app, t.db, { first_name: 'Lise', last_name: 'Lesen' });
  a = await memberWithData('Arnfinn');
  b = await memberWithData('Bergljot');
});
afterAll(async () => t.close());

interface Entry {
  kind: string;
  detail: string;
  member_id: number | null;
  member_ids: number[] | null;
  row_count: number | null;
}

let seen = 0;
/** The entries the staff user's requests wrote since the last call (each request's arrive after its answer). */
async function newEntries(): Promise<Entry[]> {
  await t.services.accessLog.flush();
  const rows = await t.db.query<Entry & { id: string }>(
    'SELECT id, kind, detail, member_id, member_ids, row_count FROM access_log WHERE actor_id = $1 AND id > $2 ORDER BY id',
    [staff.id, seen],
  );
  if (rows.length > 0) seen = Number(rows.at(-1)!.id);
  return rows.map(({ id: _id, ...entry }) => entry);
}

/** Sends a staff request and answers the entries it wrote (waiting for the first to arrive). */
async function entriesOf(url: string, options: { method?: 'GET' | 'POST'; payload?: object } = {}) {
  await newEntries();
  const response = await t.app.inject({ method: options.method ?? 'GET', url, headers: bearer(staff.token), payload: options.payload });
  expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(300);
  const entries: Entry[] = [];
  await expect
    .poll(
      async () => {
        entries.push(...(await newEntries()));
        return entries.length;
      },
      { timeout: 5_000 },
    )
    .toBeGreaterThan(0);
  return { entries, body: response.headers['content-type']?.toString().includes('json') ? response.json() : response.body };
}

const sorted = (ids: Iterable<number>) => [...new Set(ids)].sort((x, y) => x - y);

describe('the access log of list answers', () => {
  it('logs the one member a filtered list showed, however the filter was spelled', async () => {
    const one = (detail: string, kind = 'read') => [{ kind, detail, member_id: a.id, member_ids: null, row_count: null }];
    for (const filter of [`${a.id},999999`, ` ${a.id}`, `${a.id} `]) {
      const query = `filter[member_id]=${encodeURIComponent(filter)}`;
      expect((await entriesOf(`/api/emails/logs/list?${query}`)).entries).toEqual(one('Meldinger', 'messages'));
      expect((await entriesOf(`/api/instrument/list?${query}`)).entries).toEqual(one('Instrumenter'));
      expect((await entriesOf(`/api/subscription/list?${query}`)).entries).toEqual(one('Abonnementer'));
      expect((await entriesOf(`/api/instrument/logs/list?${query}`)).entries).toEqual(one('Instrumentlogg'));
      expect((await entriesOf(`/api/subscription/logs/list?${query}`)).entries).toEqual(one('Reiseforsikringslogg'));
    }
    expect((await entriesOf('/api/member/list?filter[name]=Arnfinn')).entries).toEqual(one('Medlemsoversikten'));
    expect((await entriesOf(`/api/emails/template/1/preview?member_id=${a.id}`)).entries).toEqual(one('E-postmal fylt ut for medlemmet'));
    expect((await entriesOf('/api/emails/template/1/test', { method: 'POST', payload: { member_id: a.id } })).entries).toEqual(
      one('E-postmal sendt som test, fylt ut for medlemmet'),
    );
  });

  it('logs a list of several members as one entry naming the list, how many and which', async () => {
    const routes = [
      [`/api/emails/logs/list?filter[member_id]=${a.id},${b.id}`, 'messages', 'Meldingsloggen'],
      ['/api/emails/logs/list', 'messages', 'Meldingsloggen'],
      [`/api/instrument/list?filter[member_id]=${a.id},${b.id}`, 'read', 'Instrumentlisten'],
      ['/api/instrument/list?filter[status]=0', 'read', 'Instrumentlisten'],
      [`/api/subscription/list?filter[member_id]=${a.id},${b.id}`, 'read', 'Abonnementslisten'],
      ['/api/subscription/list', 'read', 'Abonnementslisten'],
      [`/api/instrument/logs/list?filter[member_id]=${a.id},${b.id}`, 'read', 'Instrumentlogg'],
      [`/api/subscription/logs/list?filter[member_id]=${a.id},${b.id}`, 'read', 'Reiseforsikringslogg'],
      ['/api/member/list?filter[name]=Tilgangsen', 'read', 'Medlemsoversikten'],
      ['/api/member/list', 'read', 'Medlemsoversikten'],
      ['/api/subscription/list/pending-instruments', 'read', 'Medlemmer med instrumenter som venter på behandling'],
      ['/api/subscription/list/pending-travel', 'read', 'Bestillinger av reiseforsikring som venter'],
    ] as const;
    for (const [url, kind, detail] of routes) {
      const { entries, body } = await entriesOf(url);
      // The members are those in the answer's rows, as many as it held.
      const rows = body.data as { id: number; member_id?: number }[];
      const shown = sorted(rows.map((row) => row.member_id ?? row.id));
      expect(shown, url).toEqual(expect.arrayContaining([a.id, b.id]));
      expect(entries, url).toEqual([{ kind, detail, member_id: null, member_ids: shown, row_count: shown.length }]);
    }
  });

  it('names the members of a list export in its one entry, and logs nothing for an answer without members', async () => {
    const { entries, body } = await entriesOf('/api/member/list/export?filter[name]=Tilgangsen');
    expect((body as string).trim().split('\r\n')).toHaveLength(3);
    expect(entries).toEqual([{ kind: 'export', detail: 'Medlemsoversikten (CSV)', member_id: null, member_ids: [a.id, b.id], row_count: 2 }]);
    // The entry names the format that was sent (issue 41, point 20).
    const xlsx = await entriesOf('/api/member/list/export?filter[name]=Tilgangsen&format=xlsx');
    expect(xlsx.entries).toEqual([{ kind: 'export', detail: 'Medlemsoversikten (xlsx)', member_id: null, member_ids: [a.id, b.id], row_count: 2 }]);

    const nobody = await t.app.inject({ url: '/api/emails/logs/list?filter[member_id]=999999', headers: bearer(staff.token) });
    expect(nobody.json().data).toEqual([]);
    // A later request's entry arrives; the empty answer's never does.
    expect((await entriesOf(`/api/member/${b.id}`)).entries).toEqual([
      { kind: 'read', detail: 'Medlemsopplysninger', member_id: b.id, member_ids: null, row_count: null },
    ]);
  });

  it('shows a list entry in the log of each member it held, with how many members the list had', async () => {
    for (const member of [a, b]) await entriesOf(`/api/member/${member.id}`);
    await entriesOf(`/api/emails/logs/list?filter[member_id]=${a.id},${b.id}`);
    for (const member of [a, b]) {
      const own = (await t.app.inject({ url: `/api/member/${member.id}/access-log`, headers: bearer(member.token) })).json();
      expect(own.data[0]).toMatchObject({
        kind: 'messages',
        detail: 'Meldingsloggen',
        members_in_list: 2,
        staff: { first_name: 'Lise', last_name: 'Lesen' },
      });
      // An entry about the member alone says so.
      expect(own.data[1]).toMatchObject({ detail: 'Medlemsopplysninger', members_in_list: null });
    }
    const across = (
      await t.app.inject({
        url: `/api/access-log?filter[member_id]=${b.id}&filter[staff_id]=${staff.id}`,
        headers: bearer(staff.token),
      })
    ).json();
    expect(across.data[0]).toMatchObject({ detail: 'Meldingsloggen', member_id: null, member: null, members_in_list: 2, row_count: 2 });
    expect(
      across.data.every((entry: { member_id: number | null; members_in_list: number | null }) => entry.member_id === b.id || (entry.members_in_list ?? 0) > 1),
    ).toBe(true);
  });
});

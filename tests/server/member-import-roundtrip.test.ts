/**
 * The member export read back by the member import: a register exported from one portal and
 * imported into a fresh one is the same register (status, 'Medlem fra', every phone number).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createAccount, type TestContext } from './helpers.ts';
import { PRODUCTS, signedInStaff } from './factories-member-admin.ts';

let source: TestContext;
let sourceStaff: Awaited<ReturnType<typeof signedInStaff>>;
beforeAll(async () => {
  source = await buildTestApp();
  sourceStaff = await signedInStaff(source.app, source.db);
}, 60_000);
afterAll(async () => source.close());

const TAG = `rt${process.pid}`;

/** A member of each status, saved as the portal saves (the phone through the member form). */
async function registerOfEveryStatus(): Promise<void> {
  const people = [
    { first_name: 'Aktiv', role_id: 2, status: '1', remote_id: 61001, phone: '+47 943 29 103', start: '2019-03-01', subscription: 'active' },
    { first_name: 'Kort', role_id: 2, status: '1', remote_id: 61002, phone: '51 234', start: '2001-09-15', subscription: 'active' },
    { first_name: 'Søker', role_id: 1, status: '1', remote_id: null, phone: '412 34 567', start: null, subscription: 'pending' },
    { first_name: 'Avvist', role_id: 1, status: '2', remote_id: null, phone: '+46 70 123 45 67', start: null, subscription: 'rejected' },
  ];
  for (const person of people) {
    const account = await createAccount(source.db, {
      role_id: person.role_id,
      status: person.status,
      remote_id: person.remote_id ?? undefined,
      first_name: person.first_name,
      last_name: TAG,
      email: `${person.first_name.toLowerCase().replace('ø', 'o')}.${TAG}@example.no`,
      birthdate: '1985-06-07',
    });
    await source.db.query('UPDATE accounts SET membership_start_date = $2 WHERE id = $1', [account.id, person.start]);
    await source.db.query("INSERT INTO subscriptions (member_id, product_id, kind, state, subscription_start) VALUES ($1, $2, 'membership', $3, $4)", [
      account.id,
      PRODUCTS.membership,
      person.subscription,
      person.start,
    ]);
    const saved = await source.app.inject({
      method: 'PATCH',
      url: `/api/member/${account.id}`,
      headers: bearer(sourceStaff.token),
      payload: { phone: person.phone },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }
}

async function exported(t: TestContext, token: string, format: 'csv' | 'xlsx') {
  const response = await t.app.inject({ url: `/api/member/list/export?filter[name]=${TAG}${format === 'xlsx' ? '&format=xlsx' : ''}`, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.rawPayload;
}

/** The register as the CSV export writes it: its rows of this test, sorted, without the header. */
async function register(t: TestContext, token: string): Promise<string[]> {
  const text = (await exported(t, token, 'csv')).toString('utf8');
  return text
    .split('\r\n')
    .filter((line) => line.includes(TAG))
    .sort();
}

function upload(t: TestContext, token: string, file: Buffer, filename: string) {
  const boundary = '----rundtur';
  return t.app.inject({
    method: 'POST',
    url: '/api/member/import',
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
}

async function settle(t: TestContext, token: string, id: number) {
  for (let i = 0; i < 300; i += 1) {
    const current = (await t.app.inject({ url: `/api/member/import/${id}`, headers: bearer(token) })).json().data as { state: string; error: string | null };
    if (current.state !== 'running') return current;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the import did not finish');
}

describe('the member export imported into a fresh portal', () => {
  it('stores a Norwegian number written +47 with spaces as its 8 digits on every save', async () => {
    const account = await createAccount(source.db, { first_name: 'Lagre', last_name: TAG });
    const saved = await source.app.inject({
      method: 'PATCH',
      url: `/api/member/${account.id}`,
      headers: bearer(sourceStaff.token),
      payload: { phone: '+47 943 29 103' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.phone).toBe('94329103');
    const again = await source.app.inject({
      method: 'PATCH',
      url: `/api/member/${account.id}`,
      headers: bearer(sourceStaff.token),
      payload: { phone: '0047 412-34-567' },
    });
    expect(again.json().data.phone).toBe('41234567');
    await source.db.query('DELETE FROM accounts WHERE id = $1', [account.id]);
  });

  it.each(['csv', 'xlsx'] as const)(
    'gives the same register from the %s export: status, Medlem fra and phone numbers kept, no welcome mail to applicants',
    async (format) => {
      if ((await register(source, sourceStaff.token)).length === 0) await registerOfEveryStatus();
      const before = await register(source, sourceStaff.token);
      expect(before).toHaveLength(4);
      expect(before.find((line) => line.startsWith('61001;'))).toContain(';94329103;');
      expect(before.find((line) => line.startsWith('61001;'))).toContain(';01-03-2019;Aktiv;');
      expect(before.find((line) => line.includes('Søker;'))).toContain(';Søker;');

      const fresh = await buildTestApp();
      try {
        const staff = await signedInStaff(fresh.app, fresh.db);
        const uploaded = await upload(fresh, staff.token, await exported(source, sourceStaff.token, format), `medlemsoversikt.${format}`);
        expect(uploaded.statusCode, uploaded.body).toBe(201);
        const preview = uploaded.json().data as {
          id: number;
          errors: unknown[];
          summary: { new: number; error: number };
          mapping: Record<string, string | null>;
        };
        expect(preview.errors).toEqual([]);
        expect(preview.mapping).toMatchObject({ 'Medlem fra': 'membership_start_date', Status: 'status', Mobil: 'phone', Født: 'birthdate' });
        expect(preview.summary).toMatchObject({ new: 4, error: 0 });
        const started = await fresh.app.inject({
          method: 'POST',
          url: `/api/member/import/${preview.id}/commit`,
          headers: bearer(staff.token),
          payload: { send_welcome: true },
        });
        expect(started.statusCode, started.body).toBe(202);
        expect((await settle(fresh, staff.token, preview.id)).state).toBe('done');

        expect(await register(fresh, staff.token)).toEqual(before);
        await expect
          .poll(
            async () =>
              (
                await fresh.db.query<{ first_name: string }>(
                  'SELECT DISTINCT a.first_name FROM message_log l JOIN accounts a ON a.id = l.member_id WHERE a.last_name = $1 ORDER BY 1',
                  [TAG],
                )
              ).map((row) => row.first_name),
            { timeout: 10_000 },
          )
          .toEqual(['Aktiv', 'Kort']);
        // The applicant waits in the queue as before, the rejected one is still rejected.
        const states = await fresh.db.query<{ first_name: string; role_id: number; status: string; state: string }>(
          `SELECT a.first_name, a.role_id, a.status, s.state FROM accounts a JOIN subscriptions s ON s.member_id = a.id AND s.kind = 'membership'
          WHERE a.last_name = $1 ORDER BY a.first_name`,
          [TAG],
        );
        expect(states).toEqual([
          { first_name: 'Aktiv', role_id: 2, status: '1', state: 'active' },
          { first_name: 'Avvist', role_id: 1, status: '2', state: 'rejected' },
          { first_name: 'Kort', role_id: 2, status: '1', state: 'active' },
          { first_name: 'Søker', role_id: 1, status: '1', state: 'pending' },
        ]);
      } finally {
        await fresh.close();
      }
    },
  );
});

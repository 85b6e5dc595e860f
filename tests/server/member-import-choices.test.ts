/** The import's choices: why 'Opprett likevel' cannot work, 'Importer resten', the sample of the first rows, welcome mails sent, a birth date in the future. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createAccount, type TestContext } from './helpers.ts';
import { signedInStaff } from './factories-member-admin.ts';

let t: TestContext;
let staff: Awaited<ReturnType<typeof signedInStaff>>;
beforeAll(async () => {
  t = await buildTestApp();
  staff = await signedInStaff(t.app, t.db);
}, 60_000);
afterAll(async () => t.close());

const TAG = `valg${process.pid}`;
const csv = (rows: string[][]) => Buffer.from(rows.map((row) => row.join(';')).join('\r\n'));

async function preview(file: Buffer) {
  const boundary = '----valg';
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/member/import',
    headers: { ...bearer(staff.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="valg.csv"\r\nContent-Type: text/csv\r\n\r\n`),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

async function settle(id: number) {
  for (let i = 0; i < 300; i += 1) {
    const current = (await t.app.inject({ url: `/api/member/import/${id}`, headers: bearer(staff.token) })).json().data;
    if (current.state !== 'running') return current;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the import did not finish');
}

describe('the import choices', () => {
  it("says why 'Opprett likevel' cannot work for an e-mail another account has", async () => {
    const other = await createAccount(t.db, { role_id: 2, email: `opptatt.${TAG}@example.no`, first_name: 'Opptatt' });
    const data = await preview(
      csv([
        ['Fornavn', 'Etternavn', 'E-post'],
        ['Opptatt', 'Nordmann', other.email],
        ['Annen', TAG, `annen.${TAG}@example.no`],
      ]),
    );
    expect(data.duplicates).toEqual([expect.objectContaining({ row: 2, member_id: other.id, create_refused: 'e-postadressen brukes av en annen konto' })]);
  });

  it('reads a birth date in the future as one, not as a wrongly written date', async () => {
    const data = await preview(
      csv([
        ['Fornavn', 'Etternavn', 'E-post', 'Fødselsdato'],
        ['Fremtid', TAG, `fremtid.${TAG}@example.no`, '01.01.2099'],
      ]),
    );
    expect(data.errors).toEqual([{ row: 2, column: 'Fødselsdato', message: 'fødselsdatoen er fram i tid' }]);
  });

  it('shows how the first rows were read', async () => {
    const data = await preview(
      csv([
        ['Fornavn', 'Etternavn', 'Mobil', 'Fødselsdato', 'Kjønn', 'Status'],
        ['Prøve', TAG, '+47 943 29 103', '1988-04-17', 'k', 'søker'],
        ['Prøve2', TAG, '51234', '17.04.2099', '', ''],
      ]),
    );
    expect(data.sample).toEqual([
      { row: 2, values: { first_name: 'Prøve', last_name: TAG, phone: '94329103', birthdate: '17.04.1988', gender: 'Kvinne', status: 'Søker' }, errors: [] },
      {
        row: 3,
        values: { first_name: 'Prøve2', last_name: TAG, phone: '51234', birthdate: '', gender: 'Annet', status: 'Aktiv' },
        errors: [{ column: 'Fødselsdato', message: 'fødselsdatoen er fram i tid' }],
      },
    ]);
  });

  it('imports the rest, leaving out the rows in error, which stay in the report; the import then says how many welcome mails went out', async () => {
    const data = await preview(
      csv([
        ['Fornavn', 'Etternavn', 'E-post', 'Fødselsdato'],
        ['Rest', TAG, `rest.${TAG}@example.no`, ''],
        ['Feil', TAG, 'ikke-en-adresse', ''],
      ]),
    );
    expect(data.summary).toMatchObject({ new: 1, error: 1 });
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/member/import/${data.id}/commit`,
      headers: bearer(staff.token),
      payload: { send_welcome: true },
    });
    expect(refused.statusCode).toBe(422);
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/member/import/${data.id}/commit`,
      headers: bearer(staff.token),
      payload: { send_welcome: true, skip_errors: true },
    });
    expect(started.statusCode, started.body).toBe(202);
    const done = await settle(data.id);
    expect(done.state, done.error ?? '').toBe('done');
    expect(done.skip_errors).toBe(true);
    expect(done.errors).toEqual([{ row: 3, column: 'E-post', message: expect.any(String) }]);
    const names = await t.db.query<{ first_name: string }>('SELECT first_name FROM accounts WHERE last_name = $1 AND first_name IN ($2, $3)', [
      TAG,
      'Rest',
      'Feil',
    ]);
    expect(names.map((row) => row.first_name)).toEqual(['Rest']);
    await expect.poll(async () => (await settle(data.id)).welcome_sent, { timeout: 10_000 }).toBe(1);
    const report = await t.app.inject({ url: `/api/member/import/${data.id}/errors.xlsx`, headers: bearer(staff.token) });
    expect(report.statusCode).toBe(200);
  });
});

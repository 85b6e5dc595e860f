import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { bearer, buildTestApp, createAccount, type TestContext } from './helpers.ts';
import { signedInStaff } from './factories-member-admin.ts';

let t: TestContext;
let staff: Awaited<ReturnType<typeof signedInStaff>>;
beforeAll(async () => {
  t = await buildTestApp();
  staff = await signedInStaff(t.app, t.db);
  const member = await createAccount(t.db, { first_name: 'Vera', last_name: 'Vippsen', remote_id: 12345 });
  const insert = (reference: string, createdAt: string, memberId: number | null, payer: object | null) =>
    t.db.query(
      `INSERT INTO vipps_registrations (reference, campaign_code, amount, state, payer, member_id, created_at)
       VALUES ($1, 'VAR2026', 145000, 'AUTHORIZED', $2, $3, $4)`,
      [reference, payer ? JSON.stringify(payer) : null, memberId, createdAt],
    );
  await insert('portal-0000001', '2026-10-01T00:30:00+02:00', member.id, null);
  await insert('portal-0000002', '2026-10-31T23:30:00+01:00', null, { given_name: 'Per', family_name: 'Payer', email: 'per@example.no' });
  await insert('portal-0000003', '2026-11-01T00:10:00+01:00', null, null);
});
afterAll(async () => t.close());

const exportRange = (from: string, to: string) =>
  t.app.inject({
    url: `/api/vipps_registration/export?sort=-id&filter[created_at_from]=${from}&filter[created_at_to]=${to}`,
    headers: bearer(staff.token),
  });

describe('the Vipps report', () => {
  it('exports the registrations of the range by Oslo calendar day as vipps_registrations.csv', async () => {
    const response = await exportRange('2026-10-01', '2026-10-31');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('vipps_registrations.csv');
    const rows = Papa.parse<string[]>(response.body.replace(/^\uFEFF/, ''), { delimiter: ';', skipEmptyLines: true }).data;
    expect(rows[0]).toEqual([
      'ID',
      'Referanse',
      'Dato',
      'Tid',
      'Status',
      'Beløp (kr)',
      'Kampanjekode',
      'Medlemsnummer',
      'Fornavn',
      'Etternavn',
      'E-post',
      'Mobil',
      'Feil',
    ]);
    expect(rows.slice(1).map((row) => [row[1], row[2], row[5], row[7], row[8]])).toEqual([
      ['portal-0000002', '31-10-2026', '1450,00', '', 'Per'],
      ['portal-0000001', '01-10-2026', '1450,00', '12345', 'Vera'],
    ]);
  });

  it('answers 404 with a message for a range without registrations, and 422 for a bad date', async () => {
    const empty = await exportRange('2025-01-01', '2025-01-31');
    expect(empty.statusCode).toBe(404);
    expect(empty.json().message).toBe('Ingen Vipps-registreringer i perioden.');
    expect((await exportRange('2026-13-01', '2026-10-31')).statusCode).toBe(422);
  });
});

/**
 * The Vipps report's tab of invoice payments and charges: a member pays an invoice on Min side
 * through the real ePayment client against the fake Vipps (part of it paid at the bank meanwhile,
 * so only the rest is captured), another starts and leaves it, and a third has a charge on an
 * active agreement that fails. One row each, in the range by Oslo calendar day, for staff only,
 * 404 with a reason when the range holds none, and each member finds the export in their log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { bearer, buildTestApp, login, type TestContext } from './helpers.ts';
import { billedMember, firstInvoice } from './billing-factories.ts';
import { signedInStaff } from './factories-member-admin.ts';
import { startFakeVipps, VIPPS_ENV, type FakeVipps } from './fakes/vipps.ts';
import { planCharges } from '../../server/domain/billing/vipps-charges.ts';
import { createChargeAtVipps, pollAgreements } from '../../server/domain/payments/vipps-agreements.ts';
import { agreementDeps } from '../../server/jobs/vipps-agreements.ts';
import { todayInOslo } from '../../server/domain/shared/oslo-date.ts';

const HOST = 'portal.test';
const WEBHOOK = '/api/vipps_registration/webhook';
const EXPORT = '/api/invoice/vipps-payments/export';
const today = todayInOslo();
/** A first invoice from 5 January is the whole year's dues: 1 450 kr. */
const newYear = `${today.slice(0, 4)}-01-05`;

let vipps: FakeVipps;
let t: TestContext;
let staff: { id: number; token: string };

interface Invoiced {
  memberId: number;
  invoiceId: number;
  number: number;
  kid: string;
  memberNumber: number;
  token: string;
}
const invoiced: Record<'paid' | 'left' | 'charged', Invoiced> = {} as never;
const references: Record<'paid' | 'left' | 'charged', string> = {} as never;

async function invoicedMember(firstName: string, lastName: string): Promise<Invoiced> {
  const member = await billedMember(t.db, { first_name: firstName, last_name: lastName, phone: '91234567' });
  const invoiceId = await firstInvoice(t.db, t.config, member, newYear);
  const [invoice] = await t.db.query<{ number: number; kid: string; member_number: number }>('SELECT number, kid, member_number FROM invoices WHERE id = $1', [
    invoiceId,
  ]);
  const token = await login(t.app, member.email, member.password);
  return { memberId: member.id, invoiceId, number: invoice.number, kid: invoice.kid, memberNumber: invoice.member_number, token };
}

const deliver = (body: string) =>
  t.app.inject({ method: 'POST', url: WEBHOOK, headers: vipps.sign(VIPPS_ENV.VIPPS_WEBHOOK_SECRET, HOST, WEBHOOK, body), payload: body });

async function payOnMinSide(who: Invoiced): Promise<string> {
  const response = await t.app.inject({ method: 'POST', url: `/api/invoice/${who.invoiceId}/vipps`, headers: bearer(who.token) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.reference as string;
}

beforeAll(async () => {
  vipps = await startFakeVipps();
  t = await buildTestApp({ env: { ...VIPPS_ENV, VIPPS_API_URL: vipps.url, PUBLIC_URL: `https://${HOST}` } });
  staff = await signedInStaff(t.app, t.db);

  // Paid on Min side; 500 kr came in at the bank before it was approved, so 950 kr is captured.
  invoiced.paid = await invoicedMember('Vilde', 'Vippsen');
  references.paid = await payOnMinSide(invoiced.paid);
  const bank = await t.app.inject({
    method: 'POST',
    url: `/api/invoice/${invoiced.paid.invoiceId}/payment`,
    headers: bearer(staff.token),
    payload: { amount: 50000, paid_on: today, method: 'bank' },
  });
  expect(bank.statusCode, bank.body).toBe(201);
  vipps.authorize(references.paid, { given_name: 'Vilde', family_name: 'Vippsen', email: 'vilde@example.no', phone_number: '4791234567' });
  expect((await deliver(vipps.event(references.paid, 'AUTHORIZED'))).statusCode).toBe(200);

  // Started and left waiting at Vipps.
  invoiced.left = await invoicedMember('Lars', 'Ventersen');
  references.left = await payOnMinSide(invoiced.left);

  // An active agreement; the charge on the invoice fails at Vipps.
  invoiced.charged = await invoicedMember('Tone', 'Trekk');
  const started = await t.app.inject({
    method: 'POST',
    url: `/api/member/${invoiced.charged.memberId}/vipps-agreement`,
    headers: bearer(invoiced.charged.token),
  });
  expect(started.statusCode, started.body).toBe(200);
  vipps.approveAgreement(started.json().data.agreement_id);
  const activated = vipps.recurringEvents[vipps.recurringEvents.length - 1];
  expect((await deliver(activated)).statusCode).toBe(200);
  const [agreement] = await t.db.query<{ id: number }>("SELECT id FROM vipps_agreements WHERE member_id = $1 AND state = 'ACTIVE'", [
    invoiced.charged.memberId,
  ]);
  await t.db.transaction((tx) => planCharges(tx, t.services.jobs, [{ agreementId: agreement.id, invoiceId: invoiced.charged.invoiceId }]));
  const [charge] = await t.db.query<{ id: number; order_id: string }>('SELECT id, order_id FROM vipps_charges WHERE invoice_id = $1', [
    invoiced.charged.invoiceId,
  ]);
  references.charged = charge.order_id;
  await createChargeAtVipps(agreementDeps(t.services), charge.id);
  vipps.failCharge(charge.order_id, 'insufficient_funds');
  await pollAgreements(agreementDeps(t.services));

  // When they happened, around the ends of October 2026 as Oslo counts days: 00:30 on 1 October
  // is still 30 September in UTC, and 00:10 on 1 November is 31 October in UTC.
  await t.db.query("UPDATE invoice_vipps_payments SET created_at = '2026-10-01T00:30:00+02:00' WHERE reference = $1", [references.paid]);
  await t.db.query("UPDATE vipps_charges SET created_at = '2026-10-31T23:30:00+01:00' WHERE order_id = $1", [references.charged]);
  await t.db.query("UPDATE invoice_vipps_payments SET created_at = '2026-11-01T00:10:00+01:00' WHERE reference = $1", [references.left]);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await vipps?.close();
});

const exportRange = (from: string, to: string, token = staff.token) =>
  t.app.inject({ url: `${EXPORT}?filter[created_at_from]=${from}&filter[created_at_to]=${to}`, headers: bearer(token) });
const rowsOf = (body: string) => Papa.parse<string[]>(body.replace(/^\uFEFF/, ''), { delimiter: ';', skipEmptyLines: true }).data;

describe('the Vipps report of invoice payments and charges', () => {
  it('has one row per payment and charge of the range, newest first, as vipps_fakturabetalinger.csv', async () => {
    const response = await exportRange('2026-10-01', '2026-10-31');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('filename="vipps_fakturabetalinger.csv"');
    expect(response.headers['cache-control']).toBe('no-store');
    const [header, ...rows] = rowsOf(response.body);
    expect(header).toEqual([
      'Type',
      'Referanse',
      'Dato',
      'Tid',
      'Status',
      'Beløp (kr)',
      'Fakturanummer',
      'KID',
      'Medlemsnummer',
      'Fornavn',
      'Etternavn',
      'E-post',
      'Feil/årsak',
    ]);
    const { paid, charged } = invoiced;
    const [chargedEmail] = await t.db.query<{ email: string }>('SELECT email FROM accounts WHERE id = $1', [charged.memberId]);
    const [paidEmail] = await t.db.query<{ email: string }>('SELECT email FROM accounts WHERE id = $1', [paid.memberId]);
    // Vipps' own words for why it failed, as kept on the charge.
    const [{ failure_reason: reason }] = await t.db.query<{ failure_reason: string }>('SELECT failure_reason FROM vipps_charges WHERE order_id = $1', [
      references.charged,
    ]);
    expect(reason).toBeTruthy();
    expect(rows).toEqual([
      [
        'Trekk',
        references.charged,
        '31-10-2026',
        '23:30',
        'FAILED',
        '1450,00',
        String(charged.number),
        charged.kid,
        String(charged.memberNumber),
        'Tone',
        'Trekk',
        chargedEmail.email,
        reason,
      ],
      [
        'Betaling',
        references.paid,
        '01-10-2026',
        '00:30',
        'CAPTURED',
        '950,00',
        String(paid.number),
        paid.kid,
        String(paid.memberNumber),
        'Vilde',
        'Vippsen',
        paidEmail.email,
        '',
      ],
    ]);
  });

  it('counts days as Oslo does: the payment started at 00:10 on 1 November is November’s, with its state', async () => {
    const november = rowsOf((await exportRange('2026-11-01', '2026-11-30')).body);
    expect(november.slice(1).map((row) => [row[0], row[1], row[2], row[4], row[5]])).toEqual([
      ['Betaling', references.left, '01-11-2026', 'CREATED', '1450,00'],
    ]);
    const lastDay = rowsOf((await exportRange('2026-10-31', '2026-10-31')).body);
    expect(lastDay.slice(1).map((row) => row[1])).toEqual([references.charged]);
  });

  it('answers 404 with a Norwegian message for a range without any, and 422 for a date that is not one', async () => {
    const empty = await exportRange('2025-01-01', '2025-01-31');
    expect(empty.statusCode).toBe(404);
    expect(empty.headers['content-type']).toContain('application/json');
    expect(empty.json().message).toBe('Ingen Vipps-betalinger eller trekk av fakturaer i perioden.');
    const xlsx = await t.app.inject({
      url: `${EXPORT}?format=xlsx&filter[created_at_from]=2025-01-01&filter[created_at_to]=2025-01-31`,
      headers: bearer(staff.token),
    });
    expect(xlsx.statusCode).toBe(404);
    expect((await exportRange('2026-02-30', '2026-10-31')).statusCode).toBe(422);
  });

  it('is for staff only: a member in it gets 403, nobody signed in 401', async () => {
    expect((await exportRange('2026-10-01', '2026-10-31', invoiced.paid.token)).statusCode).toBe(403);
    expect((await t.app.inject({ url: `${EXPORT}?filter[created_at_from]=2026-10-01&filter[created_at_to]=2026-10-31` })).statusCode).toBe(401);
  });

  it('shows each member in the file the export in their own access log', async () => {
    expect((await exportRange('2026-10-01', '2026-11-30')).statusCode).toBe(200);
    await t.services.accessLog.flush();
    for (const who of [invoiced.paid, invoiced.left, invoiced.charged]) {
      const log = await t.app.inject({ url: `/api/member/${who.memberId}/access-log`, headers: bearer(who.token) });
      expect(log.json().data).toContainEqual(expect.objectContaining({ kind: 'export', detail: 'Vipps-betalinger og trekk av fakturaer (CSV)' }));
    }
  });
});

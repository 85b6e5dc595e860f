/**
 * Aging on the front of 'Betaling': what is outstanding by days past the due date, and this year's
 * invoices against what is paid on them; a paid or credited invoice is outstanding nowhere, a
 * lapsed one still is; staff only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestContext } from './helpers.ts';
import { signedIn, signedInStaff } from './factories-member-admin.ts';
import { billedMember, firstInvoice } from './billing-factories.ts';
import { OSLO_TODAY } from '../../server/domain/billing/invoices.ts';
import { todayInOslo } from '../../server/domain/shared/oslo-date.ts';

let t: TestContext;
let staff: { token: string };
const year = Number(todayInOslo().slice(0, 4));

beforeAll(async () => {
  t = await buildTestApp();
  staff = await signedInStaff(t.app, t.db, { first_name: 'Ingrid', last_name: 'Berg' });
});
afterAll(async () => t?.close());

const get = (url: string, token = staff.token) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

interface Placed {
  /** Days past the due date: 0 is due today, negative not yet due. */
  daysPast: number;
  total: number;
  paid?: number;
  credited?: number;
  state?: string;
  invoiceYear?: number;
}

/** An invoice of a new member, made as staff accepting them would, then placed in time with the sums given. */
async function placed({ daysPast, total, paid = 0, credited = 0, state = 'sent', invoiceYear = year }: Placed): Promise<number> {
  const member = await billedMember(t.db, { first_name: 'Alder', last_name: `Dag${daysPast}` });
  const id = await firstInvoice(t.db, t.config, member, todayInOslo());
  await t.db.query(
    `UPDATE invoices SET due_date = ${OSLO_TODAY} - $2::int, invoice_date = ${OSLO_TODAY} - $2::int - 14,
            total_ore = $3, paid_ore = $4, credited_ore = $5, state = $6, year = $7 WHERE id = $1`,
    [id, daysPast, total, paid, credited, state, invoiceYear],
  );
  return id;
}

describe('GET /api/invoice/aging', () => {
  it('sums what is outstanding per bucket by days past due, and this year invoiced against paid', async () => {
    const ids = {
      notDue: await placed({ daysPast: -5, total: 10_000 }),
      dueToday: await placed({ daysPast: 0, total: 20_000, paid: 5_000, state: 'partly_paid' }),
      day1: await placed({ daysPast: 1, total: 30_000 }),
      day30: await placed({ daysPast: 30, total: 40_000, paid: 10_000, state: 'partly_paid' }),
      day31: await placed({ daysPast: 31, total: 50_000, state: 'overdue' }),
      day60: await placed({ daysPast: 60, total: 60_000, state: 'reminded' }),
      day61: await placed({ daysPast: 61, total: 70_000, state: 'reminded', credited: 20_000 }),
      day90: await placed({ daysPast: 90, total: 80_000, state: 'reminded' }),
      // Lapsed: the membership ended, but the money is still owed.
      lapsed: await placed({ daysPast: 95, total: 90_000, state: 'lapsed' }),
      lastYear: await placed({ daysPast: 200, total: 11_100, state: 'lapsed', invoiceYear: year - 1 }),
      // Outstanding nowhere: paid in full, and credited in full, both long past due.
      paid: await placed({ daysPast: 45, total: 99_900, paid: 99_900, state: 'paid' }),
      credited: await placed({ daysPast: 45, total: 77_700, credited: 77_700, state: 'credited' }),
    };

    const response = await get('/api/invoice/aging');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const aging = response.json().data;
    expect(aging.buckets).toEqual([
      { bucket: 'not_due', count: 2, outstanding: 10_000 + 15_000 },
      { bucket: '1-30', count: 2, outstanding: 30_000 + 30_000 },
      { bucket: '31-60', count: 2, outstanding: 50_000 + 60_000 },
      { bucket: '61-90', count: 2, outstanding: 50_000 + 80_000 },
      { bucket: 'over_90', count: 2, outstanding: 90_000 + 11_100 },
    ]);
    expect(aging.count).toBe(10);
    expect(aging.outstanding).toBe(25_000 + 60_000 + 110_000 + 130_000 + 101_100);
    expect(aging.year).toBe(year);
    // This year's invoices less what was credited on them (last year's is not among them), and what is paid on them.
    expect(aging.invoiced).toBe(10_000 + 20_000 + 30_000 + 40_000 + 50_000 + 60_000 + 50_000 + 80_000 + 90_000 + 99_900 + 0);
    expect(aging.paid).toBe(5_000 + 10_000 + 99_900);

    // The buckets past due are the list's overdue invoices, and each bucket filters the list to its own.
    const overdue = (await get('/api/invoice/list?filter[overdue]=1&per_page=100')).json();
    expect(overdue.totals.outstanding).toBe(aging.outstanding - aging.buckets[0].outstanding);
    const numbersOf = async (bucket: string) => {
      const page = (await get(`/api/invoice/list?filter[age]=${bucket}&per_page=100`)).json();
      return (page.data as { id: number }[]).map((row) => row.id).sort((a, b) => a - b);
    };
    expect(await numbersOf('not_due')).toEqual([ids.notDue, ids.dueToday]);
    expect(await numbersOf('1-30')).toEqual([ids.day1, ids.day30]);
    expect(await numbersOf('31-60')).toEqual([ids.day31, ids.day60]);
    expect(await numbersOf('61-90')).toEqual([ids.day61, ids.day90]);
    expect(await numbersOf('over_90')).toEqual([ids.lastYear, ids.lapsed].sort((a, b) => a - b));
    expect(await numbersOf('nonsense')).toEqual([]);
  });

  it('is for staff only: a member is refused', async () => {
    const member = await signedIn(t.app, t.db, { first_name: 'Mona', last_name: 'Medlem' });
    expect((await get('/api/invoice/aging', member.token)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/invoice/aging' })).statusCode).toBe(401);
  });
});

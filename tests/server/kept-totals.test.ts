/**
 * The totals the database keeps for two lists (migration 056): the invoice list's count, invoiced,
 * paid and outstanding per year, state and channel, what open invoices owe by due date (the aging
 * on Betaling's front), and the claims queue's total. After every kind
 * of change (made, paid, credited, moved, deleted with the member, changed at the same moment,
 * rolled back, folded) they equal a real sum over the rows, and the last page shows the oldest rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestContext } from './helpers.ts';
import { GUITAR, createInstrument, signedInStaff } from './factories-member-admin.ts';
import { billedMember, firstInvoice } from './billing-factories.ts';
import { foldInvoiceTotals, foldListCountDeltas } from '../../server/jobs/cleanup.ts';
import { todayInOslo } from '../../server/domain/shared/oslo-date.ts';
import { AGING_BUCKETS, agingCondition } from '../../server/domain/billing/aging.ts';

let t: TestContext;
let staff: { token: string };
const today = todayInOslo();
const year = Number(today.slice(0, 4));

beforeAll(async () => {
  t = await buildTestApp();
  staff = await signedInStaff(t.app, t.db, { first_name: 'Kari', last_name: 'Teller' });
});
afterAll(async () => t?.close());

const get = async <T>(url: string): Promise<T> => {
  const response = await t.app.inject({ method: 'GET', url, headers: bearer(staff.token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
};
const post = (url: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url, headers: bearer(staff.token), payload });

interface Totals {
  count: number;
  invoiced: number;
  paid: number;
  outstanding: number;
}

/** The totals as a real sum over the invoices `where` picks. */
async function counted(where = 'TRUE', params: unknown[] = []): Promise<Totals> {
  const [row] = await t.db.query<{ count: number; invoiced: string; paid: string; outstanding: string }>(
    `SELECT count(*)::int AS count, coalesce(sum(total_ore), 0)::text AS invoiced, coalesce(sum(paid_ore), 0)::text AS paid,
            coalesce(sum(greatest(total_ore - paid_ore - credited_ore, 0)), 0)::text AS outstanding
       FROM invoices WHERE ${where}`,
    params,
  );
  return { count: row.count, invoiced: Number(row.invoiced), paid: Number(row.paid), outstanding: Number(row.outstanding) };
}

/** Betaling's aging as a real sum over the invoices of each bucket and this year's. */
async function countedAging() {
  const buckets = [];
  for (const { bucket } of AGING_BUCKETS) {
    const [row] = await t.db.query<{ count: number; owed: string }>(
      `SELECT count(*)::int AS count, coalesce(sum(i.total_ore - i.paid_ore - i.credited_ore), 0)::text AS owed FROM invoices i WHERE ${agingCondition(bucket)}`,
    );
    buckets.push({ bucket, count: row.count, outstanding: Number(row.owed) });
  }
  const [yearRow] = await t.db.query<{ invoiced: string; paid: string }>(
    'SELECT coalesce(sum(total_ore - credited_ore), 0)::text AS invoiced, coalesce(sum(paid_ore), 0)::text AS paid FROM invoices WHERE year = $1',
    [year],
  );
  return { buckets, invoiced: Number(yearRow.invoiced), paid: Number(yearRow.paid) };
}

/** The list's totals with no filter, by year, by state and by channel, and the aging, each equal a real sum. */
async function expectExactTotals(): Promise<Totals> {
  const { data: aging } = await get<{ data: { buckets: unknown[]; invoiced: number; paid: number } }>('/api/invoice/aging');
  expect({ buckets: aging.buckets, invoiced: aging.invoiced, paid: aging.paid }).toEqual(await countedAging());
  const list = (query: string) => get<{ total: number; totals: Totals }>(`/api/invoice/list?per_page=25${query}`);
  const all = await list('');
  expect(all.totals).toEqual(await counted());
  expect(all.total).toBe(all.totals.count);
  expect((await list(`&filter[year]=${year}`)).totals).toEqual(await counted('year = $1', [year]));
  expect((await list('&filter[state]=sent,partly_paid')).totals).toEqual(await counted("state IN ('sent', 'partly_paid')"));
  expect((await list('&filter[channel]=email')).totals).toEqual(await counted("channel = 'EMAIL'"));
  expect((await list(`&filter[year]=${year}&filter[state]=paid&filter[channel]=EFAKTURA`)).totals).toEqual(
    await counted("year = $1 AND state = 'paid' AND channel = 'EFAKTURA'", [year]),
  );
  return all.totals;
}

async function invoiced(index: number, method = 'EMAIL') {
  const member = await billedMember(t.db, { first_name: `Sum${index}`, last_name: 'Holdersen', invoice_method: method });
  return { member, invoice: await firstInvoice(t.db, t.config, member, today) };
}

describe("the invoice list's kept totals", () => {
  it('stay exact as invoices are made, paid, credited, moved, deleted, rolled back and folded', async () => {
    const made: Awaited<ReturnType<typeof invoiced>>[] = [];
    for (let i = 0; i < 6; i++) made.push(await invoiced(i, i % 2 === 0 ? 'EMAIL' : 'EFAKTURA'));
    const before = await expectExactTotals();
    expect(before.count).toBeGreaterThanOrEqual(6);

    // Paid in part, paid in whole, credited (amounts in øre): the sums and states move.
    const [{ total }] = await t.db.query<{ total: number }>('SELECT total_ore AS total FROM invoices WHERE id = $1', [made[1].invoice]);
    expect((await post(`/api/invoice/${made[0].invoice}/payment`, { amount: 100, paid_on: today, method: 'bank' })).statusCode).toBe(201);
    expect((await post(`/api/invoice/${made[1].invoice}/payment`, { amount: total, paid_on: today, method: 'bank' })).statusCode).toBe(201);
    expect((await post(`/api/invoice/${made[2].invoice}/credit`, { reason: 'Feil beløp' })).statusCode).toBe(200);
    const changed = await expectExactTotals();
    expect(changed.paid).toBe(before.paid + 100 + total);

    // An invoice moved to another year, one past its due date, an update that changes nothing summed, and a member deleted with their invoice.
    await t.db.query('UPDATE invoices SET year = year + 1 WHERE id = $1', [made[3].invoice]);
    await t.db.query("UPDATE invoices SET due_date = current_date - 45, invoice_date = current_date - 60, state = 'overdue' WHERE id = $1", [made[5].invoice]);
    await t.db.query('UPDATE invoices SET updated_at = now() WHERE id = ANY($1::int[])', [made.map((row) => row.invoice)]);
    await t.db.query('DELETE FROM accounts WHERE id = $1', [made[4].member.id]);
    const afterDelete = await expectExactTotals();
    expect(afterDelete.count).toBe(before.count - 1);

    // A change rolled back leaves the totals as they were.
    await expect(
      t.db.transaction(async (tx) => {
        await tx.query('UPDATE invoices SET paid_ore = total_ore, state = $2 WHERE id = $1', [made[5].invoice, 'paid']);
        throw new Error('angret');
      }),
    ).rejects.toThrow('angret');
    expect(await expectExactTotals()).toEqual(afterDelete);

    // Two open invoices long past due (200 and 91 days: aging's last bucket) and one 90 days past (the bucket before).
    const old = [await invoiced(10), await invoiced(11), await invoiced(12)];
    for (const [row, days] of [
      [old[0], 200],
      [old[1], 91],
      [old[2], 90],
    ] as const) {
      await t.db.query("UPDATE invoices SET due_date = $3::date - $2::int, invoice_date = $3::date - $2::int - 14, state = 'overdue' WHERE id = $1", [
        row.invoice,
        days,
        today,
      ]);
    }
    const withOld = await expectExactTotals();

    // The fold leaves one row per year, state and channel, one per due date of the last 90 days, one
    // for every day before them, and the same totals.
    expect(await foldInvoiceTotals(t.db)).toBeGreaterThan(0);
    const [{ rows, kinds }] = await t.db.query<{ rows: number; kinds: number }>(
      'SELECT count(*)::int AS rows, count(DISTINCT (year, state, channel))::int AS kinds FROM invoice_total_deltas',
    );
    expect(rows).toBe(kinds);
    const days = await t.db.query<{ due_date: string; invoices: number }>(
      'SELECT due_date::text AS due_date, invoices::int AS invoices FROM invoice_open_deltas WHERE due_date < $1::date - 60 ORDER BY due_date',
      [today],
    );
    expect(days).toEqual([
      { due_date: '-infinity', invoices: 2 },
      { due_date: expect.any(String), invoices: 1 },
    ]);
    const [distinct] = await t.db.query<{ rows: number; kinds: number }>(
      'SELECT count(*)::int AS rows, count(DISTINCT due_date)::int AS kinds FROM invoice_open_deltas',
    );
    expect(distinct.rows).toBe(distinct.kinds);
    expect(await expectExactTotals()).toEqual(withOld);

    // Paid after the fold, an old invoice leaves the last bucket (its delta joins the folded row at the next fold).
    const [{ owed }] = await t.db.query<{ owed: number }>('SELECT total_ore - paid_ore - credited_ore AS owed FROM invoices WHERE id = $1', [old[0].invoice]);
    expect((await post(`/api/invoice/${old[0].invoice}/payment`, { amount: owed, paid_on: today, method: 'bank' })).statusCode).toBe(201);
    await expectExactTotals();
    await foldInvoiceTotals(t.db);
    await expectExactTotals();
  });

  it('stay exact when payments on many invoices arrive at the same moment', async () => {
    const made: Awaited<ReturnType<typeof invoiced>>[] = [];
    for (let i = 0; i < 8; i++) made.push(await invoiced(100 + i));
    const before = await expectExactTotals();
    const paid = await Promise.all(made.map((row) => post(`/api/invoice/${row.invoice}/payment`, { amount: 50, paid_on: today, method: 'bank' })));
    expect(paid.map((response) => response.statusCode)).toEqual(paid.map(() => 201));
    const after = await expectExactTotals();
    expect(after.paid).toBe(before.paid + 8 * 50);
  });
});

describe("the claims queue's kept total", () => {
  it('equals the claims there are, and its last page holds the oldest claims', async () => {
    const member = await billedMember(t.db, { first_name: 'Skade', last_name: 'Melder' });
    const instrument = await createInstrument(t.db, { member_id: member.id, instrument_category: GUITAR });
    const claim = (days: number) =>
      t.db.query<{ id: number }>(
        `INSERT INTO claims (member_id, instrument_id, kind, occurred_on, place, country, description, snapshot, created_at)
         VALUES ($1, $2, 'damage', current_date, 'Oslo', 'NO', 'Ripe i lakken', '{}'::jsonb, now() - make_interval(days => $3)) RETURNING id`,
        [member.id, instrument, days],
      );
    const list = (query = '') => get<{ total: number; last_page: number; data: { id: number }[] }>(`/api/claim/list?per_page=25${query}`);
    const real = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM claims'))[0].n;

    const ids: number[] = [];
    for (let days = 0; days < 30; days++) ids.push((await claim(days))[0].id);
    const first = await list();
    expect(first.total).toBe(await real());
    expect(first.data[0].id).toBe(ids[0]);
    // The last page, read from the far end, ends with the oldest claim.
    const last = await list(`&page=${first.last_page}`);
    expect(last.data.at(-1)!.id).toBe(ids[29]);
    expect(last.data.length).toBe(first.total - 25 * (first.last_page - 1));

    await t.db.query('DELETE FROM claims WHERE id = ANY($1::int[])', [ids.slice(0, 10)]);
    expect((await list()).total).toBe(await real());
    // Claims removed with their instrument (a cascade) are counted out too.
    await t.db.query('DELETE FROM instruments WHERE id = $1', [instrument]);
    expect((await list()).total).toBe(await real());
    expect(await foldListCountDeltas(t.db)).toBeGreaterThan(0);
    expect((await list()).total).toBe(await real());
  });
});

describe("the instrument list's kept total", () => {
  it('equals the instruments there are as they are added, removed and removed with their member, and its last page holds the newest', async () => {
    const real = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM instruments'))[0].n;
    const list = (query = '') => get<{ total: number; last_page: number; data: { id: number }[] }>(`/api/instrument/list?per_page=25${query}`);
    const member = await billedMember(t.db, { first_name: 'Instrument', last_name: 'Eier' });
    const ids: number[] = [];
    for (let index = 0; index < 30; index++) ids.push(await createInstrument(t.db, { member_id: member.id, instrument_category: GUITAR }));
    const first = await list();
    expect(first.total).toBe(await real());
    const last = await list(`&page=${first.last_page}`);
    expect(last.data.at(-1)!.id).toBe(ids[29]);
    expect(last.data.length).toBe(first.total - 25 * (first.last_page - 1));

    await t.db.query('DELETE FROM instruments WHERE id = ANY($1::int[])', [ids.slice(0, 10)]);
    expect((await list()).total).toBe(await real());
    // A member removed takes their instruments along (a cascade): they are counted out too.
    await t.db.query('DELETE FROM accounts WHERE id = $1', [member.id]);
    expect((await list()).total).toBe(await real());
    expect(await foldListCountDeltas(t.db)).toBeGreaterThan(0);
    expect((await list()).total).toBe(await real());
  });
});

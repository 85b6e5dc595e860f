/**
 * Money on invoices: payments registered by hand, credits, the invoice list's filters, sorts and
 * totals, its export, the billing days, who may see what, and erasure keeping the invoices.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createAccount, login, type TestContext } from './helpers.ts';
import { activeTravel, billedMember, firstInvoice } from './billing-factories.ts';
import { todayInOslo } from '../../server/domain/shared/oslo-date.ts';
import { csvLine } from '../../server/lib/csv.ts';
import { INVOICE_CSV } from '../../server/domain/billing/invoice-list.ts';
import type { Invoice } from '../../server/schemas/billing.ts';

let t: TestContext;
let staff: { id: number; token: string };

beforeAll(async () => {
  t = await buildTestApp();
  const account = await createAccount(t.db, { role_id: 5, first_name: 'Ingrid', last_name: 'Berg' });
  staff = { id: account.id, token: await login(t.app, account.email, account.password) };
});
afterAll(async () => t?.close());

const get = (url: string, token = staff.token) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (url: string, payload: object, token = staff.token) => t.app.inject({ method: 'POST', url, headers: bearer(token), payload });

const today = todayInOslo();
const year = Number(today.slice(0, 4));
const shift = (days: number) => {
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/** A member with a sent first invoice of 1 450 kr (made in January of this year: no pro-rata). */
async function invoiced(input: Parameters<typeof billedMember>[1] = {}) {
  const member = await billedMember(t.db, input);
  const id = await firstInvoice(t.db, t.config, member, `${year}-01-05`);
  return { member, id };
}

describe('POST /api/invoice/{id}/payment', () => {
  it('a part payment makes it partly paid, the rest makes it paid; each is kept with who registered it', async () => {
    const { member, id } = await invoiced();
    const part = await post(`/api/invoice/${id}/payment`, { amount: 50000, paid_on: today, method: 'bank', note: 'Nettbank' });
    expect(part.statusCode, part.body).toBe(201);
    expect(part.json().data).toMatchObject({ state: 'partly_paid', paid: 50000, outstanding: 95000 });
    const rest = await post(`/api/invoice/${id}/payment`, { amount: 95000, paid_on: today, method: 'cash' });
    expect(rest.json().data).toMatchObject({ state: 'paid', paid: 145000, outstanding: 0, overdue: false });
    expect(rest.json().data.payments).toEqual([
      expect.objectContaining({ amount: 50000, paid_on: today, method: 'bank', note: 'Nettbank', registered_by_name: 'Ingrid Berg' }),
      expect.objectContaining({ amount: 95000, method: 'cash', note: null, registered_by_name: 'Ingrid Berg' }),
    ]);
    expect(rest.json().data.events.map((event: { to_state: string }) => event.to_state)).toEqual(['draft', 'sent', 'partly_paid', 'paid']);
    const changes = await t.db.query<{ changes: Record<string, [null, string]>; changed_by: number }>(
      "SELECT changes, changed_by FROM member_changes WHERE member_id = $1 AND changes ? 'Innbetaling' ORDER BY id",
      [member.id],
    );
    expect(changes).toHaveLength(2);
    expect(changes[0].changed_by).toBe(staff.id);
    expect(changes[0].changes.Innbetaling[1]).toContain('kr 500,00');
    await t.services.accessLog.flush();
    const [logged] = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM access_log WHERE member_id = $1 AND kind = 'change' AND detail = 'Innbetaling registrert'",
      [member.id],
    );
    expect(logged.n).toBe(2);
  });

  it('refuses an amount above what is outstanding, zero or negative, and a date ahead, with Norwegian messages', async () => {
    const { id } = await invoiced();
    const over = await post(`/api/invoice/${id}/payment`, { amount: 145001, paid_on: today, method: 'manual' });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.amount).toEqual(['Beløpet er større enn utestående (kr 1 450,00).']);
    for (const amount of [0, -100]) {
      const response = await post(`/api/invoice/${id}/payment`, { amount, paid_on: today, method: 'manual' });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.amount).toEqual(['Beløpet må være større enn 0.']);
    }
    const ahead = await post(`/api/invoice/${id}/payment`, { amount: 100, paid_on: shift(1), method: 'manual' });
    expect(ahead.statusCode).toBe(422);
    expect(ahead.json().errors.paid_on).toEqual(['Datoen kan ikke være fram i tid.']);
    expect((await get(`/api/invoice/${id}`)).json().data).toMatchObject({ paid: 0, state: 'sent', payments: [] });
    expect((await post('/api/invoice/99999999/payment', { amount: 100, paid_on: today, method: 'manual' })).statusCode).toBe(404);
  });
});

describe('POST /api/invoice/{id}/credit', () => {
  it('a part credit lowers what is outstanding; crediting the rest makes it credited; a reason is required', async () => {
    const { id } = await invoiced();
    const blank = await post(`/api/invoice/${id}/credit`, { amount: 100, reason: '  ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors.reason).toBeDefined();
    const part = await post(`/api/invoice/${id}/credit`, { amount: 45000, reason: 'Feil pris' });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().data).toMatchObject({ state: 'sent', credited: 45000, outstanding: 100000 });
    const tooMuch = await post(`/api/invoice/${id}/credit`, { amount: 100001, reason: 'For mye' });
    expect(tooMuch.statusCode).toBe(422);
    const rest = await post(`/api/invoice/${id}/credit`, { reason: 'Meldte seg ut' });
    expect(rest.json().data).toMatchObject({ state: 'credited', credited: 145000, outstanding: 0, overdue: false });
    expect(rest.json().data.credits).toEqual([
      expect.objectContaining({ amount: 45000, reason: 'Feil pris', created_by_name: 'Ingrid Berg' }),
      expect.objectContaining({ amount: 100000, reason: 'Meldte seg ut' }),
    ]);
    expect((await post(`/api/invoice/${id}/credit`, { reason: 'Igjen' })).statusCode).toBe(409);
    expect((await post(`/api/invoice/${id}/payment`, { amount: 100, paid_on: today, method: 'manual' })).statusCode).toBe(409);
  });

  it('a partly paid invoice credited for the rest is credited, its payment kept', async () => {
    const { id } = await invoiced();
    await post(`/api/invoice/${id}/payment`, { amount: 45000, paid_on: today, method: 'bank' });
    const rest = await post(`/api/invoice/${id}/credit`, { reason: 'Avtalt' });
    expect(rest.json().data).toMatchObject({ state: 'credited', paid: 45000, credited: 100000, outstanding: 0 });
  });
});

describe('GET /api/invoice/list', () => {
  it('filters by year, state, channel, overdue, campaign, member and search, sorts, and its totals match the filtered invoices', async () => {
    // A year of its own so other tests' invoices stay out: this year + 3.
    const listYear = year + 3;
    const made: { id: number; memberId: number; remoteId: number; channel: string }[] = [];
    for (const [index, method] of ['EMAIL', 'EFAKTURA', 'EMAIL', 'EFAKTURA', 'EMAIL'].entries()) {
      const member = await billedMember(t.db, {
        invoice_method: method,
        first_name: `Liste${index}`,
        last_name: 'Totalsen',
        ...(index === 4 ? { benefit: 2 } : {}),
      });
      if (index % 2 === 0) await activeTravel(t.db, member.id);
      made.push({
        id: await firstInvoice(t.db, t.config, member, `${listYear}-0${index + 1}-10`),
        memberId: member.id,
        remoteId: member.remoteId,
        channel: method,
      });
    }
    await post(`/api/invoice/${made[0].id}/payment`, { amount: 20000, paid_on: today, method: 'bank' });
    await post(`/api/invoice/${made[1].id}/credit`, { reason: 'Feil' });
    // Invoice 2 is overdue: its due date moved into the past.
    await t.db.query('UPDATE invoices SET due_date = $2, invoice_date = $2 WHERE id = $1', [made[2].id, shift(-40)]);

    const rows = await t.db.query<{ id: number; total_ore: number; paid_ore: number; credited_ore: number; state: string; channel: string; due_date: string }>(
      'SELECT id, total_ore, paid_ore, credited_ore, state, channel, due_date::text FROM invoices WHERE year = $1',
      [listYear],
    );
    const sums = (subset: typeof rows) => ({
      count: subset.length,
      invoiced: subset.reduce((sum, row) => sum + row.total_ore, 0),
      paid: subset.reduce((sum, row) => sum + row.paid_ore, 0),
      outstanding: subset.reduce((sum, row) => sum + Math.max(0, row.total_ore - row.paid_ore - row.credited_ore), 0),
    });
    const list = async (query: string) => {
      const response = await get(`/api/invoice/list?filter[year]=${listYear}&${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as {
        data: Invoice[];
        total: number;
        totals: ReturnType<typeof sums>;
      };
    };

    const all = await list('');
    expect(all.total).toBe(5);
    expect(all.totals).toEqual(sums(rows));
    expect(all.data.map((row) => row.id)).toEqual([...made.map((row) => row.id)].reverse());

    const email = await list('filter[channel]=EMAIL');
    expect(email.totals).toEqual(sums(rows.filter((row) => row.channel === 'EMAIL')));
    const open = await list('filter[state]=sent,partly_paid');
    expect(open.totals).toEqual(sums(rows.filter((row) => ['sent', 'partly_paid'].includes(row.state))));
    const overdue = await list('filter[overdue]=1');
    expect(overdue.data.map((row) => row.id)).toEqual([made[2].id]);
    expect(overdue.data[0].overdue).toBe(true);
    expect(overdue.totals).toEqual(sums(rows.filter((row) => row.id === made[2].id)));
    expect((await list('filter[overdue]=0')).total).toBe(4);
    const [{ code }] = await t.db.query<{ code: string }>('SELECT campaign_code AS code FROM invoices WHERE id = $1', [made[4].id]);
    expect((await list(`filter[campaign]=${code}`)).data.map((row) => row.id)).toEqual([made[4].id]);
    expect((await list(`filter[member_id]=${made[3].memberId}`)).data.map((row) => row.id)).toEqual([made[3].id]);
    const numbers = await t.db.query<{ id: number; number: number }>('SELECT id, number FROM invoices WHERE id = ANY($1::int[]) ORDER BY id', [
      [made[2].id, made[4].id],
    ]);
    expect((await list(`filter[number]=${numbers.map((row) => row.number).join(',')}`)).data.map((row) => row.id).sort((a, b) => a - b)).toEqual(
      numbers.map((row) => row.id),
    );
    // A member number is no invoice number: the number filter does not match it.
    expect((await list(`filter[number]=${made[1].remoteId}`)).total).toBe(0);
    expect((await list(`filter[q]=${made[1].remoteId}`)).data.map((row) => row.id)).toEqual([made[1].id]);
    expect((await list('filter[q]=liste3 totalsen')).data.map((row) => row.id)).toEqual([made[3].id]);
    const [{ kid }] = await t.db.query<{ kid: string }>('SELECT kid FROM invoices WHERE id = $1', [made[0].id]);
    expect((await list(`filter[q]=${kid}`)).data.map((row) => row.id)).toEqual([made[0].id]);

    const byOutstanding = (await list('sort=-outstanding')).data.map((row) => row.outstanding);
    expect(byOutstanding).toEqual([...byOutstanding].sort((a, b) => b - a));
    expect((await list('sort=member_name')).data.map((row) => row.member_name)).toEqual([
      'Liste0 Totalsen',
      'Liste1 Totalsen',
      'Liste2 Totalsen',
      'Liste3 Totalsen',
      'Liste4 Totalsen',
    ]);
    const paged = await list('per_page=25&page=1&sort=due_date');
    expect(paged.data[0].id).toBe(made[2].id);
    expect((await get('/api/invoice/list?filter[nope]=1')).statusCode).toBe(400);

    const csv = await get(`/api/invoice/export?filter[year]=${listYear}&filter[channel]=EMAIL`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(1 + 3);
    expect(lines[0]).toContain('Fakturanummer;Medlemsnummer;Navn');
    // Each line holds what the list shows of its invoice (amounts in kroner, dates, overdue, state), in the list's order.
    const shown = (await list('filter[channel]=EMAIL')).data;
    expect(lines.slice(1).map((line) => `${line}\r\n`)).toEqual(shown.map((row) => csvLine(INVOICE_CSV.map((column) => column.value(row)))));
    const xlsx = await get(`/api/invoice/export?filter[year]=${listYear}&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain('fakturaer.xlsx');
  });
});

describe('who sees which invoices', () => {
  it("a member sees their own invoices, never another member's (404), and no staff route (403)", async () => {
    const a = await invoiced({ first_name: 'Anna' });
    const b = await invoiced({ first_name: 'Bjørn' });
    const tokenA = await login(t.app, a.member.email, a.member.password);
    const own = await get(`/api/member/${a.member.id}/invoice`, tokenA);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.map((row: { id: number }) => row.id)).toEqual([a.id]);
    expect((await get(`/api/member/${b.member.id}/invoice`, tokenA)).statusCode).toBe(404);
    for (const url of [
      `/api/invoice/${a.id}`,
      `/api/invoice/${b.id}`,
      '/api/invoice/list',
      '/api/invoice/export',
      '/api/price/list',
      '/api/billing/settings',
    ]) {
      expect((await get(url, tokenA)).statusCode, url).toBe(403);
    }
    expect((await post(`/api/invoice/${a.id}/payment`, { amount: 100, paid_on: today, method: 'manual' }, tokenA)).statusCode).toBe(403);
    expect((await post(`/api/invoice/${a.id}/credit`, { reason: 'Selv' }, tokenA)).statusCode).toBe(403);
    expect((await get(`/api/member/${b.member.id}/invoice`)).json().data.map((row: { id: number }) => row.id)).toEqual([b.id]);
  });
});

describe('erasure', () => {
  it('keeps the invoices and payments under the member number, without the name or the notes', async () => {
    const { member, id } = await invoiced({ first_name: 'Slettes', last_name: 'Snart' });
    await post(`/api/invoice/${id}/payment`, { amount: 10000, paid_on: today, method: 'bank', note: 'Betalt av Slettes Snart' });
    const erased = await post(`/api/member/${member.id}/erase`, { member_number: String(member.remoteId) });
    expect(erased.statusCode, erased.body).toBe(200);
    const after = (await get(`/api/invoice/${id}`)).json().data;
    expect(after).toMatchObject({ member_id: member.id, member_number: member.remoteId, member_name: 'Slettet medlem', paid: 10000, state: 'partly_paid' });
    expect(after.payments).toEqual([expect.objectContaining({ amount: 10000, note: null })]);
    expect((await get(`/api/invoice/list?filter[q]=${member.remoteId}`)).json().data.map((row: { id: number }) => row.id)).toEqual([id]);
  });
});

describe('/api/billing/settings', () => {
  it('shows the days from the environment until staff change them, and keeps them in order', async () => {
    const first = (await get('/api/billing/settings')).json().data;
    expect(first).toEqual({
      invoice_due_days: 14,
      reminder_1_days: 14,
      reminder_2_days: 28,
      lapse_days: 60,
      bank_account: t.config.billing.bankAccount,
      tripletex: false,
    });
    const patch = (payload: object) => t.app.inject({ method: 'PATCH', url: '/api/billing/settings', headers: bearer(staff.token), payload });
    const wrong = await patch({ reminder_2_days: 10 });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.reminder_2_days).toEqual(['Andre purring må komme flere dager etter forfall enn første purring.']);
    const changed = await patch({ invoice_due_days: 20, lapse_days: 90 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ invoice_due_days: 20, reminder_1_days: 14, lapse_days: 90 });
    // The next invoice is due 20 days after its date.
    const { id } = await invoiced();
    expect((await get(`/api/invoice/${id}`)).json().data).toMatchObject({ invoice_date: `${year}-01-05`, due_date: `${year}-01-25` });
    await patch({ invoice_due_days: 14, lapse_days: 60 });
  });
});

describe('the member overview and overdue invoices', () => {
  it('marks a member with an overdue invoice and filters the overview by it; paying it clears the mark', async () => {
    const late = await invoiced({ first_name: 'Forfalt', last_name: 'Fakturasen' });
    const onTime = await invoiced({ first_name: 'Betimelig', last_name: 'Fakturasen' });
    await t.db.query('UPDATE invoices SET invoice_date = $2, due_date = $3 WHERE id = $1', [late.id, shift(-40), shift(-20)]);
    await t.db.query('UPDATE invoices SET due_date = $2 WHERE id = $1', [onTime.id, shift(10)]);
    const overview = async (query: string) => {
      const response = await get(`/api/member/list?filter[name]=fakturasen${query}`);
      expect(response.statusCode).toBe(200);
      return (response.json() as { data: { id: number; has_overdue_invoice: boolean }[] }).data;
    };
    const rows = await overview('');
    expect(rows.find((row) => row.id === late.member.id)?.has_overdue_invoice).toBe(true);
    expect(rows.find((row) => row.id === onTime.member.id)?.has_overdue_invoice).toBe(false);
    expect((await overview('&filter[overdue_invoice]=1')).map((row) => row.id)).toEqual([late.member.id]);
    expect((await overview('&filter[overdue_invoice]=0')).map((row) => row.id)).toEqual([onTime.member.id]);

    const paid = await post(`/api/invoice/${late.id}/payment`, { amount: 145000, paid_on: today, method: 'bank' });
    expect(paid.statusCode).toBe(201);
    expect((await overview('&filter[overdue_invoice]=1')).map((row) => row.id)).toEqual([]);
  });
});

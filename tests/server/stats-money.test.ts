/**
 * 'Nøkkeltall' → money: after a scripted year of invoices (first, renewal, cover), payments (OCR,
 * by hand, Vipps on Min side, Vipps agreement, a reversal) and credits, every figure equals a
 * direct count over invoices, invoice_payments and invoice_credits — for last year, a range from
 * and to mid-month, the month under way — and still does after random changes and a rebuild.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestContext } from './helpers.ts';
import { signedInStaff } from './factories-member-admin.ts';
import { billedMember, firstInvoice } from './billing-factories.ts';
import { createInvoice, lockInvoice } from '../../server/domain/billing/invoices.ts';
import { bookPayment, registerPayment } from '../../server/domain/billing/payments.ts';
import { creditInvoice } from '../../server/domain/billing/credits.ts';
import { moneySection } from '../../server/domain/stats/money.ts';
import type { MoneyStats } from '../../server/schemas/stats.ts';
import { addDays, checkedPeriods, monthCutoff, periodOf, readWorkbook, seeded, today } from './stats-check.ts';

let t: TestContext;
let staff: { id: number; token: string };
const year = Number(today().slice(0, 4));
const members: { id: number; membership: number }[] = [];
let source = 0;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await signedInStaff(t.app, t.db, { role_id: 4 });
});
afterAll(async () => t?.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(staff.token) });

async function stats(query: { from: string; to?: string }): Promise<MoneyStats> {
  const response = await get(`/api/stats/money?from=${query.from}${query.to ? `&to=${query.to}` : ''}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

/** An invoice made by the billing's own createInvoice, dated `day`. */
async function invoiceOn(member: { id: number }, day: string, kind: 'renewal' | 'cover', amount: number): Promise<number> {
  return t.db.transaction((tx) =>
    createInvoice(tx, {
      memberId: member.id,
      year: Number(day.slice(0, 4)),
      kind,
      invoiceDate: day,
      dueDays: 14,
      campaignCode: null,
      actorId: null,
      reason: 'Test',
      sending: null,
      lines: [{ product_id: 3, subscription_id: null, description: kind, period_from: day, period_to: `${day.slice(0, 4)}-12-31`, amount_ore: amount }],
    }),
  );
}

/** A payment booked the way its channel books it (an OCR line, Vipps on Min side, a Vipps agreement's charge). */
async function book(invoiceId: number, amount: number, paidOn: string, how: 'ocr' | 'vipps' | 'agreement' | 'reversal') {
  source += 1;
  await t.db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, invoiceId);
    await bookPayment(tx, invoice, {
      amountOre: how === 'reversal' ? -amount : amount,
      paidOn,
      note: null,
      actorId: null,
      method: how === 'ocr' || how === 'reversal' ? 'ocr' : 'vipps',
      source: how === 'agreement' ? `vipps-charge:order-${source}` : `${how}-${source}`,
    });
  });
}

/** Staff's credit, dated `day` afterwards (the credit itself can only be made today). */
async function creditOn(invoiceId: number, amount: number, day: string) {
  await creditInvoice(t.db, invoiceId, { amount, reason: 'Feil pris' }, staff.id);
  await t.db.query(
    "UPDATE invoice_credits SET created_at = ($2::date + time '12:00') AT TIME ZONE 'Europe/Oslo' WHERE id = (SELECT max(id) FROM invoice_credits WHERE invoice_id = $1)",
    [invoiceId, day],
  );
}

const CHANNEL_SQL = `CASE WHEN p.method = 'vipps' AND p.source LIKE 'vipps-charge:%' THEN 'vipps_agreement'
  WHEN p.method = 'vipps' THEN 'vipps' WHEN i.channel = 'EFAKTURA' THEN 'efaktura' WHEN i.channel = 'EMAIL' THEN 'email' ELSE 'avtalegiro' END`;

const sumOf = async (sql: string, params: unknown[]) =>
  Number((await t.db.query<{ n: string }>(`SELECT coalesce(sum(x), 0)::bigint::text AS n FROM (${sql}) q`, params))[0].n);

/** Invoiced between two days by the definition: non-draft invoices by invoice date, less credits by their Oslo day. */
const invoicedBetween = async (from: string, to: string) =>
  (await sumOf("SELECT total_ore AS x FROM invoices WHERE state <> 'draft' AND invoice_date BETWEEN $1 AND $2", [from, to])) -
  (await sumOf(
    `SELECT c.amount_ore AS x FROM invoice_credits c JOIN invoices i ON i.id = c.invoice_id
                  WHERE i.state <> 'draft' AND (c.created_at AT TIME ZONE 'Europe/Oslo')::date BETWEEN $1 AND $2`,
    [from, to],
  ));
const paidBetween = (from: string, to: string) => sumOf('SELECT amount_ore AS x FROM invoice_payments WHERE paid_on BETWEEN $1 AND $2', [from, to]);

/** The whole answer by direct counts over the raw tables. */
async function direct(query: { from: string; to?: string }): Promise<MoneyStats> {
  const period = periodOf(query);
  const series = [];
  for (const month of period.months) {
    const first = `${month}-01` < period.from ? period.from : `${month}-01`;
    const cutoff = monthCutoff(period, month);
    series.push({
      month,
      invoiced_ore: await invoicedBetween(first, cutoff),
      paid_ore: await paidBetween(first, cutoff),
      invoiced_ytd_ore: await invoicedBetween(`${month.slice(0, 4)}-01-01`, cutoff),
      paid_ytd_ore: await paidBetween(`${month.slice(0, 4)}-01-01`, cutoff),
    });
  }
  const ages = await t.db.query<{ key: string; invoices: number; amount: string }>(
    `SELECT CASE WHEN due_date >= $1::date THEN 'not_due' WHEN due_date >= $1::date - 30 THEN '1_30'
                 WHEN due_date >= $1::date - 60 THEN '31_60' WHEN due_date >= $1::date - 90 THEN '61_90' ELSE 'over_90' END AS key,
            count(*)::int AS invoices, sum(total_ore - paid_ore - credited_ore)::bigint::text AS amount
       FROM invoices WHERE state <> 'credited' AND total_ore > paid_ore + credited_ore GROUP BY 1`,
    [period.today],
  );
  const channels = await t.db.query<{ channel: string; payments: number; amount: string }>(
    `SELECT ${CHANNEL_SQL} AS channel, sum(sign(p.amount_ore))::int AS payments, sum(p.amount_ore)::bigint::text AS amount
       FROM invoice_payments p JOIN invoices i ON i.id = p.invoice_id WHERE p.paid_on BETWEEN $1 AND $2 GROUP BY 1`,
    [period.from, period.to],
  );
  const labels = { not_due: 'Ikke forfalt', '1_30': '1–30 dager', '31_60': '31–60 dager', '61_90': '61–90 dager', over_90: 'Over 90 dager' };
  const channelLabels = { efaktura: 'eFaktura', email: 'E-post', avtalegiro: 'AvtaleGiro', vipps: 'Vipps', vipps_agreement: 'Vipps-avtale' };
  const outstandingByAge = Object.entries(labels).map(([key, label]) => {
    const row = ages.find((age) => age.key === key);
    return { key, label, invoices: row?.invoices ?? 0, amount_ore: Number(row?.amount ?? 0) };
  });
  return {
    from: period.from,
    to: period.to,
    series,
    totals: {
      invoiced_ore: await invoicedBetween(period.from, period.to),
      paid_ore: await paidBetween(period.from, period.to),
      outstanding_ore: outstandingByAge.reduce((sum, age) => sum + age.amount_ore, 0),
      outstanding_by_age: outstandingByAge,
      paid_by_channel: Object.entries(channelLabels).map(([channel, label]) => {
        const row = channels.find((candidate) => candidate.channel === channel);
        return { channel: channel as never, label, payments: Math.max(row?.payments ?? 0, 0), amount_ore: Number(row?.amount ?? 0) };
      }),
    },
  };
}

async function expectAllPeriodsDirect() {
  for (const query of checkedPeriods()) {
    expect(await stats(query), query.name).toEqual(await direct(query));
  }
  // Outstanding by age is the invoice page's, figure for figure.
  const aging = (await get('/api/invoice/aging')).json().data as { buckets: { count: number; outstanding: number }[]; outstanding: number };
  const { totals } = await stats(checkedPeriods()[2]);
  expect(totals.outstanding_by_age.map((age) => [age.invoices, age.amount_ore])).toEqual(aging.buckets.map((bucket) => [bucket.count, bucket.outstanding]));
  expect(totals.outstanding_ore).toBe(aging.outstanding);
}

describe('GET /api/stats/money', () => {
  it('equals a direct count after a scripted year of invoices, payments and credits', async () => {
    const last = year - 1;
    const methods = ['EFAKTURA', 'EMAIL', 'AVTALEGIRO'];
    for (let n = 0; n < 6; n += 1) {
      members.push(await billedMember(t.db, { first_name: 'Penge', last_name: `Nr${n}`, invoice_method: methods[n % 3] }));
    }
    const [a, b, c, d, e, f] = members;
    // First invoices as staff accepting a member make them, moved back in time.
    const first = await firstInvoice(t.db, t.config, a, today());
    await t.db.query('UPDATE invoices SET invoice_date = $2, due_date = $3 WHERE id = $1', [first, `${last}-02-10`, `${last}-02-24`]);
    const renewals = [];
    for (const member of [a, b, c, d, e, f]) renewals.push(await invoiceOn(member, `${last}-01-15`, 'renewal', 95_000));
    const cover = await invoiceOn(b, `${last}-03-14`, 'cover', 42_050);
    const lateCover = await invoiceOn(c, `${last}-12-31`, 'cover', 10_000);
    const thisYear = [];
    for (const member of [a, b, c]) thisYear.push(await invoiceOn(member, `${year}-01-15`, 'renewal', 99_000));
    const recent = await invoiceOn(d, today(), 'cover', 12_345);

    await registerPayment(t.db, renewals[0], { amount: 95_000, paid_on: `${last}-01-31`, method: 'manual' }, staff.id);
    await book(renewals[1], 95_000, `${last}-02-01`, 'ocr');
    await book(renewals[2], 50_000, `${last}-03-14`, 'vipps');
    await book(renewals[3], 95_000, `${last}-03-31`, 'agreement');
    await book(renewals[1], 95_000, `${last}-04-02`, 'reversal');
    await book(cover, 42_050, `${last}-12-31`, 'ocr');
    await book(lateCover, 5_000, `${year}-01-01`, 'vipps');
    await registerPayment(t.db, thisYear[0], { amount: 20_000, paid_on: `${year}-02-17`, method: 'bank' }, staff.id);
    await book(thisYear[1], 99_000, `${year}-02-18`, 'agreement');
    await book(recent, 2_345, today(), 'vipps');
    await creditOn(renewals[4], 30_000, `${last}-06-30`);
    await creditOn(renewals[5], 95_000, `${year}-01-01`);
    await creditOn(thisYear[2], 9_000, today());
    // A draft counts nothing until it is sent.
    const draft = await invoiceOn(e, `${last}-05-05`, 'cover', 77_700);
    await t.db.query("UPDATE invoices SET state = 'draft' WHERE id = $1", [draft]);

    const lastYear = await stats({ from: `${last}-01-01`, to: `${last}-12-31` });
    // By hand: renewals 6 × 950 kr + first + covers 420.50 + 100, less 300 credited in June.
    const firstTotal = (await t.db.query<{ total_ore: number }>('SELECT total_ore FROM invoices WHERE id = $1', [first]))[0].total_ore;
    expect(lastYear.totals.invoiced_ore).toBe(6 * 95_000 + firstTotal + 42_050 + 10_000 - 30_000);
    expect(lastYear.totals.paid_ore).toBe(95_000 + 95_000 + 50_000 + 95_000 - 95_000 + 42_050);
    expect(lastYear.series[2]).toMatchObject({ month: `${last}-03`, invoiced_ore: 42_050, paid_ore: 145_000 });
    expect(lastYear.totals.paid_by_channel.find((row) => row.channel === 'vipps_agreement')).toMatchObject({ payments: 1, amount_ore: 95_000 });
    await expectAllPeriodsDirect();

    await t.db.query("UPDATE invoices SET state = 'sent' WHERE id = $1", [draft]);
    await expectAllPeriodsDirect();
  });

  it('still equals a direct count after batches of random changes', async () => {
    const random = seeded(40_2026);
    const start = `${year - 1}-01-01`;
    for (let batch = 0; batch < 6; batch += 1) {
      for (let step = 0; step < 8; step += 1) {
        const invoices = await t.db.query<{ id: number; state: string; open: number }>(
          'SELECT id, state, greatest(total_ore - paid_ore - credited_ore, 0) AS open FROM invoices ORDER BY id',
        );
        const invoice = random.pick(invoices);
        const action = random.int(0, 6);
        if (action === 0) await invoiceOn(random.pick(members), random.day(start, today()), 'cover', random.int(1, 500) * 100);
        else if (action === 1 && invoice.open > 0 && invoice.state !== 'draft' && invoice.state !== 'credited') {
          await book(invoice.id, random.int(1, invoice.open), random.day(start, today()), random.pick(['ocr', 'vipps', 'agreement'] as const));
        } else if (action === 2 && invoice.open > 0 && invoice.state !== 'draft' && invoice.state !== 'credited') {
          await creditOn(invoice.id, random.int(1, invoice.open), random.day(start, today()));
        } else if (action === 3)
          await t.db.query('UPDATE invoices SET invoice_date = $2, due_date = greatest(due_date, $2) WHERE id = $1', [invoice.id, random.day(start, today())]);
        else if (action === 4)
          await t.db.query('UPDATE invoices SET channel = $2 WHERE id = $1', [invoice.id, random.pick(['EFAKTURA', 'EMAIL', 'AVTALEGIRO'])]);
        else if (action === 5)
          await t.db.query('DELETE FROM invoice_payments WHERE id = (SELECT min(id) FROM invoice_payments WHERE invoice_id = $1)', [invoice.id]);
        else if (action === 6 && random.next() < 0.3) await t.db.query('DELETE FROM invoices WHERE id = $1', [invoice.id]);
        else
          await t.db.query('UPDATE invoice_payments SET paid_on = $2 WHERE id = (SELECT max(id) FROM invoice_payments WHERE invoice_id = $1)', [
            invoice.id,
            random.day(start, today()),
          ]);
      }
      await expectAllPeriodsDirect();
    }
  });

  it('gives the same answers after the rebuild, also when the counters were lost', async () => {
    const before = [];
    for (const query of checkedPeriods()) before.push(await stats(query));
    await t.db.query("DELETE FROM stats_counts WHERE metric LIKE 'money.%' AND day > $1", [addDays(today(), -200)]);
    expect(await stats(checkedPeriods()[3])).not.toEqual(before[3]);
    await moneySection.rebuild(t.db);
    const after = [];
    for (const query of checkedPeriods()) after.push(await stats(query));
    expect(after).toEqual(before);
  });

  it('downloads the same figures as a workbook, amounts in kroner', async () => {
    const query = checkedPeriods()[0];
    const answer = await stats(query);
    const response = await get(`/api/stats/money?from=${query.from}&to=${query.to}&format=xlsx`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain(`nokkeltall-okonomi-${query.from}-${query.to}.xlsx`);
    const book = await readWorkbook(response.rawPayload);
    expect(Object.keys(book)).toEqual(['Fakturert og innbetalt', 'Utestående etter alder', 'Innbetalt per kanal']);
    expect(book['Fakturert og innbetalt'][0]).toEqual(['Måned', 'Fakturert', 'Innbetalt', 'Fakturert hittil i år', 'Innbetalt hittil i år']);
    expect(book['Fakturert og innbetalt'].slice(1)).toEqual(
      answer.series.map((row) => [row.month, row.invoiced_ore / 100, row.paid_ore / 100, row.invoiced_ytd_ore / 100, row.paid_ytd_ore / 100]),
    );
    expect(book['Utestående etter alder'][0]).toEqual(['Dager over forfall', 'Fakturaer', 'Utestående']);
    expect(book['Utestående etter alder'].slice(1)).toEqual(answer.totals.outstanding_by_age.map((row) => [row.label, row.invoices, row.amount_ore / 100]));
    expect(book['Innbetalt per kanal'][0]).toEqual(['Kanal', 'Innbetalinger', 'Innbetalt']);
    expect(book['Innbetalt per kanal'].slice(1)).toEqual(answer.totals.paid_by_channel.map((row) => [row.label, row.payments, row.amount_ore / 100]));
  });

  it('is for Økonomi and Administrator only', async () => {
    const worker = await signedInStaff(t.app, t.db, { role_id: 3 });
    const response = await t.app.inject({ method: 'GET', url: '/api/stats/money', headers: bearer(worker.token) });
    expect(response.statusCode).toBe(403);
  });
});

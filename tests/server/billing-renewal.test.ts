/**
 * The renewal run ('Fornyelse'): the preview writes nothing and says who renews, who is left out
 * and why, with next year's prices; the run is a job that makes one invoice per member and year,
 * mails it, and invoices the covers to the year's end; run twice, two at once, or cut off and
 * started again, still one invoice per member; staff only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createAccount, type TestContext } from './helpers.ts';
import { activeTravel, billedMember } from './billing-factories.ts';
import { PRODUCTS, signedIn, signedInStaff } from './factories-member-admin.ts';
import { runRenewal } from '../../server/domain/billing/renewal.ts';
import { currentYear } from '../../server/domain/billing/prices.ts';
import type { RenewalPreviewRow, RenewalSummary } from '../../server/schemas/billing.ts';

let t: TestContext;
let staff: { id: number; token: string };
const year = currentYear();
const next = year + 1;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await signedInStaff(t.app, t.db, { first_name: 'Ingrid', last_name: 'Berg' });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token = staff.token) => t.app.inject({ url, headers: bearer(token) });
const post = (url: string, token = staff.token) => t.app.inject({ method: 'POST', url, headers: bearer(token), payload: {} });

/** The summary and every row of the preview, page by page. */
async function preview(forYear: number): Promise<{ summary: RenewalSummary; rows: RenewalPreviewRow[] }> {
  const rows: RenewalPreviewRow[] = [];
  let summary: RenewalSummary | undefined;
  for (let page = 1; ; page += 1) {
    const response = await get(`/api/renewal/${forYear}/preview?per_page=100&page=${page}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    summary = body.summary;
    rows.push(...body.data);
    if (page >= body.last_page) break;
  }
  return { summary: summary!, rows };
}

const renewals = (forYear: number) =>
  t.db.query<{ member_id: number; n: number }>("SELECT member_id, count(*)::int AS n FROM invoices WHERE year = $1 AND kind = 'renewal' GROUP BY member_id", [
    forYear,
  ]);

async function finished(forYear: number) {
  await expect.poll(async () => (await get(`/api/renewal/${forYear}`)).json().data.state, { timeout: 30_000, interval: 100 }).toBe('done');
  return (await get(`/api/renewal/${forYear}`)).json().data;
}

/** One member of each kind the run must tell apart. */
async function register() {
  const renews = await billedMember(t.db, { first_name: 'Rita', last_name: 'Fornyer' });
  const travel = await activeTravel(t.db, renews.id);
  const einvoice = await billedMember(t.db, { first_name: 'Erik', last_name: 'Efaktura', invoice_method: 'EFAKTURA' });
  const erased = await billedMember(t.db);
  await t.db.query('UPDATE accounts SET erased_at = now() WHERE id = $1', [erased.id]);
  const blocked = await billedMember(t.db, { blocked_access: true });
  const rejected = await billedMember(t.db);
  await t.db.query("UPDATE subscriptions SET state = 'rejected' WHERE id = $1", [rejected.membership]);
  const ended = await billedMember(t.db);
  await t.db.query(`UPDATE subscriptions SET subscription_end = make_date($2, 6, 30) WHERE id = $1`, [ended.membership, year]);
  const pending = await createAccount(t.db, { role_id: 1 });
  await t.db.query(`INSERT INTO subscriptions (member_id, product_id, kind, state) VALUES ($1, $2, 'membership', 'pending')`, [
    pending.id,
    PRODUCTS.membership,
  ]);
  const invoiced = await billedMember(t.db);
  await t.db.query('UPDATE subscriptions SET invoiced_for = make_date($2, 12, 31) WHERE id = $1', [invoiced.membership, next]);
  return { renews, travel, einvoice, erased, blocked, rejected, ended, pending, invoiced };
}

describe('the renewal preview', () => {
  it("writes nothing and names who renews, who is left out and why, with next year's prices per product and channel", async () => {
    const prices = await t.app.inject({
      method: 'PATCH',
      url: '/api/price/list',
      headers: bearer(staff.token),
      payload: {
        year: next,
        prices: [
          { product_id: PRODUCTS.membership, price: 1_250 },
          { product_id: PRODUCTS.travel, price: 600 },
        ],
      },
    });
    expect(prices.statusCode, prices.body).toBe(200);
    const before = await preview(next);
    const members = await register();
    const invoicesBefore = (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM invoices'))[0].n;

    const after = await preview(next);

    expect((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM invoices'))[0].n).toBe(invoicesBefore);
    expect(after.summary.renewing - before.summary.renewing).toBe(2);
    for (const reason of ['erased', 'blocked', 'rejected', 'ended', 'pending', 'invoiced'] as const) {
      expect(after.summary.left_out[reason] - before.summary.left_out[reason], reason).toBe(1);
    }
    const rita = after.rows.find((row) => row.member_id === members.renews.id);
    expect(rita).toMatchObject({
      member_number: members.renews.remoteId,
      member_name: 'Rita Fornyer',
      channel: 'EMAIL',
      lines: [
        { product_id: PRODUCTS.membership, description: expect.stringContaining(String(next)), amount: 125_000 },
        { product_id: PRODUCTS.travel, description: expect.stringContaining(String(next)), amount: 60_000 },
      ],
      total: 185_000,
    });
    expect(after.rows.find((row) => row.member_id === members.einvoice.id)).toMatchObject({ channel: 'EFAKTURA', total: 125_000 });
    for (const left of [members.erased, members.blocked, members.rejected, members.ended, members.pending, members.invoiced]) {
      expect(after.rows.some((row) => row.member_id === left.id)).toBe(false);
    }
    const product = (summary: RenewalSummary, id: number) => summary.products.find((row) => row.product_id === id) ?? { count: 0, amount: 0 };
    expect(product(after.summary, PRODUCTS.membership).count - product(before.summary, PRODUCTS.membership).count).toBe(2);
    expect(product(after.summary, PRODUCTS.travel).amount - product(before.summary, PRODUCTS.travel).amount).toBe(60_000);
    const channel = (summary: RenewalSummary, name: string) => summary.channels.find((row) => row.channel === name) ?? { count: 0, amount: 0 };
    expect(channel(after.summary, 'EFAKTURA').amount - channel(before.summary, 'EFAKTURA').amount).toBe(125_000);
    expect(after.summary.amount - before.summary.amount).toBe(310_000);
    expect(after.summary.amount).toBe(after.rows.reduce((sum, row) => sum + row.total, 0));
  });
});

describe('the renewal run', () => {
  it("runs as a job: one invoice per renewing member at next year's prices, mailed, covers invoiced to the year's end; run again, it makes nothing new", async () => {
    const member = await billedMember(t.db, { first_name: 'Jon', last_name: 'Jobb' });
    const travel = await activeTravel(t.db, member.id);
    const expected = (await preview(next)).summary.renewing;

    const started = await post(`/api/renewal/${next}`);
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json().data).toMatchObject({ year: next, state: 'queued' });
    const run = await finished(next);
    expect(run).toMatchObject({ state: 'done', total: expected, done: expected, started_by_name: 'Ingrid Berg' });

    const [invoice] = await t.db.query<{ id: number; total_ore: number; state: string; kid: string }>(
      "SELECT id, total_ore, state, kid FROM invoices WHERE member_id = $1 AND year = $2 AND kind = 'renewal'",
      [member.id, next],
    );
    expect(invoice).toMatchObject({ total_ore: 185_000, state: 'sent' });
    expect(invoice.kid).toMatch(/^\d{15}$/);
    const covered = await t.db.query<{ id: number; invoiced_for: string }>(
      'SELECT id, invoiced_for::text AS invoiced_for FROM subscriptions WHERE id = ANY($1::int[]) ORDER BY id',
      [[member.membership, travel]],
    );
    expect(covered.map((row) => row.invoiced_for)).toEqual([`${next}-12-31`, `${next}-12-31`]);
    const mails = await t.db.query<{ subject: string }>("SELECT subject FROM message_log WHERE member_id = $1 AND channel = 'email'", [member.id]);
    expect(mails.map((mail) => mail.subject).join()).toMatch(/faktura/i);
    expect(await renewals(next)).toHaveLength(expected);
    expect((await preview(next)).summary.renewing).toBe(0);

    const again = await post(`/api/renewal/${next}`);
    expect(again.statusCode, again.body).toBe(202);
    expect(await finished(next)).toMatchObject({ total: 0, done: 0 });
    expect((await renewals(next)).every((row) => row.n === 1)).toBe(true);
    expect(await renewals(next)).toHaveLength(expected);
  });

  it('makes one invoice per member when two runs go at once, and goes on where it stopped when cut off and started again', async () => {
    const members = await Promise.all(Array.from({ length: 12 }, () => billedMember(t.db)));
    const sending = { outbox: t.services.outbox, billing: t.config.billing };
    const queue = () =>
      t.db.query(`INSERT INTO renewal_runs (year, state) VALUES ($1, 'queued') ON CONFLICT (year) DO UPDATE SET state = 'queued', total = 0, done = 0`, [year]);

    // Cut off: the seventh member's invoice fails, after the steps before it were committed.
    const seventh = members[6].id;
    await t.db.query(`CREATE FUNCTION refuse_renewal() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.member_id = ${seventh} AND NEW.kind = 'renewal' THEN RAISE EXCEPTION 'cut off'; END IF; RETURN NEW; END $$`);
    await t.db.query('CREATE TRIGGER refuse_renewal BEFORE INSERT ON invoices FOR EACH ROW EXECUTE FUNCTION refuse_renewal()');
    await queue();
    await expect(runRenewal(t.db, sending, year, 3)).rejects.toThrow();
    const cut = (await get(`/api/renewal/${year}`)).json().data;
    expect(cut.state).toBe('failed');
    expect(cut.error).toMatch(/Start den igjen/);
    const ours = new Set(members.map((member) => member.id));
    const invoicedOf = async () => (await renewals(year)).filter((row) => ours.has(row.member_id));
    expect((await invoicedOf()).length).toBeGreaterThan(0);
    expect((await invoicedOf()).length).toBeLessThan(members.length);
    await t.db.query('DROP TRIGGER refuse_renewal ON invoices');
    await t.db.query('DROP FUNCTION refuse_renewal()');

    // Started again twice at once: both go on, and every member has exactly one invoice.
    await queue();
    await Promise.all([runRenewal(t.db, sending, year, 3), runRenewal(t.db, sending, year, 3)]);
    const all = await renewals(year);
    expect(all.filter((row) => row.n !== 1)).toEqual([]);
    expect((await invoicedOf()).map((row) => row.member_id).sort((a, b) => a - b)).toEqual([...ours].sort((a, b) => a - b));
    expect((await preview(year)).summary.renewing).toBe(0);
  });

  it('goes on past steps whose members are all left out, to the members after them', async () => {
    // Every member before these has next year's invoice (the first run above): whole steps of two read only members left out.
    await createAccount(t.db, { role_id: 1 });
    const ended = await billedMember(t.db);
    await t.db.query(`UPDATE subscriptions SET subscription_end = make_date($2, 6, 30) WHERE id = $1`, [ended.membership, year]);
    const erased = await billedMember(t.db);
    await t.db.query('UPDATE accounts SET erased_at = now() WHERE id = $1', [erased.id]);
    const last = await Promise.all([billedMember(t.db), billedMember(t.db)]);
    await t.db.query(`INSERT INTO renewal_runs (year, state) VALUES ($1, 'queued') ON CONFLICT (year) DO UPDATE SET state = 'queued', total = 0, done = 0`, [
      next,
    ]);

    await runRenewal(t.db, { outbox: t.services.outbox, billing: t.config.billing }, next, 2);

    const invoiced = new Set((await renewals(next)).map((row) => row.member_id));
    expect(last.map((member) => invoiced.has(member.id))).toEqual([true, true]);
    expect([ended.id, erased.id].map((id) => invoiced.has(id))).toEqual([false, false]);
    const run = (await get(`/api/renewal/${next}`)).json().data;
    expect(run.state).toBe('done');
    expect(run.done).toBe(run.total);
    expect((await preview(next)).summary.renewing).toBe(0);
  });

  it('starts only for this year or next, refuses a second start while one runs, and is for staff only', async () => {
    const past = await post(`/api/renewal/${year - 1}`);
    expect(past.statusCode).toBe(422);
    expect(past.json().errors.year).toEqual(['Fornyelsen kan bare kjøres for i år eller neste år.']);
    await t.db.query(`INSERT INTO renewal_runs (year, state) VALUES ($1, 'running') ON CONFLICT (year) DO UPDATE SET state = 'running'`, [year]);
    const busy = await post(`/api/renewal/${year}`);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe(`Fornyelsen for ${year} kjører allerede.`);
    await t.db.query("UPDATE renewal_runs SET state = 'done' WHERE year = $1", [year]);

    const member = await signedIn(t.app, t.db);
    for (const response of [
      await get(`/api/renewal/${next}/preview`, member.token),
      await get(`/api/renewal/${next}`, member.token),
      await post(`/api/renewal/${next}`, member.token),
    ]) {
      expect(response.statusCode).toBe(403);
    }
    expect((await get('/api/renewal/1999')).statusCode).toBe(400);
  });
});

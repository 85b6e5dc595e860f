/**
 * Tripletex as the ledger, against the stateful fake: an invoice made here becomes an order, an
 * invoice with our KID and due date and a send there; run again, nothing is made twice; what
 * Tripletex is paid is read back (paid, partly paid); staff's payments are registered there and
 * their credits made there; a failure (500, 429) is kept on the invoice until a later run gets
 * through; the second reminder is Tripletex's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestContext } from './helpers.ts';
import { signedInStaff } from './factories-member-admin.ts';
import { activeTravel, billedMember } from './billing-factories.ts';
import { startFakeTripletex, type FakeTripletex } from './fakes/tripletex.ts';
import { invoiceRestOfYear } from '../../server/domain/billing/first-invoice.ts';
import { OSLO_TODAY } from '../../server/domain/billing/invoices.ts';
import { remindInvoice } from '../../server/domain/billing/reminders.ts';
import { runTripletexLedger, type LedgerResult } from '../../server/domain/billing/tripletex-ledger.ts';
import { LEDGER_QUEUE } from '../../server/domain/billing/tripletex-queue.ts';
import { tripletexClient } from '../../server/adapters/tripletex.ts';
import { todayInOslo } from '../../server/domain/shared/oslo-date.ts';

let fake: FakeTripletex;
let t: TestContext;
let staff: { id: number; token: string };

beforeAll(async () => {
  fake = await startFakeTripletex('ledger-consumer', 'ledger-employee');
  t = await buildTestApp({
    env: {
      TRIPLETEX_URL: fake.url,
      TRIPLETEX_CONSUMER_TOKEN: 'ledger-consumer',
      TRIPLETEX_EMPLOYEE_TOKEN: 'ledger-employee',
      TRIPLETEX_INVOICE_URL: 'https://tripletex.test/faktura?id={id}',
    },
  });
  staff = await signedInStaff(t.app, t.db, { first_name: 'Tone', last_name: 'Regnskap' });
  // Each test runs the ledger itself, between the faults it sets in the fake: the queue's own runs
  // (queued when an invoice is made or paid) would meet those faults, or miss them, by timing.
  // billing-tripletex-jobs.test.ts has the runs the queue starts.
  await t.services.jobs.offWork(LEDGER_QUEUE);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const client = () => tripletexClient(t.config.tripletex!, { sleep: async () => {} });

/** One run of the ledger, as the queue's job does it; a run the queue started before it was stopped holds the lease, so this waits its turn. */
async function ledger(readBack = false): Promise<LedgerResult> {
  for (;;) {
    const result = await runTripletexLedger(t.db, client(), { paymentTypeId: null }, { readBack });
    if (result.state !== 'busy') return result;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A member's first invoice made as staff's acceptance makes it, with Tripletex as the ledger. */
async function tripletexInvoice(input: { first_name: string; invoice_method?: string; travel?: boolean }) {
  const member = await billedMember(t.db, { first_name: input.first_name, last_name: 'Ledger', invoice_method: input.invoice_method });
  if (input.travel) await activeTravel(t.db, member.id);
  const id = await t.db.transaction((tx) =>
    invoiceRestOfYear(tx, {
      memberId: member.id,
      membershipSubscriptionId: member.membership,
      actorId: staff.id,
      today: todayInOslo(),
      billing: t.config.billing,
      outbox: t.services.outbox,
    }),
  );
  const [row] = await t.db.query<{ id: number; number: number; kid: string; total_ore: number; due_date: string }>(
    'SELECT id, number, kid, total_ore, due_date::text AS due_date FROM invoices WHERE id = $1',
    [id],
  );
  return { ...row, member };
}

const get = (url: string) => t.app.inject({ url, headers: bearer(staff.token) });
const post = (url: string, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: bearer(staff.token), payload });
const details = async (id: number) => (await get(`/api/invoice/${id}`)).json().data;
const remoteOf = async (id: number) => {
  const [row] = await t.db.query<{ tripletex_invoice_id: number | null }>('SELECT tripletex_invoice_id FROM invoices WHERE id = $1', [id]);
  return fake.invoice(Number(row.tripletex_invoice_id))!;
};

describe('invoices sent by Tripletex', () => {
  it("makes the customer, an order of our reference, an invoice with our KID and due date, and sends it by the member's channel", async () => {
    const invoice = await tripletexInvoice({ first_name: 'Eva', invoice_method: 'EFAKTURA', travel: true });
    expect((await details(invoice.id)).state).toBe('draft');
    const result = await ledger();
    expect(result.state).toBe('done');

    const customer = fake.customers.find((candidate) => candidate.customerNumber === invoice.member.remoteId);
    expect(customer?.name).toBe('Eva Ledger');
    const order = fake.orders.find((candidate) => candidate.reference === `MP-FAK-${invoice.number}`)!;
    expect(order.customerId).toBe(customer!.id);
    expect(order.orderLines).toHaveLength(2);
    const remote = await remoteOf(invoice.id);
    expect(remote).toMatchObject({ kid: invoice.kid, invoiceDueDate: invoice.due_date, amountOre: invoice.total_ore, orderId: order.id });
    expect(remote.sends).toEqual([{ sendType: 'EFAKTURA', overrideEmailAddress: null }]);

    const shown = await details(invoice.id);
    expect(shown.state).toBe('sent');
    expect(shown.tripletex).toMatchObject({ invoice_id: remote.id, url: `https://tripletex.test/faktura?id=${remote.id}`, error: null });
    expect(shown.events.at(-1)).toMatchObject({ from_state: 'draft', to_state: 'sent', reason: 'Sendt fra Tripletex (eFaktura)' });
  });

  it('run again (and cut off after Tripletex made the order), makes nothing twice', async () => {
    const invoice = await tripletexInvoice({ first_name: 'Frode' });
    // The order is made, its answer never arrives: the run notes the failure on the invoice.
    fake.dropAfterCreatingOrder = () => true;
    await ledger();
    fake.dropAfterCreatingOrder = null;
    expect((await details(invoice.id)).tripletex.error).toBe('Ordren kunne ikke lages i Tripletex: Fikk ikke kontakt med Tripletex (forbindelsen ble brutt)');
    const orders = fake.orders.length;

    await ledger();
    await ledger();
    const reference = `MP-FAK-${invoice.number}`;
    expect(fake.orders.filter((order) => order.reference === reference)).toHaveLength(1);
    expect(fake.orders.length).toBe(orders);
    expect(fake.invoices.filter((remote) => remote.kid === invoice.kid)).toHaveLength(1);
    expect((await remoteOf(invoice.id)).sends).toEqual([{ sendType: 'EMAIL', overrideEmailAddress: null }]);
    expect(fake.customers.filter((customer) => customer.customerNumber === invoice.member.remoteId)).toHaveLength(1);
    const shown = await details(invoice.id);
    expect(shown).toMatchObject({ state: 'sent', tripletex: { error: null } });
  });

  it('keeps a 500 on the invoice, and a later run sends it', async () => {
    const invoice = await tripletexInvoice({ first_name: 'Gro' });
    fake.failWhen = (method, path) => (method === 'POST' && path === '/invoice' ? { status: 500, message: 'Internal error' } : null);
    await ledger();
    fake.failWhen = null;
    const failed = await details(invoice.id);
    expect(failed.state).toBe('draft');
    expect(failed.tripletex.error).toBe('Fakturaen kunne ikke lages i Tripletex: Tripletex hadde en feil (500): Internal error');

    await ledger();
    expect(await details(invoice.id)).toMatchObject({ state: 'sent', tripletex: { error: null } });
    expect((await remoteOf(invoice.id)).sends).toHaveLength(1);
  });

  it('stops at a 429 with its wait, keeps it on the invoice, and a later run sends it', async () => {
    const invoice = await tripletexInvoice({ first_name: 'Hege' });
    fake.failWhen = (_method, path) => (path.endsWith('/:send') ? { status: 429, message: 'Too many requests', headers: { 'Retry-After': '120' } } : null);
    const limited = await ledger();
    fake.failWhen = null;
    expect(limited).toMatchObject({ state: 'rate_limited', retryAfterMs: 120_000 });
    expect((await details(invoice.id)).tripletex.error).toBe(
      'Fakturaen kunne ikke sendes fra Tripletex: Tripletex svarte at det kommer for mange kall (429); prøv igjen om litt',
    );

    expect((await ledger()).state).toBe('done');
    expect(await details(invoice.id)).toMatchObject({ state: 'sent', tripletex: { error: null } });
    expect((await remoteOf(invoice.id)).sends).toHaveLength(1);
  });
});

describe('the status read back', () => {
  it('books what Tripletex was paid: partly paid, then paid, and never twice', async () => {
    const invoice = await tripletexInvoice({ first_name: 'Ida' });
    await ledger();
    const remote = await remoteOf(invoice.id);
    fake.pay(remote.id, 50_00);
    await ledger(true);
    let shown = await details(invoice.id);
    expect(shown).toMatchObject({ state: 'partly_paid', paid: 50_00 });
    expect(shown.payments).toMatchObject([{ amount: 50_00, method: 'tripletex' }]);
    expect(shown.tripletex.read_at).not.toBeNull();

    await ledger(true);
    expect((await details(invoice.id)).payments).toHaveLength(1);

    fake.pay(remote.id, invoice.total_ore - 50_00);
    await ledger(true);
    shown = await details(invoice.id);
    expect(shown).toMatchObject({ state: 'paid', paid: invoice.total_ore, outstanding: 0 });
    expect(shown.payments.map((payment: { method: string }) => payment.method)).toEqual(['tripletex', 'tripletex']);
    // Ours, not registered back in Tripletex (no echo).
    expect(fake.invoice(remote.id)!.payments.every((payment) => payment.source === 'bank')).toBe(true);
  });
});

describe("the portal's own money in Tripletex", () => {
  it('registers a staff payment there, with the bank payment type, once', async () => {
    const invoice = await tripletexInvoice({ first_name: 'Kari' });
    await ledger();
    const paid = await post(`/api/invoice/${invoice.id}/payment`, { amount: 100_00, paid_on: todayInOslo(), method: 'bank' });
    expect(paid.statusCode, paid.body).toBe(201);
    await ledger(true);
    await ledger(true);
    const remote = await remoteOf(invoice.id);
    expect(remote.payments).toEqual([{ date: todayInOslo(), paymentTypeId: 1, amountOre: 100_00, source: 'api' }]);
    expect(remote.outstandingOre).toBe(invoice.total_ore - 100_00);
    // The read-back finds nothing new: the payment is ours already.
    expect((await details(invoice.id)).payments).toHaveLength(1);
  });

  it('keeps a refused payment on the invoice until a later run registers it', async () => {
    const invoice = await tripletexInvoice({ first_name: 'Lars' });
    await ledger();
    fake.failWhen = (_method, path) => (path.endsWith('/:payment') ? { status: 500, message: 'Nede' } : null);
    await post(`/api/invoice/${invoice.id}/payment`, { amount: invoice.total_ore, paid_on: todayInOslo(), method: 'cash' });
    await ledger();
    fake.failWhen = null;
    expect((await details(invoice.id)).tripletex.error).toBe('Innbetalingen kunne ikke registreres i Tripletex: Tripletex hadde en feil (500): Nede');
    await ledger();
    expect((await details(invoice.id)).tripletex.error).toBeNull();
    expect((await remoteOf(invoice.id)).outstandingOre).toBe(0);
  });

  it('makes a whole credit a credit note of the invoice, and a part credit a credit note order', async () => {
    const whole = await tripletexInvoice({ first_name: 'Mona' });
    const part = await tripletexInvoice({ first_name: 'Nils' });
    await ledger();
    expect((await post(`/api/invoice/${whole.id}/credit`, { reason: 'Meldt inn ved en feil' })).statusCode).toBe(200);
    expect((await post(`/api/invoice/${part.id}/credit`, { reason: 'Feil pris', amount: 100_00 })).statusCode).toBe(200);
    await ledger(true);
    await ledger(true);

    const wholeRemote = await remoteOf(whole.id);
    expect(wholeRemote.isCredited).toBe(true);
    expect(fake.invoices.filter((remote) => remote.creditedInvoice === wholeRemote.id)).toHaveLength(1);
    const partRemote = await remoteOf(part.id);
    const notes = fake.invoices.filter((remote) => remote.creditedInvoice === partRemote.id);
    expect(notes).toHaveLength(1);
    expect(notes[0].amountOre).toBe(-100_00);
    expect(partRemote.outstandingOre).toBe(part.total_ore - 100_00);
    // Tripletex's lower outstanding is the credit, not a payment.
    expect(await details(part.id)).toMatchObject({ state: 'sent', paid: 0, credited: 100_00 });
    expect((await details(whole.id)).events.at(-1).reason).toBe('Kreditnota laget i Tripletex');
  });
});

describe('the second reminder with Tripletex as the ledger', () => {
  async function overdue(firstName: string, days: number) {
    const invoice = await tripletexInvoice({ first_name: firstName });
    await ledger();
    await t.db.query(`UPDATE invoices SET due_date = ${OSLO_TODAY} - $2::int, invoice_date = ${OSLO_TODAY} - $2::int - 14 WHERE id = $1`, [invoice.id, days]);
    return invoice;
  }

  it('is made in Tripletex (REMINDER, no fee), not mailed by the portal', async () => {
    const invoice = await overdue('Ola', 28);
    expect(await remindInvoice(t.db, t.services.outbox, t.config, invoice.id, 2)).toBe('sent');
    await ledger();
    await ledger();
    const remote = await remoteOf(invoice.id);
    expect(remote.reminders).toEqual([{ type: 'REMINDER', date: todayInOslo(), dispatchType: 'EMAIL', feeOre: 0 }]);
    const mails = await t.db.query("SELECT 1 FROM message_log WHERE member_id = $1 AND subject LIKE 'Andre påminnelse%'", [invoice.member.id]);
    expect(mails).toHaveLength(0);
    const shown = await details(invoice.id);
    expect(shown.state).toBe('reminded');
    expect(shown.events.slice(-2).map((event: { reason: string }) => event.reason)).toEqual([
      'Andre purring sendes fra Tripletex',
      'Andre purring sendt fra Tripletex (e-post)',
    ]);
  });

  it('is stopped when Tripletex says the invoice was paid after the reminder was decided', async () => {
    const invoice = await overdue('Per', 28);
    await remindInvoice(t.db, t.services.outbox, t.config, invoice.id, 2);
    const remote = await remoteOf(invoice.id);
    fake.pay(remote.id, invoice.total_ore);
    await ledger();
    expect(fake.invoice(remote.id)!.reminders).toEqual([]);
    const [row] = await t.db.query<{ status: string; reason: string }>('SELECT status, reason FROM invoice_reminders WHERE invoice_id = $1', [invoice.id]);
    expect(row).toEqual({ status: 'stopped', reason: 'Stoppet: fakturaen er betalt' });
    expect((await details(invoice.id)).state).toBe('paid');
  });
});

describe('without Tripletex', () => {
  it('answers 503 to a status read', async () => {
    const bare = await buildTestApp();
    try {
      const token = (await signedInStaff(bare.app, bare.db)).token;
      const response = await bare.app.inject({ method: 'POST', url: '/api/invoice/tripletex-status', headers: bearer(token) });
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toBe('Tripletex er ikke satt opp på denne serveren.');
    } finally {
      await bare.close();
    }
  });
});

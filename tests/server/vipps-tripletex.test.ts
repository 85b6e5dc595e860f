/**
 * Vipps while Tripletex is the ledger, run by the queues as the server runs them. An invoice paid
 * on Min side with Vipps is registered on Tripletex's invoice once. Dues drawn by agreement: the
 * renewal's invoice is made in Tripletex but not sent to the member (MANUAL), the charge is made
 * at Vipps; a captured charge is registered there once; a failed one has Tripletex send the
 * invoice by the member's channel after all, and the member is told.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, login, type TestContext } from './helpers.ts';
import { billedMember } from './billing-factories.ts';
import { signedInStaff } from './factories-member-admin.ts';
import { startFakeVipps, VIPPS_ENV, type FakeVipps } from './fakes/vipps.ts';
import { startFakeTripletex, type FakeTripletex } from './fakes/tripletex.ts';
import { runRenewal } from '../../server/domain/billing/renewal.ts';
import { invoiceRestOfYear } from '../../server/domain/billing/first-invoice.ts';
import { todayInOslo } from '../../server/domain/shared/oslo-date.ts';
import { currentYear } from '../../server/domain/billing/prices.ts';
import { pollAgreements } from '../../server/domain/payments/vipps-agreements.ts';
import { agreementDeps } from '../../server/jobs/vipps-agreements.ts';
import { markSent } from '../../server/domain/billing/tripletex-ledger-send.ts';

const HOST = 'portal.test';
const WEBHOOK = '/api/vipps_registration/webhook';
const POLL = { timeout: 30_000, interval: 100 };

let vipps: FakeVipps;
let tripletex: FakeTripletex;
let t: TestContext;
let staff: { id: number; token: string };

beforeAll(async () => {
  vipps = await startFakeVipps();
  tripletex = await startFakeTripletex('charges-consumer', 'charges-employee');
  t = await buildTestApp({
    env: {
      ...VIPPS_ENV,
      VIPPS_API_URL: vipps.url,
      PUBLIC_URL: `https://${HOST}`,
      TRIPLETEX_URL: tripletex.url,
      TRIPLETEX_CONSUMER_TOKEN: 'charges-consumer',
      TRIPLETEX_EMPLOYEE_TOKEN: 'charges-employee',
    },
  });
  staff = await signedInStaff(t.app, t.db);
});
afterAll(async () => {
  await t?.close();
  await vipps?.close();
  await tripletex?.close();
});

const deliver = (body: string) =>
  t.app.inject({ method: 'POST', url: WEBHOOK, headers: vipps.sign(VIPPS_ENV.VIPPS_WEBHOOK_SECRET, HOST, WEBHOOK, body), payload: body });
const lastEvent = () => vipps.recurringEvents[vipps.recurringEvents.length - 1];
const details = async (id: number) => (await t.app.inject({ url: `/api/invoice/${id}`, headers: bearer(staff.token) })).json().data;
const remoteOf = async (id: number) => {
  const [row] = await t.db.query<{ tripletex_invoice_id: number | null }>('SELECT tripletex_invoice_id FROM invoices WHERE id = $1', [id]);
  return row.tripletex_invoice_id === null ? undefined : tripletex.invoice(Number(row.tripletex_invoice_id));
};

/** A member with an approved agreement, renewed for next year: the invoice in Tripletex and the charge at Vipps. */
async function drawnRenewal(firstName: string) {
  const created = await billedMember(t.db, { first_name: firstName, last_name: 'Trekk', phone: '91234567' });
  const token = await login(t.app, created.email, created.password);
  const started = await t.app.inject({ method: 'POST', url: `/api/member/${created.id}/vipps-agreement`, headers: bearer(token) });
  expect(started.statusCode, started.body).toBe(200);
  const agreementId = started.json().data.agreement_id as string;
  vipps.approveAgreement(agreementId);
  expect((await deliver(lastEvent())).statusCode).toBe(200);

  const year = currentYear() + 1;
  await t.db.query(`INSERT INTO renewal_runs (year, state) VALUES ($1, 'queued') ON CONFLICT (year) DO UPDATE SET state = 'queued', total = 0, done = 0`, [
    year,
  ]);
  await runRenewal(t.db, { outbox: t.services.outbox, billing: t.config.billing }, year);
  const [invoice] = await t.db.query<{ id: number; number: number; total_ore: number }>(
    "SELECT id, number, total_ore FROM invoices WHERE member_id = $1 AND year = $2 AND kind = 'renewal'",
    [created.id, year],
  );
  const orderId = `mp-faktura-${invoice.number}`;
  await expect.poll(async () => (await remoteOf(invoice.id))?.sends.length ?? 0, POLL).toBe(1);
  await expect.poll(() => vipps.agreements.get(agreementId)!.charges.has(orderId), POLL).toBe(true);
  // And recorded here: the job makes the charge at Vipps, then moves ours on from QUEUED, which the
  // polling of the agreements passes over (on PostgreSQL a test could poll in between).
  const chargeState = async () => (await t.db.query<{ state: string }>('SELECT state FROM vipps_charges WHERE order_id = $1', [orderId]))[0]?.state;
  await expect.poll(chargeState, POLL).not.toBe('QUEUED');
  return { invoice, orderId, agreementId };
}

const mails = (invoiceId: number) => t.db.query<{ subject: string }>('SELECT subject FROM message_log WHERE invoice_id = $1 ORDER BY id', [invoiceId]);

describe('an invoice paid on Min side with Tripletex as the ledger', () => {
  it("is registered on Tripletex's invoice once, however often Vipps tells us", async () => {
    const created = await billedMember(t.db, { first_name: 'Vilde', last_name: 'Betaler' });
    const token = await login(t.app, created.email, created.password);
    const id = await t.db.transaction((tx) =>
      invoiceRestOfYear(tx, {
        memberId: created.id,
        membershipSubscriptionId: created.membership,
        actorId: staff.id,
        today: todayInOslo(),
        billing: t.config.billing,
        outbox: t.services.outbox,
      }),
    );
    // Sent by Tripletex (the queue's run), the invoice is the member's to pay.
    await expect.poll(async () => (await details(id!)).state, POLL).toBe('sent');
    const started = await t.app.inject({ method: 'POST', url: `/api/invoice/${id}/vipps`, headers: bearer(token) });
    expect(started.statusCode, started.body).toBe(201);
    const { reference } = started.json().data as { reference: string };
    vipps.authorize(reference, { given_name: 'Vilde', family_name: 'Betaler', email: created.email, phone_number: '4791234567' });
    const event = () => {
      const body = vipps.event(reference, 'AUTHORIZED');
      return t.app.inject({ method: 'POST', url: WEBHOOK, headers: vipps.sign(VIPPS_ENV.VIPPS_WEBHOOK_SECRET, HOST, WEBHOOK, body), payload: body });
    };
    expect((await event()).statusCode).toBe(200);
    expect((await details(id!)).state).toBe('paid');
    await expect.poll(async () => (await remoteOf(id!))!.payments.length, POLL).toBe(1);
    expect((await event()).statusCode).toBe(200);
    expect((await details(id!)).payments).toHaveLength(1);
    expect((await remoteOf(id!))!).toMatchObject({ outstandingOre: 0, payments: [{ amountOre: (await details(id!)).total }] });
  });
});

describe('a Vipps agreement with Tripletex as the ledger', () => {
  it('makes the invoice in Tripletex without sending it, charges it, and registers the charge there once', async () => {
    const { invoice, orderId } = await drawnRenewal('Kari');
    const remote = (await remoteOf(invoice.id))!;
    expect(remote).toMatchObject({ amountOre: invoice.total_ore, sends: [{ sendType: 'MANUAL' }] });
    expect(vipps.charge(orderId)).toMatchObject({ amount: invoice.total_ore });
    // Written by the ledger job once Tripletex has answered the send (the fake has it a moment before).
    await expect
      .poll(async () => (await details(invoice.id)).events.map((line: { reason: string }) => line.reason), POLL)
      .toContain('Laget i Tripletex, ikke sendt: trekkes med Vipps-avtale');
    expect(await mails(invoice.id)).toEqual([]);

    vipps.captureCharge(orderId);
    expect((await deliver(lastEvent())).statusCode).toBe(200);
    await expect.poll(async () => (await remoteOf(invoice.id))!.payments.length, POLL).toBe(1);
    expect((await remoteOf(invoice.id))!).toMatchObject({ outstandingOre: 0, payments: [{ amountOre: invoice.total_ore }] });
    // A replayed event books and registers nothing twice.
    await deliver(lastEvent());
    await pollAgreements(agreementDeps(t.services));
    expect((await details(invoice.id)).state).toBe('paid');
    expect((await remoteOf(invoice.id))!.payments).toHaveLength(1);
    expect((await remoteOf(invoice.id))!.sends).toHaveLength(1);
  });

  it("has Tripletex send the invoice by the member's channel when the charge fails, and tells the member", async () => {
    const { invoice, orderId } = await drawnRenewal('Per');
    vipps.failCharge(orderId);
    await pollAgreements(agreementDeps(t.services));
    await expect.poll(async () => (await remoteOf(invoice.id))!.sends.map((send) => send.sendType), POLL).toEqual(['MANUAL', 'EMAIL']);
    // The portal writes the send into the invoice's history once Tripletex has answered it, so that
    // is waited for too, not read at the moment Tripletex holds the send.
    const reasons = async () => (await details(invoice.id)).events.map((line: { reason: string }) => line.reason);
    await expect.poll(reasons, POLL).toContain('Sendt fra Tripletex (e-post)');
    expect(await reasons()).toContain('Trekk med Vipps gikk ikke: sendes fra Tripletex');
    expect((await details(invoice.id)).state).toBe('sent');
    // Told by the portal; the invoice itself is Tripletex's mail.
    expect((await mails(invoice.id)).map((row) => row.subject)).toEqual(['Vi fikk ikke trukket kontingenten med Vipps']);
  });

  it('leaves unsent an invoice whose charge failed while Tripletex made it for the charge, for the run that sends it', async () => {
    const { invoice } = await drawnRenewal('Rask');
    const reasons = async () => (await details(invoice.id)).events.map((line: { reason: string }) => line.reason);
    await expect.poll(reasons, POLL).toContain('Laget i Tripletex, ikke sendt: trekkes med Vipps-avtale');
    // As when the charge falls back between Tripletex making the invoice and the run marking it:
    // the fall-back has cleared its sending and queued the run that sends it by the member's channel.
    await t.db.query('UPDATE invoices SET tripletex_sent_at = NULL WHERE id = $1', [invoice.id]);
    await t.db.query('UPDATE vipps_charges SET fell_back_at = now() WHERE invoice_id = $1', [invoice.id]);
    const before = await reasons();
    await markSent(t.db, invoice.id, null);
    const [row] = await t.db.query<{ tripletex_sent_at: string | null }>('SELECT tripletex_sent_at FROM invoices WHERE id = $1', [invoice.id]);
    expect(row.tripletex_sent_at).toBeNull();
    expect(await reasons()).toEqual(before);
  });
});

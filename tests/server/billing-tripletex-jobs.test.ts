/**
 * Tripletex as the ledger, run by the queue as the server runs it (billing-tripletex.test.ts runs
 * the ledger by hand between the faults it sets): an invoice made is sent by the queue's run; staff
 * ask for the status on demand; 'Synkroniser ordre' sends what Tripletex has not sent; 'Kjør
 * purring nå' reads the status back before any reminder.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestContext } from './helpers.ts';
import { signedInStaff } from './factories-member-admin.ts';
import { billedMember } from './billing-factories.ts';
import { startFakeTripletex, type FakeTripletex } from './fakes/tripletex.ts';
import { invoiceRestOfYear } from '../../server/domain/billing/first-invoice.ts';
import { OSLO_TODAY } from '../../server/domain/billing/invoices.ts';
import { todayInOslo } from '../../server/domain/shared/oslo-date.ts';

let fake: FakeTripletex;
let t: TestContext;
let staff: { id: number; token: string };

beforeAll(async () => {
  fake = await startFakeTripletex('jobs-consumer', 'jobs-employee');
  t = await buildTestApp({
    env: { TRIPLETEX_URL: fake.url, TRIPLETEX_CONSUMER_TOKEN: 'jobs-consumer', TRIPLETEX_EMPLOYEE_TOKEN: 'jobs-employee' },
  });
  staff = await signedInStaff(t.app, t.db, { first_name: 'Tone', last_name: 'Regnskap' });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const get = (url: string) => t.app.inject({ url, headers: bearer(staff.token) });
const post = (url: string, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: bearer(staff.token), payload });
const details = async (id: number) => (await get(`/api/invoice/${id}`)).json().data;
const remoteOf = async (id: number) => {
  const [row] = await t.db.query<{ tripletex_invoice_id: number | null }>('SELECT tripletex_invoice_id FROM invoices WHERE id = $1', [id]);
  return fake.invoice(Number(row.tripletex_invoice_id))!;
};
const stateOf = (id: number, state: string) => expect.poll(async () => (await details(id)).state, { timeout: 30_000, interval: 100 }).toBe(state);

/** A member's first invoice made as staff's acceptance makes it: the queue's ledger run sends it. */
async function tripletexInvoice(firstName: string) {
  const member = await billedMember(t.db, { first_name: firstName, last_name: 'Jobb' });
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
  const [row] = await t.db.query<{ id: number; number: number; total_ore: number }>('SELECT id, number, total_ore FROM invoices WHERE id = $1', [id]);
  return { ...row, member };
}

describe('the queue runs the ledger', () => {
  it('sends an invoice once it is made, and reads its status back when staff ask (202)', async () => {
    const invoice = await tripletexInvoice('Jon');
    await stateOf(invoice.id, 'sent');
    fake.pay((await remoteOf(invoice.id)).id, invoice.total_ore);
    const started = await post('/api/invoice/tripletex-status');
    expect(started.statusCode).toBe(202);
    expect(started.json().message).toBe('Status for fakturaene hentes fra Tripletex nå.');
    await stateOf(invoice.id, 'paid');
    expect((await remoteOf(invoice.id)).sends).toHaveLength(1);
  });

  it("'Synkroniser ordre' sends the invoices Tripletex has not sent yet", async () => {
    // Tripletex refuses every order until it is up again: the queue's runs leave the invoice a draft with the error.
    fake.failWhen = (method, path) => (method === 'POST' && path === '/order' ? { status: 500, message: 'Nede' } : null);
    const invoice = await tripletexInvoice('Jens');
    await expect
      .poll(async () => (await details(invoice.id)).tripletex.error, { timeout: 30_000, interval: 100 })
      .toBe('Ordren kunne ikke lages i Tripletex: Tripletex hadde en feil (500): Nede');
    expect((await details(invoice.id)).state).toBe('draft');
    fake.failWhen = null;
    expect((await get('/api/dev/sync-tripletex')).statusCode).toBe(202);
    await stateOf(invoice.id, 'sent');
    expect((await remoteOf(invoice.id)).sends).toHaveLength(1);
    expect((await details(invoice.id)).tripletex.error).toBeNull();
  });

  it("staff's 'Kjør purring nå' reads the status back first: an invoice paid in Tripletex gets no reminder", async () => {
    const invoice = await tripletexInvoice('Jorunn');
    await stateOf(invoice.id, 'sent');
    await t.db.query(`UPDATE invoices SET due_date = ${OSLO_TODAY} - 15, invoice_date = ${OSLO_TODAY} - 29 WHERE id = $1`, [invoice.id]);
    fake.pay((await remoteOf(invoice.id)).id, invoice.total_ore);
    expect((await post('/api/reminder/run')).statusCode).toBe(202);
    await stateOf(invoice.id, 'paid');
    const reminders = await t.db.query('SELECT 1 FROM invoice_reminders WHERE invoice_id = $1', [invoice.id]);
    expect(reminders).toHaveLength(0);
    const messages = await t.db.query("SELECT 1 FROM message_log WHERE member_id = $1 AND subject LIKE 'Påminnelse%'", [invoice.member.id]);
    expect(messages).toHaveLength(0);
  });
});

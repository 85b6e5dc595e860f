/**
 * 'Innbetalinger': reading in the bank's OCR giro file. Payments matched by KID are booked on
 * their invoices (exact, partial, over-payment), the rest is left for staff to place; a file is
 * read in once; a bad file, a wrong sum or another account is refused with the reason.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createAccount, login, type TestContext } from './helpers.ts';
import { billedMember, firstInvoice, ocrGiroFile } from './billing-factories.ts';
import { todayInOslo } from '../../server/domain/shared/oslo-date.ts';
import type { OcrGiroTransactionInput } from '../../server/lib/ocr-giro.ts';
import { bookPaymentFile, readPaymentFile } from '../../server/domain/billing/payment-files.ts';

const fixture = (name: string) => readFileSync(fileURLToPath(new URL(`../fixtures/ocr/${name}`, import.meta.url)));

interface FixtureInvoice {
  memberNumber: number;
  invoiceNumber: number;
  outstandingOre: number;
  state: string;
  kid: string;
}
interface FixturePayment {
  kid: string;
  amountOre: number;
  expected: string;
  invoiceId: number | null;
}
const expected = JSON.parse(fixture('valid-payments.invoices.json').toString('utf8')) as {
  bankAccount: string;
  invoices: (FixtureInvoice & { invoiceId: number })[];
  payments: FixturePayment[];
};

interface Item {
  id: number;
  line: number;
  kind: string;
  amount: number;
  kid: string | null;
  invoice_id: number | null;
  booked: number;
  unplaced: number;
  payment_id: number | null;
  placed_invoice_id: number | null;
  placed_by_name: string | null;
  placed_at: string | null;
  resolved: boolean;
}

let t: TestContext;
let staff: { id: number; token: string };
let memberToken: string;
/** The fixture's invoice ids (1–8) to ours. */
const fixtureInvoices = new Map<number, number>();

const today = todayInOslo();
const year = Number(today.slice(0, 4));
let nextTransmission = 2_000_000;

beforeAll(async () => {
  t = await buildTestApp();
  const account = await createAccount(t.db, { role_id: 5, first_name: 'Ingrid', last_name: 'Berg' });
  staff = { id: account.id, token: await login(t.app, account.email, account.password) };

  // The fixture's invoices: its member numbers, and invoice numbers 17–24 from the sequence, so
  // our KIDs are the file's; then each gets the fixture's amount and state.
  await t.db.query("SELECT setval('invoice_number_seq', 16)");
  for (const invoice of expected.invoices) {
    const member = await billedMember(t.db, { remote_id: invoice.memberNumber });
    const id = await firstInvoice(t.db, t.config, member, `${year}-01-05`);
    fixtureInvoices.set(invoice.invoiceId, id);
    const total = invoice.outstandingOre || 125_000;
    await t.db.query(
      `UPDATE invoices SET total_ore = $2, state = $3, paid_ore = CASE WHEN $3 = 'paid' THEN $2 ELSE 0 END,
              credited_ore = CASE WHEN $3 = 'credited' THEN $2 ELSE 0 END WHERE id = $1`,
      [id, total, invoice.state],
    );
    const [{ kid }] = await t.db.query<{ kid: string }>('SELECT kid FROM invoices WHERE id = $1', [id]);
    expect(kid).toBe(invoice.kid);
  }
  const member = await createAccount(t.db, { role_id: 2 });
  memberToken = await login(t.app, member.email, member.password);
});
afterAll(async () => t?.close());

const get = (url: string, token = staff.token) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (url: string, payload: object, token = staff.token) => t.app.inject({ method: 'POST', url, headers: bearer(token), payload });

function upload(file: Buffer, filename = 'OCR.20270120.txt', token = staff.token) {
  const boundary = '----ocrgrense';
  return t.app.inject({
    method: 'POST',
    url: '/api/payment-file',
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/plain\r\n\r\n`),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
}

/** An OCR file of one assignment paying these, as the bank would deliver it. */
function ocrFile(transactions: OcrGiroTransactionInput[], options: { transmission?: number; account?: string } = {}) {
  return ocrGiroFile(options.account ?? t.config.billing.bankAccount, options.transmission ?? nextTransmission++, transactions);
}

/** A member with a sent first invoice of 1 450 kr; answers its id and KID. */
async function invoiced() {
  const member = await billedMember(t.db);
  const id = await firstInvoice(t.db, t.config, member, `${year}-01-05`);
  const [{ kid }] = await t.db.query<{ kid: string }>('SELECT kid FROM invoices WHERE id = $1', [id]);
  return { member, id, kid };
}

const invoice = async (id: number) => (await get(`/api/invoice/${id}`)).json().data;

interface FileDetails {
  id: number;
  transmission_number: string;
  state: string;
  matched: Item[];
  unmatched: Item[];
  totals: Record<string, number>;
}

/** Uploads a file, expects it read in (202, queued) and answers it once the queue's job has booked it. */
async function booked(file: Buffer, filename?: string): Promise<FileDetails> {
  const response = await upload(file, filename);
  expect(response.statusCode, response.body).toBe(202);
  const { id } = response.json().data as FileDetails;
  await expect.poll(async () => (await get(`/api/payment-file/${id}`)).json().data.state, { timeout: 20_000, interval: 100 }).toBe('done');
  return (await get(`/api/payment-file/${id}`)).json().data as FileDetails;
}

describe('POST /api/payment-file', () => {
  it('books the bank fixture by KID: exact, partial and its rest, over-payment with its surplus left, and leaves the rest for staff', async () => {
    const response = await upload(fixture('valid-payments.txt'));
    expect(response.statusCode, response.body).toBe(202);
    // Read in and queued: nothing booked yet, every payment waiting for the job.
    expect(response.json().data).toMatchObject({ state: 'queued', matched: [], unmatched: [], totals: { count: 11, booked: 0, pending: 11 } });
    await expect
      .poll(async () => (await get(`/api/payment-file/${response.json().data.id}`)).json().data.state, { timeout: 20_000, interval: 100 })
      .toBe('done');
    const data = (await get(`/api/payment-file/${response.json().data.id}`)).json().data as FileDetails;
    expect(data.transmission_number).toBe('1000042');
    const items = [...data.matched, ...data.unmatched].sort((a, b) => a.line - b.line);
    expect(items.map((item) => item.kind)).toEqual(expected.payments.map((payment) => payment.expected));
    expect(items.map((item) => item.invoice_id)).toEqual(
      expected.payments.map((payment) => (payment.invoiceId === null ? null : fixtureInvoices.get(payment.invoiceId))),
    );
    expect(data.matched.map((item) => item.kind)).toEqual(['exact', 'partial', 'overpaid', 'exact', 'exact', 'exact']);
    expect(data.unmatched.map((item) => item.kind)).toEqual(['unknown_kid', 'invalid_kid', 'already_paid', 'credited', 'reversal']);
    // The over-payment pays the invoice; its 50 kr surplus is left for staff, not booked.
    const over = data.matched.find((item) => item.kind === 'overpaid')!;
    expect(over).toMatchObject({ amount: 130_000, booked: 125_000, unplaced: 5_000, resolved: false });
    expect(data.matched.filter((item) => item.kind !== 'overpaid').every((item) => item.resolved && item.payment_id !== null)).toBe(true);
    expect(data.unmatched.every((item) => item.booked === 0 && item.payment_id === null && !item.resolved)).toBe(true);
    expect(data.totals).toEqual({
      count: 11,
      amount: 1_304_550 - 2 * 62_500,
      booked: 787_050,
      unplaced: 1_304_550 - 2 * 62_500 - 787_050,
      matched: 6,
      unmatched: 5,
      pending: 0,
    });

    const states = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map(async (n) => (await invoice(fixtureInvoices.get(n)!)).state));
    expect(states).toEqual(['paid', 'paid', 'paid', 'sent', 'paid', 'paid', 'credited', 'paid']);
    const second = await invoice(fixtureInvoices.get(2)!);
    expect(second.payments).toEqual([
      expect.objectContaining({ amount: 50_000, method: 'ocr', paid_on: '2027-01-18', registered_by_name: 'Ingrid Berg' }),
      expect.objectContaining({ amount: 75_000, method: 'ocr', paid_on: '2027-01-19' }),
    ]);
    expect(second.events.map((event: { to_state: string }) => event.to_state)).toEqual(['draft', 'sent', 'partly_paid', 'paid']);
    expect(await invoice(fixtureInvoices.get(3)!)).toMatchObject({ paid: 125_000, outstanding: 0 });
    const [changes] = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM member_changes WHERE member_id = (SELECT member_id FROM invoices WHERE id = $1) AND changes ? 'Innbetaling'",
      [fixtureInvoices.get(2)],
    );
    expect(changes.n).toBe(2);
    await t.services.accessLog.flush();
    const owner = (await t.db.query<{ member_id: number }>('SELECT member_id FROM invoices WHERE id = $1', [fixtureInvoices.get(2)]))[0].member_id;
    const [uploaded] = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM access_log WHERE kind = 'change' AND detail = 'OCR-fil lest inn'");
    expect(uploaded.n).toBe(1);
    // The file's page names the members whose invoices it paid (each sees it in their own log).
    const [read] = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM access_log WHERE kind = 'read' AND detail = 'En OCR-fil fra banken' AND $1 = ANY (member_ids)",
      [owner],
    );
    expect(read.n).toBeGreaterThanOrEqual(1);

    // The same transmission again (saved by another program: other bytes) is refused and books nothing.
    const again = await upload(fixture('duplicate-transmission.txt'));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Denne filen er allerede lest inn (forsendelse 1000042)');
    expect((await invoice(fixtureInvoices.get(2)!)).payments).toHaveLength(2);
  });

  it('refuses a bad record and a wrong sum with the parser message and the line, and books nothing', async () => {
    const bad = await upload(fixture('bad-record.txt'));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().line).toBe(5);
    expect(bad.json().message).toContain('linje 5');
    expect(bad.json().errors.file).toEqual([bad.json().message]);
    const wrong = await upload(fixture('wrong-total.txt'));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().line).toBe(13);
    expect(wrong.json().message).toContain('linje 13');
    const [{ n }] = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM payment_files WHERE transmission_number = '1000042'");
    expect(n).toBe(1);
  });

  it('refuses a file paid into another account, naming both accounts', async () => {
    const { id, kid } = await invoiced();
    const response = await upload(ocrFile([{ date: today, amountOre: 145_000, kid }], { account: '12345678903' }));
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('Oppdraget gjelder konto 1234.56.78903, men organisasjonens konto er 1503.12.34562.');
    expect((await invoice(id)).state).toBe('sent');
  });

  it('refuses a request without a file, and answers a member 403', async () => {
    const none = await t.app.inject({ method: 'POST', url: '/api/payment-file', headers: bearer(staff.token) });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.file).toBeDefined();
    const { kid } = await invoiced();
    expect((await upload(ocrFile([{ date: today, amountOre: 100, kid }]), 'ocr.txt', memberToken)).statusCode).toBe(403);
    expect((await get('/api/payment-file/list', memberToken)).statusCode).toBe(403);
  });

  it('books a partial payment as partly paid, and never twice when two uploads of a file race', async () => {
    const { id, kid } = await invoiced();
    const file = ocrFile([{ date: today, amountOre: 45_000, kid }]);
    const [a, b] = await Promise.all([upload(file), upload(file)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([202, 409]);
    const read = [a, b].find((response) => response.statusCode === 202)!;
    await expect.poll(async () => (await get(`/api/payment-file/${read.json().data.id}`)).json().data.state, { timeout: 20_000, interval: 100 }).toBe('done');
    expect(await invoice(id)).toMatchObject({ state: 'partly_paid', paid: 45_000, outstanding: 100_000 });
  });
});

describe('the booking job', () => {
  it('books a file larger than a step in its order, each payment seeing the ones before, and a second run books nothing again', async () => {
    const { id, kid } = await invoiced();
    // 120 part payments of 10 kr, then the 250 kr left: several steps of the job on either database.
    const payments = [...Array.from({ length: 120 }, () => ({ date: today, amountOre: 1_000, kid })), { date: today, amountOre: 25_000, kid }];
    const file = await booked(ocrFile(payments));
    expect(file.matched.map((item) => item.kind)).toEqual([...Array.from({ length: 120 }, () => 'partial'), 'exact']);
    expect(file.totals).toMatchObject({ count: 121, booked: 145_000, unplaced: 0, matched: 121, pending: 0 });
    expect(await invoice(id)).toMatchObject({ state: 'paid', paid: 145_000, outstanding: 0 });

    // The job run again (a worker killed after its last step, say) finds nothing left to book.
    await bookPaymentFile(t.db, file.id);
    expect((await invoice(id)).payments).toHaveLength(121);
  });

  it('refuses to place a payment of a file still waiting for its booking, and reads a form without a boundary as a bad request', async () => {
    // Read in as the request does, with a job sender that holds the job back.
    const held = { send: async () => 'held', sendMany: async () => undefined };
    const stored = await readPaymentFile(
      t.db,
      held,
      { name: 'venter.txt', buffer: ocrFile([{ date: today, amountOre: 5_000, kid: null }]) },
      staff.id,
      t.config.billing.bankAccount,
    );
    expect(stored).toMatchObject({ state: 'queued', totals: { pending: 1 } });
    const [item] = await t.db.query<{ id: number }>('SELECT id FROM payment_file_items WHERE file_id = $1', [stored.id]);
    const early = await post(`/api/payment-file/item/${item.id}/place`, { invoice_id: 1 });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Filen føres fortsatt. Prøv igjen om litt.');

    const noBoundary = await t.app.inject({
      method: 'POST',
      url: '/api/payment-file',
      headers: { ...bearer(staff.token), 'content-type': 'multipart/form-data' },
      payload: 'x',
    });
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json().message).toBe('Skjemaet med filen kunne ikke leses. Last opp filen på nytt.');
  });
});

describe('GET /api/payment-file/list and /api/payment-file/{id}', () => {
  it('lists the files newest first and shows one with its matched and unmatched payments', async () => {
    const { kid } = await invoiced();
    const transmission = nextTransmission;
    const created = await booked(
      ocrFile([
        { date: today, amountOre: 145_000, kid },
        { date: today, amountOre: 10_000, kid: null },
      ]),
      'siste.txt',
    );
    const list = await get('/api/payment-file/list');
    expect(list.statusCode).toBe(200);
    expect(list.json().data[0]).toMatchObject({
      id: created.id,
      transmission_number: String(transmission),
      file_name: 'siste.txt',
      uploaded_by_name: 'Ingrid Berg',
      state: 'done',
      totals: { count: 2, amount: 155_000, booked: 145_000, unplaced: 10_000, matched: 1, unmatched: 1, pending: 0 },
    });
    expect(list.json().total).toBeGreaterThanOrEqual(2);
    const one = await get(`/api/payment-file/${created.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().data.matched).toEqual([expect.objectContaining({ kind: 'exact', amount: 145_000, resolved: true })]);
    expect(one.json().data.unmatched).toEqual([expect.objectContaining({ kind: 'invalid_kid', kid: null, amount: 10_000, unplaced: 10_000 })]);
    expect((await get('/api/payment-file/99999999')).statusCode).toBe(404);
  });
});

describe('POST /api/payment-file/item/{id}/place', () => {
  it('places an unmatched payment on an invoice with who did it, once; refuses a credited invoice', async () => {
    const target = await invoiced();
    const credited = await invoiced();
    expect((await post(`/api/invoice/${credited.id}/credit`, { reason: 'Feil' })).statusCode).toBe(200);
    const file = await booked(ocrFile([{ date: today, amountOre: 145_000, kid: '12345' }]));
    const [item] = file.unmatched as Item[];
    expect(item.kind).toBe('invalid_kid');

    const refused = await post(`/api/payment-file/item/${item.id}/place`, { invoice_id: credited.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.invoice_id).toEqual(['Fakturaen er kreditert og kan ikke få innbetalinger.']);
    expect((await post(`/api/payment-file/item/${item.id}/place`, { invoice_id: target.id }, memberToken)).statusCode).toBe(403);

    const placed = await post(`/api/payment-file/item/${item.id}/place`, { invoice_id: target.id });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().data).toMatchObject({ placed_invoice_id: target.id, placed_by_name: 'Ingrid Berg', unplaced: 0, resolved: true });
    expect(await invoice(target.id)).toMatchObject({ state: 'paid', paid: 145_000 });

    const twice = await post(`/api/payment-file/item/${item.id}/place`, { invoice_id: target.id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Denne innbetalingen er allerede ført.');
    expect((await invoice(target.id)).payments).toHaveLength(1);
    await t.services.accessLog.flush();
    const [logged] = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM access_log WHERE member_id = $1 AND kind = 'change' AND detail = 'Innbetaling plassert'",
      [target.member.id],
    );
    expect(logged.n).toBe(1);
    expect((await get(`/api/payment-file/${file.id}`)).json().data.totals).toMatchObject({ booked: 145_000, unplaced: 0 });
  });

  it("places an over-payment's surplus on another invoice, and refuses more than is outstanding or a reversal", async () => {
    const paid = await invoiced();
    const small = await invoiced();
    await t.db.query('UPDATE invoices SET total_ore = $2 WHERE id = $1', [small.id, 3_000]);
    const next = await invoiced();
    const file = await booked(
      ocrFile([
        { date: today, amountOre: 150_000, kid: paid.kid },
        { date: today, amountOre: 2_000, kid: next.kid, transactionType: 18 },
      ]),
    );
    const [over] = file.matched as Item[];
    const [reversal] = file.unmatched as Item[];
    expect(over).toMatchObject({ kind: 'overpaid', booked: 145_000, unplaced: 5_000 });
    expect(await invoice(paid.id)).toMatchObject({ state: 'paid', paid: 145_000 });

    const tooMuch = await post(`/api/payment-file/item/${over.id}/place`, { invoice_id: small.id });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors.invoice_id).toEqual(['Beløpet er større enn utestående (kr 30,00).']);
    const back = await post(`/api/payment-file/item/${reversal.id}/place`, { invoice_id: next.id });
    expect(back.statusCode).toBe(422);
    expect(back.json().errors.invoice_id).toEqual(['En tilbakeføring kan ikke plasseres på en faktura.']);

    const placed = await post(`/api/payment-file/item/${over.id}/place`, { invoice_id: next.id });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(await invoice(next.id)).toMatchObject({ state: 'partly_paid', paid: 5_000 });
    expect(await invoice(paid.id)).toMatchObject({ paid: 145_000 });
    expect((await post(`/api/payment-file/item/${over.id}/place`, { invoice_id: next.id })).statusCode).toBe(409);
  });
});

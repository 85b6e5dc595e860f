/**
 * The Tripletex client's invoice methods against the stateful fake: made once when called twice,
 * 429 waited out as the headers ask, 422 messages carried to the caller, øre ⇄ kroner exact,
 * searches paged, and an invoice's state read back after it is paid (in part) or reminded.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  kronerToOre,
  oreToKroner,
  oreToKronerText,
  paymentState,
  tripletexClient,
  TripletexError,
  type TripletexClientOptions,
  type TripletexSession,
} from '../../server/adapters/tripletex.ts';
import { makeKid } from '../../server/lib/kid.ts';
import { startFakeTripletex, type FakeTripletex } from './fakes/tripletex.ts';

let fake: FakeTripletex;
let waits: number[];
let session: TripletexSession;
let customerId: number;

const config = () => ({ url: fake.url, consumerToken: 'consumer-t', employeeToken: 'employee-t', timeoutMs: 3000 });
/** A client whose waits are recorded instead of slept. */
const recording = (options: TripletexClientOptions = {}) => tripletexClient(config(), { sleep: async (ms) => void waits.push(ms), ...options });

async function caught(promise: Promise<unknown>): Promise<TripletexError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TripletexError) return error;
    throw error;
  }
  throw new Error('expected a TripletexError');
}

let orderSeq = 0;
/** An order of one line invoiced with our KID, as the billing engine makes them. */
async function invoiced(amountOre: number, options: { invoiceDate?: string; customer?: number } = {}) {
  const seq = ++orderSeq;
  const invoiceDate = options.invoiceDate ?? '2027-01-01';
  const customer = options.customer ?? customerId;
  const order = await session.ensureOrder({
    customerId: customer,
    reference: `MP-FAKTURA-${seq}`,
    orderDate: invoiceDate,
    lines: [{ description: 'Medlemskap 2027', unitPriceOre: amountOre }],
  });
  const dueDate = new Date(Date.parse(`${invoiceDate}T00:00:00Z`) + 14 * 86_400_000).toISOString().slice(0, 10);
  return session.invoiceOrder(order.id, { customerId: customer, invoiceDate, dueDate, kid: makeKid(20001, seq) });
}

beforeAll(async () => {
  fake = await startFakeTripletex('consumer-t', 'employee-t');
  waits = [];
  session = await recording().open();
  customerId = (
    await session.createCustomer({
      customerNumber: 20001,
      name: 'Anne Regnskap',
      email: 'anne@example.test',
      phoneNumberMobile: '+4791234567',
      invoiceSendMethod: 'EFAKTURA',
      invoiceEmail: null,
      postalAddress: { addressLine1: 'Storgata 1', postalCode: '0155', city: 'Oslo' },
    })
  ).id;
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  waits = [];
});

describe('øre and kroner', () => {
  it('converts exactly both ways, also where floats drift', () => {
    expect(oreToKronerText(12345)).toBe('123.45');
    expect(oreToKronerText(1)).toBe('0.01');
    expect(oreToKronerText(-5)).toBe('-0.05');
    expect(oreToKronerText(100)).toBe('1.00');
    expect(oreToKronerText(9_007_199_254_740_991)).toBe('90071992547409.91');
    expect(JSON.stringify(oreToKroner(12345))).toBe('123.45');
    expect(JSON.stringify(oreToKroner(1))).toBe('0.01');
    expect(JSON.stringify(oreToKroner(123_456_789_01))).toBe('123456789.01');
    expect(kronerToOre(0.1 + 0.2)).toBe(30);
    expect(kronerToOre(1.15)).toBe(115);
    expect(kronerToOre(4.35)).toBe(435);
    expect(kronerToOre(0.01)).toBe(1);
    expect(kronerToOre(-0.07)).toBe(-7);
    expect(kronerToOre(-0)).toBe(0);
    expect(kronerToOre(123456789.01)).toBe(12345678901);
    for (let ore = -1000; ore <= 100_000; ore += 7) expect(kronerToOre(oreToKroner(ore))).toBe(ore);
    expect(() => oreToKronerText(12.5)).toThrow('helt antall øre');
  });

  it('sends lines and payments in kroner and reads every amount back to the øre', async () => {
    const order = await session.ensureOrder({
      customerId,
      reference: 'MP-FAKTURA-ØRE',
      orderDate: '2027-01-02',
      lines: [
        { description: 'Én øre', unitPriceOre: 1 },
        { description: 'Ti øre', unitPriceOre: 10 },
        { description: 'Tjue øre', unitPriceOre: 20 },
        { description: 'Stor forsikring', unitPriceOre: 1_234_567_890_12, count: 3 },
      ],
    });
    const posted = fake.requests.filter((request) => request.method === 'POST' && request.path === '/order').at(-1)!;
    expect(posted.body).toContain('"unitPriceIncludingVatCurrency":0.01');
    expect(posted.body).toContain('"unitPriceIncludingVatCurrency":0.1');
    expect(posted.body).toContain('"unitPriceIncludingVatCurrency":0.2');
    expect(posted.body).toContain('"unitPriceIncludingVatCurrency":1234567890.12');
    const invoice = await session.invoiceOrder(order.id, { customerId, invoiceDate: '2027-01-02', dueDate: '2027-01-16', kid: makeKid(20001, 900) });
    expect(invoice.amountOre).toBe(1 + 10 + 20 + 3 * 1_234_567_890_12);
    const paid = await session.registerPayment(invoice.id, { paymentDate: '2027-01-05', paymentTypeId: 1, amountOre: 30 });
    expect(fake.requests.at(-1)!.query.get('paidAmount')).toBe('0.30');
    expect(paid.outstandingOre).toBe(invoice.amountOre - 30);
    expect(paid.outstandingTotalOre).toBe(invoice.amountOre - 30);
  });
});

describe('orders', () => {
  it('makes an order once when asked twice, also one dated next year', async () => {
    const order = {
      customerId,
      reference: 'MP-FAKTURA-TO-GANGER',
      orderDate: '2027-01-01',
      lines: [{ description: 'Medlemskap 2027', unitPriceOre: 145_000 }],
    };
    const first = await session.ensureOrder(order);
    const second = await session.ensureOrder(order);
    expect(first.created).toBe(true);
    expect(second).toEqual({ id: first.id, created: false });
    const made = fake.orders.filter((candidate) => candidate.reference === 'MP-FAKTURA-TO-GANGER');
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      customerId,
      orderDate: '2027-01-01',
      orderLines: [{ description: 'Medlemskap 2027', count: 1, unitPriceIncludingVatCurrency: 1450 }],
    });
  });

  it("finds the sync's order of a subscription that starts in the months ahead", async () => {
    const start = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);
    const made = await session.createOrder({ customerId, reference: 'MP-ABO-FREMTID', orderDate: start, description: 'Reiseforsikring', amount: 1290 });
    expect(await session.findOrder(customerId, 'MP-ABO-FREMTID')).toEqual({ id: made.id });
  });

  it('finds the order an earlier call made although its answer was lost', async () => {
    const order = { customerId, reference: 'MP-FAKTURA-AVBRUTT', orderDate: '2027-01-01', lines: [{ description: 'Reise', unitPriceOre: 129_000 }] };
    const before = fake.orders.length;
    fake.dropAfterCreatingOrder = (count) => count === before + 1;
    const lost = await caught(session.ensureOrder(order));
    fake.dropAfterCreatingOrder = null;
    expect(lost.message).toBe('Fikk ikke kontakt med Tripletex (forbindelsen ble brutt)');
    const again = await session.ensureOrder(order);
    expect(again.created).toBe(false);
    expect(fake.orders.filter((candidate) => candidate.reference === 'MP-FAKTURA-AVBRUTT')).toHaveLength(1);
  });
});

describe('invoices', () => {
  it('invoices an order with our KID and due date once when asked twice, and does not send it', async () => {
    const order = await session.ensureOrder({
      customerId,
      reference: 'MP-FAKTURA-KID',
      orderDate: '2027-01-01',
      lines: [{ description: 'Medlemskap 2027', unitPriceOre: 145_000 }],
    });
    const kid = makeKid(20001, 4242);
    const first = await session.invoiceOrder(order.id, { customerId, invoiceDate: '2027-01-01', dueDate: '2027-01-15', kid });
    const second = await session.invoiceOrder(order.id, { customerId, invoiceDate: '2027-01-01', dueDate: '2027-01-15', kid });
    expect(first).toMatchObject({
      created: true,
      kid,
      dueDate: '2027-01-15',
      invoiceDate: '2027-01-01',
      amountOre: 145_000,
      outstandingOre: 145_000,
      customerId,
      orderIds: [order.id],
    });
    expect(second).toMatchObject({ created: false, id: first.id, kid });
    expect(fake.invoices.filter((invoice) => invoice.orderId === order.id)).toHaveLength(1);
    expect(fake.invoice(first.id)!.sends).toEqual([]);
    expect(fake.requests.find((request) => request.method === 'POST' && request.path === '/invoice')!.query.get('sendToCustomer')).toBe('false');
  });

  it("invoices through the order's :invoice action when no KID or due date is ours, once", async () => {
    const order = await session.ensureOrder({
      customerId,
      reference: 'MP-FAKTURA-UTEN-KID',
      orderDate: '2027-02-01',
      lines: [{ description: 'Instrument', unitPriceOre: 99_950 }],
    });
    const first = await session.invoiceOrder(order.id, { customerId, invoiceDate: '2027-02-01' });
    const second = await session.invoiceOrder(order.id, { customerId, invoiceDate: '2027-02-01' });
    expect(first).toMatchObject({ created: true, amountOre: 99_950, kid: null, dueDate: '2027-02-15' });
    expect(second).toMatchObject({ created: false, id: first.id });
    expect(fake.calls.filter((call) => call === `PUT /order/${order.id}/:invoice`)).toHaveLength(1);
  });

  it("sends each invoice through the member's channel and records it there", async () => {
    const efaktura = await invoiced(145_000);
    const email = await invoiced(145_000);
    const avtalegiro = await invoiced(145_000);
    await session.sendInvoice(efaktura.id, 'EFAKTURA');
    await session.sendInvoice(email.id, 'EMAIL', { overrideEmailAddress: 'faktura@example.test' });
    await session.sendInvoice(avtalegiro.id, 'AVTALEGIRO');
    expect(fake.invoice(efaktura.id)!.sends).toEqual([{ sendType: 'EFAKTURA', overrideEmailAddress: null }]);
    expect(fake.invoice(email.id)!.sends).toEqual([{ sendType: 'EMAIL', overrideEmailAddress: 'faktura@example.test' }]);
    expect(fake.invoice(avtalegiro.id)!.sends).toEqual([{ sendType: 'AVTALEGIRO', overrideEmailAddress: null }]);
  });

  it('reads an invoice and fetches its PDF', async () => {
    const invoice = await invoiced(54_321);
    const read = await session.getInvoice(invoice.id);
    const { created: _created, ...asMade } = invoice;
    expect(read).toEqual(asMade);
    expect(read).toMatchObject({
      id: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      amountOre: 54_321,
      outstandingOre: 54_321,
      outstandingTotalOre: 54_321,
      isCredited: false,
    });
    const pdf = await session.invoicePdf(invoice.id);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain(`Faktura ${invoice.invoiceNumber} KID ${invoice.kid}`);
  });

  it('lists the payment types a payment is registered with', async () => {
    expect(await session.paymentTypes()).toEqual([
      { id: 1, description: 'Innbetaling bank' },
      { id: 2, description: 'Vipps' },
    ]);
  });
});

describe('the status read back', () => {
  it('sees an invoice paid in Tripletex as paid, and one paid in part as partly paid', async () => {
    const whole = await invoiced(145_000);
    const part = await invoiced(145_000);
    await session.sendInvoice(whole.id, 'EFAKTURA');
    await session.sendInvoice(part.id, 'EFAKTURA');
    expect(paymentState(await session.getInvoice(whole.id)).state).toBe('unpaid');

    fake.pay(whole.id, 145_000);
    fake.pay(part.id, 50_001);
    const paid = await session.getInvoice(whole.id);
    const partly = await session.getInvoice(part.id);
    expect(paid).toMatchObject({ outstandingOre: 0, outstandingTotalOre: 0 });
    expect(paymentState(paid)).toEqual({ state: 'paid', paidOre: 145_000, feesOre: 0 });
    expect(partly).toMatchObject({ outstandingOre: 94_999, outstandingTotalOre: 94_999 });
    expect(paymentState(partly)).toEqual({ state: 'partly_paid', paidOre: 50_001, feesOre: 0 });
  });

  it('sees a reminder with a fee in amountOutstandingTotal, and the invoice paid once the invoice is, fee or not', async () => {
    const invoice = await invoiced(145_000);
    await session.sendInvoice(invoice.id, 'EMAIL');
    await session.createReminder(invoice.id, { type: 'SOFT_REMINDER', date: '2027-01-29', dispatchType: 'EMAIL' });
    expect(paymentState(await session.getInvoice(invoice.id)).feesOre).toBe(0);
    await session.createReminder(invoice.id, { type: 'REMINDER', date: '2027-02-12', dispatchType: 'EMAIL', includeCharge: true });
    const reminded = await session.getInvoice(invoice.id);
    expect(reminded).toMatchObject({ outstandingOre: 145_000, outstandingTotalOre: 148_500 });
    expect(paymentState(reminded)).toEqual({ state: 'unpaid', paidOre: 0, feesOre: 3500 });
    expect(fake.invoice(invoice.id)!.reminders.map((reminder) => [reminder.type, reminder.feeOre])).toEqual([
      ['SOFT_REMINDER', 0],
      ['REMINDER', 3500],
    ]);

    fake.pay(invoice.id, 145_000);
    const dues = await session.getInvoice(invoice.id);
    expect(dues).toMatchObject({ outstandingOre: 0, outstandingTotalOre: 3500 });
    expect(paymentState(dues)).toEqual({ state: 'paid', paidOre: 145_000, feesOre: 3500 });
    fake.pay(invoice.id, 3500);
    expect(await session.getInvoice(invoice.id)).toMatchObject({ outstandingOre: 0, outstandingTotalOre: 0 });
  });

  it("registers the portal's own payment in Tripletex and answers the invoice as it then stands", async () => {
    const invoice = await invoiced(145_000);
    const after = await session.registerPayment(invoice.id, { paymentDate: '2027-01-10', paymentTypeId: 2, amountOre: 145_000 });
    expect(paymentState(after).state).toBe('paid');
    expect(fake.invoice(invoice.id)!.payments).toEqual([{ date: '2027-01-10', paymentTypeId: 2, amountOre: 145_000, source: 'api' }]);
  });
});

describe('credit notes', () => {
  it('credits a whole invoice', async () => {
    const invoice = await invoiced(145_000);
    const note = await session.createCreditNote(invoice.id, { date: '2027-01-20', comment: 'Innmeldt ved en feil' });
    expect(note).toMatchObject({ isCreditNote: true, creditedInvoiceId: invoice.id, amountOre: -145_000 });
    expect(fake.requests.at(-1)!.query.get('comment')).toBe('Innmeldt ved en feil');
    const credited = await session.getInvoice(invoice.id);
    expect(credited).toMatchObject({ isCredited: true, outstandingOre: 0 });
    expect(paymentState(credited).state).toBe('credited');
  });

  it('credits part of an invoice once when asked twice, through a credit-note order of our reference', async () => {
    const invoice = await invoiced(274_000);
    const credit = {
      customerId,
      reference: `MP-KREDIT-${invoice.id}`,
      date: '2027-03-01',
      comment: 'Reiseforsikringen stoppet',
      lines: [{ description: 'Reiseforsikring 2027, tre kvartaler', unitPriceOre: 96_750 }],
    };
    const first = await session.creditPart(invoice.id, credit);
    const second = await session.creditPart(invoice.id, credit);
    expect(first).toMatchObject({ created: true, isCreditNote: true, creditedInvoiceId: invoice.id, amountOre: -96_750 });
    expect(second).toMatchObject({ created: false, id: first.id });
    expect(fake.invoices.filter((candidate) => candidate.creditedInvoice === invoice.id)).toHaveLength(1);
    const original = await session.getInvoice(invoice.id);
    expect(original).toMatchObject({ isCredited: false, amountOre: 274_000, outstandingOre: 274_000 - 96_750 });
    expect(paymentState(original, 96_750)).toEqual({ state: 'unpaid', paidOre: 0, feesOre: 0 });
  });
});

describe('searching invoices', () => {
  it('reads every page of a search', async () => {
    const other = (
      await session.createCustomer({
        customerNumber: 20002,
        name: 'Bjørn Regnskap',
        email: null,
        phoneNumberMobile: null,
        invoiceSendMethod: 'EMAIL',
        invoiceEmail: null,
        postalAddress: { addressLine1: null, postalCode: null, city: null },
      })
    ).id;
    const made = [];
    for (let index = 0; index < 7; index++) made.push(await invoiced(10_000 + index, { invoiceDate: '2027-06-01', customer: other }));
    await invoiced(1, { invoiceDate: '2027-06-02', customer: other });
    const before = fake.requests.length;
    const found = await session.searchInvoices({ invoiceDateFrom: '2027-06-01', invoiceDateTo: '2027-06-02', customerId: other, pageSize: 3 });
    expect(found.map((invoice) => invoice.id)).toEqual(made.map((invoice) => invoice.id));
    expect(found.map((invoice) => invoice.amountOre)).toEqual([10_000, 10_001, 10_002, 10_003, 10_004, 10_005, 10_006]);
    const pages = fake.requests.slice(before).filter((request) => request.method === 'GET' && request.path === '/invoice');
    expect(pages.map((request) => [request.query.get('from'), request.query.get('count')])).toEqual([
      ['0', '3'],
      ['3', '3'],
      ['6', '3'],
    ]);
    expect(pages[0].query.get('fields')).toContain('amountOutstandingTotal');
    expect(await session.searchInvoices({ invoiceDateFrom: '2027-06-01', invoiceDateTo: '2027-06-03', kid: made[2].kid! })).toHaveLength(1);
  });
});

describe('rate limits', () => {
  it('waits as Retry-After and X-Rate-Limit-Reset ask, then succeeds', async () => {
    const invoice = await invoiced(145_000);
    const before = fake.calls.length;
    fake.rateLimitNext(1, { retryAfter: 2, reset: 1 });
    fake.rateLimitNext(1, { retryAfter: null, reset: 3 });
    const read = await session.getInvoice(invoice.id);
    expect(read.id).toBe(invoice.id);
    expect(waits).toEqual([2000, 3000]);
    expect(fake.calls.slice(before)).toEqual([`GET /invoice/${invoice.id}`, `GET /invoice/${invoice.id}`, `GET /invoice/${invoice.id}`]);
  });

  it('really waits a short wait', async () => {
    const invoice = await invoiced(145_000);
    const real = await tripletexClient(config()).open();
    fake.rateLimitNext(1, { retryAfter: 0 });
    expect((await real.getInvoice(invoice.id)).id).toBe(invoice.id);
  });

  it('makes the order once when its creation is rate limited, looking for it again before the new try', async () => {
    const order = { customerId, reference: 'MP-FAKTURA-429', orderDate: '2027-01-01', lines: [{ description: 'Medlemskap 2027', unitPriceOre: 145_000 }] };
    const before = fake.requests.length;
    fake.rateLimitNext(2, { retryAfter: 1, match: (method, path) => method === 'POST' && path === '/order' });
    const made = await session.ensureOrder(order);
    expect(made.created).toBe(true);
    expect(waits).toEqual([1000, 1000]);
    expect(fake.orders.filter((candidate) => candidate.reference === 'MP-FAKTURA-429')).toHaveLength(1);
    expect(fake.requests.slice(before).map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /order',
      'POST /order',
      'GET /order',
      'POST /order',
      'GET /order',
      'POST /order',
    ]);
  });

  it("waits out a 429 in the order sync's calls too, and finds a customer in a list answer", async () => {
    fake.rateLimitNext(1, { retryAfter: 1, match: (method, path) => method === 'GET' && path === '/customer' });
    expect(await session.findCustomer(20001)).toEqual({ id: customerId });
    expect(waits).toEqual([1000]);
  });

  it('gives up after its bounded tries, or at once when the wait is too long, with the wait on the error', async () => {
    const invoice = await invoiced(145_000);
    const patient = await recording({ maxRetries: 2 }).open();
    fake.rateLimitNext(3, { retryAfter: 1 });
    const tired = await caught(patient.getInvoice(invoice.id));
    expect(tired.status).toBe(429);
    expect(tired.message).toBe('Tripletex svarte at det kommer for mange kall (429); prøv igjen om litt');
    expect(tired.retryAfterMs).toBe(1000);
    expect(waits).toEqual([1000, 1000]);

    waits = [];
    fake.rateLimitNext(1, { retryAfter: 3600 });
    const later = await caught(patient.getInvoice(invoice.id));
    expect(later.retryAfterMs).toBe(3_600_000);
    expect(waits).toEqual([]);
    expect((await patient.getInvoice(invoice.id)).id).toBe(invoice.id);
  });
});

describe('refusals', () => {
  it("carries Tripletex's validation messages on the error", async () => {
    const invoice = await invoiced(145_000);
    fake.rejectNext(1, { message: 'Validering feilet.', validationMessages: [{ field: 'sendType', message: 'Kunden har ikke eFaktura.' }] });
    const refused = await caught(session.sendInvoice(invoice.id, 'EFAKTURA'));
    expect(refused.status).toBe(422);
    expect(refused.message).toBe('Tripletex avviste kallet (422): Validering feilet.; sendType: Kunden har ikke eFaktura.');
    expect(refused.validationMessages).toEqual([{ field: 'sendType', message: 'Kunden har ikke eFaktura.' }]);
    expect(fake.invoice(invoice.id)!.sends).toEqual([]);
    expect(waits).toEqual([]);
  });

  it('surfaces what the fake Tripletex refuses on its own: a reminder on a paid invoice, a due date before the invoice date', async () => {
    const invoice = await invoiced(145_000);
    await session.sendInvoice(invoice.id, 'EMAIL');
    fake.pay(invoice.id, 145_000);
    const reminder = await caught(session.createReminder(invoice.id, { type: 'REMINDER', date: '2027-02-12', dispatchType: 'EMAIL', includeCharge: true }));
    expect(reminder.status).toBe(422);
    expect(reminder.validationMessages).toEqual([{ field: null, message: 'Fakturaen er betalt.' }]);

    const order = await session.ensureOrder({
      customerId,
      reference: 'MP-FAKTURA-FORFALL',
      orderDate: '2027-01-01',
      lines: [{ description: 'Medlemskap', unitPriceOre: 145_000 }],
    });
    const early = await caught(session.invoiceOrder(order.id, { customerId, invoiceDate: '2027-01-01', dueDate: '2026-12-24', kid: makeKid(20001, 777) }));
    expect(early.message).toBe('Tripletex avviste kallet (422): Validering feilet.; invoiceDueDate: Forfallsdato kan ikke være før fakturadato.');
  });

  it('says so when Tripletex does not answer within the timeout, and does not try again', async () => {
    const invoice = await invoiced(145_000);
    const hasty = await tripletexClient({ ...config(), timeoutMs: 200 }, { sleep: async (ms) => void waits.push(ms) }).open();
    const before = fake.calls.length;
    fake.stallNext(1);
    const error = await caught(hasty.registerPayment(invoice.id, { paymentDate: '2027-01-10', paymentTypeId: 1, amountOre: 145_000 }));
    expect(error.message).toBe('Tripletex svarte ikke innen 0.2 sekunder');
    expect(fake.calls.slice(before)).toEqual([`PUT /invoice/${invoice.id}/:payment`]);
    expect(fake.invoice(invoice.id)!.payments).toEqual([]);
  });
});

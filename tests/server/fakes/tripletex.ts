/**
 * A fake Tripletex API v2 on loopback, stateful and shaped as documented: session tokens, Basic
 * auth with user 0 and the session token checked on every call; customers, orders, invoices made
 * from orders (amount, amountOutstanding, amountOutstandingTotal, isCredited, kid, invoiceDueDate),
 * payments lowering what is outstanding, reminders adding their fee to amountOutstandingTotal,
 * credit notes (whole, or an order invoiced as a credit note), sends recorded per invoice, the PDF.
 * Answers: `{value}` for one, `{fullResultSize, from, count, versionDigest, values}` for lists
 * (paged by `from`/`count`, `fields` honoured at the top level), 422 with `validationMessages`,
 * 429 with Retry-After and X-Rate-Limit-* headers.
 *
 * Test controls: `pay` (a payment booked in Tripletex, as the bank's OCR file would), `rateLimitNext`
 * and `rejectNext` (the next N calls answer 429 or 422), `failWhen` and `dropAfterCreatingOrder`
 * (any error, or an order made whose answer never arrives), and the state itself to inspect.
 * Amounts are kept in øre and written as kroner, as Tripletex writes them.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeCustomer {
  id: number;
  customerNumber: number;
  name: string;
  email?: string;
  version: number;
}

export interface FakeOrderLine {
  description: string;
  count: number;
  /** As sent: kroner. */
  unitPriceIncludingVatCurrency: number;
  product?: { id: number };
}

export interface FakeOrder {
  id: number;
  customerId: number;
  reference: string;
  orderDate: string;
  deliveryDate?: string;
  invoiceComment?: string;
  orderLines: FakeOrderLine[];
  /** The invoice made from it, once invoiced. */
  invoiceId?: number;
}

export interface FakePayment {
  date: string;
  paymentTypeId: number;
  amountOre: number;
  /** 'api' when registered through :payment, 'bank' when a test paid through `pay`. */
  source: 'api' | 'bank';
}

export interface FakeReminder {
  type: string;
  date: string;
  dispatchType: string;
  feeOre: number;
}

export interface FakeInvoice {
  id: number;
  version: number;
  invoiceNumber: number;
  invoiceDate: string;
  invoiceDueDate: string;
  kid: string | null;
  customerId: number;
  orderId: number;
  comment: string | null;
  amountOre: number;
  /** Owed of the invoice itself. */
  outstandingOre: number;
  /** Reminder fees still owed. */
  feesOre: number;
  isCredited: boolean;
  isCreditNote: boolean;
  creditedInvoice: number | null;
  /** Credit notes made on this invoice. */
  creditNotes: number[];
  payments: FakePayment[];
  reminders: FakeReminder[];
  sends: { sendType: string; overrideEmailAddress: string | null }[];
}

export interface FakeTripletex {
  url: string;
  customers: FakeCustomer[];
  orders: FakeOrder[];
  invoices: FakeInvoice[];
  /** Every call as 'METHOD /path' (without /v2 and the query), rate-limited and refused ones too. */
  calls: string[];
  /** Every call with its query, for asserting what was sent ('PUT /invoice/7/:payment?paymentDate=…'). */
  requests: { method: string; path: string; query: URLSearchParams; body: string }[];
  /** Payment types offered by GET /invoice/paymentType. */
  paymentTypes: { id: number; description: string }[];
  /** The fee a REMINDER or NOTICE_OF_DEBT_COLLECTION with includeCharge=true adds (default 35 kr). */
  reminderFeeOre: number;
  /** Answer the calls this picks with an error (status and Tripletex's error envelope). */
  failWhen: ((method: string, path: string) => { status: number; message: string; headers?: Record<string, string> } | null) | null;
  /** Create the order, then drop the connection before answering (a run cut off half-way). */
  dropAfterCreatingOrder: ((count: number) => boolean) | null;
  /** The next `count` calls (that `match` picks, if given) answer 429 with these headers' values in seconds. */
  rateLimitNext(count: number, options?: { retryAfter?: number | null; reset?: number | null; match?: (method: string, path: string) => boolean }): void;
  /** The next `count` calls (that `match` picks, if given) answer 422 with these validation messages. */
  rejectNext(
    count: number,
    options?: { message?: string; validationMessages?: { field: string | null; message: string }[]; match?: (method: string, path: string) => boolean },
  ): void;
  /** The next `count` calls (that `match` picks, if given) are never answered (a timeout). */
  stallNext(count: number, options?: { match?: (method: string, path: string) => boolean }): void;
  /** A payment booked in Tripletex outside the portal (the bank's KID payment): lowers what is outstanding. */
  pay(invoiceId: number, amountOre: number, date?: string): FakeInvoice;
  invoice(id: number): FakeInvoice | undefined;
  close(): Promise<void>;
}

interface Scripted {
  count: number;
  status: 429 | 422 | 'stall';
  match?: (method: string, path: string) => boolean;
  retryAfter?: number | null;
  reset?: number | null;
  message?: string;
  validationMessages?: { field: string | null; message: string }[];
}

const kroner = (ore: number) => Number(`${ore < 0 ? '-' : ''}${Math.floor(Math.abs(ore) / 100)}.${String(Math.abs(ore) % 100).padStart(2, '0')}`);
/** Kroner as sent (a JSON number or a query's text) to øre, through its two-decimal text. */
const ore = (value: number | string) => Number(Number(value).toFixed(2).replace('.', ''));
const isDate = (value: string | null): value is string => !!value && /^\d{4}-\d{2}-\d{2}$/.test(value);
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The top-level fields a `fields` pattern names ('id,customer(id),orders(*)' → id, customer, orders); '*' is all. */
function pick(record: Record<string, unknown>, fields: string | null): Record<string, unknown> {
  if (!fields || fields.trim() === '') return record;
  const names: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of fields) {
    if (char === '(') depth++;
    if (char === ')') depth--;
    if (char === ',' && depth === 0) {
      names.push(current);
      current = '';
    } else current += char;
  }
  names.push(current);
  const top = names.map((name) => name.trim().replace(/\(.*$/s, '')).filter(Boolean);
  if (top.includes('*')) return record;
  return Object.fromEntries(top.filter((name) => name in record).map((name) => [name, record[name]]));
}

export async function startFakeTripletex(consumerToken = 'consumer', employeeToken = 'employee'): Promise<FakeTripletex> {
  const tokens = new Set<string>();
  let nextId = 1000;
  let nextInvoiceNumber = 10001;
  const scripted: Scripted[] = [];
  const state = {
    customers: [] as FakeCustomer[],
    orders: [] as FakeOrder[],
    invoices: [] as FakeInvoice[],
    calls: [] as string[],
    requests: [] as FakeTripletex['requests'],
    paymentTypes: [
      { id: 1, description: 'Innbetaling bank' },
      { id: 2, description: 'Vipps' },
    ],
    reminderFeeOre: 3500,
    failWhen: null as FakeTripletex['failWhen'],
    dropAfterCreatingOrder: null as FakeTripletex['dropAfterCreatingOrder'],
  };

  const findInvoice = (id: number) => state.invoices.find((invoice) => invoice.id === id);

  /** A payment covers the invoice first, then the reminder fees; more than both is owed back (negative). */
  function book(invoice: FakeInvoice, payment: FakePayment) {
    let rest = payment.amountOre;
    const toInvoice = Math.min(rest, Math.max(0, invoice.outstandingOre));
    invoice.outstandingOre -= toInvoice;
    rest -= toInvoice;
    const toFees = Math.min(rest, invoice.feesOre);
    invoice.feesOre -= toFees;
    rest -= toFees;
    invoice.outstandingOre -= rest;
    invoice.payments.push(payment);
    invoice.version++;
  }

  const invoiceJson = (invoice: FakeInvoice) => ({
    id: invoice.id,
    version: invoice.version,
    url: `tripletex.test/v2/invoice/${invoice.id}`,
    invoiceNumber: invoice.invoiceNumber,
    invoiceDate: invoice.invoiceDate,
    invoiceDueDate: invoice.invoiceDueDate,
    kid: invoice.kid ?? '',
    comment: invoice.comment ?? '',
    customer: { id: invoice.customerId, url: `tripletex.test/v2/customer/${invoice.customerId}` },
    orders: [{ id: invoice.orderId, url: `tripletex.test/v2/order/${invoice.orderId}` }],
    amount: kroner(invoice.amountOre),
    amountCurrency: kroner(invoice.amountOre),
    amountOutstanding: kroner(invoice.outstandingOre),
    amountOutstandingTotal: kroner(invoice.outstandingOre + invoice.feesOre),
    isCredited: invoice.isCredited,
    isCreditNote: invoice.isCreditNote,
    creditedInvoice: invoice.creditedInvoice,
    reminders: invoice.reminders.map((reminder) => ({ type: reminder.type, reminderDate: reminder.date, charge: kroner(reminder.feeOre) })),
    ehfSendStatus: 'DO_NOT_SEND',
  });

  /** Makes an invoice of an order; a credit note applies itself to the invoice it credits. */
  function invoiceOrder(
    order: FakeOrder,
    options: { invoiceDate: string; dueDate?: string; kid?: string | null; creditNoteFor?: FakeInvoice; comment?: string | null },
  ): FakeInvoice {
    const amountOre = order.orderLines.reduce((sum, line) => sum + ore(line.unitPriceIncludingVatCurrency) * line.count, 0);
    const invoice: FakeInvoice = {
      id: ++nextId,
      version: 0,
      invoiceNumber: nextInvoiceNumber++,
      invoiceDate: options.invoiceDate,
      invoiceDueDate: options.dueDate ?? addDays(options.invoiceDate, 14),
      kid: options.kid ?? null,
      customerId: order.customerId,
      orderId: order.id,
      comment: options.comment ?? order.invoiceComment ?? null,
      amountOre,
      outstandingOre: amountOre,
      feesOre: 0,
      isCredited: false,
      isCreditNote: !!options.creditNoteFor,
      creditedInvoice: options.creditNoteFor?.id ?? null,
      creditNotes: [],
      payments: [],
      reminders: [],
      sends: [],
    };
    order.invoiceId = invoice.id;
    state.invoices.push(invoice);
    if (options.creditNoteFor) applyCredit(options.creditNoteFor, invoice);
    return invoice;
  }

  /** The credit lowers what the original owes; what it credits beyond that is owed back on the note. */
  function applyCredit(original: FakeInvoice, note: FakeInvoice) {
    const credit = -note.amountOre;
    const covered = Math.min(credit, Math.max(0, original.outstandingOre));
    original.outstandingOre -= covered;
    note.outstandingOre = -(credit - covered);
    original.creditNotes.push(note.id);
    const credited = original.creditNotes.reduce((sum, id) => sum - (findInvoice(id)?.amountOre ?? 0), 0);
    original.isCredited = credited >= original.amountOre;
    original.version++;
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://tripletex.test');
      const method = req.method ?? 'GET';
      const path = url.pathname.replace(/^\/v2/, '');
      const q = url.searchParams;
      const raw = Buffer.concat(chunks).toString('utf8');
      state.calls.push(`${method} ${path}`);
      state.requests.push({ method, path, query: q, body: raw });
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(body));
      };
      const error = (
        status: number,
        message: string,
        validationMessages: { field: string | null; message: string }[] = [],
        headers: Record<string, string> = {},
      ) => send(status, { status, code: status * 10, message, link: null, developerMessage: null, validationMessages, requestId: 'fake' }, headers);
      const invalid = (field: string | null, message: string) => error(422, 'Validering feilet.', [{ field, message }]);
      const one = (value: Record<string, unknown>) => send(200, { value: method === 'GET' ? pick(value, q.get('fields')) : value });
      const list = (all: Record<string, unknown>[]) => {
        const from = Number(q.get('from') ?? 0);
        const count = Number(q.get('count') ?? 1000);
        const values = all.slice(from, from + count).map((value) => pick(value, q.get('fields')));
        send(200, { fullResultSize: all.length, from, count: values.length, versionDigest: `digest-${all.length}`, values });
      };

      const index = scripted.findIndex((script) => !script.match || script.match(method, path));
      if (index >= 0) {
        const script = scripted[index];
        if (--script.count <= 0) scripted.splice(index, 1);
        if (script.status === 'stall') return;
        if (script.status === 429) {
          const headers: Record<string, string> = { 'X-Rate-Limit-Limit': '100', 'X-Rate-Limit-Remaining': '0' };
          if (script.retryAfter !== null && script.retryAfter !== undefined) headers['Retry-After'] = String(script.retryAfter);
          if (script.reset !== null && script.reset !== undefined) headers['X-Rate-Limit-Reset'] = String(script.reset);
          return error(429, 'Too many requests', [], headers);
        }
        return error(422, script.message ?? 'Validering feilet.', script.validationMessages ?? []);
      }
      const failure = state.failWhen?.(method, path);
      if (failure) return error(failure.status, failure.message, [], failure.headers);
      const body = raw ? JSON.parse(raw) : null;

      if (method === 'PUT' && path === '/token/session/:create') {
        if (q.get('consumerToken') !== consumerToken || q.get('employeeToken') !== employeeToken) {
          return error(403, 'Invalid tokens');
        }
        const token = `session-${++nextId}`;
        tokens.add(token);
        return send(200, { value: { id: nextId, token, expirationDate: q.get('expirationDate') } });
      }
      const auth = req.headers.authorization ?? '';
      const [user, token] = Buffer.from(auth.replace(/^Basic /, ''), 'base64')
        .toString('utf8')
        .split(':');
      if (user !== '0' || !tokens.has(token)) return error(401, 'Unauthorized');

      if (method === 'GET' && path === '/customer') {
        const number = Number(q.get('customerAccountNumber'));
        return list(state.customers.filter((customer) => customer.customerNumber === number) as unknown as Record<string, unknown>[]);
      }
      if (method === 'POST' && path === '/customer') {
        if (!body?.name) return invalid('name', 'Feltet må fylles ut.');
        const customer = { id: ++nextId, version: 0, ...body };
        state.customers.push(customer);
        return send(201, { value: customer });
      }
      const customerMatch = /^\/customer\/(\d+)$/.exec(path);
      if (method === 'PUT' && customerMatch) {
        const customer = state.customers.find((c) => c.id === Number(customerMatch[1]));
        if (!customer) return error(404, 'Not found');
        Object.assign(customer, body, { version: customer.version + 1 });
        return send(200, { value: customer });
      }

      if (method === 'GET' && path === '/order') {
        const dateFrom = q.get('orderDateFrom');
        const dateTo = q.get('orderDateTo');
        if (!isDate(dateFrom) || !isDate(dateTo)) return error(422, 'orderDateFrom and orderDateTo are required');
        const customerId = Number(q.get('customerId'));
        const values = state.orders.filter((order) => order.customerId === customerId && order.orderDate >= dateFrom && order.orderDate < dateTo);
        return list(values.map((order) => ({ ...order, customer: { id: order.customerId } })));
      }
      if (method === 'POST' && path === '/order') {
        if (!body?.customer?.id) return invalid('customer', 'Kunde må oppgis.');
        if (!state.customers.some((customer) => customer.id === body.customer.id)) return invalid('customer.id', 'Objektet finnes ikke.');
        if (!isDate(body.orderDate ?? null)) return invalid('orderDate', 'Feltet må fylles ut.');
        if (!Array.isArray(body.orderLines) || body.orderLines.length === 0) return invalid('orderLines', 'Ordren må ha minst én linje.');
        const order: FakeOrder = {
          id: ++nextId,
          customerId: body.customer.id,
          reference: body.reference,
          orderDate: body.orderDate,
          deliveryDate: body.deliveryDate,
          invoiceComment: body.invoiceComment,
          orderLines: body.orderLines,
        };
        state.orders.push(order);
        if (state.dropAfterCreatingOrder?.(state.orders.length)) {
          res.socket?.destroy();
          return;
        }
        return send(201, { value: order });
      }
      const orderInvoice = /^\/order\/(\d+)\/:invoice$/.exec(path);
      if (method === 'PUT' && orderInvoice) {
        const order = state.orders.find((candidate) => candidate.id === Number(orderInvoice[1]));
        if (!order) return error(404, 'Objektet finnes ikke.');
        if (!isDate(q.get('invoiceDate'))) return invalid('invoiceDate', 'Feltet må fylles ut.');
        if (order.invoiceId) return invalid(null, 'Ordren er allerede fakturert.');
        const creditFor = Number(q.get('invoiceIdIfIsCreditNote') ?? 0);
        const original = creditFor ? findInvoice(creditFor) : undefined;
        if (creditFor && !original) return invalid('invoiceIdIfIsCreditNote', 'Fakturaen finnes ikke.');
        const total = order.orderLines.reduce((sum, line) => sum + ore(line.unitPriceIncludingVatCurrency) * line.count, 0);
        if (original && total >= 0) return invalid('orderLines', 'En kreditnota må ha et negativt beløp.');
        if (original && -total > original.amountOre) return invalid('orderLines', 'Kreditnotaen er større enn fakturaen.');
        return one(invoiceJson(invoiceOrder(order, { invoiceDate: q.get('invoiceDate')!, creditNoteFor: original })));
      }

      if (method === 'POST' && path === '/invoice') {
        if (!isDate(body?.invoiceDate ?? null)) return invalid('invoiceDate', 'Feltet må fylles ut.');
        if (!isDate(body?.invoiceDueDate ?? null)) return invalid('invoiceDueDate', 'Feltet må fylles ut.');
        if (body.invoiceDueDate < body.invoiceDate) return invalid('invoiceDueDate', 'Forfallsdato kan ikke være før fakturadato.');
        if (body.kid !== undefined && !/^\d{2,25}$/.test(String(body.kid))) return invalid('kid', 'Ugyldig KID.');
        if (!Array.isArray(body.orders) || body.orders.length !== 1) return invalid('orders', 'Kun én ordre per faktura er støttet.');
        const order = state.orders.find((candidate) => candidate.id === body.orders[0]?.id);
        if (!order) return invalid('orders', 'Objektet finnes ikke.');
        if (order.invoiceId) return invalid(null, 'Ordren er allerede fakturert.');
        if (body.customer?.id && body.customer.id !== order.customerId) return invalid('customer', 'Kunden må være ordrens kunde.');
        if (body.kid && state.invoices.some((invoice) => invoice.kid === String(body.kid))) return invalid('kid', 'KID er allerede brukt.');
        return send(201, {
          value: invoiceJson(
            invoiceOrder(order, { invoiceDate: body.invoiceDate, dueDate: body.invoiceDueDate, kid: body.kid ?? null, comment: body.comment ?? null }),
          ),
        });
      }
      if (method === 'GET' && path === '/invoice') {
        const dateFrom = q.get('invoiceDateFrom');
        const dateTo = q.get('invoiceDateTo');
        if (!isDate(dateFrom) || !isDate(dateTo)) {
          return error(422, 'Validering feilet.', [
            ...(isDate(dateFrom) ? [] : [{ field: 'invoiceDateFrom', message: 'Kan ikke være null.' }]),
            ...(isDate(dateTo) ? [] : [{ field: 'invoiceDateTo', message: 'Kan ikke være null.' }]),
          ]);
        }
        const customerId = q.get('customerId');
        const kid = q.get('kid');
        const values = state.invoices.filter(
          (invoice) =>
            invoice.invoiceDate >= dateFrom &&
            invoice.invoiceDate < dateTo &&
            (!customerId || invoice.customerId === Number(customerId)) &&
            (!kid || invoice.kid === kid),
        );
        return list(values.map(invoiceJson));
      }
      if (method === 'GET' && path === '/invoice/paymentType') return list(state.paymentTypes);

      const action = /^\/invoice\/(\d+)(?:\/(:send|:payment|:createReminder|:createCreditNote|pdf))?$/.exec(path);
      if (action) {
        const invoice = findInvoice(Number(action[1]));
        if (!invoice) return error(404, 'Objektet finnes ikke.');
        const verb = action[2];
        if (method === 'GET' && !verb) return one(invoiceJson(invoice));
        if (method === 'GET' && verb === 'pdf') {
          res.writeHead(200, {
            'content-type': 'application/octet-stream',
            'content-disposition': `attachment; filename="Faktura_${invoice.invoiceNumber}.pdf"`,
          });
          res.end(
            Buffer.from(
              `%PDF-1.4\n% Faktura ${invoice.invoiceNumber} KID ${invoice.kid ?? ''} Beløp ${kroner(invoice.amountOre).toFixed(2)}\n%%EOF\n`,
              'latin1',
            ),
          );
          return;
        }
        if (method === 'PUT' && verb === ':send') {
          const sendType = q.get('sendType') ?? '';
          if (!['EMAIL', 'EHF', 'EFAKTURA', 'AVTALEGIRO', 'VIPPS', 'PAPER', 'MANUAL'].includes(sendType)) return invalid('sendType', 'Ugyldig sendetype.');
          invoice.sends.push({ sendType, overrideEmailAddress: q.get('overrideEmailAddress') });
          return send(204, null);
        }
        if (method === 'PUT' && verb === ':payment') {
          const paymentDate = q.get('paymentDate');
          const paymentTypeId = Number(q.get('paymentTypeId'));
          const paidAmount = q.get('paidAmount');
          if (!isDate(paymentDate)) return invalid('paymentDate', 'Feltet må fylles ut.');
          if (!state.paymentTypes.some((type) => type.id === paymentTypeId)) return invalid('paymentTypeId', 'Betalingstypen finnes ikke.');
          if (!paidAmount || !/^-?\d+(\.\d{1,2})?$/.test(paidAmount)) return invalid('paidAmount', 'Ugyldig beløp.');
          book(invoice, { date: paymentDate, paymentTypeId, amountOre: ore(paidAmount), source: 'api' });
          return one(invoiceJson(invoice));
        }
        if (method === 'PUT' && verb === ':createReminder') {
          const type = q.get('type') ?? '';
          const dispatchType = q.get('dispatchType') ?? '';
          const date = q.get('date');
          if (!['SOFT_REMINDER', 'REMINDER', 'NOTICE_OF_DEBT_COLLECTION'].includes(type)) return invalid('type', 'Ugyldig purretype.');
          if (!isDate(date)) return invalid('date', 'Feltet må fylles ut.');
          if (!dispatchType) return invalid('dispatchType', 'Minst én sendetype må oppgis.');
          if (dispatchType === 'NETS_PRINT' && type !== 'NOTICE_OF_DEBT_COLLECTION') return invalid('dispatchType', 'NETS_PRINT krever inkassovarsel.');
          if (invoice.sends.length === 0) return invalid(null, 'Fakturaen må være sendt før den kan purres.');
          if (invoice.outstandingOre <= 0) return invalid(null, 'Fakturaen er betalt.');
          const feeOre = q.get('includeCharge') === 'true' && type !== 'SOFT_REMINDER' ? state.reminderFeeOre : 0;
          invoice.reminders.push({ type, date, dispatchType, feeOre });
          invoice.feesOre += feeOre;
          invoice.version++;
          return send(204, null);
        }
        if (method === 'PUT' && verb === ':createCreditNote') {
          const date = q.get('date');
          if (!isDate(date)) return invalid('date', 'Feltet må fylles ut.');
          if (invoice.isCreditNote) return invalid(null, 'En kreditnota kan ikke krediteres.');
          if (invoice.isCredited) return invalid(null, 'Fakturaen er allerede kreditert.');
          const rest = invoice.amountOre + invoice.creditNotes.reduce((sum, id) => sum + (findInvoice(id)?.amountOre ?? 0), 0);
          const order: FakeOrder = {
            id: ++nextId,
            customerId: invoice.customerId,
            reference: '',
            orderDate: date,
            orderLines: [{ description: `Kreditnota for faktura ${invoice.invoiceNumber}`, count: 1, unitPriceIncludingVatCurrency: kroner(-rest) }],
          };
          state.orders.push(order);
          const note = invoiceOrder(order, { invoiceDate: date, creditNoteFor: invoice, comment: q.get('comment') });
          return one(invoiceJson(note));
        }
      }
      return error(404, `No route ${method} ${path}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const controls: Omit<FakeTripletex, keyof typeof state> = {
    url: `http://127.0.0.1:${port}/v2`,
    rateLimitNext(count, options = {}) {
      scripted.push({ count, status: 429, match: options.match, retryAfter: options.retryAfter === undefined ? 1 : options.retryAfter, reset: options.reset });
    },
    rejectNext(count, options = {}) {
      scripted.push({ count, status: 422, match: options.match, message: options.message, validationMessages: options.validationMessages });
    },
    stallNext(count, options = {}) {
      scripted.push({ count, status: 'stall', match: options.match });
    },
    pay(invoiceId, amountOre, date = new Date().toISOString().slice(0, 10)) {
      const invoice = findInvoice(invoiceId);
      if (!invoice) throw new Error(`no invoice ${invoiceId} in the fake Tripletex`);
      book(invoice, { date, paymentTypeId: 1, amountOre, source: 'bank' });
      return invoice;
    },
    invoice: findInvoice,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return Object.assign(state, controls);
}

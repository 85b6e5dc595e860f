/**
 * Tripletex API v2 (accounting): a session token from the consumer and employee tokens, then
 * customers, orders and invoices. Chosen by settings: without TRIPLETEX_* tokens there is no client
 * and the sync says Tripletex is not set up. Every failure is a TripletexError with a Norwegian message.
 *
 * Money: Tripletex speaks decimal kroner (123.45); the invoice methods speak øre integers (12345)
 * and convert through strings, so no amount drifts by a float's rounding on the way in or out.
 * Rate limits: a 429 is waited out (Retry-After / X-Rate-Limit-Reset) and the operation tried
 * again a bounded number of times; an operation that creates something looks for it by our
 * reference again before each new try, so nothing is made twice.
 */
import type { TripletexConfig } from '../config.ts';

/** What the client needs of the settings: where and who, and how long a call may take. */
export type TripletexApiConfig = Pick<TripletexConfig, 'url' | 'consumerToken' | 'employeeToken' | 'timeoutMs'>;

export interface TripletexCustomerInput {
  customerNumber: number;
  name: string;
  email: string | null;
  phoneNumberMobile: string | null;
  invoiceSendMethod: 'EMAIL' | 'EFAKTURA';
  invoiceEmail: string | null;
  postalAddress: { addressLine1: string | null; postalCode: string | null; city: string | null };
}

/** The subscription sync's order: one line, its price in whole kroner as products carry it. */
export interface TripletexOrderInput {
  customerId: number;
  reference: string;
  orderDate: string;
  description: string;
  amount: number;
}

export interface TripletexOrderLineInput {
  description: string;
  /** Whole units; 1 when left out. */
  count?: number;
  /** The unit price including VAT, in øre. */
  unitPriceOre: number;
  /** A product in Tripletex, when the office keeps its products there. */
  productId?: number;
}

/** An invoice's order: our reference on it, so a second run finds it instead of making another. */
export interface TripletexOrderWithLinesInput {
  customerId: number;
  reference: string;
  orderDate: string;
  /** The order date when left out. */
  deliveryDate?: string;
  lines: TripletexOrderLineInput[];
  /** Printed on the invoice made from the order. */
  invoiceComment?: string;
}

export type TripletexSendType = 'EMAIL' | 'EHF' | 'EFAKTURA' | 'AVTALEGIRO' | 'VIPPS' | 'PAPER' | 'MANUAL';
export type TripletexReminderType = 'SOFT_REMINDER' | 'REMINDER' | 'NOTICE_OF_DEBT_COLLECTION';
export type TripletexDispatchType = 'EMAIL' | 'SMS' | 'NETS_PRINT' | 'OWN_PRINTER';

/** An invoice (or a credit note) as read back, amounts in øre. */
export interface TripletexInvoice {
  id: number;
  invoiceNumber: number | null;
  invoiceDate: string;
  dueDate: string | null;
  kid: string | null;
  customerId: number | null;
  orderIds: number[];
  /** The invoice's total including VAT; negative on a credit note. */
  amountOre: number;
  /** What is still owed of the invoice itself (Tripletex's amountOutstanding, without reminder fees). */
  outstandingOre: number;
  /** What is still owed with the last reminder's fees (amountOutstandingTotal). */
  outstandingTotalOre: number;
  isCredited: boolean;
  isCreditNote: boolean;
  creditedInvoiceId: number | null;
}

export interface TripletexInvoiceOptions {
  customerId: number;
  invoiceDate: string;
  /** Our due date; Tripletex's payment terms decide it when left out. */
  dueDate?: string;
  /** Our KID (MOD10); Tripletex makes its own (if the company has KID set up) when left out. */
  kid?: string;
  /** Makes the invoice a credit note on this invoice (a partial credit). */
  creditNoteFor?: number;
}

export interface TripletexInvoiceSearch {
  invoiceDateFrom: string;
  /** Exclusive, as Tripletex reads it. */
  invoiceDateTo: string;
  customerId?: number;
  kid?: string;
  /** Invoices a page; Tripletex's default and our default is 1000. */
  pageSize?: number;
}

/** One signed-in session: every call after the session token. */
export interface TripletexSession {
  findCustomer(customerNumber: number): Promise<{ id: number } | null>;
  createCustomer(customer: TripletexCustomerInput): Promise<{ id: number }>;
  updateCustomer(id: number, customer: TripletexCustomerInput): Promise<void>;
  findOrder(customerId: number, reference: string): Promise<{ id: number } | null>;
  createOrder(order: TripletexOrderInput): Promise<{ id: number }>;
  /** The order with our reference: found (made by an earlier run) or made now. */
  ensureOrder(order: TripletexOrderWithLinesInput): Promise<{ id: number; created: boolean }>;
  /**
   * Invoices the order without sending it (sending is `sendInvoice`). An invoice already made
   * from the order (an earlier run cut off after Tripletex made it) is answered instead: it is
   * looked for among the customer's invoices of the invoice date, so a new try gives the same date.
   */
  invoiceOrder(orderId: number, options: TripletexInvoiceOptions): Promise<TripletexInvoice & { created: boolean }>;
  sendInvoice(invoiceId: number, sendType: TripletexSendType, options?: { overrideEmailAddress?: string }): Promise<void>;
  registerPayment(invoiceId: number, payment: { paymentDate: string; paymentTypeId: number; amountOre: number }): Promise<TripletexInvoice>;
  createReminder(
    invoiceId: number,
    reminder: { type: TripletexReminderType; date: string; dispatchType: TripletexDispatchType; includeCharge?: boolean; smsNumber?: string; email?: string },
  ): Promise<void>;
  /** Credits the whole invoice; answers the credit note. */
  createCreditNote(invoiceId: number, credit: { date: string; comment?: string; sendToCustomer?: boolean }): Promise<TripletexInvoice>;
  /**
   * Credits part of an invoice: an order of our reference with the credited lines (amounts given
   * positive, sent negative), invoiced as a credit note on the invoice. Run twice, made once.
   */
  creditPart(
    invoiceId: number,
    credit: { customerId: number; reference: string; date: string; lines: TripletexOrderLineInput[]; comment?: string },
  ): Promise<TripletexInvoice & { created: boolean }>;
  getInvoice(invoiceId: number): Promise<TripletexInvoice>;
  /** Every invoice that matches, read page by page. */
  searchInvoices(search: TripletexInvoiceSearch): Promise<TripletexInvoice[]>;
  invoicePdf(invoiceId: number): Promise<Buffer>;
  paymentTypes(): Promise<{ id: number; description: string }[]>;
}

export interface TripletexClient {
  open(): Promise<TripletexSession>;
}

export interface TripletexValidationMessage {
  field: string | null;
  message: string;
}

export class TripletexError extends Error {
  readonly status: number | null;
  /** Tripletex's own words on a 422, field by field, for the invoice the call was about. */
  readonly validationMessages: TripletexValidationMessage[];
  /** On a 429 the client gave up on: how long Tripletex asked us to wait. */
  readonly retryAfterMs: number | null;
  constructor(message: string, status: number | null = null, details: { validationMessages?: TripletexValidationMessage[]; retryAfterMs?: number | null } = {}) {
    super(message);
    this.name = 'TripletexError';
    this.status = status;
    this.validationMessages = details.validationMessages ?? [];
    this.retryAfterMs = details.retryAfterMs ?? null;
  }
}

export interface TripletexClientOptions {
  /** How many times a rate-limited operation is tried again (default 3). */
  maxRetries?: number;
  /** A longer wait than this is not waited: the 429 is the answer (default 60 s). */
  maxWaitMs?: number;
  /** How to wait; tests pass one that only records. */
  sleep?: (ms: number) => Promise<void>;
}

interface ErrorEnvelope {
  message?: string;
  validationMessages?: { field?: string | null; message?: string }[] | null;
}

const validationOf = (body: unknown): TripletexValidationMessage[] => {
  const envelope = (body && typeof body === 'object' ? body : {}) as ErrorEnvelope;
  return (envelope.validationMessages ?? [])
    .filter((item) => item && typeof item.message === 'string' && item.message)
    .map((item) => ({ field: item.field ?? null, message: item.message! }));
};

function describe(status: number, body: unknown): string {
  const envelope = (body && typeof body === 'object' ? body : {}) as ErrorEnvelope;
  const details = (envelope.validationMessages ?? [])
    .map((item) => [item.field, item.message].filter(Boolean).join(': '))
    .filter(Boolean);
  const what = [envelope.message, ...details].filter(Boolean).join('; ');
  if (status === 401 || status === 403) return `Tripletex avviste innloggingen (${status})${what ? `: ${what}` : ''}`;
  if (status === 429) return 'Tripletex svarte at det kommer for mange kall (429); prøv igjen om litt';
  if (status >= 500) return `Tripletex hadde en feil (${status})${what ? `: ${what}` : ''}`;
  return `Tripletex avviste kallet (${status})${what ? `: ${what}` : ''}`;
}

/** The wait a 429 asks for: the larger of Retry-After (seconds or a date) and X-Rate-Limit-Reset (seconds). */
export function rateLimitWaitMs(headers: Headers, now = Date.now()): number | null {
  const waits: number[] = [];
  const retryAfter = headers.get('retry-after')?.trim();
  if (retryAfter) {
    if (/^\d+(\.\d+)?$/.test(retryAfter)) waits.push(Number(retryAfter) * 1000);
    else if (!Number.isNaN(Date.parse(retryAfter))) waits.push(Math.max(0, Date.parse(retryAfter) - now));
  }
  const reset = headers.get('x-rate-limit-reset')?.trim();
  if (reset && /^\d+(\.\d+)?$/.test(reset)) waits.push(Number(reset) * 1000);
  return waits.length ? Math.ceil(Math.max(...waits)) : null;
}

/** 12345 øre → '123.45' exactly (a string: no float on the way). */
export function oreToKronerText(ore: number): string {
  if (!Number.isSafeInteger(ore)) throw new TypeError(`Beløpet må være et helt antall øre: ${ore}`);
  const sign = ore < 0 ? '-' : '';
  const abs = Math.abs(ore);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * 12345 øre → 123.45 as the JSON number Tripletex reads. The number is the double nearest to the
 * decimal, and JSON writes it back as that decimal (the shortest text that reads as the same double).
 */
export const oreToKroner = (ore: number): number => Number(oreToKronerText(ore));

/**
 * 123.45 (as Tripletex answers) → 12345 øre exactly: read through the number's two-decimal text,
 * not by multiplying (0.1 + 0.2 kroner is 30 øre, 1.15 kroner is 115 øre).
 */
export function kronerToOre(kroner: number): number {
  if (typeof kroner !== 'number' || !Number.isFinite(kroner)) throw new TypeError(`Ikke et beløp: ${String(kroner)}`);
  const text = kroner.toFixed(2);
  const ore = Number(text.replace('.', ''));
  if (!Number.isSafeInteger(ore)) throw new TypeError(`Beløpet er for stort: ${text}`);
  return ore === 0 ? 0 : ore;
}

export type TripletexPaymentState = 'paid' | 'partly_paid' | 'unpaid' | 'credited';

/**
 * What an invoice read back says: credited when it is credited whole (or is a credit note); paid
 * when nothing of the invoice itself is owed (amountOutstanding ≤ 0), even while a reminder fee
 * is; partly paid when some but not all of what is due was paid. `creditedOre` is what partial
 * credit notes took off (Tripletex keeps the invoice's amount and lowers what is outstanding);
 * the fee still owed is `feesOre`.
 */
export function paymentState(invoice: TripletexInvoice, creditedOre = 0): { state: TripletexPaymentState; paidOre: number; feesOre: number } {
  const feesOre = Math.max(0, invoice.outstandingTotalOre - Math.max(0, invoice.outstandingOre));
  const dueOre = invoice.amountOre - creditedOre;
  const paidOre = dueOre - invoice.outstandingOre;
  if (invoice.isCredited || invoice.isCreditNote) return { state: 'credited', paidOre, feesOre };
  if (invoice.outstandingOre <= 0) return { state: 'paid', paidOre, feesOre };
  if (invoice.outstandingOre < dueOre) return { state: 'partly_paid', paidOre, feesOre };
  return { state: 'unpaid', paidOre, feesOre };
}

const dayMs = 24 * 60 * 60 * 1000;
const tomorrow = (): string => new Date(Date.now() + dayMs).toISOString().slice(0, 10);
const inTwoYears = (): string => new Date(Date.now() + 2 * 366 * dayMs).toISOString().slice(0, 10);
const nextDay = (date: string): string => new Date(Date.parse(`${date}T00:00:00Z`) + dayMs).toISOString().slice(0, 10);

const INVOICE_FIELDS =
  'id,invoiceNumber,invoiceDate,invoiceDueDate,kid,amount,amountOutstanding,amountOutstandingTotal,isCredited,isCreditNote,creditedInvoice,customer(id),orders(id)';

interface RawInvoice {
  id: number;
  invoiceNumber?: number | null;
  invoiceDate?: string;
  invoiceDueDate?: string | null;
  kid?: string | null;
  amount?: number;
  amountOutstanding?: number;
  amountOutstandingTotal?: number;
  isCredited?: boolean;
  isCreditNote?: boolean;
  creditedInvoice?: number | null;
  customer?: { id?: number } | null;
  orders?: { id?: number }[] | null;
}

function invoiceOf(raw: RawInvoice): TripletexInvoice {
  const amount = (value: number | undefined, name: string) => {
    if (typeof value !== 'number') throw new TripletexError(`Tripletex svarte uten ${name} på faktura ${raw.invoiceNumber ?? raw.id}`);
    return kronerToOre(value);
  };
  const amountOre = amount(raw.amount, 'beløp');
  const outstandingOre = amount(raw.amountOutstanding, 'utestående beløp');
  return {
    id: raw.id,
    invoiceNumber: raw.invoiceNumber ?? null,
    invoiceDate: raw.invoiceDate ?? '',
    dueDate: raw.invoiceDueDate ?? null,
    kid: raw.kid || null,
    customerId: raw.customer?.id ?? null,
    orderIds: (raw.orders ?? []).map((order) => order.id).filter((id): id is number => typeof id === 'number'),
    amountOre,
    outstandingOre,
    outstandingTotalOre: typeof raw.amountOutstandingTotal === 'number' ? kronerToOre(raw.amountOutstandingTotal) : outstandingOre,
    isCredited: raw.isCredited === true,
    isCreditNote: raw.isCreditNote === true,
    creditedInvoiceId: raw.creditedInvoice ?? null,
  };
}

interface ListEnvelope<T> {
  from?: number;
  count?: number;
  fullResultSize?: number;
  values?: T[];
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function tripletexClient(config: TripletexApiConfig, options: TripletexClientOptions = {}): TripletexClient {
  const maxRetries = options.maxRetries ?? 3;
  const maxWaitMs = options.maxWaitMs ?? 60_000;
  const sleep = options.sleep ?? sleepFor;

  async function send(method: string, path: string, options: { token?: string; body?: unknown; accept?: string }): Promise<Response> {
    const headers: Record<string, string> = { accept: options.accept ?? 'application/json' };
    if (options.token) headers.authorization = `Basic ${Buffer.from(`0:${options.token}`).toString('base64')}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    try {
      return await fetch(`${config.url}${path}`, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: AbortSignal.timeout(config.timeoutMs),
      });
    } catch (cause) {
      const timedOut = cause instanceof Error && (cause.name === 'TimeoutError' || cause.name === 'AbortError');
      throw new TripletexError(
        timedOut ? `Tripletex svarte ikke innen ${config.timeoutMs / 1000} sekunder` : 'Fikk ikke kontakt med Tripletex (forbindelsen ble brutt)',
      );
    }
  }

  async function failure(response: Response): Promise<TripletexError> {
    const text = await response.text().catch(() => '');
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null; // a gateway's HTML error page: the status says enough
    }
    return new TripletexError(describe(response.status, body), response.status, {
      validationMessages: validationOf(body),
      retryAfterMs: response.status === 429 ? rateLimitWaitMs(response.headers) : null,
    });
  }

  async function call<T>(method: string, path: string, options: { token?: string; body?: unknown } = {}): Promise<T> {
    const response = await send(method, path, options);
    if (!response.ok) throw await failure(response);
    const text = await response.text().catch(() => '');
    try {
      return (text ? JSON.parse(text) : null) as T;
    } catch {
      throw new TripletexError('Tripletex svarte med noe som ikke er JSON', response.status);
    }
  }

  /**
   * Runs an operation again after a 429, waiting what Tripletex asks (at least a second when it
   * does not say), at most `maxRetries` times and never longer than `maxWaitMs` a wait. Tripletex
   * refuses a rate-limited call before doing any of it; an operation that creates looks for what
   * it creates first, so a new try never makes a second one.
   */
  async function patiently<T>(operation: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await operation();
      } catch (error) {
        if (!(error instanceof TripletexError) || error.status !== 429 || attempt >= maxRetries) throw error;
        const wait = error.retryAfterMs ?? 1000 * (attempt + 1);
        if (wait > maxWaitMs) throw error;
        await sleep(wait);
      }
    }
  }

  const customerBody = (customer: TripletexCustomerInput) => ({
    name: customer.name,
    customerNumber: customer.customerNumber,
    email: customer.email ?? undefined,
    invoiceEmail: customer.invoiceEmail ?? customer.email ?? undefined,
    phoneNumberMobile: customer.phoneNumberMobile ?? undefined,
    isPrivateIndividual: true,
    invoiceSendMethod: customer.invoiceSendMethod,
    postalAddress: customer.postalAddress,
  });

  return {
    async open() {
      const query = new URLSearchParams({
        consumerToken: config.consumerToken,
        employeeToken: config.employeeToken,
        expirationDate: tomorrow(),
      });
      const opened = await patiently(() => call<{ value?: { token?: string } }>('PUT', `/token/session/:create?${query}`));
      const token = opened?.value?.token;
      if (!token) throw new TripletexError('Tripletex ga ingen sesjon');

      /**
       * Every value of a list, page by page (`from`/`count`), until `fullResultSize` (or a short
       * page). `inside` when an operation that waits out 429s itself reads it: no second layer of tries.
       */
      async function all<T>(path: string, params: Record<string, string>, pageSize = 1000, inside = false): Promise<T[]> {
        const values: T[] = [];
        for (let from = 0; ; ) {
          const query = new URLSearchParams({ ...params, from: String(from), count: String(pageSize) });
          const read = () => call<ListEnvelope<T>>('GET', `${path}?${query}`, { token });
          const page = await (inside ? read() : patiently(read));
          const got = page?.values ?? [];
          values.push(...got);
          from += got.length;
          const total = typeof page?.fullResultSize === 'number' ? page.fullResultSize : null;
          if (got.length === 0 || (total !== null ? from >= total : got.length < pageSize)) return values;
        }
      }

      /** Our order by reference, among the customer's orders of that date. */
      async function orderByReference(customerId: number, reference: string, orderDate: string): Promise<{ id: number } | null> {
        const orders = await all<{ id: number; reference?: string }>('/order', {
          customerId: String(customerId),
          orderDateFrom: orderDate,
          orderDateTo: nextDay(orderDate),
          fields: 'id,reference',
        }, 1000, true);
        const found = orders.find((order) => order.reference === reference);
        return found ? { id: found.id } : null;
      }

      async function invoiceSearch(search: TripletexInvoiceSearch, inside = false): Promise<TripletexInvoice[]> {
        const params: Record<string, string> = { invoiceDateFrom: search.invoiceDateFrom, invoiceDateTo: search.invoiceDateTo, fields: INVOICE_FIELDS };
        if (search.customerId !== undefined) params.customerId = String(search.customerId);
        if (search.kid) params.kid = search.kid;
        return (await all<RawInvoice>('/invoice', params, search.pageSize, inside)).map(invoiceOf);
      }

      /** An invoice made from the order on that date (and with our KID, when we gave one). */
      async function invoiceFromOrder(orderId: number, invoice: TripletexInvoiceOptions): Promise<TripletexInvoice | null> {
        const found = await invoiceSearch(
          { invoiceDateFrom: invoice.invoiceDate, invoiceDateTo: nextDay(invoice.invoiceDate), customerId: invoice.customerId, kid: invoice.kid },
          true,
        );
        return found.find((candidate) => candidate.orderIds.includes(orderId)) ?? null;
      }

      const session: TripletexSession = {
        async findCustomer(customerNumber) {
          const query = new URLSearchParams({ customerAccountNumber: String(customerNumber), fields: 'id,customerNumber', count: '10' });
          const list = await patiently(() => call<{ values?: { id: number; customerNumber?: number }[] }>('GET', `/customer?${query}`, { token }));
          const found = (list?.values ?? []).find((customer) => customer.customerNumber === undefined || customer.customerNumber === customerNumber);
          return found ? { id: found.id } : null;
        },
        async createCustomer(customer) {
          const created = await patiently(() => call<{ value: { id: number } }>('POST', '/customer', { token, body: customerBody(customer) }));
          return { id: created.value.id };
        },
        async updateCustomer(id, customer) {
          await patiently(() => call('PUT', `/customer/${id}`, { token, body: { id, ...customerBody(customer) } }));
        },
        async findOrder(customerId, reference) {
          const query = new URLSearchParams({
            customerId: String(customerId),
            orderDateFrom: '2000-01-01',
            // Tripletex reads the end as exclusive; a subscription may start (and its order be dated) in the months ahead.
            orderDateTo: inTwoYears(),
            fields: 'id,reference',
            count: '1000',
          });
          const list = await patiently(() => call<{ values?: { id: number; reference?: string }[] }>('GET', `/order?${query}`, { token }));
          const found = (list?.values ?? []).find((order) => order.reference === reference);
          return found ? { id: found.id } : null;
        },
        async createOrder(order) {
          const created = await patiently(() => call<{ value: { id: number } }>('POST', '/order', {
            token,
            body: {
              customer: { id: order.customerId },
              reference: order.reference,
              orderDate: order.orderDate,
              deliveryDate: order.orderDate,
              orderLines: [{ description: order.description, count: 1, unitPriceIncludingVatCurrency: order.amount }],
            },
          }));
          return { id: created.value.id };
        },

        ensureOrder(order) {
          return patiently(async () => {
            const found = await orderByReference(order.customerId, order.reference, order.orderDate);
            if (found) return { id: found.id, created: false };
            const created = await call<{ value: { id: number } }>('POST', '/order', {
              token,
              body: orderBody(order),
            });
            return { id: created.value.id, created: true };
          });
        },

        invoiceOrder(orderId, invoice) {
          return patiently(async () => {
            const existing = await invoiceFromOrder(orderId, invoice);
            if (existing) return { ...existing, created: false };
            let made: { value: RawInvoice };
            if ((invoice.kid || invoice.dueDate) && !invoice.creditNoteFor) {
              // The order's :invoice action takes neither a KID nor a due date; the invoice
              // resource does, with the order it is made from (one order an invoice). A credit
              // note has neither, and only the action makes one.
              made = await call<{ value: RawInvoice }>('POST', '/invoice?sendToCustomer=false', {
                token,
                body: {
                  invoiceDate: invoice.invoiceDate,
                  ...(invoice.dueDate ? { invoiceDueDate: invoice.dueDate } : {}),
                  ...(invoice.kid ? { kid: invoice.kid } : {}),
                  customer: { id: invoice.customerId },
                  orders: [{ id: orderId }],
                },
              });
            } else {
              const query = new URLSearchParams({ invoiceDate: invoice.invoiceDate, sendToCustomer: 'false' });
              if (invoice.creditNoteFor) query.set('invoiceIdIfIsCreditNote', String(invoice.creditNoteFor));
              made = await call<{ value: RawInvoice }>('PUT', `/order/${orderId}/:invoice?${query}`, { token });
            }
            return { ...invoiceOf(made.value), created: true };
          });
        },

        async sendInvoice(invoiceId, sendType, sendOptions = {}) {
          const query = new URLSearchParams({ sendType });
          if (sendOptions.overrideEmailAddress) query.set('overrideEmailAddress', sendOptions.overrideEmailAddress);
          await patiently(() => call('PUT', `/invoice/${invoiceId}/:send?${query}`, { token }));
        },

        async registerPayment(invoiceId, payment) {
          const query = new URLSearchParams({
            paymentDate: payment.paymentDate,
            paymentTypeId: String(payment.paymentTypeId),
            paidAmount: oreToKronerText(payment.amountOre),
          });
          const paid = await patiently(() => call<{ value: RawInvoice }>('PUT', `/invoice/${invoiceId}/:payment?${query}`, { token }));
          return invoiceOf(paid.value);
        },

        async createReminder(invoiceId, reminder) {
          const query = new URLSearchParams({ type: reminder.type, date: reminder.date, dispatchType: reminder.dispatchType });
          if (reminder.includeCharge !== undefined) query.set('includeCharge', String(reminder.includeCharge));
          if (reminder.smsNumber) query.set('smsNumber', reminder.smsNumber);
          if (reminder.email) query.set('email', reminder.email);
          await patiently(() => call('PUT', `/invoice/${invoiceId}/:createReminder?${query}`, { token }));
        },

        async createCreditNote(invoiceId, credit) {
          const query = new URLSearchParams({ date: credit.date });
          if (credit.comment) query.set('comment', credit.comment);
          if (credit.sendToCustomer !== undefined) query.set('sendToCustomer', String(credit.sendToCustomer));
          const note = await patiently(() => call<{ value: RawInvoice }>('PUT', `/invoice/${invoiceId}/:createCreditNote?${query}`, { token }));
          return invoiceOf(note.value);
        },

        async creditPart(invoiceId, credit) {
          const order = await session.ensureOrder({
            customerId: credit.customerId,
            reference: credit.reference,
            orderDate: credit.date,
            lines: credit.lines.map((line) => ({ ...line, unitPriceOre: -line.unitPriceOre })),
            invoiceComment: credit.comment,
          });
          return session.invoiceOrder(order.id, { customerId: credit.customerId, invoiceDate: credit.date, creditNoteFor: invoiceId });
        },

        async getInvoice(invoiceId) {
          const found = await patiently(() => call<{ value: RawInvoice }>('GET', `/invoice/${invoiceId}?fields=${encodeURIComponent(INVOICE_FIELDS)}`, { token }));
          return invoiceOf(found.value);
        },

        searchInvoices(search) {
          return invoiceSearch(search);
        },

        invoicePdf(invoiceId) {
          return patiently(async () => {
            const response = await send('GET', `/invoice/${invoiceId}/pdf`, { token, accept: 'application/octet-stream' });
            if (!response.ok) throw await failure(response);
            return Buffer.from(await response.arrayBuffer());
          });
        },

        async paymentTypes() {
          const types = await all<{ id: number; description?: string }>('/invoice/paymentType', { fields: 'id,description' });
          return types.map((type) => ({ id: type.id, description: type.description ?? '' }));
        },
      };
      return session;
    },
  };
}

function orderBody(order: TripletexOrderWithLinesInput) {
  if (order.lines.length === 0) throw new TypeError('En ordre må ha minst én linje');
  return {
    customer: { id: order.customerId },
    reference: order.reference,
    orderDate: order.orderDate,
    deliveryDate: order.deliveryDate ?? order.orderDate,
    isPrioritizeAmountsIncludingVat: true,
    ...(order.invoiceComment ? { invoiceComment: order.invoiceComment } : {}),
    orderLines: order.lines.map((line) => {
      if (!Number.isSafeInteger(line.unitPriceOre)) throw new TypeError(`Ordrelinjens pris må være i hele øre: ${line.unitPriceOre}`);
      return {
        ...(line.productId ? { product: { id: line.productId } } : {}),
        description: line.description,
        count: line.count ?? 1,
        unitPriceIncludingVatCurrency: oreToKroner(line.unitPriceOre),
      };
    }),
  };
}

export const tripletexClientFor = (config: TripletexConfig | null): TripletexClient | null =>
  config ? tripletexClient(config) : null;

import { nextDay } from './tripletex-dates.ts';
import type { SessionCalls } from './tripletex-http.ts';
import { kronerToOre, oreToKronerText } from './tripletex-money.ts';
import { TripletexError } from './tripletex-errors.ts';
import type { TripletexInvoice, TripletexInvoiceOptions, TripletexInvoiceSearch, TripletexSession } from './tripletex-types.ts';

type InvoiceCalls = Omit<TripletexSession, 'findCustomer' | 'createCustomer' | 'updateCustomer' | 'findOrder' | 'createOrder' | 'ensureOrder'>;

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

/** The session's invoices: made from our orders, sent, paid, reminded and credited, and read back. */
export function invoiceCalls(calls: SessionCalls, orders: Pick<TripletexSession, 'ensureOrder'>): InvoiceCalls {
  const { token, call, patiently, send, failure, all } = calls;

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

  const invoices: InvoiceCalls = {
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
      const order = await orders.ensureOrder({
        customerId: credit.customerId,
        reference: credit.reference,
        orderDate: credit.date,
        lines: credit.lines.map((line) => ({ ...line, unitPriceOre: -line.unitPriceOre })),
        invoiceComment: credit.comment,
      });
      return invoices.invoiceOrder(order.id, { customerId: credit.customerId, invoiceDate: credit.date, creditNoteFor: invoiceId });
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
  return invoices;
}

/**
 * Tripletex API v2 (accounting): a session token from the consumer and employee tokens, then
 * customers and orders. Chosen by settings: without TRIPLETEX_* tokens there is no client and
 * the sync says Tripletex is not set up. Every failure is a TripletexError with a Norwegian message.
 */
import type { TripletexConfig } from '../config.ts';

export interface TripletexCustomerInput {
  customerNumber: number;
  name: string;
  email: string | null;
  phoneNumberMobile: string | null;
  invoiceSendMethod: 'EMAIL' | 'EFAKTURA';
  invoiceEmail: string | null;
  postalAddress: { addressLine1: string | null; postalCode: string | null; city: string | null };
}

export interface TripletexOrderInput {
  customerId: number;
  reference: string;
  orderDate: string;
  description: string;
  amount: number;
}

/** One signed-in session: every call after the session token. */
export interface TripletexSession {
  findCustomer(customerNumber: number): Promise<{ id: number } | null>;
  createCustomer(customer: TripletexCustomerInput): Promise<{ id: number }>;
  updateCustomer(id: number, customer: TripletexCustomerInput): Promise<void>;
  findOrder(customerId: number, reference: string): Promise<{ id: number } | null>;
  createOrder(order: TripletexOrderInput): Promise<{ id: number }>;
}

export interface TripletexClient {
  open(): Promise<TripletexSession>;
}

export class TripletexError extends Error {
  readonly status: number | null;
  constructor(message: string, status: number | null = null) {
    super(message);
    this.name = 'TripletexError';
    this.status = status;
  }
}

interface ErrorEnvelope {
  message?: string;
  validationMessages?: { field?: string; message?: string }[] | null;
}

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

const tomorrow = (): string => new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

export function tripletexClient(config: TripletexConfig): TripletexClient {
  async function call<T>(method: string, path: string, options: { token?: string; body?: unknown } = {}): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (options.token) headers.authorization = `Basic ${Buffer.from(`0:${options.token}`).toString('base64')}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(`${config.url}${path}`, {
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
    const text = await response.text().catch(() => '');
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      if (response.ok) throw new TripletexError('Tripletex svarte med noe som ikke er JSON', response.status);
    }
    if (!response.ok) throw new TripletexError(describe(response.status, body), response.status);
    return body as T;
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
      const session = await call<{ value?: { token?: string } }>('PUT', `/token/session/:create?${query}`);
      const token = session?.value?.token;
      if (!token) throw new TripletexError('Tripletex ga ingen sesjon');
      return {
        async findCustomer(customerNumber) {
          const query = new URLSearchParams({ customerAccountNumber: String(customerNumber), fields: 'id,customerNumber', count: '10' });
          const list = await call<{ values?: { id: number; customerNumber?: number }[] }>('GET', `/customer?${query}`, { token });
          const found = (list?.values ?? []).find((customer) => customer.customerNumber === undefined || customer.customerNumber === customerNumber);
          return found ? { id: found.id } : null;
        },
        async createCustomer(customer) {
          const created = await call<{ value: { id: number } }>('POST', '/customer', { token, body: customerBody(customer) });
          return { id: created.value.id };
        },
        async updateCustomer(id, customer) {
          await call('PUT', `/customer/${id}`, { token, body: { id, ...customerBody(customer) } });
        },
        async findOrder(customerId, reference) {
          const query = new URLSearchParams({
            customerId: String(customerId),
            orderDateFrom: '2000-01-01',
            orderDateTo: tomorrow(),
            fields: 'id,reference',
            count: '1000',
          });
          const list = await call<{ values?: { id: number; reference?: string }[] }>('GET', `/order?${query}`, { token });
          const found = (list?.values ?? []).find((order) => order.reference === reference);
          return found ? { id: found.id } : null;
        },
        async createOrder(order) {
          const created = await call<{ value: { id: number } }>('POST', '/order', {
            token,
            body: {
              customer: { id: order.customerId },
              reference: order.reference,
              orderDate: order.orderDate,
              deliveryDate: order.orderDate,
              orderLines: [{ description: order.description, count: 1, unitPriceIncludingVatCurrency: order.amount }],
            },
          });
          return { id: created.value.id };
        },
      };
    },
  };
}

export const tripletexClientFor = (config: TripletexConfig | null): TripletexClient | null =>
  config ? tripletexClient(config) : null;

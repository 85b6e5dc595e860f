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
 *
 * A file per part: what it takes and answers (tripletex-types.ts), its errors, money and dates,
 * the HTTP core (tripletex-http.ts), and the session's customers, orders and invoices
 * (tripletex-customers.ts, tripletex-orders.ts, tripletex-invoices.ts).
 */
import type { TripletexConfig } from '../config.ts';
import { customerCalls } from './tripletex-customers.ts';
import { tomorrow } from './tripletex-dates.ts';
import { TripletexError } from './tripletex-errors.ts';
import { sessionCalls, tripletexHttp } from './tripletex-http.ts';
import { invoiceCalls } from './tripletex-invoices.ts';
import { orderCalls } from './tripletex-orders.ts';
import type { TripletexApiConfig, TripletexClient, TripletexClientOptions } from './tripletex-types.ts';

export type {
  TripletexApiConfig,
  TripletexClient,
  TripletexClientOptions,
  TripletexCustomerInput,
  TripletexDispatchType,
  TripletexInvoice,
  TripletexInvoiceOptions,
  TripletexInvoiceSearch,
  TripletexOrderInput,
  TripletexOrderLineInput,
  TripletexOrderWithLinesInput,
  TripletexReminderType,
  TripletexSendType,
  TripletexSession,
} from './tripletex-types.ts';
export { rateLimitWaitMs, TripletexError, type TripletexValidationMessage } from './tripletex-errors.ts';
export { kronerToOre, oreToKroner, oreToKronerText, paymentState, type TripletexPaymentState } from './tripletex-money.ts';

export function tripletexClient(config: TripletexApiConfig, options: TripletexClientOptions = {}): TripletexClient {
  const http = tripletexHttp(config, options);
  return {
    async open() {
      const query = new URLSearchParams({
        consumerToken: config.consumerToken,
        employeeToken: config.employeeToken,
        expirationDate: tomorrow(),
      });
      const opened = await http.patiently(() => http.call<{ value?: { token?: string } }>('PUT', `/token/session/:create?${query}`));
      const token = opened?.value?.token;
      if (!token) throw new TripletexError('Tripletex ga ingen sesjon');
      const calls = sessionCalls(http, token);
      const orders = orderCalls(calls);
      return { ...customerCalls(calls), ...orders, ...invoiceCalls(calls, orders) };
    },
  };
}

export const tripletexClientFor = (config: TripletexConfig | null): TripletexClient | null => (config ? tripletexClient(config) : null);

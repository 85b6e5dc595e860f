/**
 * Vipps MobilePay ePayment: the payment gateway the quick checkout pays through. The real
 * client speaks the ePayment API with the VIPPS_* settings; without them the embedded test
 * checkout (vipps-test-checkout.ts) stands in with the same interface.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { VippsConfig } from '../config.ts';

/** ePayment's payment states. */
export type PaymentState = 'CREATED' | 'AUTHORIZED' | 'ABORTED' | 'EXPIRED' | 'TERMINATED';

export interface PaymentStatus {
  state: PaymentState;
  /** The payer's profile id, once the payer has consented (after AUTHORIZED). */
  sub: string | null;
  /** Amounts in øre. */
  authorized: number;
  captured: number;
  refunded: number;
  cancelled: number;
}

export interface Payer {
  first_name: string;
  last_name: string;
  email: string;
  /** As Vipps gives it: country code first, digits only (4791234567). */
  phone: string;
  address: { street: string; postal_code: string; city: string } | null;
  birthdate: string | null;
}

export interface NewPayment {
  reference: string;
  /** In øre. */
  amount: number;
  description: string;
  returnUrl: string;
}

export interface PaymentGateway {
  readonly kind: 'epayment' | 'test-checkout';
  /** The secret webhook deliveries are signed with. */
  readonly webhookSecret: string;
  createPayment(payment: NewPayment, idempotencyKey: string): Promise<{ redirectUrl: string }>;
  getPayment(reference: string): Promise<PaymentStatus>;
  capture(reference: string, amount: number, idempotencyKey: string): Promise<void>;
  cancel(reference: string, idempotencyKey: string): Promise<void>;
  refund(reference: string, amount: number, idempotencyKey: string): Promise<void>;
  userInfo(sub: string): Promise<Payer>;
}

/** A failed call, with a Norwegian message fit to show. */
export class VippsError extends Error {
  /** The HTTP status Vipps answered; null when it did not answer (timeout, no connection). */
  readonly status: number | null;

  constructor(message: string, status: number | null = null) {
    super(message);
    this.name = 'VippsError';
    this.status = status;
  }
}

export const VIPPS_MESSAGES = {
  timeout: 'Vipps svarte ikke i tide. Prøv igjen om litt.',
  unreachable: 'Fikk ikke kontakt med Vipps. Prøv igjen om litt.',
  unauthorized: 'Vipps godtok ikke innloggingen til betalingsavtalen vår. Ta kontakt med oss.',
  notFound: 'Vipps finner ikke betalingen.',
  conflict: 'Betalingen hos Vipps er i en tilstand som ikke tillater dette.',
  rateLimited: 'Vipps har mange forespørsler akkurat nå. Prøv igjen om litt.',
  serverError: 'Vipps har en feil akkurat nå. Prøv igjen om litt.',
  badAnswer: 'Vipps ga et svar vi ikke forstod.',
  refused: (detail: string) => `Vipps avviste forespørselen: ${detail}`,
} as const;

interface Problem {
  title?: string;
  detail?: string;
  status?: number;
}

/** An RFC 7807 problem (or any error answer) as a Norwegian message. */
export function problemMessage(status: number, body: unknown): string {
  const problem = (body && typeof body === 'object' ? body : {}) as Problem;
  if (status === 401 || status === 403) return VIPPS_MESSAGES.unauthorized;
  if (status === 404) return VIPPS_MESSAGES.notFound;
  if (status === 409) return VIPPS_MESSAGES.conflict;
  if (status === 429) return VIPPS_MESSAGES.rateLimited;
  if (status >= 500) return VIPPS_MESSAGES.serverError;
  const detail = [problem.title, problem.detail].filter((part) => typeof part === 'string' && part !== '').join(': ');
  return VIPPS_MESSAGES.refused(detail || `HTTP ${status}`);
}

function parseJson(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const retryable = (status: number) => status === 429 || status >= 500;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Tries beyond the first for calls that are safe to repeat (GET, or carrying an Idempotency-Key). */
const RETRIES = 2;
const RETRY_PAUSE_MS = 250;
/** Renew the access token this long before it runs out. */
const TOKEN_MARGIN_MS = 5 * 60 * 1000;

interface CallOptions {
  method: 'GET' | 'POST';
  body?: unknown;
  idempotencyKey?: string;
}

export function epaymentClient(settings: VippsConfig): PaymentGateway {
  let token: { value: string; expiresAt: number } | null = null;
  let pendingToken: Promise<string> | null = null;

  const systemHeaders = {
    'Ocp-Apim-Subscription-Key': settings.subscriptionKey,
    'Merchant-Serial-Number': settings.merchantSerialNumber,
    'Vipps-System-Name': 'musikerportalen',
    'Vipps-System-Version': '1.0.0',
    'Vipps-System-Plugin-Name': 'musikerportalen-quick-checkout',
    'Vipps-System-Plugin-Version': '1.0.0',
  };

  /** One HTTP exchange; network failures and timeouts become VippsError with status null. */
  async function exchange(path: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
    let response: Response;
    try {
      response = await fetch(`${settings.apiUrl}${path}`, { ...init, signal: AbortSignal.timeout(settings.timeoutMs) });
    } catch (cause) {
      const timedOut = cause instanceof Error && (cause.name === 'TimeoutError' || cause.name === 'AbortError');
      throw new VippsError(timedOut ? VIPPS_MESSAGES.timeout : VIPPS_MESSAGES.unreachable);
    }
    const text = await response.text().catch(() => '');
    return { status: response.status, body: parseJson(text) };
  }

  /** Repeats a call that is safe to repeat when Vipps did not answer or answered 429/5xx. */
  async function withRetries<T>(repeatable: boolean, attempt: () => Promise<T>): Promise<T> {
    for (let tries = 0; ; tries++) {
      try {
        return await attempt();
      } catch (error) {
        const again = error instanceof VippsError && (error.status === null || retryable(error.status));
        if (!repeatable || !again || tries >= RETRIES) throw error;
        await sleep(RETRY_PAUSE_MS * (tries + 1));
      }
    }
  }

  async function fetchToken(): Promise<string> {
    return withRetries(true, async () => {
      const { status, body } = await exchange('/accesstoken/get', {
        method: 'POST',
        headers: { client_id: settings.clientId, client_secret: settings.clientSecret, ...systemHeaders },
      });
      if (status !== 200) throw new VippsError(problemMessage(status, body), status);
      const answer = body as { access_token?: string; expires_in?: string | number } | null;
      if (!answer?.access_token) throw new VippsError(VIPPS_MESSAGES.badAnswer, status);
      const lifetimeMs = Number(answer.expires_in ?? 3600) * 1000;
      token = { value: answer.access_token, expiresAt: Date.now() + lifetimeMs };
      return answer.access_token;
    });
  }

  /** The cached access token, renewed before it runs out; one renewal at a time. */
  async function accessToken(): Promise<string> {
    if (token && token.expiresAt - TOKEN_MARGIN_MS > Date.now()) return token.value;
    pendingToken ??= fetchToken().finally(() => {
      pendingToken = null;
    });
    return pendingToken;
  }

  async function call<T>(path: string, { method, body, idempotencyKey }: CallOptions): Promise<T> {
    const repeatable = method === 'GET' || idempotencyKey !== undefined;
    return withRetries(repeatable, async () => {
      for (let renewed = false; ; renewed = true) {
        const headers: Record<string, string> = {
          authorization: `Bearer ${await accessToken()}`,
          accept: 'application/json',
          ...systemHeaders,
        };
        if (body !== undefined) headers['content-type'] = 'application/json';
        if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
        const answer = await exchange(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
        // A token Vipps no longer takes: fetch a new one once.
        if (answer.status === 401 && !renewed) {
          token = null;
          continue;
        }
        if (answer.status >= 200 && answer.status < 300) return answer.body as T;
        throw new VippsError(problemMessage(answer.status, answer.body), answer.status);
      }
    });
  }

  const payments = '/epayment/v1/payments';
  const amountOf = (value: number) => ({ currency: 'NOK', value });

  return {
    kind: 'epayment',
    webhookSecret: settings.webhookSecret,

    async createPayment(payment, idempotencyKey) {
      const answer = await call<{ redirectUrl?: string }>(payments, {
        method: 'POST',
        idempotencyKey,
        body: {
          amount: amountOf(payment.amount),
          paymentMethod: { type: 'WALLET' },
          reference: payment.reference,
          userFlow: 'WEB_REDIRECT',
          returnUrl: payment.returnUrl,
          paymentDescription: payment.description,
          profile: { scope: 'name email phoneNumber' },
        },
      });
      if (!answer?.redirectUrl) throw new VippsError(VIPPS_MESSAGES.badAnswer);
      return { redirectUrl: answer.redirectUrl };
    },

    async getPayment(reference) {
      const answer = await call<{
        state?: PaymentState;
        profile?: { sub?: string };
        aggregate?: Record<'authorizedAmount' | 'capturedAmount' | 'refundedAmount' | 'cancelledAmount', { value: number } | undefined>;
      }>(`${payments}/${encodeURIComponent(reference)}`, { method: 'GET' });
      if (!answer?.state) throw new VippsError(VIPPS_MESSAGES.badAnswer);
      const amount = (name: 'authorizedAmount' | 'capturedAmount' | 'refundedAmount' | 'cancelledAmount') =>
        answer.aggregate?.[name]?.value ?? 0;
      return {
        state: answer.state,
        sub: answer.profile?.sub ?? null,
        authorized: amount('authorizedAmount'),
        captured: amount('capturedAmount'),
        refunded: amount('refundedAmount'),
        cancelled: amount('cancelledAmount'),
      };
    },

    async capture(reference, amount, idempotencyKey) {
      await call(`${payments}/${encodeURIComponent(reference)}/capture`, {
        method: 'POST',
        idempotencyKey,
        body: { modificationAmount: amountOf(amount) },
      });
    },

    async cancel(reference, idempotencyKey) {
      await call(`${payments}/${encodeURIComponent(reference)}/cancel`, { method: 'POST', idempotencyKey, body: {} });
    },

    async refund(reference, amount, idempotencyKey) {
      await call(`${payments}/${encodeURIComponent(reference)}/refund`, {
        method: 'POST',
        idempotencyKey,
        body: { modificationAmount: amountOf(amount) },
      });
    },

    async userInfo(sub) {
      const info = await call<Record<string, unknown>>(`/vipps-userinfo-api/userinfo/${encodeURIComponent(sub)}`, { method: 'GET' });
      return payerFromUserInfo(info);
    },
  };
}

const textOf = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** The userinfo answer (given_name, family_name, email, phone_number, address, birthdate) as our payer. */
export function payerFromUserInfo(info: Record<string, unknown> | null): Payer {
  const address = (info?.address && typeof info.address === 'object' ? info.address : null) as Record<string, unknown> | null;
  const payer: Payer = {
    first_name: textOf(info?.given_name),
    last_name: textOf(info?.family_name),
    email: textOf(info?.email),
    phone: textOf(info?.phone_number).replace(/\D/g, ''),
    address:
      address && textOf(address.street_address) !== ''
        ? { street: textOf(address.street_address), postal_code: textOf(address.postal_code), city: textOf(address.region) }
        : null,
    birthdate: /^\d{4}-\d{2}-\d{2}$/.test(textOf(info?.birthdate)) ? textOf(info?.birthdate) : null,
  };
  if (!payer.first_name || !payer.last_name || !payer.email || !payer.phone) throw new VippsError(VIPPS_MESSAGES.badAnswer);
  return payer;
}

/** A Norwegian number as members type it (8 digits) when Vipps gives +47; others keep their +. */
export function memberPhone(vippsPhone: string): string {
  const digits = vippsPhone.replace(/\D/g, '');
  if (/^47\d{8}$/.test(digits)) return digits.slice(2);
  if (/^\d{8}$/.test(digits)) return digits;
  return `+${digits}`;
}

// ---- Webhooks, signed as Vipps signs them ----

export interface WebhookDelivery {
  method: string;
  /** The path and query the delivery was posted to, as received. */
  pathAndQuery: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

const headerOf = (headers: WebhookDelivery['headers'], name: string): string => {
  const value = headers[name];
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
};

const contentHash = (body: string) => createHash('sha256').update(body, 'utf8').digest('base64');

const signature = (secret: string, method: string, pathAndQuery: string, date: string, host: string, hash: string) =>
  createHmac('sha256', secret).update(`${method}\n${pathAndQuery}\n${date};${host};${hash}`, 'utf8').digest('base64');

/** The headers Vipps sends with a delivery of `body` to `host` + `pathAndQuery`. */
export function signWebhook(secret: string, host: string, pathAndQuery: string, body: string, date = new Date()): Record<string, string> {
  const hash = contentHash(body);
  const xMsDate = date.toUTCString();
  return {
    host,
    'content-type': 'application/json',
    'x-ms-date': xMsDate,
    'x-ms-content-sha256': hash,
    authorization: `HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=${signature(secret, 'POST', pathAndQuery, xMsDate, host, hash)}`,
  };
}

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** True when the delivery carries Vipps' signature over exactly this body. */
export function verifyWebhook(secret: string, delivery: WebhookDelivery): boolean {
  const hash = headerOf(delivery.headers, 'x-ms-content-sha256');
  const date = headerOf(delivery.headers, 'x-ms-date');
  const host = headerOf(delivery.headers, 'host');
  const match = /^HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=(.+)$/.exec(
    headerOf(delivery.headers, 'authorization'),
  );
  if (!match || !hash || !date || !host) return false;
  if (!sameText(hash, contentHash(delivery.body))) return false;
  return sameText(match[1], signature(secret, delivery.method.toUpperCase(), delivery.pathAndQuery, date, host, hash));
}

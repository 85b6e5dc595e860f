/**
 * Vipps MobilePay: ePayment (the payment gateway the quick checkout pays through) and the
 * Recurring API v3 (agreements and the charges drawn on them). Both speak to Vipps with the
 * VIPPS_* settings through one HTTP core: the same access token, system headers, retries and
 * error answers. Without the settings the embedded test checkout (vipps-test-checkout.ts)
 * stands in for ePayment with the same interface.
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
  /** The payer's details asked for (default 'name email phoneNumber'); null asks for none (an invoice's payment). */
  profileScope?: string | null;
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

/** An RFC 7807 problem as Vipps gives it (application/problem+json), or as we word a refusal before sending. */
export interface VippsProblem {
  type: string | null;
  title: string | null;
  detail: string | null;
  /** Vipps' id for the failed request, to quote to Vipps support. */
  contextId: string | null;
  /** Per field: what is wrong with it. */
  extraDetails: { field: string; text: string }[];
}

/** A failed call, with a Norwegian message fit to show. */
export class VippsError extends Error {
  /**
   * The HTTP status Vipps answered; null when it did not answer (timeout, no connection).
   * 400 without a request sent (`sent` false) when we refused input Vipps would refuse.
   */
  readonly status: number | null;
  /** Vipps' problem details, when it gave any (or ours, for input refused before sending). */
  readonly problem: VippsProblem | null;
  /** False when the call was refused here and never reached Vipps. */
  readonly sent: boolean;

  constructor(message: string, status: number | null = null, problem: VippsProblem | null = null, sent = true) {
    super(message);
    this.name = 'VippsError';
    this.status = status;
    this.problem = problem;
    this.sent = sent;
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
  agreementNotFound: 'Vipps finner ikke avtalen.',
  agreementConflict: 'Avtalen hos Vipps er i en tilstand som ikke tillater dette.',
  chargeNotFound: 'Vipps finner ikke trekket.',
  chargeConflict: 'Trekket hos Vipps er i en tilstand som ikke tillater dette.',
} as const;

/** What a call is about, for the wording of a 404 or 409. */
export type VippsSubject = 'payment' | 'agreement' | 'charge';

const NOT_FOUND: Record<VippsSubject, string> = {
  payment: VIPPS_MESSAGES.notFound,
  agreement: VIPPS_MESSAGES.agreementNotFound,
  charge: VIPPS_MESSAGES.chargeNotFound,
};
const CONFLICT: Record<VippsSubject, string> = {
  payment: VIPPS_MESSAGES.conflict,
  agreement: VIPPS_MESSAGES.agreementConflict,
  charge: VIPPS_MESSAGES.chargeConflict,
};

const stringOr = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/**
 * The problem details of an error answer: RFC 7807 (`type`, `title`, `detail`, `contextId`,
 * `extraDetails`) or Azure's gateway errors (`responseInfo`, `result.message`); null for none.
 */
export function problemOf(body: unknown): VippsProblem | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const value = body as Record<string, unknown>;
  const azure = value.result && typeof value.result === 'object' ? (value.result as Record<string, unknown>) : null;
  const extra = Array.isArray(value.extraDetails) ? value.extraDetails : [];
  const problem: VippsProblem = {
    type: stringOr(value.type),
    title: stringOr(value.title) ?? stringOr((value.responseInfo as Record<string, unknown> | undefined)?.responseMessage),
    detail: stringOr(value.detail) ?? stringOr(azure?.message),
    contextId: stringOr(value.contextId) ?? stringOr(value.traceId),
    extraDetails: extra
      .filter((item): item is Record<string, unknown> => Boolean(item) && typeof item === 'object')
      .map((item) => ({ field: stringOr(item.field) ?? '', text: stringOr(item.text) ?? '' }))
      .filter((item) => item.field !== '' || item.text !== ''),
  };
  const empty = !problem.type && !problem.title && !problem.detail && !problem.contextId && problem.extraDetails.length === 0;
  return empty ? null : problem;
}

/** An RFC 7807 problem (or any error answer) as a Norwegian message. */
export function problemMessage(status: number, body: unknown, subject: VippsSubject = 'payment'): string {
  if (status === 401 || status === 403) return VIPPS_MESSAGES.unauthorized;
  if (status === 404) return NOT_FOUND[subject];
  if (status === 409) return CONFLICT[subject];
  if (status === 429) return VIPPS_MESSAGES.rateLimited;
  if (status >= 500) return VIPPS_MESSAGES.serverError;
  const problem = problemOf(body);
  const fields = (problem?.extraDetails ?? []).map((item) => [item.field, item.text].filter(Boolean).join(' ')).join(', ');
  const detail = [problem?.title, problem?.detail].filter((part) => typeof part === 'string' && part !== '').join(': ');
  const full = fields ? (detail ? `${detail} (${fields})` : fields) : detail;
  return VIPPS_MESSAGES.refused(full || `HTTP ${status}`);
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
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  body?: unknown;
  idempotencyKey?: string;
  /** Extra request headers (Continuation-Token). */
  headers?: Record<string, string>;
  /** What the call is about, for the wording of a 404 or 409. */
  subject?: VippsSubject;
}

/** One answer from Vipps: its body (null when empty) and headers. */
export interface VippsAnswer<T> {
  body: T;
  headers: Headers;
}

/**
 * The HTTP core every Vipps API here goes through: the access token (cached, renewed before it
 * runs out and once more when Vipps no longer takes it), the system headers, retries of calls
 * that are safe to repeat, and error answers as VippsError.
 */
export interface VippsHttp {
  call<T>(path: string, options: CallOptions): Promise<VippsAnswer<T>>;
}

export function vippsHttp(settings: VippsConfig): VippsHttp {
  let token: { value: string; expiresAt: number } | null = null;
  let pendingToken: Promise<string> | null = null;

  const systemHeaders = {
    'Ocp-Apim-Subscription-Key': settings.subscriptionKey,
    'Merchant-Serial-Number': settings.merchantSerialNumber,
    'Vipps-System-Name': 'musikerportalen',
    'Vipps-System-Version': '1.0.0',
    'Vipps-System-Plugin-Name': 'musikerportalen-payments',
    'Vipps-System-Plugin-Version': '1.0.0',
  };

  /** One HTTP exchange; network failures and timeouts become VippsError with status null. */
  async function exchange(path: string, init: RequestInit): Promise<{ status: number; body: unknown; headers: Headers }> {
    let response: Response;
    try {
      response = await fetch(`${settings.apiUrl}${path}`, { ...init, signal: AbortSignal.timeout(settings.timeoutMs) });
    } catch (cause) {
      const timedOut = cause instanceof Error && (cause.name === 'TimeoutError' || cause.name === 'AbortError');
      throw new VippsError(timedOut ? VIPPS_MESSAGES.timeout : VIPPS_MESSAGES.unreachable);
    }
    const text = await response.text().catch(() => '');
    return { status: response.status, body: parseJson(text), headers: response.headers };
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
      if (status !== 200) throw new VippsError(problemMessage(status, body), status, problemOf(body));
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

  return {
    async call<T>(path: string, { method, body, idempotencyKey, headers: extra, subject = 'payment' }: CallOptions) {
      const repeatable = method === 'GET' || idempotencyKey !== undefined;
      return withRetries(repeatable, async () => {
        for (let renewed = false; ; renewed = true) {
          const headers: Record<string, string> = {
            authorization: `Bearer ${await accessToken()}`,
            accept: 'application/json',
            ...systemHeaders,
            ...extra,
          };
          if (body !== undefined) headers['content-type'] = 'application/json';
          if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
          const answer = await exchange(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
          // A token Vipps no longer takes: fetch a new one once.
          if (answer.status === 401 && !renewed) {
            token = null;
            continue;
          }
          if (answer.status >= 200 && answer.status < 300) return { body: answer.body as T, headers: answer.headers };
          throw new VippsError(problemMessage(answer.status, answer.body, subject), answer.status, problemOf(answer.body));
        }
      });
    },
  };
}

/** The ePayment client; `http` may be shared with the Recurring client (one access token). */
export function epaymentClient(settings: VippsConfig, http: VippsHttp = vippsHttp(settings)): PaymentGateway {
  const call = async <T>(path: string, options: CallOptions): Promise<T> => (await http.call<T>(path, options)).body;

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
          ...(payment.profileScope === null ? {} : { profile: { scope: payment.profileScope ?? 'name email phoneNumber' } }),
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

// ---- Recurring API v3: agreements and charges ----

export type AgreementStatus = 'PENDING' | 'ACTIVE' | 'STOPPED' | 'EXPIRED';
export type ChargeStatus =
  | 'PENDING'
  | 'DUE'
  | 'PROCESSING'
  | 'RESERVED'
  | 'CHARGED'
  | 'PARTIALLY_CAPTURED'
  | 'FAILED'
  | 'CANCELLED'
  | 'PARTIALLY_REFUNDED'
  | 'REFUNDED';
export type IntervalUnit = 'YEAR' | 'MONTH' | 'WEEK' | 'DAY';
export type ChargeFailureReason = 'user_action_required' | 'charge_amount_too_high' | 'non_technical_error' | 'technical_error';

export interface NewAgreement {
  /** The fixed price per interval, in øre (Vipps' LEGACY pricing, NOK). */
  amount: number;
  interval: { unit: IntervalUnit; count: number };
  /** Shown in the app; at most 45 characters. */
  productName: string;
  /** At most 100 characters. */
  productDescription?: string | null;
  /** Where the member comes back to after approving or rejecting in Vipps. */
  merchantRedirectUrl: string;
  /** Where the member manages the agreement with us (https only). */
  merchantAgreementUrl: string;
  /** The member's phone as Vipps takes it (4791234567), to fill in the landing page. */
  phoneNumber?: string | null;
  /** Our id for the agreement (at most 64 characters). */
  externalId?: string | null;
  /** A first payment made when the member approves (DIRECT_CAPTURE); `orderId` becomes its charge id. */
  initialCharge?: { amount: number; description: string; orderId?: string | null } | null;
  /** The member's details asked for on approval (profile sharing), space separated: 'name email phoneNumber'. */
  scope?: string | null;
}

export interface CreatedAgreement {
  agreementId: string;
  /** Where to send the member to approve it. */
  confirmationUrl: string;
  /** The initial charge's id, when there is one. */
  chargeId: string | null;
}

export interface Agreement {
  id: string;
  status: AgreementStatus;
  /** The price per interval (LEGACY) or the member's chosen maximum (VARIABLE), in øre. */
  amount: number;
  interval: { unit: IntervalUnit; count: number };
  productName: string;
  productDescription: string | null;
  externalId: string | null;
  merchantAgreementUrl: string;
  merchantRedirectUrl: string;
  created: string;
  /** When it was approved (ACTIVE), and when it stopped. */
  start: string | null;
  stop: string | null;
  sub: string | null;
}

export interface NewCharge {
  /** In øre; at least 100 (1 kr). */
  amount: number;
  /** Shown in the app; 1–45 characters. */
  description: string;
  /** YYYY-MM-DD, at least one day after today (Oslo): Vipps needs the charge the day before. */
  due: string;
  /** Days Vipps tries again after `due` when the charge fails; 0–14. */
  retryDays: number;
  /** Our reference; becomes the charge's id. 1–50 letters, digits and '-'. */
  orderId: string;
  externalId?: string | null;
}

export interface ChargeEvent {
  occurred: string;
  event: 'CREATE' | 'RESERVE' | 'CAPTURE' | 'REFUND' | 'CANCEL' | 'FAIL';
  amount: number;
  success: boolean;
}

export interface Charge {
  id: string;
  agreementId: string;
  status: ChargeStatus;
  type: 'INITIAL' | 'RECURRING';
  transactionType: 'DIRECT_CAPTURE' | 'RESERVE_CAPTURE';
  /** Amounts in øre. */
  amount: number;
  captured: number;
  refunded: number;
  cancelled: number;
  description: string;
  /** YYYY-MM-DD. */
  due: string;
  retryDays: number;
  externalId: string | null;
  /** Vipps' transaction id once CHARGED. */
  transactionId: string | null;
  failureReason: ChargeFailureReason | null;
  failureDescription: string | null;
  history: ChargeEvent[];
}

export interface RecurringGateway {
  readonly kind: 'recurring';
  createAgreement(agreement: NewAgreement, idempotencyKey: string): Promise<CreatedAgreement>;
  getAgreement(agreementId: string): Promise<Agreement>;
  /** Stops the agreement for good (PATCH status STOPPED); its pending charges are cancelled by Vipps. */
  stopAgreement(agreementId: string, idempotencyKey: string): Promise<void>;
  createCharge(agreementId: string, charge: NewCharge, idempotencyKey: string): Promise<{ chargeId: string }>;
  getCharge(agreementId: string, chargeId: string): Promise<Charge>;
  /** Every charge of the agreement (all pages), or those in one status. */
  listCharges(agreementId: string, status?: ChargeStatus): Promise<Charge[]>;
  cancelCharge(agreementId: string, chargeId: string, idempotencyKey: string): Promise<void>;
  refundCharge(agreementId: string, chargeId: string, refund: { amount: number; description: string }, idempotencyKey: string): Promise<void>;
  /** The profile the member shared on approval (the agreement's `sub`, when a scope was asked for). */
  userInfo(sub: string): Promise<Payer>;
}

export interface RecurringOptions {
  /** Shared with the ePayment client for one access token. */
  http?: VippsHttp;
  /** Today in Oslo as YYYY-MM-DD (for the due-date rule). */
  today?: () => string;
}

export const RECURRING_MESSAGES = {
  amount: 'Beløpet må være et helt antall øre og minst 1 krone.',
  due: 'Forfallsdatoen må være minst én dag fram i tid: Vipps må få trekket senest dagen før.',
  dueFormat: 'Forfallsdatoen må være en gyldig dato (ÅÅÅÅ-MM-DD).',
  retryDays: 'Antall dager Vipps skal prøve igjen må være mellom 0 og 14.',
  description: 'Beskrivelsen av trekket må ha 1–45 tegn.',
  orderId: 'Referansen til trekket må ha 1–50 tegn: bokstaver a–z, sifre og bindestrek.',
  productName: 'Produktnavnet må ha 1–45 tegn.',
  productDescription: 'Produktbeskrivelsen kan ha høyst 100 tegn.',
  interval: 'Intervallet må være YEAR, MONTH, WEEK eller DAY og et antall fra 1 til 31.',
  agreementUrl: 'Adressen der medlemmet styrer avtalen må begynne med https://.',
  redirectUrl: 'Adressen medlemmet sendes tilbake til må være en gyldig adresse.',
  phone: 'Telefonnummeret må skrives med landskode og bare sifre (4791234567).',
  externalId: 'Vår id for avtalen eller trekket kan ha høyst 64 tegn.',
  idempotencyKey: 'Idempotensnøkkelen må ha 1–40 tegn og ikke inneholde #, ?, / eller \\.',
  refundDescription: 'Beskrivelsen av tilbakebetalingen må ha 1–100 tegn.',
  id: 'Id-en til avtalen eller trekket er ugyldig.',
  scope: 'Opplysningene som bes om må være blant name, email, phoneNumber, address og birthDate.',
} as const;

/** What an agreement may ask the member to share (Userinfo scopes; nin only by special agreement with Vipps). */
const SCOPES = ['name', 'email', 'phoneNumber', 'address', 'birthDate'];

const OSLO_DAY = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Oslo', year: 'numeric', month: '2-digit', day: '2-digit' });

/** A call refused here, before it reached Vipps: status 400 and the field that is wrong. */
function refusedHere(field: string, message: string): VippsError {
  return new VippsError(message, 400, { type: null, title: 'Ugyldig forespørsel', detail: message, contextId: null, extraDetails: [{ field, text: message }] }, false);
}

const isRealDate = (value: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

const validAmount = (amount: number) => Number.isInteger(amount) && amount >= 100 && amount <= 2_147_483_647;
const textLength = (value: string, min: number, max: number) => value.trim().length >= min && value.length <= max;

function checkKey(idempotencyKey: string): void {
  if (!/^[^#?/\\]{1,40}$/.test(idempotencyKey)) throw refusedHere('Idempotency-Key', RECURRING_MESSAGES.idempotencyKey);
}

/** Agreement and charge ids go into the path: refuse anything that would change it. */
function checkId(field: string, id: string): string {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw refusedHere(field, RECURRING_MESSAGES.id);
  return encodeURIComponent(id);
}

function checkAgreement(agreement: NewAgreement): void {
  if (!validAmount(agreement.amount)) throw refusedHere('pricing.amount', RECURRING_MESSAGES.amount);
  const { unit, count } = agreement.interval;
  if (!['YEAR', 'MONTH', 'WEEK', 'DAY'].includes(unit) || !Number.isInteger(count) || count < 1 || count > 31) {
    throw refusedHere('interval', RECURRING_MESSAGES.interval);
  }
  if (!textLength(agreement.productName, 1, 45)) throw refusedHere('productName', RECURRING_MESSAGES.productName);
  if (agreement.productDescription && agreement.productDescription.length > 100) {
    throw refusedHere('productDescription', RECURRING_MESSAGES.productDescription);
  }
  if (!/^https:\/\/[^\s]+$/.test(agreement.merchantAgreementUrl) || agreement.merchantAgreementUrl.length > 1024) {
    throw refusedHere('merchantAgreementUrl', RECURRING_MESSAGES.agreementUrl);
  }
  if (!/^[a-z][a-z0-9+.-]*:\/\/[^\s]+$/i.test(agreement.merchantRedirectUrl) || agreement.merchantRedirectUrl.length > 1024) {
    throw refusedHere('merchantRedirectUrl', RECURRING_MESSAGES.redirectUrl);
  }
  if (agreement.phoneNumber && !/^\d{10,15}$/.test(agreement.phoneNumber)) throw refusedHere('phoneNumber', RECURRING_MESSAGES.phone);
  if (agreement.externalId && agreement.externalId.length > 64) throw refusedHere('externalId', RECURRING_MESSAGES.externalId);
  const initial = agreement.initialCharge;
  if (initial) {
    if (!validAmount(initial.amount)) throw refusedHere('initialCharge.amount', RECURRING_MESSAGES.amount);
    if (!textLength(initial.description, 1, 45)) throw refusedHere('initialCharge.description', RECURRING_MESSAGES.description);
    if (initial.orderId && !/^[A-Za-z0-9-]{1,50}$/.test(initial.orderId)) throw refusedHere('initialCharge.orderId', RECURRING_MESSAGES.orderId);
  }
  if (agreement.scope != null) {
    const words = agreement.scope.split(' ');
    if (words.length === 0 || words.some((word) => !SCOPES.includes(word))) throw refusedHere('scope', RECURRING_MESSAGES.scope);
  }
}

function checkCharge(charge: NewCharge, today: string): void {
  if (!validAmount(charge.amount)) throw refusedHere('amount', RECURRING_MESSAGES.amount);
  if (!textLength(charge.description, 1, 45)) throw refusedHere('description', RECURRING_MESSAGES.description);
  if (!isRealDate(charge.due)) throw refusedHere('due', RECURRING_MESSAGES.dueFormat);
  if (charge.due <= today) throw refusedHere('due', RECURRING_MESSAGES.due);
  if (!Number.isInteger(charge.retryDays) || charge.retryDays < 0 || charge.retryDays > 14) {
    throw refusedHere('retryDays', RECURRING_MESSAGES.retryDays);
  }
  if (!/^[A-Za-z0-9-]{1,50}$/.test(charge.orderId)) throw refusedHere('orderId', RECURRING_MESSAGES.orderId);
  if (charge.externalId && charge.externalId.length > 64) throw refusedHere('externalId', RECURRING_MESSAGES.externalId);
}

const AGREEMENT_STATUSES: readonly string[] = ['PENDING', 'ACTIVE', 'STOPPED', 'EXPIRED'];
const CHARGE_STATUSES: readonly string[] = [
  'PENDING', 'DUE', 'PROCESSING', 'RESERVED', 'CHARGED', 'PARTIALLY_CAPTURED', 'FAILED', 'CANCELLED', 'PARTIALLY_REFUNDED', 'REFUNDED',
];
const FAILURE_REASONS: readonly string[] = ['user_action_required', 'charge_amount_too_high', 'non_technical_error', 'technical_error'];

const record = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
const whole = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** An agreement as Vipps answers GET …/agreements/{id}; a shape we do not know is a bad answer. */
export function agreementFrom(body: unknown): Agreement {
  const value = record(body);
  const pricing = record(value?.pricing);
  const interval = record(value?.interval);
  if (!value || typeof value.id !== 'string' || !AGREEMENT_STATUSES.includes(String(value.status)) || !pricing || !interval) {
    throw new VippsError(VIPPS_MESSAGES.badAnswer);
  }
  return {
    id: value.id,
    status: value.status as AgreementStatus,
    amount: pricing.type === 'VARIABLE' ? whole(pricing.maxAmount ?? pricing.suggestedMaxAmount) : whole(pricing.amount),
    interval: { unit: String(interval.unit) as IntervalUnit, count: whole(interval.count) },
    productName: textOf(value.productName),
    productDescription: stringOr(value.productDescription),
    externalId: stringOr(value.externalId),
    merchantAgreementUrl: textOf(value.merchantAgreementUrl),
    merchantRedirectUrl: textOf(value.merchantRedirectUrl),
    created: textOf(value.created),
    start: stringOr(value.start),
    stop: stringOr(value.stop),
    sub: stringOr(value.sub),
  };
}

/** A charge as Vipps answers GET …/charges/{id}; a shape we do not know is a bad answer. */
export function chargeFrom(body: unknown): Charge {
  const value = record(body);
  if (!value || typeof value.id !== 'string' || !CHARGE_STATUSES.includes(String(value.status))) throw new VippsError(VIPPS_MESSAGES.badAnswer);
  const summary = record(value.summary);
  const history = Array.isArray(value.history) ? value.history : [];
  return {
    id: value.id,
    agreementId: textOf(value.agreementId),
    status: value.status as ChargeStatus,
    type: value.type === 'INITIAL' ? 'INITIAL' : 'RECURRING',
    transactionType: value.transactionType === 'RESERVE_CAPTURE' ? 'RESERVE_CAPTURE' : 'DIRECT_CAPTURE',
    amount: whole(value.amount),
    captured: whole(summary?.captured),
    refunded: whole(summary?.refunded),
    cancelled: whole(summary?.cancelled),
    description: textOf(value.description),
    due: textOf(value.due).slice(0, 10),
    retryDays: whole(value.retryDays),
    externalId: stringOr(value.externalId),
    transactionId: stringOr(value.transactionId),
    failureReason: FAILURE_REASONS.includes(String(value.failureReason)) ? (value.failureReason as ChargeFailureReason) : null,
    failureDescription: stringOr(value.failureDescription),
    history: history
      .map(record)
      .filter((item): item is Record<string, unknown> => item !== null)
      .map((item) => ({
        occurred: textOf(item.occurred),
        event: String(item.event) as ChargeEvent['event'],
        amount: whole(item.amount),
        success: item.success === true,
      })),
  };
}

/** The Recurring API v3 client. Inputs Vipps would refuse are refused here (VippsError, status 400, `sent` false). */
export function recurringClient(settings: VippsConfig, options: RecurringOptions = {}): RecurringGateway {
  const http = options.http ?? vippsHttp(settings);
  const today = options.today ?? (() => OSLO_DAY.format(new Date()));
  const agreements = '/recurring/v3/agreements';
  const agreementPath = (agreementId: string) => `${agreements}/${checkId('agreementId', agreementId)}`;
  const chargePath = (agreementId: string, chargeId: string) => `${agreementPath(agreementId)}/charges/${checkId('chargeId', chargeId)}`;

  return {
    kind: 'recurring',

    async createAgreement(agreement, idempotencyKey) {
      checkKey(idempotencyKey);
      checkAgreement(agreement);
      const initial = agreement.initialCharge;
      const { body } = await http.call<{ agreementId?: string; vippsConfirmationUrl?: string; chargeId?: string | null } | null>(agreements, {
        method: 'POST',
        idempotencyKey,
        subject: 'agreement',
        body: {
          pricing: { type: 'LEGACY', amount: agreement.amount, currency: 'NOK' },
          interval: agreement.interval,
          productName: agreement.productName,
          ...(agreement.productDescription ? { productDescription: agreement.productDescription } : {}),
          merchantRedirectUrl: agreement.merchantRedirectUrl,
          merchantAgreementUrl: agreement.merchantAgreementUrl,
          ...(agreement.phoneNumber ? { phoneNumber: agreement.phoneNumber } : {}),
          ...(agreement.externalId ? { externalId: agreement.externalId } : {}),
          ...(agreement.scope ? { scope: agreement.scope } : {}),
          ...(initial
            ? {
                initialCharge: {
                  amount: initial.amount,
                  description: initial.description,
                  transactionType: 'DIRECT_CAPTURE',
                  ...(initial.orderId ? { orderId: initial.orderId } : {}),
                },
              }
            : {}),
        },
      });
      if (!body?.agreementId || !body.vippsConfirmationUrl) throw new VippsError(VIPPS_MESSAGES.badAnswer);
      return { agreementId: body.agreementId, confirmationUrl: body.vippsConfirmationUrl, chargeId: body.chargeId ?? null };
    },

    async getAgreement(agreementId) {
      const { body } = await http.call<unknown>(agreementPath(agreementId), { method: 'GET', subject: 'agreement' });
      return agreementFrom(body);
    },

    async stopAgreement(agreementId, idempotencyKey) {
      checkKey(idempotencyKey);
      await http.call(agreementPath(agreementId), { method: 'PATCH', idempotencyKey, subject: 'agreement', body: { status: 'STOPPED' } });
    },

    async createCharge(agreementId, charge, idempotencyKey) {
      checkKey(idempotencyKey);
      checkCharge(charge, today());
      // A 404 or 409 here is about the agreement (unknown, or not active).
      const { body } = await http.call<{ chargeId?: string } | null>(`${agreementPath(agreementId)}/charges`, {
        method: 'POST',
        idempotencyKey,
        subject: 'agreement',
        body: {
          amount: charge.amount,
          transactionType: 'DIRECT_CAPTURE',
          description: charge.description,
          due: charge.due,
          retryDays: charge.retryDays,
          orderId: charge.orderId,
          ...(charge.externalId ? { externalId: charge.externalId } : {}),
        },
      });
      if (!body?.chargeId) throw new VippsError(VIPPS_MESSAGES.badAnswer);
      return { chargeId: body.chargeId };
    },

    async getCharge(agreementId, chargeId) {
      const { body } = await http.call<unknown>(chargePath(agreementId, chargeId), { method: 'GET', subject: 'charge' });
      return chargeFrom(body);
    },

    async listCharges(agreementId, status) {
      const path = `${agreementPath(agreementId)}/charges${status ? `?status=${encodeURIComponent(status)}` : ''}`;
      const charges: Charge[] = [];
      let continuation: string | null = null;
      // Vipps pages long lists: the answer's Continuation-Token fetches the next page.
      for (let page = 0; page < 1000; page++) {
        const answer: VippsAnswer<unknown> = await http.call<unknown>(path, {
          method: 'GET',
          subject: 'charge',
          headers: continuation ? { 'Continuation-Token': continuation } : {},
        });
        if (!Array.isArray(answer.body)) throw new VippsError(VIPPS_MESSAGES.badAnswer);
        charges.push(...answer.body.map(chargeFrom));
        continuation = answer.headers.get('continuation-token');
        if (!continuation) break;
      }
      return charges;
    },

    async cancelCharge(agreementId, chargeId, idempotencyKey) {
      checkKey(idempotencyKey);
      await http.call(chargePath(agreementId, chargeId), { method: 'DELETE', idempotencyKey, subject: 'charge' });
    },

    async refundCharge(agreementId, chargeId, refund, idempotencyKey) {
      checkKey(idempotencyKey);
      if (!validAmount(refund.amount)) throw refusedHere('amount', RECURRING_MESSAGES.amount);
      if (!textLength(refund.description, 1, 100)) throw refusedHere('description', RECURRING_MESSAGES.refundDescription);
      await http.call(`${chargePath(agreementId, chargeId)}/refund`, {
        method: 'POST',
        idempotencyKey,
        subject: 'charge',
        body: { amount: refund.amount, description: refund.description },
      });
    },

    async userInfo(sub) {
      const { body } = await http.call<Record<string, unknown> | null>(`/vipps-userinfo-api/userinfo/${encodeURIComponent(sub)}`, { method: 'GET' });
      return payerFromUserInfo(body);
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

// ---- Recurring events from the Webhooks API (same registration and signature as ePayment's) ----

export const RECURRING_AGREEMENT_EVENTS = [
  'recurring.agreement-activated.v1',
  'recurring.agreement-rejected.v1',
  'recurring.agreement-stopped.v1',
  'recurring.agreement-expired.v1',
] as const;
export const RECURRING_CHARGE_EVENTS = [
  'recurring.charge-reserved.v1',
  'recurring.charge-captured.v1',
  'recurring.charge-canceled.v1',
  'recurring.charge-failed.v1',
  'recurring.charge-refunded.v1',
  'recurring.charge-creation-failed.v1',
] as const;

export type RecurringAgreementEventName = (typeof RECURRING_AGREEMENT_EVENTS)[number];
export type RecurringChargeEventName = (typeof RECURRING_CHARGE_EVENTS)[number];

export type RecurringEvent =
  | {
      kind: 'agreement';
      name: RecurringAgreementEventName;
      agreementId: string;
      agreementExternalId: string | null;
      occurred: string;
      /** Who made the change: USER (in the app), MERCHANT (us), SYSTEM or ADMIN (Vipps). */
      actor: string | null;
    }
  | {
      kind: 'charge';
      name: RecurringChargeEventName;
      agreementId: string;
      agreementExternalId: string | null;
      chargeId: string;
      chargeExternalId: string | null;
      chargeType: 'INITIAL' | 'RECURRING';
      /** In øre. */
      amount: number;
      occurred: string;
      failureReason: ChargeFailureReason | null;
      failureDescription: string | null;
    };

/**
 * A delivery's body as a recurring event; null when it is not one (an ePayment event, another
 * event type, or a body without the ids it needs). Verify the signature first (verifyWebhook).
 */
export function parseRecurringEvent(body: string): RecurringEvent | null {
  let value: Record<string, unknown> | null;
  try {
    value = record(JSON.parse(body));
  } catch {
    return null;
  }
  if (!value || typeof value.agreementId !== 'string' || value.agreementId === '') return null;
  const name = String(value.eventType ?? '');
  const occurred = textOf(value.occurred);
  const agreementExternalId = stringOr(value.agreementExternalId);
  if ((RECURRING_AGREEMENT_EVENTS as readonly string[]).includes(name)) {
    return { kind: 'agreement', name: name as RecurringAgreementEventName, agreementId: value.agreementId, agreementExternalId, occurred, actor: stringOr(value.actor) };
  }
  if ((RECURRING_CHARGE_EVENTS as readonly string[]).includes(name) && typeof value.chargeId === 'string' && value.chargeId !== '') {
    return {
      kind: 'charge',
      name: name as RecurringChargeEventName,
      agreementId: value.agreementId,
      agreementExternalId,
      chargeId: value.chargeId,
      chargeExternalId: stringOr(value.chargeExternalId),
      chargeType: value.chargeType === 'INITIAL' ? 'INITIAL' : 'RECURRING',
      amount: whole(value.amount),
      occurred,
      failureReason: FAILURE_REASONS.includes(String(value.failureReason)) ? (value.failureReason as ChargeFailureReason) : null,
      failureDescription: stringOr(value.failureDescription),
    };
  }
  return null;
}

/**
 * A fake Vipps MobilePay API on loopback: access tokens; ePayment payments (create, get,
 * capture, cancel, refund, with idempotency keys); userinfo; the Recurring API v3 (agreements
 * PENDING → ACTIVE | STOPPED | EXPIRED, the profile shared on approval when asked for with
 * `scope`, an initial charge drawn on approval, charges PENDING → DUE → PROCESSING → CHARGED | FAILED
 * after their retries | CANCELLED, refunds), with helpers that act as the member in the app and
 * as Vipps' charge run; and webhook bodies and deliveries signed the way Vipps signs them
 * (computed here on its own, not with the portal's code).
 */
import { createHash, createHmac } from 'node:crypto';
import { startFake, type FakeAnswer, type FakeServer, type RecordedRequest } from './http.ts';

export interface FakePayer {
  given_name: string;
  family_name: string;
  email: string;
  phone_number: string;
}

export interface FakePayment {
  reference: string;
  amount: number;
  returnUrl: string;
  body: Record<string, unknown>;
  state: 'CREATED' | 'AUTHORIZED' | 'ABORTED' | 'EXPIRED' | 'TERMINATED';
  captured: number;
  refunded: number;
  cancelled: number;
  /** The authorized sum, when it differs from the amount asked for. */
  authorized?: number;
  payer: FakePayer | null;
  /** Idempotency keys already used, with what they answered. */
  keys: Map<string, FakeAnswer>;
}

export type FakeAgreementStatus = 'PENDING' | 'ACTIVE' | 'STOPPED' | 'EXPIRED';
export type FakeChargeStatus = 'PENDING' | 'DUE' | 'PROCESSING' | 'CHARGED' | 'FAILED' | 'CANCELLED' | 'PARTIALLY_REFUNDED' | 'REFUNDED';

export interface FakeCharge {
  id: string;
  agreementId: string;
  type: 'INITIAL' | 'RECURRING';
  amount: number;
  description: string;
  /** YYYY-MM-DD. */
  due: string;
  retryDays: number;
  externalId: string | null;
  status: FakeChargeStatus;
  captured: number;
  refunded: number;
  cancelled: number;
  /** Failed attempts so far (the first on the due date, then one a day for retryDays). */
  attempts: number;
  failureReason: string | null;
  transactionId: string | null;
  history: { occurred: string; event: 'CREATE' | 'CAPTURE' | 'REFUND' | 'CANCEL' | 'FAIL'; amount: number; idempotencyKey: string; success: boolean }[];
}

export interface FakeAgreement {
  id: string;
  status: FakeAgreementStatus;
  /** The create request as sent. */
  body: Record<string, unknown>;
  amount: number;
  created: string;
  start: string | null;
  stop: string | null;
  /** The phone that approved it. */
  phoneNumber: string | null;
  /** The profile the member shared on approval (only when the agreement asked with `scope`). */
  payer: FakePayer | null;
  charges: Map<string, FakeCharge>;
}

export interface FakeVipps extends FakeServer {
  payments: Map<string, FakePayment>;
  agreements: Map<string, FakeAgreement>;
  /** Today in Oslo as the fake sees it (YYYY-MM-DD), for the due-date rule; the real date unless set. */
  today: string;
  /** Charges per page in GET …/charges (the rest behind a Continuation-Token). */
  chargePageSize: number;
  /** The next Recurring calls answer like this (a status, or a delay longer than the client waits). */
  failRecurring: FakeAnswer | null;
  /** The next Recurring call is carried out, but its answer comes `ms` later (longer than the client waits: the answer is lost). */
  answerLate(ms: number): void;
  /** Bodies of the recurring webhook events, in the order the changes happened. */
  recurringEvents: string[];
  /** The member approves the agreement in the app: ACTIVE, the profile shared (when asked for), and an initial charge is captured. */
  approveAgreement(agreementId: string, phoneNumber?: string, payer?: FakePayer): void;
  /** The member rejects it in the app: it stops without having been active. */
  rejectAgreement(agreementId: string): void;
  /** The member stops an active agreement in the app; its open charges are cancelled. */
  stopInApp(agreementId: string): void;
  /** The member never answered: the agreement expires. */
  expireAgreement(agreementId: string): void;
  /** One step of Vipps' charge run: PENDING → DUE → PROCESSING → CHARGED. */
  advanceCharge(chargeId: string): FakeChargeStatus;
  /** The charge goes through to CHARGED. */
  captureCharge(chargeId: string): void;
  /** One failed attempt; after the first on the due date and `retryDays` retries it is FAILED. */
  failChargeAttempt(chargeId: string, reason?: string): FakeChargeStatus;
  /** Every attempt fails: FAILED after its retries. */
  failCharge(chargeId: string, reason?: string): void;
  charge(chargeId: string): FakeCharge;
  /** A recurring webhook body as Vipps sends it, for the agreement or (with chargeId) the charge. */
  recurringEvent(eventType: string, agreementId: string, chargeId?: string, actor?: string): string;
  tokensIssued: number;
  /** The next create calls answer like this (a status, or a delay longer than the client waits). */
  failCreate: FakeAnswer | null;
  /** The next capture calls answer like this. */
  failCapture: FakeAnswer | null;
  /** Every access token issued so far stops working. */
  revokeTokens(): void;
  /** The payer approves; `amount` (øre) when the authorization is for another sum than asked. */
  authorize(reference: string, payer: FakePayer, amount?: number): void;
  abort(reference: string): void;
  /** The headers of a webhook delivery of `body` to host + path, signed with `secret`. */
  sign(secret: string, host: string, path: string, body: string, date?: Date): Record<string, string>;
  event(reference: string, name: string): string;
}

export const VIPPS_ENV = {
  VIPPS_CLIENT_ID: 'klient-id',
  VIPPS_CLIENT_SECRET: 'klient-hemmelighet',
  VIPPS_SUBSCRIPTION_KEY: 'abonnementsnokkel',
  VIPPS_MERCHANT_SERIAL_NUMBER: '123456',
  VIPPS_WEBHOOK_SECRET: 'webhook-hemmelighet',
  // The client's bound on each call: generous for a busy machine; a test of the bound answers three times later.
  VIPPS_TIMEOUT_MS: '2000',
};

const problem = (status: number, title: string, detail: string): FakeAnswer => ({
  status,
  headers: { 'content-type': 'application/problem+json' },
  body: { type: 'https://developer.vippsmobilepay.com/docs/APIs/epayment-api/problems', title, status, detail, traceId: 'fake' },
});

const TITLES: Record<number, string> = { 400: 'Bad Request', 404: 'Not Found', 409: 'Conflict' };
let contextCounter = 0;

/** A Recurring API problem (RFC 7807 with contextId and extraDetails), as v3 answers errors. */
const recurringProblem = (status: number, detail: string, instance: string, extraDetails?: { field: string; text: string }[]): FakeAnswer => ({
  status,
  headers: { 'content-type': 'application/problem+json' },
  body: {
    type: `https://developer.vippsmobilepay.com/docs/APIs/recurring-api/recurring-api-problems#${status === 400 ? 'validation-error' : 'conflict'}`,
    title: TITLES[status] ?? 'Error',
    status,
    detail,
    instance,
    contextId: `fake-context-${++contextCounter}`,
    ...(extraDetails ? { extraDetails } : {}),
  },
});

const osloToday = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Oslo' }).format(new Date());
const stamp = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

export async function startFakeVipps(): Promise<FakeVipps> {
  const payments = new Map<string, FakePayment>();
  let tokenCounter = 0;
  const state = { failCreate: null as FakeAnswer | null, failCapture: null as FakeAnswer | null };
  const validTokens = new Set<string>();
  const agreements = new Map<string, FakeAgreement>();
  const recurringEvents: string[] = [];
  const recurring = { today: null as string | null, chargePageSize: 100, fail: null as FakeAnswer | null, lateBy: null as number | null };
  const recurringKeys = new Map<string, { fingerprint: string; answer: FakeAnswer }>();
  const pages = new Map<string, FakeCharge[]>();
  let agreementCounter = 0;
  let chargeCounter = 0;
  let transactionCounter = 5000000000;
  /** The fake's own address (for userinfoUrl), known once it listens. */
  let baseUrl = '';

  function authorized(request: RecordedRequest): FakeAnswer | null {
    const bearer = /^Bearer (.+)$/.exec(String(request.headers.authorization ?? ''))?.[1];
    if (!bearer || !validTokens.has(bearer)) return problem(401, 'Unauthorized', 'Invalid access token');
    if (request.headers['ocp-apim-subscription-key'] !== VIPPS_ENV.VIPPS_SUBSCRIPTION_KEY) return problem(401, 'Unauthorized', 'Bad key');
    if (request.headers['merchant-serial-number'] !== VIPPS_ENV.VIPPS_MERCHANT_SERIAL_NUMBER) return problem(403, 'Forbidden', 'Bad MSN');
    return null;
  }

  /** Runs a modifying call once per Idempotency-Key; the same key again answers the same. */
  function once(payment: FakePayment | undefined, request: RecordedRequest, work: () => FakeAnswer): FakeAnswer {
    const key = String(request.headers['idempotency-key'] ?? '');
    if (!key || key.length > 50) return problem(400, 'Bad Request', 'Idempotency-Key is required');
    const earlier = payment?.keys.get(key);
    if (earlier) return earlier;
    const answer = work();
    payment?.keys.set(key, answer);
    return answer;
  }

  const answer = (request: RecordedRequest): FakeAnswer => {
    const url = request.url;
    if (request.method === 'POST' && url === '/accesstoken/get') {
      const ok =
        request.headers.client_id === VIPPS_ENV.VIPPS_CLIENT_ID &&
        request.headers.client_secret === VIPPS_ENV.VIPPS_CLIENT_SECRET &&
        request.headers['ocp-apim-subscription-key'] === VIPPS_ENV.VIPPS_SUBSCRIPTION_KEY;
      if (!ok) return problem(401, 'Unauthorized', 'Bad client credentials');
      const token = `token-${++tokenCounter}`;
      validTokens.add(token);
      return { status: 200, body: { token_type: 'Bearer', expires_in: '3600', access_token: token } };
    }
    const refused = authorized(request);
    if (refused) return refused;

    if (request.method === 'POST' && url === '/epayment/v1/payments') {
      if (state.failCreate) return state.failCreate;
      const body = JSON.parse(request.body) as Record<string, unknown> & { reference: string; amount: { value: number }; returnUrl: string };
      const existing = payments.get(body.reference);
      return once(existing, request, () => {
        if (existing) return problem(409, 'Conflict', 'Reference already used');
        const payment: FakePayment = {
          reference: body.reference,
          amount: body.amount.value,
          returnUrl: body.returnUrl,
          body,
          state: 'CREATED',
          captured: 0,
          refunded: 0,
          cancelled: 0,
          payer: null,
          keys: new Map(),
        };
        payments.set(body.reference, payment);
        const created = { status: 201, body: { redirectUrl: `https://landing.vipps.test/?token=${body.reference}`, reference: body.reference } };
        payment.keys.set(String(request.headers['idempotency-key']), created);
        return created;
      });
    }
    const match = /^\/epayment\/v1\/payments\/([^/]+)(?:\/(capture|cancel|refund))?$/.exec(url);
    if (match) {
      const payment = payments.get(decodeURIComponent(match[1]));
      if (!payment) return problem(404, 'Not Found', 'Payment not found');
      const action = match[2];
      if (!action && request.method === 'GET') {
        return {
          body: {
            reference: payment.reference,
            state: payment.state,
            amount: { currency: 'NOK', value: payment.amount },
            aggregate: {
              authorizedAmount: { currency: 'NOK', value: payment.state === 'AUTHORIZED' ? (payment.authorized ?? payment.amount) : 0 },
              capturedAmount: { currency: 'NOK', value: payment.captured },
              refundedAmount: { currency: 'NOK', value: payment.refunded },
              cancelledAmount: { currency: 'NOK', value: payment.cancelled },
            },
            profile: payment.payer ? { sub: `sub-${payment.reference}` } : {},
          },
        };
      }
      if (action === 'capture' && state.failCapture) return state.failCapture;
      const value = (JSON.parse(request.body || '{}') as { modificationAmount?: { value: number } }).modificationAmount?.value ?? 0;
      return once(payment, request, () => {
        if (action === 'capture') {
          if (payment.state !== 'AUTHORIZED' || payment.cancelled > 0 || payment.captured + value > payment.amount)
            return problem(400, 'Bad Request', 'Cannot capture');
          payment.captured += value;
        } else if (action === 'cancel') {
          // What is not captured is released; a fully captured payment cannot be cancelled.
          if (payment.state === 'AUTHORIZED' && payment.captured >= (payment.authorized ?? payment.amount))
            return problem(400, 'Bad Request', 'Captured payments cannot be cancelled');
          payment.cancelled = (payment.authorized ?? payment.amount) - payment.captured;
          if (payment.state === 'CREATED') payment.state = 'TERMINATED';
        } else if (action === 'refund') {
          if (payment.refunded + value > payment.captured) return problem(400, 'Bad Request', 'Cannot refund more than captured');
          payment.refunded += value;
        }
        return { status: 200, body: { reference: payment.reference, state: payment.state } };
      });
    }
    const userinfo = /^\/vipps-userinfo-api\/userinfo\/sub-(.+)$/.exec(url);
    if (userinfo && request.method === 'GET') {
      const owner = decodeURIComponent(userinfo[1]);
      const payer = payments.get(owner)?.payer ?? agreements.get(owner)?.payer;
      if (!payer) return problem(404, 'Not Found', 'No such user');
      return { body: { sub: `sub-${userinfo[1]}`, ...payer, email_verified: true } };
    }
    if (url.startsWith('/recurring/v3/')) {
      const reply = answerRecurring(request);
      if (recurring.lateBy === null) return reply;
      // Carried out, but the answer comes later than the client waits.
      const late = { ...reply, delayMs: recurring.lateBy };
      recurring.lateBy = null;
      return late;
    }
    return problem(404, 'Not Found', `No route ${request.method} ${url}`);
  };

  // ---- Recurring API v3 ----

  const today = () => recurring.today ?? osloToday();

  function findCharge(chargeId: string): FakeCharge | undefined {
    for (const agreement of agreements.values()) {
      const charge = agreement.charges.get(chargeId);
      if (charge) return charge;
    }
    return undefined;
  }

  function agreementJson(agreement: FakeAgreement) {
    const body = agreement.body as { pricing: Record<string, unknown>; interval: { unit: string; count: number } } & Record<string, unknown>;
    return {
      id: agreement.id,
      uuid: `00000000-0000-4000-8000-${agreement.id.replace(/\D/g, '').padStart(12, '0').slice(-12)}`,
      status: agreement.status,
      pricing: { type: 'LEGACY', currency: 'NOK', amount: agreement.amount },
      interval: { ...body.interval, text: `every ${body.interval.count} ${body.interval.unit.toLowerCase()}` },
      productName: body.productName,
      productDescription: body.productDescription ?? null,
      merchantAgreementUrl: body.merchantAgreementUrl,
      merchantRedirectUrl: body.merchantRedirectUrl,
      externalId: body.externalId ?? null,
      countryCode: 'NO',
      created: agreement.created,
      start: agreement.start,
      stop: agreement.stop,
      campaign: null,
      sub: agreement.payer ? `sub-${agreement.id}` : null,
      userinfoUrl: agreement.payer ? `${baseUrl}/vipps-userinfo-api/userinfo/sub-${agreement.id}` : null,
      vippsConfirmationUrl: `https://landing.vipps.test/recurring/${agreement.id}`,
    };
  }

  const chargeJson = (charge: FakeCharge) => ({
    id: charge.id,
    agreementId: charge.agreementId,
    externalId: charge.externalId ?? charge.id,
    amount: charge.amount,
    currency: 'NOK',
    description: charge.description,
    due: `${charge.due}T00:00:00Z`,
    retryDays: charge.retryDays,
    status: charge.status,
    type: charge.type,
    transactionType: 'DIRECT_CAPTURE',
    transactionId: charge.transactionId,
    failureReason: charge.failureReason,
    failureDescription: charge.failureReason ? 'Payment failed' : undefined,
    summary: { captured: charge.captured, refunded: charge.refunded, cancelled: charge.cancelled },
    history: charge.history,
  });

  function emit(eventType: string, agreementId: string, chargeId?: string, actor?: string) {
    recurringEvents.push(vippsEvent(eventType, agreementId, chargeId, actor));
  }

  function vippsEvent(eventType: string, agreementId: string, chargeId?: string, actor = 'MERCHANT'): string {
    const agreement = agreements.get(agreementId);
    const common = {
      msn: VIPPS_ENV.VIPPS_MERCHANT_SERIAL_NUMBER,
      agreementId,
      agreementExternalId: (agreement?.body.externalId as string | undefined) ?? null,
      eventType,
      occurred: stamp(),
    };
    if (!chargeId) return JSON.stringify({ ...common, actor });
    const charge = findCharge(chargeId);
    return JSON.stringify({
      ...common,
      chargeId,
      chargeExternalId: charge?.externalId ?? chargeId,
      chargeType: charge?.type ?? 'RECURRING',
      amount: charge?.amount ?? 0,
      currency: 'NOK',
      transactionId: charge?.transactionId ?? null,
      failureReason: charge?.failureReason ?? null,
      failureDescription: charge?.failureReason ? 'Payment failed' : null,
    });
  }

  function newCharge(agreementId: string, type: FakeCharge['type'], fields: Record<string, unknown>, key: string): FakeCharge {
    const id = typeof fields.orderId === 'string' && fields.orderId !== '' ? fields.orderId : `chr-${++chargeCounter}`;
    return {
      id,
      agreementId,
      type,
      amount: Number(fields.amount),
      description: String(fields.description),
      due: typeof fields.due === 'string' ? fields.due : today(),
      retryDays: typeof fields.retryDays === 'number' ? fields.retryDays : 0,
      externalId: typeof fields.externalId === 'string' ? fields.externalId : null,
      status: 'PENDING',
      captured: 0,
      refunded: 0,
      cancelled: 0,
      attempts: 0,
      failureReason: null,
      transactionId: null,
      history: [{ occurred: stamp(), event: 'CREATE', amount: Number(fields.amount), idempotencyKey: key, success: true }],
    };
  }

  function capture(charge: FakeCharge) {
    charge.status = 'CHARGED';
    charge.captured = charge.amount;
    charge.transactionId = String(++transactionCounter);
    charge.history.push({ occurred: stamp(), event: 'CAPTURE', amount: charge.amount, idempotencyKey: `vipps-${charge.id}-capture`, success: true });
    emit('recurring.charge-captured.v1', charge.agreementId, charge.id);
  }

  function cancel(charge: FakeCharge, key: string) {
    charge.status = 'CANCELLED';
    charge.cancelled = charge.amount - charge.captured;
    charge.history.push({ occurred: stamp(), event: 'CANCEL', amount: charge.cancelled, idempotencyKey: key, success: true });
    emit('recurring.charge-canceled.v1', charge.agreementId, charge.id);
  }

  function stop(agreement: FakeAgreement, actor: string) {
    agreement.status = 'STOPPED';
    agreement.stop = stamp();
    for (const charge of agreement.charges.values()) {
      if (charge.status === 'PENDING' || charge.status === 'DUE') cancel(charge, `vipps-${agreement.id}-stop`);
    }
    emit('recurring.agreement-stopped.v1', agreement.id, undefined, actor);
  }

  /** A modifying call once per Idempotency-Key; the same key and body again answers the same, another body 409. */
  function onceRecurring(request: RecordedRequest, path: string, work: (key: string) => FakeAnswer): FakeAnswer {
    const key = String(request.headers['idempotency-key'] ?? '');
    if (!/^[^#?/\\]{1,40}$/.test(key))
      return recurringProblem(400, 'Idempotency-Key is required (1-40 characters)', path, [{ field: 'Idempotency-Key', text: 'invalid' }]);
    const slot = `${request.method} ${path} ${key}`;
    const fingerprint = request.body;
    const earlier = recurringKeys.get(slot);
    if (earlier) {
      return earlier.fingerprint === fingerprint ? earlier.answer : recurringProblem(409, 'Idempotency-Key already used with another request', path);
    }
    const answer = work(key);
    // Vipps keeps the answer of a request that was carried out, not of one it refused.
    if ((answer.status ?? 200) < 400) recurringKeys.set(slot, { fingerprint, answer });
    return answer;
  }

  const validationErrors = (checks: [boolean, string, string][]) => checks.filter(([ok]) => !ok).map(([, field, text]) => ({ field, text }));

  function answerRecurring(request: RecordedRequest): FakeAnswer {
    if (recurring.fail) return recurring.fail;
    const [path, query = ''] = request.url.split('?');
    const params = new URLSearchParams(query);
    const parts = path
      .replace(/^\/recurring\/v3\//, '')
      .split('/')
      .map(decodeURIComponent);
    const body = (() => {
      try {
        return (request.body ? JSON.parse(request.body) : {}) as Record<string, unknown>;
      } catch {
        return null;
      }
    })();
    if (body === null) return recurringProblem(400, 'Malformed JSON', path);

    if (parts[0] !== 'agreements') return recurringProblem(404, 'Not found', path);

    if (parts.length === 1 && request.method === 'POST') {
      return onceRecurring(request, path, (key) => {
        const pricing = (body.pricing ?? {}) as Record<string, unknown>;
        const interval = (body.interval ?? {}) as Record<string, unknown>;
        const initial = body.initialCharge as Record<string, unknown> | undefined;
        const errors = validationErrors([
          [pricing.type === undefined || pricing.type === 'LEGACY', 'pricing.type', 'only LEGACY here'],
          [pricing.currency === 'NOK', 'pricing.currency', 'must be NOK'],
          [Number.isInteger(pricing.amount) && Number(pricing.amount) >= 100, 'pricing.amount', 'must be at least 100'],
          [['YEAR', 'MONTH', 'WEEK', 'DAY'].includes(String(interval.unit)), 'interval.unit', 'invalid'],
          [Number.isInteger(interval.count) && Number(interval.count) >= 1 && Number(interval.count) <= 31, 'interval.count', 'must be 1-31'],
          [typeof body.productName === 'string' && body.productName.length >= 1 && body.productName.length <= 45, 'productName', 'must not be empty'],
          [typeof body.merchantAgreementUrl === 'string' && body.merchantAgreementUrl.startsWith('https://'), 'merchantAgreementUrl', 'must be https'],
          [typeof body.merchantRedirectUrl === 'string' && body.merchantRedirectUrl !== '', 'merchantRedirectUrl', 'must not be empty'],
          [body.phoneNumber === undefined || /^\d{10,15}$/.test(String(body.phoneNumber)), 'phoneNumber', 'invalid MSISDN'],
          [!initial || (Number.isInteger(initial.amount) && Number(initial.amount) >= 100), 'initialCharge.amount', 'must be at least 100'],
          [!initial || ['DIRECT_CAPTURE', 'RESERVE_CAPTURE'].includes(String(initial.transactionType)), 'initialCharge.transactionType', 'invalid'],
          [
            !initial || (typeof initial.description === 'string' && initial.description.length >= 1 && initial.description.length <= 45),
            'initialCharge.description',
            'must be 1-45 characters',
          ],
          [
            body.scope === undefined ||
              (typeof body.scope === 'string' &&
                body.scope.split(' ').every((word) => ['name', 'email', 'phoneNumber', 'address', 'birthDate', 'nin'].includes(word))),
            'scope',
            'invalid',
          ],
        ]);
        if (errors.length > 0) return recurringProblem(400, 'Input validation failed', path, errors);
        const agreement: FakeAgreement = {
          id: `agr_${String(++agreementCounter).padStart(6, '0')}`,
          status: 'PENDING',
          body,
          amount: Number(pricing.amount),
          created: stamp(),
          start: null,
          stop: null,
          phoneNumber: null,
          payer: null,
          charges: new Map(),
        };
        agreements.set(agreement.id, agreement);
        let chargeId: string | null = null;
        if (initial) {
          const charge = newCharge(agreement.id, 'INITIAL', { ...initial, due: today(), retryDays: 0 }, key);
          agreement.charges.set(charge.id, charge);
          chargeId = charge.id;
        }
        return {
          status: 201,
          body: {
            agreementId: agreement.id,
            uuid: agreementJson(agreement).uuid,
            vippsConfirmationUrl: `https://landing.vipps.test/recurring/${agreement.id}`,
            chargeId,
          },
        };
      });
    }
    if (parts.length === 1 && request.method === 'GET') {
      const status = params.get('status') ?? 'ACTIVE';
      return { body: [...agreements.values()].filter((agreement) => agreement.status === status).map(agreementJson) };
    }

    const agreement = agreements.get(parts[1] ?? '');
    if (!agreement) return recurringProblem(404, 'Agreement not found', path);

    if (parts.length === 2 && request.method === 'GET') return { body: agreementJson(agreement) };
    if (parts.length === 2 && request.method === 'PATCH') {
      return onceRecurring(request, path, () => {
        if (body.status !== undefined && body.status !== 'STOPPED')
          return recurringProblem(400, 'Input validation failed', path, [{ field: 'status', text: 'only STOPPED' }]);
        if (body.status === 'STOPPED') {
          if (agreement.status === 'EXPIRED') return recurringProblem(409, 'An expired agreement cannot be stopped', path);
          if (agreement.status !== 'STOPPED') stop(agreement, 'MERCHANT');
        }
        return { status: 204, body: '' };
      });
    }

    if (parts[2] !== 'charges') return recurringProblem(404, 'Not found', path);

    if (parts.length === 3 && request.method === 'POST') {
      return onceRecurring(request, path, (key) => {
        if (agreement.status !== 'ACTIVE') {
          return recurringProblem(409, `Cannot create a charge for an agreement which is not active (status ${agreement.status})`, path, [
            { field: 'agreement.status', text: agreement.status },
          ]);
        }
        const due = String(body.due ?? '');
        const errors = validationErrors([
          [Number.isInteger(body.amount) && Number(body.amount) >= 100, 'amount', 'must be at least 100'],
          [typeof body.description === 'string' && body.description.length >= 1 && body.description.length <= 45, 'description', 'must be 1-45 characters'],
          [/^\d{4}-\d{2}-\d{2}$/.test(due), 'due', 'must be YYYY-MM-DD'],
          [!/^\d{4}-\d{2}-\d{2}$/.test(due) || due > today(), 'due', 'must be at least one day in the future'],
          [Number.isInteger(body.retryDays) && Number(body.retryDays) >= 0 && Number(body.retryDays) <= 14, 'retryDays', 'must be 0-14'],
          [body.transactionType === 'DIRECT_CAPTURE' || body.transactionType === 'RESERVE_CAPTURE', 'transactionType', 'invalid'],
          [body.orderId === undefined || /^[a-zA-Z\d-]{1,50}$/.test(String(body.orderId)), 'orderId', 'invalid'],
        ]);
        if (errors.length > 0) return recurringProblem(400, 'Input validation failed', path, errors);
        if (typeof body.orderId === 'string' && findCharge(body.orderId)) return recurringProblem(409, 'orderId already used', path);
        const charge = newCharge(agreement.id, 'RECURRING', body, key);
        agreement.charges.set(charge.id, charge);
        return { status: 201, body: { chargeId: charge.id } };
      });
    }
    if (parts.length === 3 && request.method === 'GET') {
      const token = request.headers['continuation-token'];
      let remaining: FakeCharge[];
      if (typeof token === 'string') {
        const page = pages.get(token);
        if (!page) return recurringProblem(400, 'Unknown or expired Continuation-Token', path);
        pages.delete(token);
        remaining = page;
      } else {
        const status = params.get('status');
        remaining = [...agreement.charges.values()].filter((charge) => !status || charge.status === status);
      }
      const page = remaining.slice(0, recurring.chargePageSize);
      const rest = remaining.slice(recurring.chargePageSize);
      const headers: Record<string, string> = {};
      if (rest.length > 0) {
        const next = `00000000-0000-4000-8000-${String(pages.size + 1 + contextCounter++).padStart(12, '0')}`;
        pages.set(next, rest);
        headers['continuation-token'] = next;
      }
      return { body: page.map(chargeJson), headers };
    }

    const charge = agreement.charges.get(parts[3] ?? '');
    if (!charge) return recurringProblem(404, 'Charge not found', path);

    if (parts.length === 4 && request.method === 'GET') return { body: chargeJson(charge) };
    if (parts.length === 4 && request.method === 'DELETE') {
      return onceRecurring(request, path, (key) => {
        if (charge.status !== 'PENDING' && charge.status !== 'DUE') return recurringProblem(409, `Charge cannot be cancelled (status ${charge.status})`, path);
        cancel(charge, key);
        return { status: 204, body: '' };
      });
    }
    if (parts.length === 5 && parts[4] === 'refund' && request.method === 'POST') {
      return onceRecurring(request, path, (key) => {
        const amount = Number(body.amount);
        const errors = validationErrors([
          [Number.isInteger(body.amount) && amount >= 100, 'amount', 'must be at least 100'],
          [typeof body.description === 'string' && body.description.length >= 1, 'description', 'must not be empty'],
        ]);
        if (errors.length > 0) return recurringProblem(400, 'Input validation failed', path, errors);
        if (charge.status !== 'CHARGED' && charge.status !== 'PARTIALLY_REFUNDED')
          return recurringProblem(409, `Charge cannot be refunded (status ${charge.status})`, path);
        if (charge.refunded + amount > charge.captured)
          return recurringProblem(400, 'Refund amount exceeds the captured amount', path, [{ field: 'amount', text: 'too high' }]);
        charge.refunded += amount;
        charge.status = charge.refunded === charge.captured ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
        charge.history.push({ occurred: stamp(), event: 'REFUND', amount, idempotencyKey: key, success: true });
        emit('recurring.charge-refunded.v1', agreement.id, charge.id);
        return { status: 204, body: '' };
      });
    }
    return recurringProblem(404, `No route ${request.method} ${path}`, path);
  }

  const fake = await startFake(answer);
  baseUrl = fake.url;
  const chargeOf = (chargeId: string): FakeCharge => {
    const charge = findCharge(chargeId);
    if (!charge) throw new Error(`No charge ${chargeId}`);
    return charge;
  };
  const agreementOf = (agreementId: string): FakeAgreement => {
    const agreement = agreements.get(agreementId);
    if (!agreement) throw new Error(`No agreement ${agreementId}`);
    return agreement;
  };
  const failAttempt = (charge: FakeCharge, reason: string): FakeChargeStatus => {
    if (charge.status !== 'PENDING' && charge.status !== 'DUE' && charge.status !== 'PROCESSING') throw new Error(`Charge ${charge.id} is ${charge.status}`);
    charge.status = 'PROCESSING';
    charge.attempts += 1;
    if (charge.attempts > charge.retryDays) {
      charge.status = 'FAILED';
      charge.failureReason = reason;
      charge.history.push({ occurred: stamp(), event: 'FAIL', amount: charge.amount, idempotencyKey: `vipps-${charge.id}-fail`, success: false });
      emit('recurring.charge-failed.v1', charge.agreementId, charge.id);
    }
    return charge.status;
  };
  const vipps: FakeVipps = {
    ...fake,
    payments,
    agreements,
    recurringEvents,
    get today() {
      return today();
    },
    set today(value: string) {
      recurring.today = value;
    },
    get chargePageSize() {
      return recurring.chargePageSize;
    },
    set chargePageSize(value: number) {
      recurring.chargePageSize = value;
    },
    get failRecurring() {
      return recurring.fail;
    },
    set failRecurring(value: FakeAnswer | null) {
      recurring.fail = value;
    },
    answerLate(ms: number) {
      recurring.lateBy = ms;
    },
    approveAgreement(agreementId: string, phoneNumber = '4791234567', payer?: FakePayer) {
      const agreement = agreementOf(agreementId);
      if (agreement.status !== 'PENDING') throw new Error(`Agreement ${agreementId} is ${agreement.status}`);
      agreement.status = 'ACTIVE';
      agreement.start = stamp();
      agreement.phoneNumber = phoneNumber;
      // Vipps shares the profile only when the agreement asked for it.
      if (typeof agreement.body.scope === 'string') {
        agreement.payer = payer ?? { given_name: 'Vipps', family_name: 'Bruker', email: `bruker-${agreementId}@example.no`, phone_number: phoneNumber };
      }
      emit('recurring.agreement-activated.v1', agreementId, undefined, 'USER');
      for (const charge of agreement.charges.values()) if (charge.type === 'INITIAL' && charge.status === 'PENDING') capture(charge);
    },
    rejectAgreement(agreementId: string) {
      const agreement = agreementOf(agreementId);
      if (agreement.status !== 'PENDING') throw new Error(`Agreement ${agreementId} is ${agreement.status}`);
      agreement.status = 'STOPPED';
      agreement.stop = stamp();
      for (const charge of agreement.charges.values()) if (charge.status === 'PENDING') cancel(charge, `vipps-${agreementId}-reject`);
      emit('recurring.agreement-rejected.v1', agreementId, undefined, 'USER');
    },
    stopInApp(agreementId: string) {
      const agreement = agreementOf(agreementId);
      if (agreement.status !== 'ACTIVE') throw new Error(`Agreement ${agreementId} is ${agreement.status}`);
      stop(agreement, 'USER');
    },
    expireAgreement(agreementId: string) {
      const agreement = agreementOf(agreementId);
      if (agreement.status !== 'PENDING') throw new Error(`Agreement ${agreementId} is ${agreement.status}`);
      agreement.status = 'EXPIRED';
      for (const charge of agreement.charges.values()) if (charge.status === 'PENDING') cancel(charge, `vipps-${agreementId}-expire`);
      emit('recurring.agreement-expired.v1', agreementId, undefined, 'SYSTEM');
    },
    advanceCharge(chargeId: string) {
      const charge = chargeOf(chargeId);
      if (charge.status === 'PENDING') charge.status = 'DUE';
      else if (charge.status === 'DUE') charge.status = 'PROCESSING';
      else if (charge.status === 'PROCESSING') capture(charge);
      else throw new Error(`Charge ${chargeId} is ${charge.status}`);
      return charge.status;
    },
    captureCharge(chargeId: string) {
      const charge = chargeOf(chargeId);
      while (charge.status !== 'CHARGED') vipps.advanceCharge(chargeId);
    },
    failChargeAttempt(chargeId: string, reason = 'user_action_required') {
      return failAttempt(chargeOf(chargeId), reason);
    },
    failCharge(chargeId: string, reason = 'user_action_required') {
      const charge = chargeOf(chargeId);
      while (charge.status !== 'FAILED') failAttempt(charge, reason);
    },
    charge: chargeOf,
    recurringEvent(eventType: string, agreementId: string, chargeId?: string, actor?: string) {
      return vippsEvent(eventType, agreementId, chargeId, actor);
    },
    get tokensIssued() {
      return tokenCounter;
    },
    get failCreate() {
      return state.failCreate;
    },
    set failCreate(value: FakeAnswer | null) {
      state.failCreate = value;
    },
    get failCapture() {
      return state.failCapture;
    },
    set failCapture(value: FakeAnswer | null) {
      state.failCapture = value;
    },
    revokeTokens() {
      validTokens.clear();
    },
    authorize(reference: string, payer: FakePayer, amount?: number) {
      const payment = payments.get(reference)!;
      payment.state = 'AUTHORIZED';
      payment.payer = payer;
      if (amount !== undefined) payment.authorized = amount;
    },
    abort(reference: string) {
      payments.get(reference)!.state = 'ABORTED';
    },
    sign(secret: string, host: string, path: string, body: string, at = new Date()) {
      const hash = createHash('sha256').update(body).digest('base64');
      const date = at.toUTCString();
      const signed = `POST\n${path}\n${date};${host};${hash}`;
      const signature = createHmac('sha256', secret).update(signed).digest('base64');
      return {
        host,
        'content-type': 'application/json',
        'x-ms-date': date,
        'x-ms-content-sha256': hash,
        authorization: `HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=${signature}`,
      };
    },
    event(reference: string, name: string) {
      const payment = payments.get(reference)!;
      return JSON.stringify({
        msn: VIPPS_ENV.VIPPS_MERCHANT_SERIAL_NUMBER,
        reference,
        pspReference: `psp-${reference}`,
        name,
        amount: { currency: 'NOK', value: payment.amount },
        timestamp: new Date().toISOString(),
        idempotencyKey: null,
        success: true,
      });
    },
  };
  return vipps;
}

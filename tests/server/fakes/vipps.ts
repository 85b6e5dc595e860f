/**
 * A fake Vipps MobilePay ePayment API on loopback: access tokens, payments (create, get,
 * capture, cancel, refund, with idempotency keys), userinfo, and webhook deliveries signed the
 * way Vipps signs them (computed here on its own, not with the portal's code).
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

export interface FakeVipps extends FakeServer {
  payments: Map<string, FakePayment>;
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
  VIPPS_TIMEOUT_MS: '400',
};

const problem = (status: number, title: string, detail: string): FakeAnswer => ({
  status,
  headers: { 'content-type': 'application/problem+json' },
  body: { type: 'https://developer.vippsmobilepay.com/docs/APIs/epayment-api/problems', title, status, detail, traceId: 'fake' },
});

export async function startFakeVipps(): Promise<FakeVipps> {
  const payments = new Map<string, FakePayment>();
  let tokenCounter = 0;
  const state = { failCreate: null as FakeAnswer | null, failCapture: null as FakeAnswer | null };
  const validTokens = new Set<string>();

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
          if (payment.state !== 'AUTHORIZED' || payment.cancelled > 0 || payment.captured + value > payment.amount) return problem(400, 'Bad Request', 'Cannot capture');
          payment.captured += value;
        } else if (action === 'cancel') {
          if (payment.captured > 0) return problem(400, 'Bad Request', 'Captured payments cannot be cancelled');
          payment.cancelled = payment.amount;
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
      const payer = payments.get(decodeURIComponent(userinfo[1]))?.payer;
      if (!payer) return problem(404, 'Not Found', 'No such user');
      return { body: { sub: `sub-${userinfo[1]}`, ...payer, email_verified: true } };
    }
    return problem(404, 'Not Found', `No route ${request.method} ${url}`);
  };

  const fake = await startFake(answer);
  const vipps: FakeVipps = {
    ...fake,
    payments,
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

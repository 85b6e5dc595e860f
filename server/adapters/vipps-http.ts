import type { VippsConfig } from '../config.ts';
import { problemMessage, problemOf, VippsError, VIPPS_MESSAGES, type VippsSubject } from './vipps-errors.ts';

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

export interface CallOptions {
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

/** The HTTP core of the client: one call, its failure as a TripletexError, and 429s waited out. */
import { describe, rateLimitWaitMs, TripletexError, validationOf } from './tripletex-errors.ts';
import type { TripletexApiConfig, TripletexClientOptions } from './tripletex-types.ts';

interface ListEnvelope<T> {
  from?: number;
  count?: number;
  fullResultSize?: number;
  values?: T[];
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface TripletexHttp {
  send(method: string, path: string, options: { token?: string; body?: unknown; accept?: string }): Promise<Response>;
  failure(response: Response): Promise<TripletexError>;
  call<T>(method: string, path: string, options?: { token?: string; body?: unknown }): Promise<T>;
  patiently<T>(operation: () => Promise<T>): Promise<T>;
}

export function tripletexHttp(config: TripletexApiConfig, options: TripletexClientOptions = {}): TripletexHttp {
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

  return { send, failure, call, patiently };
}

/** A signed-in session's calls: the HTTP core, the session token, and every value of a list. */
export interface SessionCalls extends TripletexHttp {
  token: string;
  all<T>(path: string, params: Record<string, string>, pageSize?: number, inside?: boolean): Promise<T[]>;
}

export function sessionCalls(http: TripletexHttp, token: string): SessionCalls {
  const { call, patiently } = http;

  /**
   * Every value of a list, page by page (`from`/`count`), until `fullResultSize` (or a short
   * page). `inside` when an operation that waits out 429s itself reads it: no second layer of tries.
   */
  async function all<T>(path: string, params: Record<string, string>, pageSize = 1000, inside = false): Promise<T[]> {
    const values: T[] = [];
    for (let from = 0; ;) {
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

  return { ...http, token, all };
}

/**
 * The one HTTP client both apps use. It sends the bearer token, speaks JSON and answers
 * failures as values ({ ok: false, status, message, body }) instead of throwing.
 * This file must not import react-admin: Min side uses it too.
 */
import { readSession } from './session.ts';

export const API_URL: string = (import.meta.env.VITE_API_URL as string | undefined)?.replace(/\/+$/, '') ?? '';

export interface ErrorBody {
  message?: string;
  error?: unknown;
  errors?: Record<string, string[]>;
  [key: string]: unknown;
}

export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; message: string; body: ErrorBody | null };

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

let unauthenticatedListener: (() => void) | null = null;

/** The languages the server answers in. */
export type AnswerLanguage = 'nb' | 'en';

let answerLanguage: AnswerLanguage = 'nb';

/**
 * The language the server's messages come back in: Min side sets its own; the staff app leaves
 * Norwegian. Sent with every request, so the browser's own preference never decides.
 */
export function setAnswerLanguage(language: AnswerLanguage): void {
  answerLanguage = language;
}

/** What the app itself says when the server cannot (no connection, an answer without a message), in the answers' language. */
const OWN_TEXTS: Record<AnswerLanguage, { network: string; failed: string; failedStatus: (status: number) => string }> = {
  nb: {
    network: 'Får ikke kontakt med serveren. Sjekk nettforbindelsen og prøv igjen.',
    failed: 'Noe gikk galt!',
    failedStatus: (status) => `Noe gikk galt! Status kode: ${status}`,
  },
  en: {
    network: 'Cannot reach the server. Check your connection and try again.',
    failed: 'Something went wrong!',
    failedStatus: (status) => `Something went wrong! Status code: ${status}`,
  },
};
const ownText = () => OWN_TEXTS[answerLanguage];

/** The language the server is asked to answer in (and the app's own messages follow). */
export const currentAnswerLanguage = (): AnswerLanguage => answerLanguage;

/** The Accept-Language header every request carries. */
export const languageHeader = (): Record<string, string> => ({ 'Accept-Language': answerLanguage });

/** Called on every 401 from a request that carried a token (the token expired or was revoked). */
export function onUnauthenticated(listener: (() => void) | null): void {
  unauthenticatedListener = listener;
}

export function buildUrl(path: string, query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const search = params.toString();
  return `${API_URL}${path}${search ? `?${search}` : ''}`;
}

function authHeaders(): Record<string, string> {
  const session = readSession();
  return session ? { Authorization: `Bearer ${session.token}` } : {};
}

async function readBody(response: Response): Promise<unknown> {
  const type = response.headers.get('content-type') ?? '';
  if (response.status === 204) return null;
  if (type.includes('application/json')) return response.json().catch(() => null);
  return response.text();
}

/**
 * Whether a failed fetch was called off by its signal (the page that asked left): passed on as it
 * is, never reported as a lost connection. Asked of the signal and the error's name, not of
 * `instanceof DOMException`, which fails for an error made in another realm (a test's DOM).
 */
export const wasAborted = (error: unknown, signal?: AbortSignal | null): boolean =>
  signal?.aborted === true || (typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError');

export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', ...languageHeader(), ...authHeaders(), ...options.headers };
  const isForm = options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      credentials: 'include',
      signal: options.signal,
      body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
    });
  } catch (error) {
    if (wasAborted(error, options.signal)) throw error;
    return { ok: false, status: 0, message: ownText().network, body: null };
  }
  const body = await readBody(response);
  if (response.ok) return { ok: true, status: response.status, data: body as T };
  const errorBody = body && typeof body === 'object' ? (body as ErrorBody) : null;
  if (response.status === 401 && headers.Authorization) unauthenticatedListener?.();
  const message = (typeof errorBody?.error === 'string' && errorBody.error) || errorBody?.message || ownText().failedStatus(response.status);
  return { ok: false, status: response.status, message, body: errorBody };
}

export const http = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};

/** Laravel Sanctum's CSRF cookie, asked for before signing in. */
export async function csrfCookie(): Promise<void> {
  try {
    await fetch(`${API_URL}/sanctum/csrf-cookie`, { credentials: 'include', headers: { Accept: 'application/json' } });
  } catch {
    // The sign-in request that follows reports an unreachable server to the user.
  }
}

/** Fetches a file with the token and hands it to the browser to save under `filename`. */
export async function download(path: string, filename: string, query?: Record<string, QueryValue>): Promise<ApiResult<null>> {
  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), { headers: { ...languageHeader(), ...authHeaders() }, credentials: 'include' });
  } catch {
    return { ok: false, status: 0, message: ownText().network, body: null };
  }
  if (!response.ok) {
    const body = (await readBody(response)) as ErrorBody | null;
    return { ok: false, status: response.status, message: body?.message ?? ownText().failed, body };
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return { ok: true, status: response.status, data: null };
}

/** How far an upload has come: bytes sent of the whole body. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

/**
 * Sends a multipart form (a file upload) and reports how much of it has gone, which fetch cannot.
 * Answers as `request` does: the server's JSON, or its message when it refused.
 */
export function upload<T>(path: string, form: FormData, onProgress?: (progress: UploadProgress) => void): Promise<ApiResult<T>> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    const auth = authHeaders();
    xhr.open('POST', buildUrl(path));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', answerLanguage);
    for (const [name, value] of Object.entries(auth)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    };
    xhr.onerror = () => resolve({ ok: false, status: 0, message: ownText().network, body: null });
    xhr.onload = () => {
      let body: unknown = null;
      if ((xhr.getResponseHeader('content-type') ?? '').includes('application/json')) {
        try {
          body = JSON.parse(xhr.responseText);
        } catch {
          body = null;
        }
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve({ ok: true, status: xhr.status, data: body as T });
        return;
      }
      if (xhr.status === 401 && auth.Authorization) unauthenticatedListener?.();
      const errorBody = body && typeof body === 'object' ? (body as ErrorBody) : null;
      const message = (typeof errorBody?.error === 'string' && errorBody.error) || errorBody?.message || ownText().failedStatus(xhr.status);
      resolve({ ok: false, status: xhr.status, message, body: errorBody });
    };
    xhr.send(form);
  });
}

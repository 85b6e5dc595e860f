/** A failed Tripletex call as a TripletexError with a Norwegian message, and the wait a 429 asks for. */

export interface TripletexValidationMessage {
  field: string | null;
  message: string;
}

export class TripletexError extends Error {
  readonly status: number | null;
  /** Tripletex's own words on a 422, field by field, for the invoice the call was about. */
  readonly validationMessages: TripletexValidationMessage[];
  /** On a 429 the client gave up on: how long Tripletex asked us to wait. */
  readonly retryAfterMs: number | null;
  constructor(
    message: string,
    status: number | null = null,
    details: { validationMessages?: TripletexValidationMessage[]; retryAfterMs?: number | null } = {},
  ) {
    super(message);
    this.name = 'TripletexError';
    this.status = status;
    this.validationMessages = details.validationMessages ?? [];
    this.retryAfterMs = details.retryAfterMs ?? null;
  }
}

interface ErrorEnvelope {
  message?: string;
  validationMessages?: { field?: string | null; message?: string }[] | null;
}

export const validationOf = (body: unknown): TripletexValidationMessage[] => {
  const envelope = (body && typeof body === 'object' ? body : {}) as ErrorEnvelope;
  return (envelope.validationMessages ?? [])
    .filter((item) => item && typeof item.message === 'string' && item.message)
    .map((item) => ({ field: item.field ?? null, message: item.message! }));
};

export function describe(status: number, body: unknown): string {
  const envelope = (body && typeof body === 'object' ? body : {}) as ErrorEnvelope;
  const details = (envelope.validationMessages ?? []).map((item) => [item.field, item.message].filter(Boolean).join(': ')).filter(Boolean);
  const what = [envelope.message, ...details].filter(Boolean).join('; ');
  if (status === 401 || status === 403) return `Tripletex avviste innloggingen (${status})${what ? `: ${what}` : ''}`;
  if (status === 429) return 'Tripletex svarte at det kommer for mange kall (429); prøv igjen om litt';
  if (status >= 500) return `Tripletex hadde en feil (${status})${what ? `: ${what}` : ''}`;
  return `Tripletex avviste kallet (${status})${what ? `: ${what}` : ''}`;
}

/** The wait a 429 asks for: the larger of Retry-After (seconds or a date) and X-Rate-Limit-Reset (seconds). */
export function rateLimitWaitMs(headers: Headers, now = Date.now()): number | null {
  const waits: number[] = [];
  const retryAfter = headers.get('retry-after')?.trim();
  if (retryAfter) {
    if (/^\d+(\.\d+)?$/.test(retryAfter)) waits.push(Number(retryAfter) * 1000);
    else if (!Number.isNaN(Date.parse(retryAfter))) waits.push(Math.max(0, Date.parse(retryAfter) - now));
  }
  const reset = headers.get('x-rate-limit-reset')?.trim();
  if (reset && /^\d+(\.\d+)?$/.test(reset)) waits.push(Number(reset) * 1000);
  return waits.length ? Math.ceil(Math.max(...waits)) : null;
}

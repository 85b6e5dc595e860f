/** Vipps' error answers (RFC 7807 problems, Azure gateway errors) and our VippsError with its Norwegian message. */
import { stringOr } from './vipps-values.ts';

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

/**
 * Min side's calls for claims ('Skademelding'). The shapes are the API's own
 * (server/schemas/claims.ts, types only).
 */
import { download, http } from '../../common/http.ts';
import type { Claim, ClaimNewBody } from '../../../server/schemas/claims.ts';

export type { Claim, ClaimEvent, ClaimKind, ClaimOutcome, ClaimSnapshot, ClaimState } from '../../../server/schemas/claims.ts';

/** A new claim (POST /api/member/{id}/claims); without document_ids the server attaches all the instrument's documents. */
export type NewClaim = ClaimNewBody;

/** Min side's addresses for claims (routes in common/member-paths.ts). */
export const claimPaths = {
  list: (memberId: number) => `/profile/claims/${memberId}`,
  create: (memberId: number, instrumentId: number) => `/profile/claims/${memberId}/new/${instrumentId}`,
  one: (memberId: number, claimId: number) => `/profile/claims/${memberId}/${claimId}`,
  /** The instrument screen with the insured instruments (and their documents) open. */
  instruments: (memberId: number) => `/profile/edit/instrument-insurance/${memberId}?tab=active`,
};

/** A member may withdraw a claim while it waits or is being handled. */
export const canWithdraw = (claim: Pick<Claim, 'state'>): boolean => claim.state === 'sent' || claim.state === 'in_progress';

export const claimApi = {
  create: (body: NewClaim) => http.post<{ data: Claim }>('/api/claim', body),
  list: (memberId: number) => http.get<{ data: Claim[] }>(`/api/member/${memberId}/claim`),
  get: (id: number) => http.get<{ data: Claim }>(`/api/claim/${id}`),
  withdraw: (id: number) => http.patch<{ data: Claim }>(`/api/claim/${id}`, { state: 'withdrawn' }),
  packet: (id: number, lang: 'nb' | 'en') => download(`/api/claim/${id}/packet`, lang === 'en' ? `claim-${id}.pdf` : `skademelding-${id}.pdf`, { lang }),
};

/**
 * Min side's calls for claims ('Skademelding'). The shapes are the API's `Claim`
 * (server/schemas/claims.ts), written out here as types only.
 */
import { download, http } from '../../common/http.ts';
import type { InstrumentDocument } from '../documents/api.ts';

export type ClaimKind = 'theft' | 'damage' | 'loss';
export type ClaimState = 'sent' | 'in_progress' | 'decided' | 'withdrawn';
export type ClaimOutcome = 'approved' | 'partly_approved' | 'rejected';

/** What the register said when the claim was made: the packet reads the same whatever changes later. */
export interface ClaimSnapshot {
  member: {
    id: number; member_number: number | null; first_name: string; last_name: string; email: string;
    phone: string | null; address: string | null; postal_code: string | null; postal_area: string | null;
  };
  instrument: { id: number; category: string; make: string; model: string; serial_number: string | null; value: number; insurance_start: string };
  appraisal: { valued_on: string; value: number } | null;
  policy_number: string | null;
  insurer: string | null;
}

export interface ClaimEvent {
  state: ClaimState;
  outcome: ClaimOutcome | null;
  note: string | null;
  created_at: string;
}

export interface Claim {
  id: number;
  member_id: number;
  instrument_id: number;
  kind: ClaimKind;
  occurred_on: string;
  place: string;
  /** ISO 3166-1 alpha-2; 'NO' is Norway. */
  country: string;
  description: string;
  police_report: string | null;
  state: ClaimState;
  outcome: ClaimOutcome | null;
  /** The latest note staff wrote for the member. */
  note: string | null;
  created_at: string;
  updated_at: string;
  snapshot: ClaimSnapshot;
  documents: InstrumentDocument[];
  events: ClaimEvent[];
}

export interface NewClaim {
  instrument_id: number;
  kind: ClaimKind;
  occurred_on: string;
  place: string;
  country: string;
  description: string;
  police_report?: string;
  /** The instrument's own documents to attach; without it the server attaches them all. */
  document_ids?: number[];
}

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
  packet: (id: number, lang: 'nb' | 'en') =>
    download(`/api/claim/${id}/packet`, lang === 'en' ? `claim-${id}.pdf` : `skademelding-${id}.pdf`, { lang }),
};

/**
 * Claims ('Skademelding', issue 39): their shapes as the API gives them (to come from
 * server/schemas/claims.ts), and the packet downloads, for use through useDataProvider(). Reading
 * a claim and changing its state go through the base provider (resource `claims`), the queue
 * through `pending-claims`.
 */
import type { Identifier } from 'react-admin';
import { download } from '../common/http.ts';
import { unwrap } from './errors.ts';
import type { Document } from './documents.ts';

export type ClaimKind = 'theft' | 'damage' | 'loss';
export type ClaimState = 'sent' | 'in_progress' | 'decided' | 'withdrawn';
export type ClaimOutcome = 'approved' | 'partly_approved' | 'rejected';

/** What the register said when the claim was made; the packet reads the same later whatever changes. */
export interface ClaimSnapshot {
  member: {
    id: number;
    member_number: number | null;
    first_name: string;
    last_name: string;
    email: string | null;
    phone: string | null;
    address: string | null;
    postal_code: string | null;
    postal_area: string | null;
  };
  instrument: {
    id: number;
    category_id: number;
    category: string;
    make: string;
    model: string;
    serial_number: string | null;
    /** Whole kroner. */
    value: number;
    insurance_start: string;
  };
  appraisal: { valued_on: string; value: number } | null;
  policy_number: string;
  insurer: string;
}

/** One change of the claim's state, with the note the member sees. */
export interface ClaimEvent {
  state: ClaimState;
  outcome: ClaimOutcome | null;
  note: string | null;
  created_at: string;
}

/** What a claim holds beside its snapshot, documents and history (the queue's rows have it too). */
interface ClaimFields {
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
  note: string | null;
  created_at: string;
  updated_at: string;
}

/** A claim (schema `Claim`). */
export interface Claim extends ClaimFields {
  snapshot: ClaimSnapshot;
  documents: Document[];
  /** The history, oldest first. */
  events: ClaimEvent[];
}

/** A row of the queue 'Skademeldinger' (schema `ClaimListItem`): the member as the register has them now, the instrument as claimed. */
export interface ClaimListItem extends ClaimFields {
  member: {
    id: number;
    remote_id: number | null;
    first_name: string | null;
    last_name: string | null;
    email: string | null;
    phone: string | null;
  };
  instrument: ClaimSnapshot['instrument'];
  /** How many documents the claim carries. */
  documents: number;
}

/** The states staff may move a claim to ('sent' is where it starts). */
export type ClaimTarget = Exclude<ClaimState, 'sent'>;

/** What staff send to change a claim's state (PATCH /api/claim/{id}); 'decided' needs an outcome. */
export interface ClaimPatch {
  state: ClaimTarget;
  outcome?: ClaimOutcome;
  note?: string;
}

export type PacketLang = 'nb' | 'en';

export const claimMethods = {
  /** The claim packet as the insurer gets it, a tagged PDF in Norwegian or English. */
  async downloadClaimPacket(id: Identifier, lang: PacketLang): Promise<void> {
    unwrap(await download(`/api/claim/${id}/packet`, lang === 'en' ? `claim-${id}.pdf` : `skademelding-${id}.pdf`, { lang }));
  },

  /** The packet with the documents, as one zip. */
  async downloadClaimZip(id: Identifier): Promise<void> {
    unwrap(await download(`/api/claim/${id}/packet.zip`, `skademelding-${id}.zip`));
  },
};

export type ClaimMethods = typeof claimMethods;

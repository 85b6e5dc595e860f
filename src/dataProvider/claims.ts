/**
 * Claims ('Skademelding', issue 39): their shapes as the API gives them (from
 * server/schemas/claims.ts), and the packet downloads, for use through useDataProvider(). Reading
 * a claim and changing its state go through the base provider (resource `claims`), the queue
 * through `pending-claims`.
 */
import type { Identifier } from 'react-admin';
import { download } from '../common/http.ts';
import { unwrap } from './errors.ts';
import type { ClaimOutcome, ClaimPatchBody, ClaimState } from '../../server/schemas/claims.ts';

export type { Claim, ClaimEvent, ClaimKind, ClaimListItem, ClaimOutcome, ClaimSnapshot, ClaimState } from '../../server/schemas/claims.ts';

/** The states staff may move a claim to ('sent' is where it starts). */
export type ClaimTarget = Exclude<ClaimState, 'sent'>;

/** What staff send to change a claim's state (PATCH /api/claim/{id}); 'decided' needs an outcome. */
export type ClaimPatch = ClaimPatchBody & { state: ClaimTarget; outcome?: ClaimOutcome };

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

/** The insurance certificates (forsikringsbevis): what one says for a member today, signed. */
import type { Queryable } from '../../db/database.ts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import { todayInOslo } from '../shared/oslo-date.ts';
import { signToken, type ProofClaims } from './proof-tokens.ts';
import { memberById, NO_INSTRUMENT_COVER, NO_TRAVEL_COVER, verifyUrl, type CertificateKind, type ProofConfig } from './proof.ts';
import { instrumentCover, instrumentHash, travelCover, travelHash, type InstrumentCover, type TravelCover } from './covers.ts';

export interface CertificateMember {
  first_name: string;
  last_name: string;
  birthdate: string | null;
  member_number: number;
}

export interface TravelCertificate {
  kind: 'travel';
  member: CertificateMember;
  cover: TravelCover;
  issued: string;
  verify_url: string;
}

export interface InstrumentsCertificate {
  kind: 'instruments';
  member: CertificateMember;
  cover: InstrumentCover;
  issued: string;
  verify_url: string;
}

export type Certificate = TravelCertificate | InstrumentsCertificate;

/** What a certificate of this kind for this member says today, signed; 404 with a message without the cover. */
export async function certificateFor(db: Queryable, config: ProofConfig, memberId: number, kind: CertificateKind): Promise<Certificate> {
  const today = todayInOslo();
  const member = await memberById(db, memberId, today);
  if (!member) throw notFound();
  const missing = kind === 'travel' ? NO_TRAVEL_COVER : NO_INSTRUMENT_COVER;
  if (member.remote_id === null || member.role_id !== 2) throw new HttpError(404, { message: missing });
  const details: CertificateMember = {
    first_name: member.first_name,
    last_name: member.last_name,
    birthdate: member.birthdate,
    member_number: member.remote_id,
  };
  if (kind === 'travel') {
    const cover = await travelCover(db, memberId, today);
    if (!cover) throw new HttpError(404, { message: missing });
    const claims: ProofClaims = {
      kind,
      memberNumber: member.remote_id,
      validUntil: cover.to,
      periodFrom: cover.from,
      contentHash: travelHash(member.remote_id, cover),
    };
    const token = await signToken(db, config.cardSigningKeys, claims);
    return { kind, member: details, cover, issued: today, verify_url: verifyUrl(config, token) };
  }
  const cover = await instrumentCover(db, memberId, today);
  if (!cover) throw new HttpError(404, { message: missing });
  const claims: ProofClaims = {
    kind,
    memberNumber: member.remote_id,
    validUntil: cover.to,
    periodFrom: cover.from,
    contentHash: instrumentHash(member.remote_id, cover),
  };
  const token = await signToken(db, config.cardSigningKeys, claims);
  return { kind, member: details, cover, issued: today, verify_url: verifyUrl(config, token) };
}

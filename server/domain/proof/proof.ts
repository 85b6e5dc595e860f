/**
 * Proof in the pocket: the digital member card (here), the insurance certificates (forsikringsbevis;
 * certificates.ts, what they certify in covers.ts) and the public check (verify.ts) of the QR
 * tokens both carry (proof-tokens.ts). This file also finds the member a proof is about.
 *
 * A token proves only what it says: the member number, until when, and for a certificate a
 * hash of what was certified. The check looks at today's records, so a blocked or ended member,
 * an erased account, or a cover that ended or changed is 'invalid' at once.
 */
import type { Queryable } from '../../db/database.ts';
import type { Config } from '../../config.ts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import { todayInOslo } from '../shared/oslo-date.ts';
import { signToken } from './proof-tokens.ts';
import { norwegian } from '../../lib/language.ts';
import { PROOF_TEXTS } from './proof-texts.ts';

export type ProofConfig = Pick<
  Config,
  'cardSigningKeys' | 'publicUrl' | 'organisationName' | 'insurerName' | 'travelPolicyNumber' | 'instrumentPolicyNumber' | 'supportEmail' | 'supportPhone'
>;
export type CertificateKind = 'travel' | 'instruments';
export type Lang = 'nb' | 'en';

const TEXTS = norwegian(PROOF_TEXTS);
export const NO_CARD = TEXTS.noCard;
export const NO_TRAVEL_COVER = TEXTS.noTravelCover;
export const NO_INSTRUMENT_COVER = TEXTS.noInstrumentCover;
export const MALFORMED_TOKEN = TEXTS.malformedToken;

export const endOfYear = (today: string) => `${today.slice(0, 4)}-12-31`;

interface MemberRow {
  id: number;
  remote_id: number | null;
  first_name: string;
  last_name: string;
  birthdate: string | null;
  role_id: number;
  status: string;
  blocked_access: boolean;
  membership_start: string | null;
  membership_end: string | null;
  has_membership: boolean;
}

const MEMBER_SQL = `
  SELECT a.id, a.remote_id, a.first_name, a.last_name, a.birthdate, a.role_id, a.status, a.blocked_access,
         m.subscription_start AS membership_start, m.subscription_end AS membership_end, (m.id IS NOT NULL) AS has_membership
    FROM accounts a
    LEFT JOIN LATERAL (
      SELECT s.id, s.subscription_start, s.subscription_end FROM subscriptions s
       WHERE s.member_id = a.id AND s.kind = 'membership' AND s.state = 'active' AND s.deleted_at IS NULL
         AND (s.subscription_end IS NULL OR s.subscription_end >= $2::date)
       ORDER BY s.subscription_end DESC NULLS FIRST, s.id DESC LIMIT 1) m ON true
   WHERE a.role_id IN (1, 2) AND`;

export async function memberById(db: Queryable, memberId: number, today: string): Promise<MemberRow | null> {
  const [row] = await db.query<MemberRow>(`${MEMBER_SQL} a.id = $1`, [memberId, today]);
  return row ?? null;
}

export async function memberByNumber(db: Queryable, memberNumber: number, today: string): Promise<MemberRow | null> {
  const [row] = await db.query<MemberRow>(`${MEMBER_SQL} a.remote_id = $1`, [memberNumber, today]);
  return row ?? null;
}

/** An accepted member in good standing: the card is theirs to show. */
const inGoodStanding = (member: MemberRow): boolean => member.role_id === 2 && member.status === '1' && !member.blocked_access && member.remote_id !== null;

export const verifyUrl = (config: ProofConfig, token: string) => `${config.publicUrl}/verify/${token}`;

export interface MemberCard {
  token: string;
  verify_url: string;
  member_number: number;
  valid_until: string;
  first_name: string;
  last_name: string;
  organisation: string;
}

/** The member's digital card, signed now; 404 with a message when the member has no card yet. */
export async function memberCard(db: Queryable, config: ProofConfig, memberId: number): Promise<MemberCard> {
  const today = todayInOslo();
  const member = await memberById(db, memberId, today);
  if (!member) throw notFound();
  if (!inGoodStanding(member) || !member.has_membership) throw new HttpError(404, { message: NO_CARD });
  const validUntil = member.membership_end ?? endOfYear(today);
  const token = await signToken(db, config.cardSigningKeys, { kind: 'membership', memberNumber: member.remote_id!, validUntil });
  return {
    token,
    verify_url: verifyUrl(config, token),
    member_number: member.remote_id!,
    valid_until: validUntil,
    first_name: member.first_name,
    last_name: member.last_name,
    organisation: config.organisationName,
  };
}

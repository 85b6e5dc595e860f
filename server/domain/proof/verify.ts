/**
 * The public check of the QR token a member card or certificate carries: what the token proves
 * today, counted per client address.
 */
import type { Queryable } from '../../db/database.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { reserve } from '../../lib/rate-limit.ts';
import { todayInOslo } from '../shared/oslo-date.ts';
import { isGenuine, readToken, type ProofKind } from './proof-tokens.ts';
import { MALFORMED_TOKEN, memberByNumber, type ProofConfig } from './proof.ts';
import { instrumentCover, instrumentHash, travelCover, travelHash, type TravelProduct } from './covers.ts';

/** Checks per client address a minute: enough for a desk checking a queue, too few to guess tokens. */
const VERIFY_PER_MINUTE = 60;

export type VerifyState = 'valid' | 'expired' | 'invalid';

export interface VerifyAnswer {
  state: VerifyState;
  kind: ProofKind;
  first_name: string | null;
  last_initial: string | null;
  member_number: number | null;
  valid_until: string | null;
  period?: { from: string; to: string } | null;
  product?: TravelProduct | null;
  count?: number | null;
  total_value?: number | null;
}

function invalid(kind: ProofKind): VerifyAnswer {
  const answer: VerifyAnswer = { state: 'invalid', kind, first_name: null, last_initial: null, member_number: null, valid_until: null };
  if (kind === 'travel') Object.assign(answer, { period: null, product: null });
  if (kind === 'instruments') Object.assign(answer, { period: null, count: null, total_value: null });
  return answer;
}

const lastInitial = (lastName: string): string => [...lastName.trim()][0]?.toLocaleUpperCase('nb') ?? '';

/** Counts one check against the caller's address (429 past the limit). */
export async function countVerify(db: Queryable, ip: string): Promise<void> {
  await reserve(db, `verify:ip:${ip}`, 60, VERIFY_PER_MINUTE);
}

/**
 * What a token proves today. 400 for a token that is not one of ours in form; a forged or
 * tampered one is 'invalid' (200), like a blocked, ended or erased member or a changed cover.
 */
export async function verifyProof(db: Queryable, config: ProofConfig, token: string): Promise<VerifyAnswer> {
  const read = readToken(token);
  if (!read) throw new HttpError(400, { message: MALFORMED_TOKEN });
  const { claims } = read;
  if (!(await isGenuine(db, config.cardSigningKeys, read))) return invalid(claims.kind);
  const today = todayInOslo();
  const member = await memberByNumber(db, claims.memberNumber, today);
  if (!member || member.role_id !== 2 || member.status !== '1' || member.blocked_access) return invalid(claims.kind);
  const base = {
    kind: claims.kind,
    first_name: member.first_name,
    last_initial: lastInitial(member.last_name),
    member_number: claims.memberNumber,
    valid_until: claims.validUntil,
  };
  const period = claims.periodFrom ? { from: claims.periodFrom, to: claims.validUntil } : null;
  if (claims.validUntil < today) {
    if (claims.kind === 'membership') return { state: 'expired', ...base };
    if (claims.kind === 'travel') return { state: 'expired', ...base, period, product: null };
    return { state: 'expired', ...base, period, count: null, total_value: null };
  }
  if (claims.kind === 'membership') return member.has_membership ? { state: 'valid', ...base } : invalid(claims.kind);
  if (claims.kind === 'travel') {
    const cover = await travelCover(db, member.id, today);
    if (!cover || travelHash(claims.memberNumber, cover) !== claims.contentHash) return invalid(claims.kind);
    return { state: 'valid', ...base, period, product: cover.product };
  }
  const cover = await instrumentCover(db, member.id, today);
  if (!cover || instrumentHash(claims.memberNumber, cover) !== claims.contentHash) return invalid(claims.kind);
  return { state: 'valid', ...base, period, count: cover.instruments.length, total_value: cover.total_value };
}

/**
 * Proof in the pocket: the digital member card, the insurance certificates (forsikringsbevis)
 * and the public check of the QR tokens both carry (proof-tokens.ts).
 *
 * A token proves only what it says: the member number, until when, and for a certificate a
 * hash of what was certified. The check looks at today's records, so a blocked or ended member,
 * an erased account, or a cover that ended or changed is 'invalid' at once.
 */
import type { Queryable } from '../../db/database.ts';
import type { Config } from '../../config.ts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import { reserve } from '../../lib/rate-limit.ts';
import { todayInOslo } from '../shared/oslo-date.ts';
import { contentHash, isGenuine, readToken, signToken, type ProofClaims, type ProofKind } from './proof-tokens.ts';

export type ProofConfig = Pick<Config, 'cardSigningKeys' | 'publicUrl' | 'organisationName' | 'insurerName' | 'travelPolicyNumber' | 'instrumentPolicyNumber' | 'supportEmail' | 'supportPhone'>;
export type CertificateKind = 'travel' | 'instruments';
export type Lang = 'nb' | 'en';

export const NO_CARD = 'Medlemskortet er klart når medlemskapet ditt er godkjent og du har fått medlemsnummer.';
export const NO_TRAVEL_COVER = 'Medlemmet har ingen aktiv reiseforsikring, så det finnes ikke noe forsikringsbevis for reise.';
export const NO_INSTRUMENT_COVER = 'Medlemmet har ingen aktiv instrumentforsikring med forsikrede instrumenter, så det finnes ikke noe forsikringsbevis for instrumenter.';
export const MALFORMED_TOKEN = 'Koden er ikke en gyldig medlemskort- eller forsikringsbevis-kode.';

/** Checks per client address a minute: enough for a desk checking a queue, too few to guess tokens. */
const VERIFY_PER_MINUTE = 60;

const endOfYear = (today: string) => `${today.slice(0, 4)}-12-31`;

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

async function memberById(db: Queryable, memberId: number, today: string): Promise<MemberRow | null> {
  const [row] = await db.query<MemberRow>(`${MEMBER_SQL} a.id = $1`, [memberId, today]);
  return row ?? null;
}

async function memberByNumber(db: Queryable, memberNumber: number, today: string): Promise<MemberRow | null> {
  const [row] = await db.query<MemberRow>(`${MEMBER_SQL} a.remote_id = $1`, [memberNumber, today]);
  return row ?? null;
}

/** An accepted member in good standing: the card is theirs to show. */
const inGoodStanding = (member: MemberRow): boolean =>
  member.role_id === 2 && member.status === '1' && !member.blocked_access && member.remote_id !== null;

const verifyUrl = (config: ProofConfig, token: string) => `${config.publicUrl}/verify/${token}`;

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

// ---------------------------------------------------------------------------------------------
// What a certificate certifies

export type TravelProduct = 'Europa' | 'Verden';

export interface TravelCover {
  product: TravelProduct;
  from: string;
  to: string;
}

export interface InsuredInstrument {
  id: number;
  category_id: number;
  category: string;
  make: string;
  model: string;
  serial_number: string | null;
  value: number;
  insurance_start: string;
}

export interface InstrumentCover {
  from: string;
  to: string;
  instruments: InsuredInstrument[];
  total_value: number;
}

/** The member's travel cover in force (an active one, or the accepted cover behind a pending change), or null. */
export async function travelCover(db: Queryable, memberId: number, today: string): Promise<TravelCover | null> {
  const rows = await db.query<{ product_id: number; start: string | null; end: string | null; created: string }>(
    `SELECT CASE WHEN s.state = 'active' THEN s.product_id ELSE (s.accepted_cover->>'product_id')::int END AS product_id,
            CASE WHEN s.state = 'active' THEN s.subscription_start ELSE (s.accepted_cover->>'subscription_start')::date END AS start,
            CASE WHEN s.state = 'active' THEN s.subscription_end ELSE (s.accepted_cover->>'subscription_end')::date END AS "end",
            (s.created_at AT TIME ZONE 'Europe/Oslo')::date AS created
       FROM subscriptions s
      WHERE s.member_id = $1 AND s.kind = 'travel' AND s.deleted_at IS NULL
        AND (s.state = 'active' OR (s.state = 'pending' AND s.accepted_cover IS NOT NULL))
      ORDER BY s.id DESC`,
    [memberId],
  );
  for (const row of rows) {
    const to = row.end ?? endOfYear(today);
    if (to < today) continue;
    const product: TravelProduct | null = row.product_id === 2 ? 'Verden' : row.product_id === 1 ? 'Europa' : null;
    if (!product) continue;
    return { product, from: row.start ?? String(row.created), to };
  }
  return null;
}

/** The member's instrument insurance in force with its insured instruments, or null when there is none or nothing is insured. */
export async function instrumentCover(db: Queryable, memberId: number, today: string): Promise<InstrumentCover | null> {
  const [subscription] = await db.query<{ start: string | null; end: string | null; created: string }>(
    `SELECT subscription_start AS start, subscription_end AS "end", (created_at AT TIME ZONE 'Europe/Oslo')::date AS created
       FROM subscriptions
      WHERE member_id = $1 AND kind = 'instrument' AND state = 'active' AND deleted_at IS NULL
        AND (subscription_end IS NULL OR subscription_end >= $2::date)
      ORDER BY id DESC LIMIT 1`,
    [memberId, today],
  );
  if (!subscription) return null;
  const instruments = await db.query<InsuredInstrument>(
    `SELECT i.id, i.instrument_category AS category_id, c.title AS category, i.make, i.model, i.serial_number, i.value,
            i.insurance_start
       FROM instruments i JOIN instrument_categories c ON c.id = i.instrument_category
      WHERE i.member_id = $1 AND i.state = 'active' AND i.deleted_at IS NULL
        AND (i.insurance_end IS NULL OR i.insurance_end >= $2::date)
      ORDER BY i.insurance_start, i.id`,
    [memberId, today],
  );
  if (instruments.length === 0) return null;
  const from = subscription.start ?? instruments.map((item) => item.insurance_start).sort()[0] ?? String(subscription.created);
  return {
    from,
    to: subscription.end ?? endOfYear(today),
    instruments,
    total_value: instruments.reduce((sum, item) => sum + item.value, 0),
  };
}

function travelHash(memberNumber: number, cover: TravelCover): string {
  return contentHash(['travel', memberNumber, cover.product, cover.from, cover.to]);
}

function instrumentHash(memberNumber: number, cover: InstrumentCover): string {
  const items = [...cover.instruments]
    .sort((a, b) => a.id - b.id)
    .map((item) => [item.id, item.category_id, item.make, item.model, item.serial_number ?? '', item.value, item.insurance_start]);
  return contentHash(['instruments', memberNumber, cover.from, cover.to, items]);
}

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
    const claims: ProofClaims = { kind, memberNumber: member.remote_id, validUntil: cover.to, periodFrom: cover.from, contentHash: travelHash(member.remote_id, cover) };
    const token = await signToken(db, config.cardSigningKeys, claims);
    return { kind, member: details, cover, issued: today, verify_url: verifyUrl(config, token) };
  }
  const cover = await instrumentCover(db, memberId, today);
  if (!cover) throw new HttpError(404, { message: missing });
  const claims: ProofClaims = {
    kind, memberNumber: member.remote_id, validUntil: cover.to, periodFrom: cover.from, contentHash: instrumentHash(member.remote_id, cover),
  };
  const token = await signToken(db, config.cardSigningKeys, claims);
  return { kind, member: details, cover, issued: today, verify_url: verifyUrl(config, token) };
}

// ---------------------------------------------------------------------------------------------
// The public check

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

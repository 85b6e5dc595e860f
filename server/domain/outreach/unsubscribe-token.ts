/**
 * The token of an unsubscribe link: which member, which optional kind of message, and the send
 * whose message carried it, signed with the server's key for this purpose alone. It never expires
 * (a member may find an old newsletter years later) and is short enough for an SMS:
 * `{member}.{2|3}.{send}.{signature}`, the signature 22 base64url characters (132 bits of HMAC).
 */
import { timingSafeEqual } from 'node:crypto';
import type { Keys } from '../../lib/secret-key.ts';

export type OptionalKind = 'newsletter_2' | 'newsletter_3';

export interface UnsubscribeClaim {
  memberId: number;
  kind: OptionalKind;
  /** The send whose message carried the link; null for a link made outside a send. */
  outreachId: number | null;
}

const SIGNATURE_LENGTH = 22;
const PURPOSE = 'unsubscribe';
const KIND_DIGIT: Record<OptionalKind, string> = { newsletter_2: '2', newsletter_3: '3' };
const TOKEN = /^([1-9][0-9]{0,9})\.([23])\.(0|[1-9][0-9]{0,9})\.([A-Za-z0-9_-]{22})$/;

const claimText = ({ memberId, kind, outreachId }: UnsubscribeClaim) => `${memberId}.${KIND_DIGIT[kind]}.${outreachId ?? 0}`;

export function unsubscribeToken(keys: Keys, claim: UnsubscribeClaim): string {
  const text = claimText(claim);
  return `${text}.${keys.signerFor(PURPOSE).sign(text).slice(0, SIGNATURE_LENGTH)}`;
}

/** The claim a token makes, or null when it was not made by this server (or was changed). */
export function readUnsubscribeToken(keys: Keys, token: string): UnsubscribeClaim | null {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const claim: UnsubscribeClaim = {
    memberId: Number(match[1]),
    kind: match[2] === '2' ? 'newsletter_2' : 'newsletter_3',
    outreachId: match[3] === '0' ? null : Number(match[3]),
  };
  if (!Number.isSafeInteger(claim.memberId) || claim.memberId > 2_147_483_647 || (claim.outreachId ?? 0) > 2_147_483_647) return null;
  const expected = Buffer.from(keys.signerFor(PURPOSE).sign(claimText(claim)).slice(0, SIGNATURE_LENGTH));
  // Both are 22 characters (the pattern says so for the given one): compared in constant time.
  return timingSafeEqual(expected, Buffer.from(match[4])) ? claim : null;
}

/** The page the visible link opens (no sign-in). */
export const unsubscribePageUrl = (publicUrl: string, token: string): string => `${publicUrl}/unsubscribe/${token}`;

/** The address a mail client's one-click request (RFC 8058) is POSTed to. */
export const unsubscribeApiUrl = (publicUrl: string, token: string): string => `${publicUrl}/api/unsubscribe/${token}`;

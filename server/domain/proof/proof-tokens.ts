/**
 * The signed tokens in the member card's and the insurance certificates' QR codes.
 *
 * A token is a few bytes, signed with Ed25519 and written in base64url, so the verify URL stays
 * short and its QR small (DESIGN.md section 9):
 *
 *   byte 0      version (high 4 bits) and kind (low 4 bits: 0 card, 1 travel, 2 instruments)
 *   byte 1      key id (1–255): which key signed it, so keys can be rotated
 *   bytes 2–5   member number (remote_id), unsigned 32 bits
 *   bytes 6–7   valid until, days since 2000-01-01
 *   certificates only:
 *   bytes 8–9   period start, days since 2000-01-01
 *   bytes 10–15 the first 6 bytes of a SHA-256 of what was certified
 *   then        the 64-byte Ed25519 signature of everything before it
 *
 * Nothing else about the member is in it. Keys come from CARD_SIGNING_KEY when set, otherwise
 * from the database (card_signing_keys), where the first one is made on first use.
 */
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import type { Queryable } from '../../db/database.ts';
import type { CardSigningKey } from '../../config.ts';

export type ProofKind = 'membership' | 'travel' | 'instruments';

const VERSION = 1;
const KIND_CODES: Record<ProofKind, number> = { membership: 0, travel: 1, instruments: 2 };
const KINDS: ProofKind[] = ['membership', 'travel', 'instruments'];
const CARD_LENGTH = 8;
const CERTIFICATE_LENGTH = 16;
const SIGNATURE_LENGTH = 64;
const HASH_LENGTH = 6;
const EPOCH = Date.UTC(2000, 0, 1);
const DAY = 86_400_000;

export interface ProofClaims {
  kind: ProofKind;
  memberNumber: number;
  /** 'YYYY-MM-DD' */
  validUntil: string;
  /** Certificates only: the period's first day and the hash of what was certified. */
  periodFrom?: string;
  contentHash?: string;
}

export interface ReadToken {
  claims: ProofClaims;
  keyId: number;
  signed: Buffer;
  signature: Buffer;
}

const toDays = (date: string): number => Math.round((Date.parse(`${date}T00:00:00Z`) - EPOCH) / DAY);
const fromDays = (days: number): string => new Date(EPOCH + days * DAY).toISOString().slice(0, 10);

/** The 6-byte hash (as hex) of what a certificate certifies, in a fixed order. */
export function contentHash(content: unknown): string {
  return createHash('sha256').update(JSON.stringify(content)).digest().subarray(0, HASH_LENGTH).toString('hex');
}

function payload(claims: ProofClaims, keyId: number): Buffer {
  const certificate = claims.kind !== 'membership';
  const bytes = Buffer.alloc(certificate ? CERTIFICATE_LENGTH : CARD_LENGTH);
  bytes.writeUInt8((VERSION << 4) | KIND_CODES[claims.kind], 0);
  bytes.writeUInt8(keyId, 1);
  bytes.writeUInt32BE(claims.memberNumber, 2);
  bytes.writeUInt16BE(Math.max(0, Math.min(0xffff, toDays(claims.validUntil))), 6);
  if (certificate) {
    bytes.writeUInt16BE(Math.max(0, Math.min(0xffff, toDays(claims.periodFrom ?? claims.validUntil))), 8);
    Buffer.from(claims.contentHash ?? '', 'hex').copy(bytes, 10, 0, HASH_LENGTH);
  }
  return bytes;
}

/**
 * The token's parts when it is well formed (right alphabet, version, kind and length), else null.
 * Says nothing yet about whether it is genuine.
 */
export function readToken(token: string): ReadToken | null {
  if (!/^[A-Za-z0-9_-]{90,120}$/.test(token)) return null;
  const bytes = Buffer.from(token, 'base64url');
  if (bytes.toString('base64url') !== token || bytes.length < CARD_LENGTH + SIGNATURE_LENGTH) return null;
  const version = bytes[0] >> 4;
  const kind = KINDS[bytes[0] & 0x0f];
  if (version !== VERSION || kind === undefined) return null;
  const length = kind === 'membership' ? CARD_LENGTH : CERTIFICATE_LENGTH;
  if (bytes.length !== length + SIGNATURE_LENGTH) return null;
  const keyId = bytes[1];
  const claims: ProofClaims = { kind, memberNumber: bytes.readUInt32BE(2), validUntil: fromDays(bytes.readUInt16BE(6)) };
  if (kind !== 'membership') {
    claims.periodFrom = fromDays(bytes.readUInt16BE(8));
    claims.contentHash = bytes.subarray(10, 16).toString('hex');
  }
  return { claims, keyId, signed: bytes.subarray(0, length), signature: bytes.subarray(length) };
}

interface KeyRow {
  id: number;
  private_key: string;
}

const privateKeyOf = (der: string): KeyObject => createPrivateKey({ key: Buffer.from(der, 'base64'), format: 'der', type: 'pkcs8' });

function newPrivateKey(): string {
  const { privateKey } = generateKeyPairSync('ed25519');
  return privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
}

/** The key that signs now: CARD_SIGNING_KEY's first, else the newest unretired one in the database (made when there is none). */
async function signingKey(db: Queryable, configured: CardSigningKey[]): Promise<{ id: number; key: KeyObject }> {
  if (configured.length > 0) return { id: configured[0].id, key: privateKeyOf(configured[0].privateKey) };
  const [current] = await db.query<KeyRow>('SELECT id, private_key FROM card_signing_keys WHERE retired_at IS NULL ORDER BY id DESC LIMIT 1');
  if (current) return { id: current.id, key: privateKeyOf(current.private_key) };
  // Two servers starting together make the same first key id; the loser reads the winner's key.
  await db.query('INSERT INTO card_signing_keys (id, private_key) VALUES (1, $1) ON CONFLICT (id) DO NOTHING', [newPrivateKey()]);
  return signingKey(db, configured);
}

/**
 * Puts a new database key in charge of signing; the older keys keep verifying what they signed.
 * Answers the new key's id.
 */
export async function rotateSigningKey(db: Queryable): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `WITH retired AS (UPDATE card_signing_keys SET retired_at = now() WHERE retired_at IS NULL RETURNING id)
     INSERT INTO card_signing_keys (id, private_key)
     SELECT coalesce(max(id), 0) + 1, $1 FROM card_signing_keys
     RETURNING id`,
    [newPrivateKey()],
  );
  return row.id;
}

/** The public key with this id, from CARD_SIGNING_KEY or the database, or null for an unknown id. */
async function verifyingKey(db: Queryable, configured: CardSigningKey[], keyId: number): Promise<KeyObject | null> {
  const fromConfig = configured.find((key) => key.id === keyId);
  if (fromConfig) return createPublicKey(privateKeyOf(fromConfig.privateKey));
  const [row] = await db.query<KeyRow>('SELECT id, private_key FROM card_signing_keys WHERE id = $1', [keyId]);
  return row ? createPublicKey(privateKeyOf(row.private_key)) : null;
}

/** A signed token for these claims. */
export async function signToken(db: Queryable, configured: CardSigningKey[], claims: ProofClaims): Promise<string> {
  const { id, key } = await signingKey(db, configured);
  const signed = payload(claims, id);
  return Buffer.concat([signed, sign(null, signed, key)]).toString('base64url');
}

/** Whether a well-formed token was signed by one of our keys. */
export async function isGenuine(db: Queryable, configured: CardSigningKey[], token: ReadToken): Promise<boolean> {
  const key = await verifyingKey(db, configured, token.keyId);
  return key !== null && verify(null, token.signed, key, token.signature);
}

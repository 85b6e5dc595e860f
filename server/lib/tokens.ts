/**
 * Personal access tokens as Laravel Sanctum makes them: the client holds "{id}|{secret}",
 * the database keeps only sha256(secret).
 */
import { staffRightsSql } from './staff-rights-sql.ts';
import { hash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import type { SessionCache } from './session-cache.ts';

const HOUR = 60 * 60 * 1000;
export const TOKEN_LIFETIME_MS = 12 * HOUR;
export const REMEMBER_LIFETIME_MS = 30 * 24 * HOUR;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random string of letters and digits, without modulo bias. */
export function randomSecret(length = 40): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length)) {
      if (byte < 248 && out.length < length) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

export const sha256 = (text: string): string => hash('sha256', text);

/** Whether two hex digests are equal, compared in constant time. */
export function sameHash(a: string, b: string): boolean {
  return sameBytes(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));
}

const sameBytes = (left: Buffer, right: Buffer): boolean => left.length === right.length && timingSafeEqual(left, right);

export async function createAccessToken(
  db: Queryable,
  accountId: number,
  options: { remember: boolean; name?: string; now?: Date; ip?: string; userAgent?: string },
): Promise<{ token: string; expiresAt: Date }> {
  const secret = randomSecret();
  const now = options.now ?? new Date();
  const expiresAt = new Date(now.getTime() + (options.remember ? REMEMBER_LIFETIME_MS : TOKEN_LIFETIME_MS));
  const name = options.name ?? 'login';
  // A staff user's sign-in is also written down as their last (staff_sign_ins, migration 037): the
  // token itself goes when they sign out.
  const [row] = await db.query<{ id: number }>(
    `WITH token AS (
       INSERT INTO access_tokens (account_id, name, token_hash, expires_at, ip, user_agent) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id, created_at
     ), signed_in AS (
       INSERT INTO staff_sign_ins (account_id, at)
       SELECT a.id, token.created_at FROM accounts a, token WHERE a.id = $1 AND a.role_id >= 3 AND $2 = 'login'
       ON CONFLICT (account_id) DO UPDATE SET at = EXCLUDED.at
     )
     SELECT id FROM token`,
    [accountId, name, sha256(secret), expiresAt, options.ip ?? null, options.userAgent?.slice(0, 500) ?? null],
  );
  return { token: `${row.id}|${secret}`, expiresAt };
}

export interface TokenOwner {
  token_id: number;
  id: number;
  role_id: number;
  email: string;
  first_name: string;
  last_name: string;
  blocked_access: boolean;
  registration_completed: number;
  /** Two-factor sign-in is on for the account. */
  two_factor: boolean;
  /** A staff user's rights (their role's, with their own exceptions); empty for members. */
  rights: string[];
}

/** A token's use is written down at most once a minute, so reads do not turn into writes. */
const USE_RECORDED_EVERY_MS = 60_000;

/**
 * The account behind a bearer token, or null when it is malformed, unknown, revoked or expired.
 * With a session cache (PostgreSQL), a token used within the last half minute is answered from
 * memory unless its account changed since.
 */
export async function findTokenOwner(db: Queryable, bearer: string, cache: SessionCache<TokenOwner> | null = null): Promise<TokenOwner | null> {
  const match = /^(\d{1,15})\|([A-Za-z0-9]{40})$/.exec(bearer);
  if (!match) return null;
  const tokenId = Number(match[1]);
  const kept = cache?.get(tokenId);
  if (kept) {
    // The kept digest is already bytes: one hash of the secret and one comparison per request.
    if (!sameBytes(kept.tokenHash, hash('sha256', match[2], 'buffer'))) return null;
    await recordUse(db, cache, tokenId, kept.lastUsedAt);
    return kept.owner;
  }
  const generation = cache?.generation ?? 0;
  const [row] = await db.query<TokenOwner & { token_hash: string; last_used_at: Date | null; expires_at: Date }>(
    `SELECT t.id AS token_id, t.token_hash, t.last_used_at, t.expires_at, a.id, a.role_id, a.email, a.first_name, a.last_name,
            a.blocked_access, a.registration_completed, (f.enabled_at IS NOT NULL) AS two_factor,
            CASE WHEN a.role_id >= 3 THEN ${staffRightsSql('a')} ELSE '{}'::text[] END AS rights
       FROM access_tokens t JOIN accounts a ON a.id = t.account_id
       LEFT JOIN two_factor f ON f.account_id = a.id
      WHERE t.id = $1 AND t.expires_at > now() AND a.deactivated_at IS NULL`,
    [tokenId],
    { prepare: true },
  );
  if (!row || !sameHash(row.token_hash, sha256(match[2]))) return null;
  const { token_hash: tokenHash, last_used_at: lastUsed, expires_at: expiresAt, ...owner } = row;
  const lastUsedAt = await recordUse(db, null, tokenId, lastUsed?.getTime() ?? null);
  // A blocked account is never kept: each of its requests asks the database, so letting it go holds
  // on every server at once, whatever became of the announcement.
  if (!owner.blocked_access) cache?.keep(tokenId, generation, { owner, tokenHash: Buffer.from(tokenHash, 'hex'), expiresAt: expiresAt.getTime(), lastUsedAt });
  return owner;
}

/** Writes down the token's use when the last one written is over a minute old; answers when it was last written. */
async function recordUse(db: Queryable, cache: SessionCache<TokenOwner> | null, tokenId: number, lastUsedAt: number | null): Promise<number | null> {
  const now = Date.now();
  if (lastUsedAt !== null && now - lastUsedAt <= USE_RECORDED_EVERY_MS) return lastUsedAt;
  await db.query('UPDATE access_tokens SET last_used_at = now() WHERE id = $1', [tokenId]);
  cache?.used(tokenId, now);
  return now;
}

export async function revokeToken(db: Queryable, tokenId: number): Promise<void> {
  await db.query('DELETE FROM access_tokens WHERE id = $1', [tokenId]);
}

export async function revokeAllTokens(db: Queryable, accountId: number): Promise<void> {
  await db.query('DELETE FROM access_tokens WHERE account_id = $1', [accountId]);
}

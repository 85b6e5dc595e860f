/**
 * Two-factor sign-in with time-based codes (TOTP, RFC 6238, through otplib), single-use
 * recovery codes and the short-lived challenge between a right password and its code.
 * The secret is stored encrypted with the server's key; a code's time step is recorded when
 * it is accepted, so no code is taken twice (the one that turned it on included).
 */
import { randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import type { Database, Queryable } from '../../db/database.ts';
import type { Keys } from '../../lib/secret-key.ts';
import { randomSecret, revokeAllTokens, sha256 } from '../../lib/tokens.ts';

export const ISSUER = 'Musikerportalen';
export const CHALLENGE_MINUTES = 5;
export const RECOVERY_CODE_COUNT = 10;
/** One step either side of now, for a phone whose clock is a little off. */
const TOLERANCE_SECONDS = 30;

interface TwoFactorRow {
  secret: string;
  enabled_at: Date | null;
  last_step: string | number | null;
}

async function rowOf(db: Queryable, accountId: number): Promise<TwoFactorRow | null> {
  const [row] = await db.query<TwoFactorRow>('SELECT secret, enabled_at, last_step FROM two_factor WHERE account_id = $1', [accountId]);
  return row ?? null;
}

export async function twoFactorEnabled(db: Queryable, accountId: number): Promise<boolean> {
  const row = await rowOf(db, accountId);
  return Boolean(row?.enabled_at);
}

export type SetupResult = { secret: string; otpauth_url: string } | 'already-enabled';

/** A new secret waiting for its first code; an earlier unconfirmed one is replaced. */
export async function startSetup(db: Queryable, keys: Keys, account: { id: number; email: string }): Promise<SetupResult> {
  if (await twoFactorEnabled(db, account.id)) return 'already-enabled';
  const secret = generateSecret({ length: 20 });
  await db.query(
    `INSERT INTO two_factor (account_id, secret) VALUES ($1, $2)
     ON CONFLICT (account_id) DO UPDATE SET secret = EXCLUDED.secret, last_step = NULL, created_at = now()
       WHERE two_factor.enabled_at IS NULL`,
    [account.id, keys.encrypt(secret)],
  );
  return { secret, otpauth_url: generateURI({ issuer: ISSUER, label: account.email, secret }) };
}

const normalisedCode = (code: string) => code.replace(/\s+/g, '');

/**
 * Whether the code is right for the account's secret (enabled, or pending when `pending`), and
 * was not used before: its time step is recorded in the same statement that checks it.
 */
async function takeCode(db: Queryable, keys: Keys, accountId: number, code: string, pending: boolean): Promise<boolean> {
  const row = await rowOf(db, accountId);
  if (!row || Boolean(row.enabled_at) === pending) return false;
  const secret = keys.decrypt(row.secret);
  const token = normalisedCode(code);
  if (secret === null || !/^\d{6}$/.test(token)) return false;
  const lastStep = row.last_step === null ? undefined : Number(row.last_step);
  const result = await verify({ secret, token, epochTolerance: TOLERANCE_SECONDS, afterTimeStep: lastStep });
  if (!result.valid || !('timeStep' in result)) return false;
  const taken = await db.query(
    `UPDATE two_factor SET last_step = $2 WHERE account_id = $1 AND (last_step IS NULL OR last_step < $2) RETURNING 1`,
    [accountId, result.timeStep],
  );
  return taken.length > 0;
}

export const checkCode = (db: Queryable, keys: Keys, accountId: number, code: string) => takeCode(db, keys, accountId, code, false);

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function recoveryCode(): string {
  const chars = [...randomBytes(40)].filter((byte) => byte < 248).map((byte) => RECOVERY_ALPHABET[byte % 31]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5, 10).join('')}`;
}

const recoveryHash = (code: string) => sha256(code.toLowerCase().replace(/[^a-z0-9]/g, ''));

/** Turns two-factor sign-in on when the code fits the pending secret; answers the recovery codes, shown once. */
export async function enable(db: Database, keys: Keys, accountId: number, code: string): Promise<string[] | null> {
  if (!(await takeCode(db, keys, accountId, code, true))) return null;
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);
  await db.transaction(async (tx) => {
    await tx.query('UPDATE two_factor SET enabled_at = now() WHERE account_id = $1', [accountId]);
    await tx.query('DELETE FROM two_factor_recovery_codes WHERE account_id = $1', [accountId]);
    for (const one of codes) {
      await tx.query('INSERT INTO two_factor_recovery_codes (account_id, code_hash) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
        accountId,
        recoveryHash(one),
      ]);
    }
  });
  return codes;
}

/** Takes an unused recovery code of the account; false when it is unknown or used. */
export async function useRecoveryCode(db: Queryable, accountId: number, code: string): Promise<boolean> {
  const used = await db.query(
    `UPDATE two_factor_recovery_codes SET used_at = now()
      WHERE account_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING 1`,
    [accountId, recoveryHash(code)],
  );
  return used.length > 0;
}

async function removeTwoFactor(db: Queryable, accountId: number): Promise<void> {
  await db.query('DELETE FROM two_factor_recovery_codes WHERE account_id = $1', [accountId]);
  await db.query('DELETE FROM two_factor WHERE account_id = $1', [accountId]);
}

/** Turns it off with a current code; false when the code is wrong or it was not on. */
export async function disable(db: Database, keys: Keys, accountId: number, code: string): Promise<boolean> {
  if (!(await checkCode(db, keys, accountId, code))) return false;
  await db.transaction((tx) => removeTwoFactor(tx, accountId));
  return true;
}

/**
 * An administrator turns another staff user's two-factor sign-in off (a lost phone): their
 * sign-ins end, so the next one enrols again, and the change history records who did it.
 * False when there is no such staff user.
 */
export async function resetTwoFactor(db: Database, adminId: number, staffId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [staff] = await tx.query('SELECT 1 FROM accounts WHERE id = $1 AND role_id >= 3 FOR UPDATE', [staffId]);
    if (!staff) return false;
    const [row] = await tx.query<{ enabled: boolean }>('SELECT enabled_at IS NOT NULL AS enabled FROM two_factor WHERE account_id = $1', [staffId]);
    await removeTwoFactor(tx, staffId);
    await revokeAllTokens(tx, staffId);
    await tx.query('INSERT INTO member_changes (member_id, changed_by, changes) VALUES ($1, $2, $3)', [
      staffId,
      adminId,
      JSON.stringify({ two_factor: [row?.enabled ?? false, false] }),
    ]);
    return true;
  });
}

export interface Challenge {
  id: number;
  account_id: number;
  remember: boolean;
}

/** The opaque challenge a right password gets when a code must follow; the database keeps its hash. */
export async function createChallenge(db: Queryable, accountId: number, remember: boolean): Promise<string> {
  const token = randomSecret(48);
  await db.query(
    `INSERT INTO sign_in_challenges (token_hash, account_id, remember, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(mins => $4))`,
    [sha256(token), accountId, remember, CHALLENGE_MINUTES],
  );
  return token;
}

export async function findChallenge(db: Queryable, token: string): Promise<Challenge | null> {
  if (!/^[A-Za-z0-9]{48}$/.test(token)) return null;
  const [row] = await db.query<Challenge>(
    'SELECT id, account_id, remember FROM sign_in_challenges WHERE token_hash = $1 AND expires_at > now()',
    [sha256(token)],
  );
  return row ? { ...row, id: Number(row.id) } : null;
}

/** Uses the challenge up; false when a parallel request did first. */
export async function consumeChallenge(db: Queryable, id: number): Promise<boolean> {
  return (await db.query('DELETE FROM sign_in_challenges WHERE id = $1 RETURNING 1', [id])).length > 0;
}

export interface StaffTwoFactor {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  two_factor: boolean;
}

/** Every staff user and whether two-factor sign-in is on, for the administrator's reset. */
export async function staffTwoFactor(db: Queryable): Promise<StaffTwoFactor[]> {
  return db.query<StaffTwoFactor>(
    `SELECT a.id, a.first_name, a.last_name, a.email, (f.enabled_at IS NOT NULL) AS two_factor
       FROM accounts a LEFT JOIN two_factor f ON f.account_id = a.id
      WHERE a.role_id >= 3 ORDER BY a.last_name, a.first_name, a.id`,
  );
}

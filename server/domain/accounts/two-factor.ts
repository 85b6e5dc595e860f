/**
 * Two-factor sign-in with time-based codes (TOTP, RFC 6238, through otplib), single-use
 * recovery codes and the short-lived challenge between a right password and its code.
 * The secret is stored encrypted with the server's key; a code's time step is recorded when
 * it is accepted, so no code is taken twice (the one that turned it on included).
 * A challenge may instead ask for a code mailed to the account (a right password from a new
 * browser while the account is slowed), and staff who must use two-factor sign-in enrol through
 * a link mailed to them. The user gets a mail whenever two-factor sign-in is turned on or off or
 * a recovery code is used.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import type { Database, Queryable } from '../../db/database.ts';
import type { Keys } from '../../lib/secret-key.ts';
import { randomSecret, revokeAllTokens, sameHash, sha256 } from '../../lib/tokens.ts';
import type { Outbox } from '../messages/outbox.ts';
import { sendTemplate } from '../messages/messages.ts';
import { findAccountById } from './accounts.ts';

export const ISSUER = 'Musikerportalen';
export const CHALLENGE_MINUTES = 5;
/** An e-mailed code has time for the mail to arrive. */
export const EMAIL_CHALLENGE_MINUTES = 10;
/** Codes tried against one challenge before it ends and the password must be given again. */
export const CODES_PER_CHALLENGE = 5;
export const ENROLMENT_LINK_MINUTES = 30;
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
  const taken = await db.query(`UPDATE two_factor SET last_step = $2 WHERE account_id = $1 AND (last_step IS NULL OR last_step < $2) RETURNING 1`, [
    accountId,
    result.timeStep,
  ]);
  return taken.length > 0;
}

export const checkCode = (db: Queryable, keys: Keys, accountId: number, code: string) => takeCode(db, keys, accountId, code, false);

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function recoveryCode(): string {
  const chars = [...randomBytes(40)].filter((byte) => byte < 248).map((byte) => RECOVERY_ALPHABET[byte % 31]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5, 10).join('')}`;
}

const recoveryHash = (code: string) => sha256(code.toLowerCase().replace(/[^a-z0-9]/g, ''));

type Recipient = { id: number; email: string; first_name: string; last_name: string };

/**
 * Turns two-factor sign-in on when the code fits the pending secret; answers the recovery codes,
 * shown once. Every other sign-in of the account ends (one made with the password alone before
 * enrolling must not outlive it; deleting the tokens is what the session caches hear), and the
 * user gets a mail.
 */
export async function enable(db: Database, keys: Keys, outbox: Outbox, account: Recipient & { token_id: number }, code: string): Promise<string[] | null> {
  const accountId = account.id;
  if (!(await takeCode(db, keys, accountId, code, true))) return null;
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);
  await db.transaction(async (tx) => {
    await tx.query('UPDATE two_factor SET enabled_at = now() WHERE account_id = $1', [accountId]);
    await tx.query('DELETE FROM access_tokens WHERE account_id = $1 AND id <> $2', [accountId, account.token_id]);
    await sendTemplate(tx, outbox, 'two-factor-enabled', account);
    await tx.query('DELETE FROM two_factor_recovery_codes WHERE account_id = $1', [accountId]);
    for (const one of codes) {
      await tx.query('INSERT INTO two_factor_recovery_codes (account_id, code_hash) VALUES ($1, $2) ON CONFLICT DO NOTHING', [accountId, recoveryHash(one)]);
    }
  });
  return codes;
}

/** Takes an unused recovery code of the account; false when it is unknown or used. The user gets a mail saying how many are left. */
export async function useRecoveryCode(db: Database, outbox: Outbox, accountId: number, code: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const used = await tx.query(
      `UPDATE two_factor_recovery_codes SET used_at = now()
        WHERE account_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING 1`,
      [accountId, recoveryHash(code)],
    );
    if (used.length === 0) return false;
    const account = await findAccountById(tx, accountId);
    const [{ remaining }] = await tx.query<{ remaining: number }>(
      'SELECT count(*)::int AS remaining FROM two_factor_recovery_codes WHERE account_id = $1 AND used_at IS NULL',
      [accountId],
    );
    if (account) await sendTemplate(tx, outbox, 'recovery-code-used', account, { values: { remaining: String(remaining) } });
    return true;
  });
}

async function removeTwoFactor(db: Queryable, accountId: number): Promise<void> {
  await db.query('DELETE FROM two_factor_recovery_codes WHERE account_id = $1', [accountId]);
  await db.query('DELETE FROM two_factor WHERE account_id = $1', [accountId]);
}

/** Turns it off with a current code; false when the code is wrong or it was not on. The user gets a mail. */
export async function disable(db: Database, keys: Keys, outbox: Outbox, account: Recipient, code: string): Promise<boolean> {
  if (!(await checkCode(db, keys, account.id, code))) return false;
  await db.transaction(async (tx) => {
    await removeTwoFactor(tx, account.id);
    await sendTemplate(tx, outbox, 'two-factor-disabled', account);
  });
  return true;
}

/**
 * An administrator turns another staff user's two-factor sign-in off (a lost phone): their
 * sign-ins end, so the next one enrols again, and the change history records who did it.
 * False when there is no such staff user.
 */
export async function resetTwoFactor(db: Database, outbox: Outbox, adminId: number, staffId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [staff] = await tx.query<Recipient>('SELECT id, email, first_name, last_name FROM accounts WHERE id = $1 AND role_id >= 3 FOR UPDATE', [staffId]);
    if (!staff) return false;
    const [row] = await tx.query<{ enabled: boolean }>('SELECT enabled_at IS NOT NULL AS enabled FROM two_factor WHERE account_id = $1', [staffId]);
    await removeTwoFactor(tx, staffId);
    await revokeAllTokens(tx, staffId);
    await tx.query('INSERT INTO member_changes (member_id, changed_by, changes) VALUES ($1, $2, $3)', [
      staffId,
      adminId,
      JSON.stringify({ two_factor: [row?.enabled ?? false, false] }),
    ]);
    if (row?.enabled) await sendTemplate(tx, outbox, 'two-factor-disabled', staff);
    return true;
  });
}

export interface Challenge {
  id: number;
  account_id: number;
  remember: boolean;
  /** 'totp': the authenticator app or a recovery code; 'email': the code mailed to the account. */
  kind: 'totp' | 'email';
  code_hash: string | null;
  /** The device cookie's nonce the password came with, if any. */
  device: string | null;
}

export interface ChallengeOptions {
  kind?: 'totp' | 'email';
  device?: string | null;
  /** For an e-mailed code: its sha256. */
  codeHash?: string | null;
}

/** The opaque challenge a right password gets when a code must follow; the database keeps its hash. */
export async function createChallenge(db: Queryable, accountId: number, remember: boolean, options: ChallengeOptions = {}): Promise<string> {
  const token = randomSecret(48);
  const kind = options.kind ?? 'totp';
  await db.query(
    `INSERT INTO sign_in_challenges (token_hash, account_id, remember, expires_at, kind, device, code_hash)
     VALUES ($1, $2, $3, now() + make_interval(mins => $4), $5, $6, $7)`,
    [
      sha256(token),
      accountId,
      remember,
      kind === 'email' ? EMAIL_CHALLENGE_MINUTES : CHALLENGE_MINUTES,
      kind,
      options.device ?? null,
      options.codeHash ?? null,
    ],
  );
  return token;
}

/**
 * An e-mailed-code challenge. With `send`, a six-digit code is made and mailed to the account;
 * without (a wrong password while the account is slowed), the challenge looks the same but no
 * code can ever fit it, so its answer tells nothing about the password.
 */
export async function createEmailChallenge(
  db: Database,
  outbox: Outbox,
  account: Recipient,
  remember: boolean,
  device: string | null,
  send: boolean,
): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  return db.transaction(async (tx) => {
    const token = await createChallenge(tx, account.id, remember, {
      kind: 'email',
      device,
      // Unsent: the hash of a random secret no one has, never of a code.
      codeHash: sha256(send ? code : randomSecret(40)),
    });
    if (send) await sendTemplate(tx, outbox, 'sign-in-code', account, { code });
    return token;
  });
}

/** Whether `code` is the one mailed for this challenge. */
export function emailCodeFits(challenge: Challenge, code: string): boolean {
  const token = normalisedCode(code);
  return challenge.code_hash !== null && /^\d{6}$/.test(token) && sameHash(challenge.code_hash, sha256(token));
}

export async function findChallenge(db: Queryable, token: string): Promise<Challenge | null> {
  if (!/^[A-Za-z0-9]{48}$/.test(token)) return null;
  const [row] = await db.query<Challenge>(
    'SELECT id, account_id, remember, kind, code_hash, device FROM sign_in_challenges WHERE token_hash = $1 AND expires_at > now()',
    [sha256(token)],
  );
  return row ? { ...row, id: Number(row.id) } : null;
}

/**
 * Counts one code tried against the challenge, in the statement that checks the count; when the
 * challenge has had its CODES_PER_CHALLENGE, it ends (false) and the password must be given again.
 */
export async function takeChallengeAttempt(db: Queryable, id: number): Promise<boolean> {
  const taken = await db.query('UPDATE sign_in_challenges SET attempts = attempts + 1 WHERE id = $1 AND attempts < $2 RETURNING 1', [id, CODES_PER_CHALLENGE]);
  if (taken.length > 0) return true;
  await db.query('DELETE FROM sign_in_challenges WHERE id = $1', [id]);
  return false;
}

/** Uses the challenge up; false when a parallel request did first. */
export async function consumeChallenge(db: Queryable, id: number): Promise<boolean> {
  return (await db.query('DELETE FROM sign_in_challenges WHERE id = $1 RETURNING 1', [id])).length > 0;
}

/**
 * Mails a staff user who must use two-factor sign-in, and gave a right password, a single-use
 * link to set it up (valid ENROLMENT_LINK_MINUTES, kept as its hash). None when one went out
 * less than a minute ago.
 */
export async function mailEnrolmentLink(db: Database, outbox: Outbox, account: Recipient, publicUrl: string): Promise<void> {
  const token = randomSecret(64);
  await db.transaction(async (tx) => {
    const [recent] = await tx.query("SELECT 1 FROM two_factor_enrolment_links WHERE account_id = $1 AND created_at > now() - interval '1 minute'", [
      account.id,
    ]);
    if (recent) return;
    await tx.query(
      `INSERT INTO two_factor_enrolment_links (token_hash, account_id, expires_at)
       VALUES ($1, $2, now() + make_interval(mins => $3))`,
      [sha256(token), account.id, ENROLMENT_LINK_MINUTES],
    );
    await sendTemplate(tx, outbox, 'two-factor-enrolment', account, { link: `${publicUrl}/?enrol=${token}` });
  });
}

/** Uses an enrolment link up: the account it was made for, or null when it is unknown, used or expired. */
export async function useEnrolmentLink(db: Queryable, token: string): Promise<number | null> {
  if (!/^[A-Za-z0-9]{64}$/.test(token)) return null;
  const [row] = await db.query<{ account_id: number; fresh: boolean }>(
    'DELETE FROM two_factor_enrolment_links WHERE token_hash = $1 RETURNING account_id, expires_at > now() AS fresh',
    [sha256(token)],
  );
  return row?.fresh ? row.account_id : null;
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

/** Sign-in, password rules and password resets. */
import type { Queryable } from '../../db/database.ts';
import type { Outbox } from '../messages/outbox.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { randomSecret, revokeAllTokens, sameHash, sha256 } from '../../lib/tokens.ts';
import { sendTemplate } from '../messages/messages.ts';

/** The password rules are the forms' own (schemas/rules.ts); scripts and routes take them from here. */
export { passwordErrors } from '../../schemas/rules.ts';

export interface AccountRow {
  id: number;
  role_id: number;
  email: string;
  password_hash: string | null;
  first_name: string;
  last_name: string;
  registration_completed: number;
  blocked_access: boolean;
}

/** The account that signs in with the e-mail; a deactivated staff user's is as good as unknown. */
export async function findAccountByEmail(db: Queryable, email: string): Promise<AccountRow | null> {
  const [row] = await db.query<AccountRow>(
    `SELECT id, role_id, email, password_hash, first_name, last_name, registration_completed, blocked_access
       FROM accounts WHERE lower(email) = lower($1) AND deactivated_at IS NULL`,
    [email.trim()],
  );
  return row ?? null;
}

export const RESET_LIFETIME_MINUTES = 60;

/**
 * Makes a reset token and mails the link, unless the account is unknown or a link went out
 * less than a minute ago. The caller answers the same either way.
 */
export async function requestPasswordReset(db: Queryable, outbox: Outbox, email: string, publicUrl: string): Promise<void> {
  const account = await findAccountByEmail(db, email);
  if (!account) return;
  const link = await issueResetLink(db, account.email, publicUrl);
  if (!link) return;
  await sendTemplate(db, outbox, 'password-reset', account, { link });
}

/** How long the link in a staff user's invitation lives: they may not read their mail within the hour. */
export const INVITATION_LIFETIME_MINUTES = 7 * 24 * 60;

export interface ResetLinkOptions {
  /** Minutes the link lives; RESET_LIFETIME_MINUTES unless said. */
  lifetimeMinutes?: number;
  /** Made even when another link went out less than a minute ago (an invitation an administrator sends). */
  evenIfRecent?: boolean;
}

/**
 * A new link to choose a password for the account with this e-mail (valid RESET_LIFETIME_MINUTES
 * unless told otherwise), or null when one was made less than a minute ago. A new link replaces
 * the one before.
 */
export async function issueResetLink(
  db: Queryable,
  accountEmail: string,
  publicUrl: string,
  { lifetimeMinutes = RESET_LIFETIME_MINUTES, evenIfRecent = false }: ResetLinkOptions = {},
): Promise<string | null> {
  const token = randomSecret(64);
  const [stored] = await db.query<{ email: string }>(
    `INSERT INTO password_resets (email, token_hash, lifetime_minutes) VALUES ($1, $2, $3)
     ON CONFLICT (email) DO UPDATE SET token_hash = EXCLUDED.token_hash, created_at = now(), lifetime_minutes = EXCLUDED.lifetime_minutes
       WHERE $4 OR password_resets.created_at < now() - interval '1 minute'
     RETURNING email`,
    [accountEmail.toLowerCase(), sha256(token), lifetimeMinutes, evenIfRecent],
  );
  if (!stored) return null;
  return `${publicUrl}/password/change?token=${token}&email=${encodeURIComponent(accountEmail)}`;
}

/** Sets the new password when the token is right and fresh; the token is used up. */
export async function changePasswordWithToken(db: Queryable, email: string, token: string, password: string): Promise<boolean> {
  const key = email.trim().toLowerCase();
  const [reset] = await db.query<{ token_hash: string }>(
    `SELECT token_hash FROM password_resets
      WHERE email = $1 AND created_at > now() - make_interval(mins => lifetime_minutes)`,
    [key],
  );
  if (!reset || !sameHash(reset.token_hash, sha256(token))) return false;
  const account = await findAccountByEmail(db, key);
  if (!account) return false;
  const deleted = await db.query('DELETE FROM password_resets WHERE email = $1 AND token_hash = $2 RETURNING email', [key, reset.token_hash]);
  // Another request used the token first.
  if (deleted.length === 0) return false;
  await db.query('UPDATE accounts SET password_hash = $2, updated_at = now() WHERE id = $1', [account.id, await hashPassword(password)]);
  await revokeAllTokens(db, account.id);
  return true;
}

export async function findAccountById(db: Queryable, id: number): Promise<AccountRow | null> {
  const [row] = await db.query<AccountRow>(
    `SELECT id, role_id, email, password_hash, first_name, last_name, registration_completed, blocked_access
       FROM accounts WHERE id = $1`,
    [id],
  );
  return row ?? null;
}

/** One e-mail address per account, compared without case, as the unique index accounts_email_key holds it. */
import type { Queryable } from '../../db/database.ts';
import { ACCOUNT_MESSAGES } from './account-texts.ts';

export const EMAIL_TAKEN = ACCOUNT_MESSAGES.emailInUse;

/** Whether an account other than `exceptId` already has this address. */
export async function isEmailTaken(db: Queryable, email: string, exceptId: number | null = null): Promise<boolean> {
  const [taken] = await db.query('SELECT 1 FROM accounts WHERE lower(email) = lower($1) AND id IS DISTINCT FROM $2', [email.trim(), exceptId]);
  return taken !== undefined;
}

/** Two writes of one address at the same moment: the unique index refuses the second. */
export function isEmailConflict(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string; message?: string } | null;
  return e?.code === '23505' && (e.constraint === 'accounts_email_key' || /accounts_email_key/.test(e.message ?? ''));
}

/**
 * A member changing their own e-mail learns from a 422 whether another account has the new
 * address; counting each change to a different address (taken or not) per member and per
 * client address keeps that from becoming a lookup service.
 */
import type { Queryable } from '../../db/database.ts';
import { reserve } from '../../lib/rate-limit.ts';

const WINDOW_SECONDS = 60 * 60;
const CHANGES_PER_MEMBER = 5;
const CHANGES_PER_IP = 20;

export async function limitEmailChange(db: Queryable, memberId: number, newEmail: string, ip: string): Promise<void> {
  const [same] = await db.query('SELECT 1 FROM accounts WHERE id = $1 AND lower(email) = lower($2)', [memberId, newEmail.trim()]);
  if (same) return;
  // Counted outside the change's transaction, so a refused change still counts.
  await reserve(db, `email-change:member:${memberId}`, WINDOW_SECONDS, CHANGES_PER_MEMBER);
  await reserve(db, `email-change:ip:${ip}`, WINDOW_SECONDS, CHANGES_PER_IP);
}

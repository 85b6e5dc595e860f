/** One's own active sign-ins (access tokens): where they came from, and ending them. */
import type { Queryable } from '../../db/database.ts';
import { deviceOf, placeOf } from '../../lib/devices.ts';

export interface SignInSession {
  id: number;
  current: boolean;
  created_at: string;
  last_used_at: string | null;
  ip: string | null;
  user_agent: string | null;
  device: string;
  place: string;
}

export async function listSessions(db: Queryable, accountId: number, currentTokenId: number): Promise<SignInSession[]> {
  const rows = await db.query<{ id: number; created_at: Date; last_used_at: Date | null; ip: string | null; user_agent: string | null }>(
    `SELECT id, created_at, last_used_at, ip, user_agent FROM access_tokens
      WHERE account_id = $1 AND expires_at > now()
      ORDER BY coalesce(last_used_at, created_at) DESC, id DESC`,
    [accountId],
  );
  return rows.map((row) => ({
    ...row,
    id: Number(row.id),
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
    current: Number(row.id) === currentTokenId,
    device: deviceOf(row.user_agent),
    place: placeOf(row.ip),
  }));
}

/** Ends one of the account's own sign-ins; false when the id is not one of them. */
export async function endSession(db: Queryable, accountId: number, sessionId: number): Promise<boolean> {
  const deleted = await db.query('DELETE FROM access_tokens WHERE id = $1 AND account_id = $2 RETURNING 1', [sessionId, accountId]);
  return deleted.length > 0;
}

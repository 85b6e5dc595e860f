/** What the member card SMS shows of a member: first name, member number and campaign code. */
import type { Queryable } from '../db/database.ts';

export interface CardHolder {
  id: number;
  first_name: string;
  remote_id: number | null;
  campaign_code: string | null;
}

/** The member (role 1 or 2) with this id, or null. */
export async function findCardHolder(db: Queryable, id: number): Promise<CardHolder | null> {
  const [member] = await db.query<CardHolder>(
    `SELECT a.id, a.first_name, a.remote_id, c.code AS campaign_code
       FROM accounts a LEFT JOIN campaigns c ON c.id = a.campaign_id
      WHERE a.id = $1 AND a.role_id IN (1, 2)`,
    [id],
  );
  return member ?? null;
}

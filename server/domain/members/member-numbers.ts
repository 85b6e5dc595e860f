/**
 * Member numbers come from `member_number_seq`, but staff may type a number by hand on a member's
 * page; the sequence then reaches it later. The next number is the sequence's next one that no
 * account holds, so an accept or a new member never fails on a number someone typed in.
 */
import type { Queryable } from '../../db/database.ts';

export async function nextMemberNumber(tx: Queryable): Promise<number> {
  for (;;) {
    const [free] = await tx.query<{ n: number }>(
      `SELECT n FROM (SELECT nextval('member_number_seq')::int AS n) next
        WHERE NOT EXISTS (SELECT 1 FROM accounts WHERE remote_id = next.n)`,
    );
    if (free) return free.n;
  }
}

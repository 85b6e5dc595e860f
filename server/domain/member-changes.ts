/** A member's change history as the staff read it: newest first, one entry per saved change. */
import type { Queryable } from '../db/database.ts';
import type { ListDefinition, ListQuery } from '../lib/list.ts';
import type { MemberChange } from '../schemas/member-admin.ts';

export const memberChangeList: ListDefinition = {
  filters: {},
  sorts: { id: 'mc.id', changed_at: 'mc.changed_at' },
  defaultSort: '-changed_at',
  tieBreaker: 'mc.id',
};

interface ChangeRow extends Omit<MemberChange, 'changes'> {
  changes: Record<string, [unknown, unknown]>;
}

export async function memberChanges(db: Queryable, memberId: number, list: ListQuery): Promise<{ rows: MemberChange[]; total: number }> {
  const params = [...list.params.values, memberId];
  const member = `$${params.length}`;
  const [rows, [{ total }]] = await Promise.all([
    db.query<ChangeRow>(
      `SELECT mc.id, mc.changed_at, mc.changes,
              CASE WHEN cb.id IS NULL THEN NULL
                   ELSE json_build_object('id', cb.id, 'first_name', cb.first_name, 'last_name', cb.last_name) END AS changed_by
         FROM member_changes mc
         LEFT JOIN accounts cb ON cb.id = mc.changed_by
        WHERE mc.member_id = ${member} AND ${list.where}
        ORDER BY ${list.orderBy} LIMIT ${list.perPage} OFFSET ${list.offset}`,
      params,
    ),
    db.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM member_changes mc WHERE mc.member_id = ${member} AND ${list.where}`,
      params,
    ),
  ]);
  return {
    total,
    rows: rows.map((row) => ({
      ...row,
      changes: Object.entries(row.changes).map(([field, [old, next]]) => ({ field, old, new: next })),
    })),
  };
}

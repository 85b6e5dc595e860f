/** A member's change history as the staff read it: newest first, one entry per saved change. */
import type { Queryable } from '../../db/database.ts';
import { parseListQuery, type ListDefinition } from '../../lib/list.ts';
import { queryPage, type Page } from '../../lib/paged-query.ts';
import type { MemberChange } from '../../schemas/member-admin.ts';
import { personJson } from '../shared/person-json.ts';

const memberChangeList: ListDefinition = {
  filters: {},
  sorts: { id: 'mc.id', changed_at: 'mc.changed_at' },
  defaultSort: '-changed_at',
  tieBreaker: 'mc.id',
};

interface ChangeRow extends Omit<MemberChange, 'changes'> {
  changes: Record<string, [unknown, unknown]>;
}

/**
 * A page of the member's change history, each change as a list of fields with old and new value;
 * null when there is no such member.
 */
export async function memberChanges(db: Queryable, memberId: number, query: Record<string, unknown>): Promise<Page<MemberChange> | null> {
  const list = parseListQuery(query, memberChangeList);
  const [exists] = await db.query('SELECT 1 FROM accounts WHERE id = $1 AND role_id IN (1, 2)', [memberId]);
  if (!exists) return null;
  const member = list.params.add(memberId);
  const page = await queryPage<ChangeRow>(
    db,
    {
      from: `FROM member_changes mc LEFT JOIN accounts cb ON cb.id = mc.changed_by WHERE mc.member_id = ${member}`,
      columns: `mc.id, mc.changed_at, mc.changes, ${personJson('cb')} AS changed_by`,
    },
    list,
  );
  return {
    ...page,
    rows: page.rows.map((row) => ({
      ...row,
      changes: Object.entries(row.changes).map(([field, [old, next]]) => ({ field, old, new: next })),
    })),
  };
}

/** The list's filters and sorts, which the route's query schema documents (lib/list.ts listQuery). */
export { memberChangeList };

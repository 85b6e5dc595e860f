/**
 * Reversing an import's writes, for all its members at once (a failed commit taken back) or for a
 * slice of them (one step of an undo): what it created is removed and what it updated put back.
 * Everything it did is decided per member (their items, changes and payments since), so the slices
 * of an undo together do what one reversal of the whole import would do.
 */
import type { Queryable } from '../../db/database.ts';
import { todayInOslo } from '../shared/oslo-date.ts';
import { syncInstrumentInsurance } from '../insurance/instrument-insurance.ts';
import { MEMBER_IMPORT_MESSAGES } from './member-import-limits.ts';
import { CHUNK, FIELD_TYPES } from './member-import-model.ts';

/**
 * A member the reversal left as it is. order puts the report's list as one reversal of the whole
 * import would: first those kept in the member pass, by member id, then the members kept only for a
 * paid invoice, by that invoice's id.
 */
export interface KeptMember {
  member_id: number;
  name: string;
  reason: string;
  order: [number, number];
}
export interface Reversed {
  undone: number;
  kept: KeptMember[];
}

/**
 * Removes what an import created and puts back what it updated. With keepChanged, a member staff or
 * the member changed since is left as it is and listed; without (a failed commit), all is taken back.
 */
export async function reverse(tx: Queryable, id: number, staffId: number | null, keepChanged: boolean, members?: number[]): Promise<Reversed> {
  const items = await tx.query<{
    kind: string;
    action: string;
    target_id: number;
    member_id: number;
    before: Record<string, unknown> | null;
    changed: boolean;
    name: string | null;
  }>(
    `SELECT i.kind, i.action, i.target_id, i.member_id, i.before,
            (i.updated_at IS NOT NULL AND a.updated_at IS DISTINCT FROM i.updated_at) AS changed,
            a.first_name || ' ' || a.last_name AS name
       FROM member_import_items i LEFT JOIN accounts a ON a.id = i.member_id
      WHERE i.import_id = $1 AND ($2::int[] IS NULL OR i.member_id = ANY ($2::int[])) ORDER BY i.kind, i.target_id`,
    [id, members ?? null],
  );
  const kept: KeptMember[] = [];
  // An invoice it moved in that has had money booked or credited since stays (the books hold it), and so does its member.
  const invoiceIds = items.filter((i) => i.kind === 'invoice').map((i) => i.target_id);
  const paidSince =
    keepChanged && invoiceIds.length > 0
      ? new Set(
          (
            await tx.query<{ id: number }>(
              `SELECT i.id FROM invoices i WHERE i.id = ANY ($1::int[])
          AND (EXISTS (SELECT 1 FROM invoice_payments p WHERE p.invoice_id = i.id AND p.method <> 'import')
               OR EXISTS (SELECT 1 FROM invoice_credits c WHERE c.invoice_id = i.id))`,
              [invoiceIds],
            )
          ).map((row) => row.id),
        )
      : new Set<number>();
  // A member's first paid invoice (the items come by id), which places them in the report.
  const paidMembers = new Map<number, number>();
  for (const item of items) {
    if (item.kind === 'invoice' && paidSince.has(item.target_id) && !paidMembers.has(item.member_id)) paidMembers.set(item.member_id, item.target_id);
  }
  const createdMembers: number[] = [];
  for (const item of items.filter((i) => i.kind === 'member')) {
    if (item.name === null) continue;
    if (keepChanged && item.changed) {
      kept.push({ member_id: item.member_id, name: item.name, reason: MEMBER_IMPORT_MESSAGES.changedSince, order: [0, item.target_id] });
      continue;
    }
    if (item.action === 'create' && paidMembers.has(item.member_id)) {
      kept.push({ member_id: item.member_id, name: item.name, reason: MEMBER_IMPORT_MESSAGES.paidSince, order: [0, item.target_id] });
      continue;
    }
    if (item.action === 'create') createdMembers.push(item.target_id);
    else {
      const before = item.before ?? {};
      const fields = Object.keys(before).filter((field) => field in FIELD_TYPES);
      if (fields.length === 0) continue;
      const [current] = await tx.query<Record<string, unknown>>(`SELECT ${fields.join(', ')} FROM accounts WHERE id = $1 FOR UPDATE`, [item.target_id]);
      await tx.query(
        `UPDATE accounts SET ${fields.map((field, index) => `${field} = $${index + 2}::${FIELD_TYPES[field as keyof typeof FIELD_TYPES]}`).join(', ')}, updated_at = now() WHERE id = $1`,
        [item.target_id, ...fields.map((field) => before[field])],
      );
      const history: Record<string, [unknown, unknown]> = { import: [null, MEMBER_IMPORT_MESSAGES.undone] };
      for (const field of fields) history[field] = [current[field] ?? null, before[field]];
      await tx.query('INSERT INTO member_changes (member_id, changed_by, changes) VALUES ($1, $2, $3)', [item.target_id, staffId, JSON.stringify(history)]);
    }
  }
  const keptIds = new Set(kept.map((k) => k.member_id));
  const created = new Set(createdMembers);
  // What the import added to members it did not create (instruments, insurance), unless the member changed since.
  const added = items.filter((i) => i.kind !== 'member' && !keptIds.has(i.member_id) && !created.has(i.member_id));
  const instruments = added.filter((i) => i.kind === 'instrument').map((i) => i.target_id);
  const subscriptions = added.filter((i) => i.kind === 'subscription' || i.kind === 'travel').map((i) => i.target_id);
  if (instruments.length > 0) {
    await tx.query('DELETE FROM instruments WHERE id = ANY ($1::int[])', [instruments]);
    const members = [...new Set(added.filter((i) => i.kind === 'instrument').map((i) => i.member_id))];
    for (const member of members) await syncInstrumentInsurance(tx, member, staffId ?? 0, todayInOslo());
  }
  if (subscriptions.length > 0) await tx.query('DELETE FROM subscriptions WHERE id = ANY ($1::int[])', [subscriptions]);
  // The invoices it moved in, with their lines, history and the payments it booked (a created member's go with the member).
  const invoices = added.filter((i) => i.kind === 'invoice' && !paidSince.has(i.target_id)).map((i) => i.target_id);
  if (invoices.length > 0) await tx.query('DELETE FROM invoices WHERE id = ANY ($1::int[])', [invoices]);
  for (const [memberId, invoiceId] of paidMembers) {
    if (kept.some((k) => k.member_id === memberId)) continue;
    const [member] = await tx.query<{ name: string }>("SELECT first_name || ' ' || last_name AS name FROM accounts WHERE id = $1", [memberId]);
    if (member) kept.push({ member_id: memberId, name: member.name, reason: MEMBER_IMPORT_MESSAGES.paidSince, order: [1, invoiceId] });
  }
  for (let start = 0; start < createdMembers.length; start += CHUNK) {
    const slice = createdMembers.slice(start, start + CHUNK);
    // One statement (each costs a round trip, and an undo runs some 300 steps): their reset links and the members.
    await tx.query(
      `WITH links AS (DELETE FROM password_resets WHERE email IN (SELECT email FROM accounts WHERE id = ANY ($1::int[])))
       DELETE FROM accounts WHERE id = ANY ($1::int[])`,
      [slice],
    );
  }
  for (const member of kept) {
    await tx.query('INSERT INTO member_changes (member_id, changed_by, changes) VALUES ($1, $2, $3)', [
      member.member_id,
      staffId,
      JSON.stringify({ import: [null, `${MEMBER_IMPORT_MESSAGES.undone}; ${MEMBER_IMPORT_MESSAGES.changedSince.toLowerCase()}, beholdt`] }),
    ]);
  }
  const keptMembers = new Set(kept.map((k) => k.member_id));
  const undone = items.filter((i) => i.kind === 'member' && i.name !== null && !keptMembers.has(i.member_id)).length;
  return { undone, kept };
}

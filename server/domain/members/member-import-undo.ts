/**
 * Taking an import back: staff undo a finished import within 30 days (what it created is removed and
 * what it updated is put back, except the members changed since, which the undo lists), and a commit
 * that failed or was cut off on PGlite is taken back as a whole.
 */
import type { Database, Queryable } from '../../db/database.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { todayInOslo } from '../shared/oslo-date.ts';
import { syncInstrumentInsurance } from '../insurance/instrument-insurance.ts';
import { MEMBER_IMPORT_LIMITS, MEMBER_IMPORT_MESSAGES } from './member-import-limits.ts';
import { CHUNK, FIELD_TYPES, type Summary } from './member-import-model.ts';
import { loadRecord, shown, type ImportRecord, type MemberImport } from './member-import-record.ts';

/** Undoes a finished import: removes what it created, puts back what it updated, except what changed since. */
export async function undoImport(db: Database, id: number, staffId: number): Promise<MemberImport | null> {
  const record = await loadRecord(db, id);
  if (!record) return null;
  if (record.state !== 'done') throw new HttpError(409, { message: MEMBER_IMPORT_MESSAGES.notUndoable });
  if (Date.now() - new Date(record.committed_at!).getTime() > MEMBER_IMPORT_LIMITS.undoDays * 86_400_000) {
    throw new HttpError(409, { message: MEMBER_IMPORT_MESSAGES.undoExpired });
  }
  await db.transaction(async (tx) => {
    const [locked] = await tx.query("SELECT 1 FROM member_imports WHERE id = $1 AND state = 'done' FOR UPDATE", [id]);
    if (!locked) throw new HttpError(409, { message: MEMBER_IMPORT_MESSAGES.notUndoable });
    const undo = await reverse(tx, id, staffId, true);
    const summary: Summary = { ...record.summary, undo };
    await tx.query(
      "UPDATE member_imports SET state = 'undone', undone_at = now(), undone_by = $2, summary = $3, undo_report = $4 WHERE id = $1",
      [id, staffId, JSON.stringify(summary), JSON.stringify(summary.undo)],
    );
  });
  return shown((await loadRecord(db, id))!);
}

/**
 * Removes what an import created and puts back what it updated. With keepChanged, a member staff or
 * the member changed since is left as it is and listed; without (a failed commit), all is taken back.
 */
async function reverse(tx: Queryable, id: number, staffId: number | null, keepChanged: boolean): Promise<NonNullable<Summary['undo']>> {
  const items = await tx.query<{ kind: string; action: string; target_id: number; member_id: number; before: Record<string, unknown> | null; changed: boolean; name: string | null }>(
    `SELECT i.kind, i.action, i.target_id, i.member_id, i.before,
            (i.updated_at IS NOT NULL AND a.updated_at IS DISTINCT FROM i.updated_at) AS changed,
            a.first_name || ' ' || a.last_name AS name
       FROM member_import_items i LEFT JOIN accounts a ON a.id = i.member_id
      WHERE i.import_id = $1 ORDER BY i.kind, i.target_id`,
    [id],
  );
  const kept: { member_id: number; name: string; reason: string }[] = [];
  // An invoice it moved in that has had money booked or credited since stays (the books hold it), and so does its member.
  const invoiceIds = items.filter((i) => i.kind === 'invoice').map((i) => i.target_id);
  const paidSince = keepChanged && invoiceIds.length > 0
    ? new Set((await tx.query<{ id: number }>(
      `SELECT i.id FROM invoices i WHERE i.id = ANY ($1::int[])
          AND (EXISTS (SELECT 1 FROM invoice_payments p WHERE p.invoice_id = i.id AND p.method <> 'import')
               OR EXISTS (SELECT 1 FROM invoice_credits c WHERE c.invoice_id = i.id))`,
      [invoiceIds],
    )).map((row) => row.id))
    : new Set<number>();
  const paidMembers = new Set(items.filter((i) => i.kind === 'invoice' && paidSince.has(i.target_id)).map((i) => i.member_id));
  const createdMembers: number[] = [];
  for (const item of items.filter((i) => i.kind === 'member')) {
    if (item.name === null) continue;
    if (keepChanged && item.changed) {
      kept.push({ member_id: item.member_id, name: item.name, reason: MEMBER_IMPORT_MESSAGES.changedSince });
      continue;
    }
    if (item.action === 'create' && paidMembers.has(item.member_id)) {
      kept.push({ member_id: item.member_id, name: item.name, reason: MEMBER_IMPORT_MESSAGES.paidSince });
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
  for (const memberId of paidMembers) {
    if (kept.some((k) => k.member_id === memberId)) continue;
    const [member] = await tx.query<{ name: string }>("SELECT first_name || ' ' || last_name AS name FROM accounts WHERE id = $1", [memberId]);
    if (member) kept.push({ member_id: memberId, name: member.name, reason: MEMBER_IMPORT_MESSAGES.paidSince });
  }
  for (let start = 0; start < createdMembers.length; start += CHUNK) {
    const slice = createdMembers.slice(start, start + CHUNK);
    await tx.query('DELETE FROM password_resets WHERE email IN (SELECT email FROM accounts WHERE id = ANY ($1::int[]))', [slice]);
    await tx.query('DELETE FROM accounts WHERE id = ANY ($1::int[])', [slice]);
  }
  for (const member of kept) {
    await tx.query('INSERT INTO member_changes (member_id, changed_by, changes) VALUES ($1, $2, $3)', [
      member.member_id, staffId, JSON.stringify({ import: [null, `${MEMBER_IMPORT_MESSAGES.undone}; ${MEMBER_IMPORT_MESSAGES.changedSince.toLowerCase()}, beholdt`] }),
    ]);
  }
  const keptMembers = new Set(kept.map((k) => k.member_id));
  const undone = items.filter((i) => i.kind === 'member' && i.name !== null && !keptMembers.has(i.member_id)).length;
  return { undone, kept };
}

/** Takes back the finished steps of a commit that failed or was cut off (PGlite; on PostgreSQL there are none). */
export async function takeBack(tx: Queryable, record: ImportRecord): Promise<void> {
  const [any] = await tx.query('SELECT 1 FROM member_import_items WHERE import_id = $1 LIMIT 1', [record.id]);
  if (!any) return;
  await reverse(tx, record.id, record.created_by, false);
  await tx.query('DELETE FROM member_import_items WHERE import_id = $1', [record.id]);
  await tx.query('UPDATE member_imports SET progress_done = 0 WHERE id = $1', [record.id]);
}

/**
 * At start, before any request: on PGlite, an import whose process died during its commit has its
 * finished steps taken back, so nothing half-imported is seen; the queue runs the commit again.
 */
export async function takeBackInterruptedImports(db: Database): Promise<number> {
  if (db.kind !== 'pglite') return 0;
  const running = await db.query<{ id: number }>(
    "SELECT m.id FROM member_imports m WHERE m.state = 'running' AND EXISTS (SELECT 1 FROM member_import_items i WHERE i.import_id = m.id)",
  );
  for (const { id } of running) {
    const record = await loadRecord(db, id);
    if (record) await db.transaction((tx) => takeBack(tx, record));
  }
  return running.length;
}

/**
 * Taking an import back: staff undo a finished import within 30 days (what it created is removed and
 * what it updated is put back, except the members changed since, which the undo lists), as a job in
 * paced steps; and a commit that failed or was cut off on PGlite is taken back as a whole.
 */
import type { Database, Queryable } from '../../db/database.ts';
import type { JobSender } from '../messages/outbox.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { MEMBER_IMPORT_LIMITS, MEMBER_IMPORT_MESSAGES } from './member-import-limits.ts';
import type { Summary } from './member-import-model.ts';
import { loadRecord, shown, type ImportRecord, type MemberImport } from './member-import-record.ts';
import { reverse, type KeptMember, type Reversed } from './member-import-reverse.ts';
import { inSteps, nextStepSize, type Paced } from '../../db/step-aside.ts';

export const MEMBER_IMPORT_UNDO_QUEUE = 'member-import-undo';

/** Checks that the import can be undone, marks it 'undoing' and queues the undo; answers the import as it now stands. */
export async function startUndo(db: Database, jobs: JobSender, id: number, staffId: number): Promise<MemberImport | null> {
  const record = await loadRecord(db, id);
  if (!record) return null;
  if (record.state !== 'done') throw new HttpError(409, { message: MEMBER_IMPORT_MESSAGES.notUndoable });
  if (Date.now() - new Date(record.committed_at!).getTime() > MEMBER_IMPORT_LIMITS.undoDays * 86_400_000) {
    throw new HttpError(409, { message: MEMBER_IMPORT_MESSAGES.undoExpired });
  }
  // Read in the transaction that queues the job, so the answer is the import before any step of it.
  return db.transaction(async (tx) => {
    const [started] = await tx.query(
      `UPDATE member_imports SET state = 'undoing', undone_by = $2, error = NULL, undo_after = 0, undo_done = 0,
              undo_total = (SELECT count(DISTINCT member_id) FROM member_import_items WHERE import_id = $1),
              undo_report = '{"undone": 0, "kept": []}'
        WHERE id = $1 AND state = 'done' RETURNING id`,
      [id, staffId],
    );
    if (!started) throw new HttpError(409, { message: MEMBER_IMPORT_MESSAGES.notUndoable });
    await jobs.send(MEMBER_IMPORT_UNDO_QUEUE, { importId: id }, tx);
    return shown((await loadRecord(tx, id))!);
  });
}

/**
 * Members a step of the undo reverses: it starts small (the first step also plans its statements
 * and their triggers) and is sized after each step so one takes about `ms`. On PGlite a request
 * waits for the step under way, so steps are short there (a step has a fixed cost of some 7 ms,
 * its ninety-odd triggers, besides half a millisecond a member), and shorter than the 100 ms a
 * request may wait by a margin for the step that takes two or three times as long as its size
 * says on a busy machine (30 ms: the longest wait beside a 10 000-row undo 68–91 ms in three runs,
 * against 88–95 ms at 40 ms, the undo as long within the runs' spread); on PostgreSQL requests
 * have sessions of their own, and longer steps pay that fixed cost less often.
 */
const STEP = { first: 10, most: 2000, ms: { pglite: 30, postgres: 200 } };

/**
 * Runs a queued undo to its end: step after step, each its own transaction on both databases,
 * after each of which other requests get the database first (server/db/step-aside.ts).
 * A step that fails leaves the steps before it done; the queue (or the next start) goes on after them.
 */
export async function runUndo(db: Database, id: number): Promise<Paced> {
  let size = STEP.first;
  try {
    return await inSteps(db, { pauseOnPostgres: true }, (took) => {
      size = nextStepSize(size, took, STEP.ms[db.kind], STEP.most);
      return db.transaction((tx) => undoStep(tx, id, size));
    });
  } catch (error) {
    console.error('Angringen av medlemsimporten stoppet:', error);
    await db.query("UPDATE member_imports SET error = $2 WHERE id = $1 AND state = 'undoing'", [id, MEMBER_IMPORT_MESSAGES.undoStopped]);
    throw error;
  }
}

/**
 * One step of an undo, in the caller's transaction: the next `size` members of the import (by id,
 * after those done) are reversed, and the import's mark moves past them in the same transaction, so
 * a step cut off leaves nothing of itself and a step written is never done again. With no members
 * left, the undo is finished. Answers whether there may be more to do.
 */
export async function undoStep(tx: Queryable, id: number, size: number): Promise<boolean> {
  // The import, locked, with the members of this step (after the mark), in one statement.
  const [current] = await tx.query<{ undo_after: number; undone_by: number | null; summary: Summary; undo_report: Reversed; members: number[] }>(
    `SELECT m.undo_after, m.undone_by, m.summary, m.undo_report,
            ARRAY(SELECT DISTINCT i.member_id FROM member_import_items i
                   WHERE i.import_id = m.id AND i.member_id > m.undo_after ORDER BY i.member_id LIMIT $2) AS members
       FROM member_imports m WHERE m.id = $1 AND m.state = 'undoing' FOR UPDATE OF m`,
    [id, size],
  );
  if (!current) return false;
  const { members } = current;
  if (members.length === 0) {
    const undo = { undone: current.undo_report.undone, kept: reportOrder(current.undo_report.kept) };
    const summary: Summary = { ...current.summary, undo };
    await tx.query("UPDATE member_imports SET state = 'undone', undone_at = now(), error = NULL, summary = $2, undo_report = $3 WHERE id = $1", [
      id,
      JSON.stringify(summary),
      JSON.stringify(undo),
    ]);
    return false;
  }
  const done = await reverse(tx, id, current.undone_by, true, members);
  await tx.query(
    `UPDATE member_imports SET undo_after = $2, undo_done = undo_done + $3, error = NULL,
            undo_report = jsonb_build_object('undone', (undo_report->>'undone')::int + $4, 'kept', (undo_report->'kept') || $5::jsonb)
      WHERE id = $1`,
    [id, members[members.length - 1], members.length, done.undone, JSON.stringify(done.kept)],
  );
  return true;
}

/** The kept members as one reversal of the whole import lists them, without the sort key. */
function reportOrder(kept: KeptMember[]): NonNullable<Summary['undo']>['kept'] {
  return [...kept].sort((a, b) => a.order[0] - b.order[0] || a.order[1] - b.order[1]).map(({ member_id, name, reason }) => ({ member_id, name, reason }));
}

/**
 * At start: an undo cut off (a restart, a failed step) is queued again and goes on after its last step.
 * On PGlite it first takes a step of one member here, before the server answers anyone: a process's
 * first step plans the statements of removing a member and their ninety-odd triggers (some 0.5 s
 * against 30 ms), and a request that came during it would wait that long.
 */
export async function resumeUndos(db: Database, jobs: JobSender): Promise<void> {
  const undoing = await db.query<{ id: number }>("SELECT id FROM member_imports WHERE state = 'undoing'");
  for (const { id } of undoing) {
    if (db.kind === 'pglite') {
      // A step that fails here is left to the job, which tries again and reports it.
      await db.transaction((tx) => undoStep(tx, id, 1)).catch((error: unknown) => console.error('Angringen av medlemsimporten stoppet:', error));
    }
    await jobs.send(MEMBER_IMPORT_UNDO_QUEUE, { importId: id });
  }
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

/**
 * Starting a send and steering it: send now (the recipients are written at once, then delivered
 * at the configured pace by outreach-delivery.ts) or at its time (a scheduled job starts it when
 * due), pause, resume and cancel. Staff confirm the count of recipients they were shown; when it
 * has changed since, nothing starts and they are told the new count.
 */
import type { Database, Queryable } from '../../db/database.ts';
import { HttpError, conflict, validationFailed } from '../../lib/http-errors.ts';
import type { Outreach } from '../../schemas/outreach.ts';
import type { JobSender } from '../messages/outbox.ts';
import { countAudience, materialiseRecipients } from './outreach-audience.ts';
import { STATE_MESSAGES, groupFilter, outreachOf, outreachRecord, type OutreachRecord } from './outreach-model.ts';
import { draftErrors } from './outreach-validate.ts';

export const OUTREACH_QUEUE = 'outreach-delivery';
export const OUTREACH_DUE_QUEUE = 'outreach-due';

/** A delivery job: the send, and the chain it belongs to (outreaches.delivery_run, migration 041). */
export interface OutreachJob {
  outreachId: number;
  run: number;
}

export const SEND_MESSAGES = {
  nobody: 'Ingen i utvalget kan få denne utsendelsen (alle mangler samtykke, adresse eller er sperret).',
  countChanged: (count: number) => `Antallet mottakere er endret siden du så det. Nå får ${count} utsendelsen; bekreft på nytt.`,
} as const;

const nobody = () => new HttpError(422, { message: SEND_MESSAGES.nobody, errors: { segment_id: [SEND_MESSAGES.nobody] } });
const countChanged = (count: number) => new HttpError(409, { message: SEND_MESSAGES.countChanged(count), count });

/** Starts a new delivery chain for the send, in `tx`. */
export async function startDelivery(tx: Queryable, jobs: JobSender, outreachId: number): Promise<void> {
  const [{ run }] = await tx.query<{ run: number }>(
    'UPDATE outreaches SET delivery_run = delivery_run + 1, last_run_at = now() WHERE id = $1 RETURNING delivery_run AS run',
    [outreachId],
  );
  const job: OutreachJob = { outreachId, run };
  await jobs.send(OUTREACH_QUEUE, job, tx);
}

/** Writes the recipients and starts delivering (state 'sending', or 'done' when nobody is left); answers the count. */
async function begin(tx: Queryable, jobs: JobSender, outreach: OutreachRecord): Promise<number> {
  const count = await materialiseRecipients(tx, outreach.id, outreach, await groupFilter(tx, outreach));
  await tx.query(
    `UPDATE outreaches SET state = CASE WHEN $2 > 0 THEN 'sending' ELSE 'done' END, recipient_count = $2, started_at = now(),
            finished_at = CASE WHEN $2 > 0 THEN NULL ELSE now() END, updated_at = now()
      WHERE id = $1`,
    [outreach.id, count],
  );
  if (count > 0) await startDelivery(tx, jobs, outreach.id);
  return count;
}

/**
 * Sends the draft, now or at its time. 422 when it is not complete or reaches nobody; 409 with the
 * new count when `confirmCount` is no longer the number of recipients.
 */
export async function sendOutreach(db: Database, jobs: JobSender, id: number, confirmCount: number, staffId: number, publicUrl: string): Promise<Outreach> {
  return db.transaction(async (tx) => {
    const outreach = await outreachRecord(tx, id, true);
    if (outreach.state !== 'draft') throw conflict(STATE_MESSAGES.notDraft);
    const errors = draftErrors({ ...outreach, segment_id: outreach.segment_id ?? 0, send_at: outreach.send_at?.toISOString() ?? null }, publicUrl);
    if (Object.keys(errors).length > 0) throw validationFailed(errors);
    await tx.query('UPDATE outreaches SET sent_by = $2, confirmed_count = $3 WHERE id = $1', [id, staffId, confirmCount]);
    if (outreach.send_at !== null && outreach.send_at.getTime() > Date.now()) {
      const { recipients } = await countAudience(tx, outreach, await groupFilter(tx, outreach));
      if (recipients === 0) throw nobody();
      if (recipients !== confirmCount) throw countChanged(recipients);
      await tx.query("UPDATE outreaches SET state = 'scheduled', updated_at = now() WHERE id = $1", [id]);
    } else {
      // Written first and counted as written: a mismatch or nobody takes it all back with the transaction.
      const count = await begin(tx, jobs, outreach);
      if (count === 0) throw nobody();
      if (count !== confirmCount) throw countChanged(count);
    }
    return outreachOf(tx, id);
  });
}

/** Starts every scheduled send whose time has come (the scheduled job, every minute); answers how many. */
export async function startDueOutreaches(db: Database, jobs: JobSender): Promise<number> {
  const due = await db.query<{ id: number }>("SELECT id FROM outreaches WHERE state = 'scheduled' AND send_at <= now() ORDER BY send_at, id");
  let started = 0;
  for (const { id } of due) {
    await db.transaction(async (tx) => {
      const outreach = await outreachRecord(tx, id, true);
      if (outreach.state !== 'scheduled') return;
      const [group] = outreach.segment_id === null ? [] : await tx.query('SELECT 1 FROM segments WHERE id = $1', [outreach.segment_id]);
      if (!group) {
        // The group was deleted after the send was scheduled: there is no one to send it to.
        await tx.query("UPDATE outreaches SET state = 'cancelled', finished_at = now(), updated_at = now() WHERE id = $1", [id]);
        return;
      }
      await begin(tx, jobs, outreach);
      started += 1;
    });
  }
  return started;
}

/** How long a sending send's chain may go without a run before the scheduled job starts a new one (a run comes each minute). */
export const STALLED_MINUTES = 10;

/**
 * Starts a new delivery chain for each send still sending whose chain has not run for
 * STALLED_MINUTES (its job used up its retries, or was lost): the scheduled job, each minute.
 * Answers the sends started again. The old chain's job, should it come back, ends (its run number
 * is no longer the send's), so the pace is never doubled.
 */
export async function restartStalledOutreaches(db: Database, jobs: JobSender, minutes = STALLED_MINUTES): Promise<number[]> {
  const stalled = await db.query<{ id: number }>(
    `SELECT id FROM outreaches WHERE state = 'sending' AND coalesce(last_run_at, started_at) < now() - make_interval(mins => $1)
      ORDER BY id`,
    [minutes],
  );
  const restarted: number[] = [];
  for (const { id } of stalled) {
    await db.transaction(async (tx) => {
      // Looked at again under the send's lock: a run or a pause may have come since.
      const [still] = await tx.query(
        `SELECT 1 FROM outreaches WHERE id = $1 AND state = 'sending' AND coalesce(last_run_at, started_at) < now() - make_interval(mins => $2)
            FOR UPDATE`,
        [id, minutes],
      );
      if (!still) return;
      await startDelivery(tx, jobs, id);
      restarted.push(id);
    });
  }
  return restarted;
}

async function changeState(db: Database, id: number, from: readonly string[], refused: string, change: (tx: Queryable) => Promise<void>): Promise<Outreach> {
  return db.transaction(async (tx) => {
    const outreach = await outreachRecord(tx, id, true);
    if (!from.includes(outreach.state)) throw conflict(refused);
    await change(tx);
    return outreachOf(tx, id);
  });
}

/** Stops delivering after the message being made; nothing pending is lost. */
export const pauseOutreach = (db: Database, id: number) =>
  changeState(db, id, ['sending'], STATE_MESSAGES.notSending, async (tx) => {
    await tx.query("UPDATE outreaches SET state = 'paused', updated_at = now() WHERE id = $1", [id]);
  });

export const resumeOutreach = (db: Database, jobs: JobSender, id: number) =>
  changeState(db, id, ['paused'], STATE_MESSAGES.notPaused, async (tx) => {
    await tx.query("UPDATE outreaches SET state = 'sending', updated_at = now() WHERE id = $1", [id]);
    await startDelivery(tx, jobs, id);
  });

/** Ends the send: the recipients not yet reached get nothing (messages already queued still go). */
export const cancelOutreach = (db: Database, id: number) =>
  changeState(db, id, ['scheduled', 'sending', 'paused'], STATE_MESSAGES.notCancellable, async (tx) => {
    await tx.query("UPDATE outreach_recipients SET state = 'cancelled' WHERE outreach_id = $1 AND state = 'pending'", [id]);
    await tx.query("UPDATE outreaches SET state = 'cancelled', finished_at = now(), updated_at = now() WHERE id = $1", [id]);
  });

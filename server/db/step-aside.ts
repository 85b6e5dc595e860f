/**
 * Between the steps of a long job (a renewal, an OCR file's booking, reminders, an import or its undo).
 *
 * PGlite has one session and runs in this thread: while a step runs, no request gets the database.
 * After a step, the requests in flight in this process go first: the job waits until none has
 * been in flight for a moment (a page's next request comes just after the answer to the one
 * before), but no longer than half as long as the step took, so a steady stream of requests gets
 * a third of the time and the job the rest, and a request that arrives during a step waits for
 * that step alone. With no request lately the job goes straight on. (Waiting as long as each step
 * took, a 10 000-member undo beside a list asked for without end took 18 s, over its 15; half as
 * long, 13 s, and no list request waited longer than 67 ms.)
 *
 * On PostgreSQL every request has a session of its own, and the requests that share the database
 * may come to other servers, which this process cannot see: where a job asks for it, it pauses half
 * as long as the step took, so it takes at most two thirds of the time there too. (Pausing as long as
 * each step, the undo of 10 000 rows took 16.3 s, over its 15, while a member list asked for all the
 * while was answered at its idle pace: its own session waits for no step.)
 *
 * On both, the tables the job changes are analyzed as it goes (analyze-changed.ts), so the plans
 * of its next steps, and of the requests beside it, are made on the tables as they are now.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Database } from './database.ts';
import { analyzeChangedTables } from './analyze-changed.ts';
import type { RequestsInFlight } from './requests-in-flight.ts';

/**
 * When each database's tables may next be looked at for analyzing (a PGlite session by its
 * requests' counter, the same behind any wrapper of the database).
 */
const nextAnalysis = new WeakMap<RequestsInFlight | Database, number>();

/** How often a long job has the tables it changes analyzed (analyze-changed.ts): their statistics keep up as it writes. */
const ANALYZE_EVERY_MS = 500;
/**
 * ...but analyzing takes at most a tenth of the job's time: after a pass that took t ms, the next
 * comes 9 t later at the soonest. Early in a job the tables are small, their passes quick and
 * frequent (a plan made on an empty table's statistics is what they are for); as they grow, each
 * pass costs more and comes less often. Every half second, 58 passes (113 tables of 70 ms each)
 * took 8.3 s of the 31 s the reminders of 100 000 invoices took.
 */
const ANALYZE_SHARE = 10;

/**
 * After a step that took `tookMs`: on PGlite the requests in flight go first, for at most half
 * that (see above); on PostgreSQL a pause half as long as the step when `pauseOnPostgres`. Then, when
 * it is time, the changed tables are analyzed. Answers how long the job stood aside (the analysis,
 * the job's own work, not counted).
 */
export async function stepAside(db: Database, tookMs: number, { pauseOnPostgres }: { pauseOnPostgres: boolean }): Promise<number> {
  const asideFrom = performance.now();
  if (db.requests) await db.requests.quiet(tookMs / 2);
  else if (pauseOnPostgres) await sleep(tookMs / 2);
  const key = db.requests ?? db;
  const started = performance.now();
  if (started >= (nextAnalysis.get(key) ?? 0)) {
    await analyzeChangedTables(db);
    const ended = performance.now();
    nextAnalysis.set(key, ended + Math.max(ANALYZE_EVERY_MS, (ANALYZE_SHARE - 1) * (ended - started)));
  }
  return started - asideFrom;
}

/** How a long job went: its steps, the first one's time and the longest, and the time it stood aside for requests (or paused). */
export interface Paced {
  steps: number;
  firstStepMs: number;
  longestStepMs: number;
  stoodAsideMs: number;
}

/**
 * A long job's steps, one after the other until `step` answers that nothing is left, stepping
 * aside after each step that leaves more (stepAside, for at most half as long as that step took). `step` is
 * told how long the one before it took, for sizing the next.
 */
export async function inSteps(db: Database, options: { pauseOnPostgres: boolean }, step: (lastTookMs: number | null) => Promise<boolean>): Promise<Paced> {
  const paced: Paced = { steps: 0, firstStepMs: 0, longestStepMs: 0, stoodAsideMs: 0 };
  let lastTookMs: number | null = null;
  for (;;) {
    const started = performance.now();
    const more = await step(lastTookMs);
    const took = performance.now() - started;
    paced.steps++;
    if (paced.steps === 1) paced.firstStepMs = took;
    paced.longestStepMs = Math.max(paced.longestStepMs, took);
    if (!more) return paced;
    lastTookMs = Math.max(1, took);
    paced.stoodAsideMs += await stepAside(db, lastTookMs, options);
  }
}

/**
 * The size of a job's next step, for steps of about `targetMs`: the last size scaled by how long
 * it took, but at most twice or half of it, so one slow step (a member with many invoices, a moment
 * the machine is busy) does not swing it, and never above `most`.
 */
export function nextStepSize(size: number, tookMs: number | null, targetMs: number, most: number): number {
  if (tookMs === null) return size;
  return Math.round(Math.min(most, 2 * size, Math.max(1, size / 2, (size * targetMs) / tookMs)));
}

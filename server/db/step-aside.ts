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
 * may come to other servers, which this process cannot see: where a job asks for it, it pauses as
 * long as the step took.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Database } from './database.ts';
import { analyzeChangedTables } from './pglite-analyze.ts';
import type { RequestsInFlight } from './requests-in-flight.ts';

/** When each PGlite session's tables were last looked at for analyzing (by its requests' counter, the same behind any wrapper of the database). */
const lastAnalyzed = new WeakMap<RequestsInFlight, number>();

/** How often a long job on PGlite has the tables it changes analyzed (pglite-analyze.ts): their statistics keep up as it writes. */
const ANALYZE_EVERY_MS = 500;

/**
 * After a step that took `tookMs`: on PGlite the requests in flight go first, for at most half
 * that (see above); on PostgreSQL a pause as long as the step when `pauseOnPostgres`.
 */
export async function stepAside(db: Database, tookMs: number, { pauseOnPostgres }: { pauseOnPostgres: boolean }): Promise<void> {
  if (!db.requests) {
    if (pauseOnPostgres) await sleep(tookMs);
    return;
  }
  await db.requests.quiet(tookMs / 2);
  const now = performance.now();
  if (now - (lastAnalyzed.get(db.requests) ?? 0) >= ANALYZE_EVERY_MS) {
    lastAnalyzed.set(db.requests, now);
    await analyzeChangedTables(db);
  }
}

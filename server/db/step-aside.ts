/**
 * Between the steps of a long job (a renewal, an OCR file's booking, reminders, an import or its undo).
 *
 * PGlite has one session and runs in this thread: while a step runs, no request gets the database.
 * After a step, the requests in flight in this process go first: the job waits until none has
 * been in flight for a moment (a page's next request comes just after the answer to the one
 * before), but no longer than the step took, so a steady stream of requests slows the job no more
 * than a pause as long as each step would, and a request that arrives during a step waits for
 * that step alone. With no request lately the job goes straight on.
 *
 * On PostgreSQL every request has a session of its own, and the requests that share the database
 * may come to other servers, which this process cannot see: where a job asks for it, it pauses as
 * long as the step took.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Database } from './database.ts';

/**
 * After a step that took `tookMs`: on PGlite the requests in flight go first (see above); on
 * PostgreSQL a pause as long as the step when `pauseOnPostgres`.
 */
export async function stepAside(db: Database, tookMs: number, { pauseOnPostgres }: { pauseOnPostgres: boolean }): Promise<void> {
  if (db.requests) await db.requests.quiet(tookMs);
  else if (pauseOnPostgres) await sleep(tookMs);
}

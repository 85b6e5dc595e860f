/** The pace of the import's long work (the commit and the undo): steps, with the requests waiting let in after each. */
import { performance } from 'node:perf_hooks';
import type { Database, Queryable } from '../../db/database.ts';
import { stepAside } from '../../db/step-aside.ts';

/** Runs one step of the work, in the transaction the caller chose. */
export type Step = <T>(work: (tx: Queryable) => Promise<T>) => Promise<T>;

/**
 * A step that, once done, steps aside for other requests (server/db/step-aside.ts): on PGlite
 * the requests in flight go first; on PostgreSQL a pause half as long as the step took.
 */
export function paced(db: Database, run: Step): Step {
  return async (work) => {
    const started = performance.now();
    const result = await run(work);
    await stepAside(db, performance.now() - started, { pauseOnPostgres: true });
    return result;
  };
}

/** The pace of the import's long work (the commit and the undo): steps with a pause after each. */
import { setTimeout } from 'node:timers/promises';
import { performance } from 'node:perf_hooks';
import type { Queryable } from '../../db/database.ts';

/** Runs one step of the work, in the transaction the caller chose. */
export type Step = <T>(work: (tx: Queryable) => Promise<T>) => Promise<T>;

/** A step that, once done, leaves the server to other work for `factor` times as long as it took. */
export function paced(factor: number, run: Step): Step {
  return async (work) => {
    const started = performance.now();
    const result = await run(work);
    await setTimeout(factor * (performance.now() - started));
    return result;
  };
}

/**
 * A long loop in a request or a job leaves the event loop to other requests now and then: it
 * asks `due()` per item and awaits `give()` when it is. Slices are measured in time, not in items,
 * so a slow or busy machine does not stretch them (a count of rows that took 30 ms on a quiet
 * machine took 240 ms on a busy one, and every request waited that long).
 *
 * After each slice the loop pauses for as long as the slice ran, as the import's commit does
 * after each step: a request that arrives meanwhile reads its answer from the database and sends
 * it within the pause, instead of waiting one slice for each of those steps. (Only letting pending
 * I/O run between slices kept the member list's p95 at 33–42 ms beside a 50 000-row preview,
 * against 20 ms with the pause; the preview took 2.0–2.3 s, and 2.6 s with it.)
 */
import { setTimeout } from 'node:timers/promises';

/** How long a slice runs before other work gets its turn. */
export const SLICE_MS = 8;

export class Turns {
  private since = performance.now();
  private readonly sliceMs: number;

  constructor(sliceMs = SLICE_MS) {
    this.sliceMs = sliceMs;
  }

  due(): boolean {
    return performance.now() - this.since >= this.sliceMs;
  }

  /** Leaves the event loop to other work for as long as the slice just ended took. */
  async give(): Promise<void> {
    await setTimeout(performance.now() - this.since);
    this.since = performance.now();
  }
}

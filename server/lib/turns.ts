/**
 * A long loop in a request or a job leaves the event loop to other requests now and then: it
 * asks `due()` per item and awaits `give()` when it is, which lets pending I/O and timers run
 * before the next slice. Slices are measured in time, not in items, so a slow or busy machine
 * does not stretch them (a count of rows that took 30 ms on a quiet machine took 240 ms on a
 * busy one, and every request waited that long).
 */
import { setImmediate } from 'node:timers/promises';

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

  async give(): Promise<void> {
    await setImmediate();
    this.since = performance.now();
  }
}

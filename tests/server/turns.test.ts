import { describe, expect, it } from 'vitest';
import { setImmediate } from 'node:timers/promises';
import { Turns } from '../../server/lib/turns.ts';

/** Busy work for `ms` milliseconds. */
function work(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    /* the import's rows */
  }
}

describe('a long loop taking turns', () => {
  it('lets a request that needs several steps finish within one pause, and takes no more than half the time', async () => {
    // Slices of 40 ms: the request's five event-loop turns take microseconds, but the operating
    // system may leave the process unscheduled for a few milliseconds on a busy machine, and a pause
    // it outlasts ends before those turns (with 8 ms slices that happened once under CI's load).
    const turns = new Turns(40);
    let slices = 0;
    let finishedAfter: number | null = null;
    // A request: read, ask the database, answer; each step waits for the event loop once.
    const request = (async () => {
      for (let step = 0; step < 5; step += 1) await setImmediate();
      finishedAfter = slices;
    })();
    const started = performance.now();
    let worked = 0;
    for (let item = 0; item < 1000; item += 1) {
      if (turns.due()) {
        slices += 1;
        await turns.give();
      }
      const before = performance.now();
      work(0.25);
      worked += performance.now() - before;
    }
    await request;
    const took = performance.now() - started;

    // Handing the loop over only for one event-loop turn per slice, the request needed five slices.
    expect(finishedAfter).not.toBeNull();
    expect(finishedAfter!).toBeLessThanOrEqual(1);
    expect(slices).toBeGreaterThanOrEqual(5);
    // Each pause lasts its slice (40 ms or more) less at most the timer's millisecond of rounding, so
    // pauses and work together take over 1.8 times the work; without them the loop took its work's time.
    expect(took).toBeGreaterThanOrEqual(worked * 1.8);
  });
});

/** The requests this process is answering, for the long jobs that step aside for them (step-aside.ts). */
import { setImmediate, setTimeout as sleep } from 'node:timers/promises';

/**
 * How long after the last request has ended a job still waits: a page's requests come a few
 * milliseconds apart (the next after the answer to the one before), and a list asked for again
 * and again (the bench's client) would otherwise wait a whole step each time.
 */
export const GRACE_MS = 25;

export class RequestsInFlight {
  private count = 0;
  /** When the count last fell to nothing. */
  private lastEnded = -Infinity;
  private waiting = new Set<() => void>();

  get inFlight(): number {
    return this.count;
  }

  started(): void {
    this.count++;
  }

  ended(): void {
    if (this.count === 0) return;
    this.count--;
    if (this.count > 0) return;
    this.lastEnded = performance.now();
    const waiting = [...this.waiting];
    this.waiting.clear();
    for (const resume of waiting) resume();
  }

  /**
   * Lets the requests that came during a step be read, then resolves once none has been in flight
   * for `graceMs`, or after `atMostMs`, whichever comes first. Two turns of the event loop's check
   * phase have a poll phase between them wherever this is called from, so a request whose bytes
   * came while the step held the thread is read, and counted, before the job looks.
   */
  async quiet(atMostMs: number, graceMs = GRACE_MS): Promise<void> {
    await setImmediate();
    await setImmediate();
    const deadline = performance.now() + atMostMs;
    for (;;) {
      const now = performance.now();
      if (now >= deadline) return;
      if (this.count > 0) {
        await this.lastOneEnded(deadline - now);
        continue;
      }
      const quietFor = now - this.lastEnded;
      if (quietFor >= graceMs) return;
      await sleep(Math.min(graceMs - quietFor, deadline - now));
    }
  }

  private lastOneEnded(atMostMs: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const resume = () => {
        clearTimeout(timer);
        this.waiting.delete(resume);
        resolve();
      };
      const timer = setTimeout(resume, atMostMs);
      this.waiting.add(resume);
    });
  }
}

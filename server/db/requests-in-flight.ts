/** The requests this process is answering, for the long jobs that step aside for them (step-aside.ts). */
import { setImmediate } from 'node:timers/promises';

export class RequestsInFlight {
  private count = 0;
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
    const waiting = [...this.waiting];
    this.waiting.clear();
    for (const resume of waiting) resume();
  }

  /**
   * Lets the requests that came during a step be read, then resolves once none is in flight, or
   * after `atMostMs`, whichever comes first. Two turns of the event loop's check phase have a poll
   * phase between them wherever this is called from, so a request whose bytes came while the step
   * held the thread is read, and counted, before the job looks.
   */
  async quiet(atMostMs: number): Promise<void> {
    await setImmediate();
    await setImmediate();
    if (this.count === 0) return;
    await new Promise<void>((resolve) => {
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

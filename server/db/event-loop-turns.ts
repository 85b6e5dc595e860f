/**
 * PGlite answers a statement without a turn of the event loop (its work runs in this thread and its
 * promise resolves at once), so a loop of statements outside a transaction (a preview's lookups, a
 * report's pages) leaves every request that comes meanwhile unread until the loop ends: the fifty
 * lookups of a 50 000-row preview held the member list 1.9 s. So before a statement outside a
 * transaction, once statements have run for TURN_MS since the event loop last turned, it turns
 * first: a request that came meanwhile is read and, as its own statements run at once, mostly
 * answered in that turn.
 */
import { setImmediate as nextCheck } from 'node:timers/promises';

/** How long statements may run one after the other before the event loop turns. */
export const TURN_MS = 10;

export class EventLoopTurns {
  /** Whether the event loop has turned since the watch was set. */
  #turned = true;
  /** When the statements running without a turn began. */
  #since = 0;

  async beforeStatement(): Promise<void> {
    if (this.#turned) {
      this.#turned = false;
      this.#since = performance.now();
      setImmediate(() => {
        this.#turned = true;
      });
      return;
    }
    if (performance.now() - this.#since < TURN_MS) return;
    // Two check phases with a poll phase between them, wherever this is called from: the bytes that came are read.
    await nextCheck();
    await nextCheck();
  }
}

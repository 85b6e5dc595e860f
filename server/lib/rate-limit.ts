/**
 * Fixed-window counters kept in the database, so every server instance sharing it
 * sees the same counts.
 */
import type { Queryable } from '../db/database.ts';
import { tooManyRequests } from './http-errors.ts';

export interface WindowState {
  hits: number;
  /** Seconds until the window ends. */
  resetIn: number;
}

/** Counts one hit against `key` and answers the count in the current window. */
export async function hit(db: Queryable, key: string, windowSeconds: number): Promise<WindowState> {
  const [row] = await db.query<{ hits: number; reset_in: number }>(
    `INSERT INTO rate_limits (key, hits, window_ends) VALUES ($1, 1, now() + make_interval(secs => $2))
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN rate_limits.window_ends <= now() THEN 1 ELSE rate_limits.hits + 1 END,
       window_ends = CASE WHEN rate_limits.window_ends <= now()
                          THEN now() + make_interval(secs => $2) ELSE rate_limits.window_ends END
     RETURNING hits, extract(epoch FROM window_ends - now())::float8 AS reset_in`,
    [key, windowSeconds],
  );
  return { hits: row.hits, resetIn: row.reset_in };
}

/** The count in the current window without adding to it. */
export async function peek(db: Queryable, key: string): Promise<WindowState> {
  const [row] = await db.query<{ hits: number; reset_in: number }>(
    `SELECT hits, extract(epoch FROM window_ends - now())::float8 AS reset_in
       FROM rate_limits WHERE key = $1 AND window_ends > now()`,
    [key],
  );
  return row ? { hits: row.hits, resetIn: row.reset_in } : { hits: 0, resetIn: 0 };
}

export async function clear(db: Queryable, key: string): Promise<void> {
  await db.query('DELETE FROM rate_limits WHERE key = $1', [key]);
}

/** Takes back one hit counted in advance, for an attempt that turned out not to count. */
export async function giveBack(db: Queryable, key: string): Promise<void> {
  await db.query('UPDATE rate_limits SET hits = hits - 1 WHERE key = $1 AND hits > 0 AND window_ends > now()', [key]);
}

/** Counts one hit and refuses with 429 once `limit` is passed; the hit is counted before any work, so parallel requests cannot all slip under the limit. */
export async function reserve(db: Queryable, key: string, windowSeconds: number, limit: number): Promise<void> {
  const state = await hit(db, key, windowSeconds);
  if (state.hits > limit) throw tooManyRequests(state.resetIn, limit);
}

/** How many jobs each queue holds per state, read from pg-boss's table in the portal's own database (for the metrics). */
import type { Queryable } from '../db/database.ts';

export interface QueueCounts {
  queue: string;
  /** Waiting to run: created (now or later) or waiting for a retry. */
  waiting: number;
  active: number;
  /** Failed for good and still kept (until the queue's deleteAfterSeconds). */
  failed: number;
}

export async function queueCounts(db: Queryable): Promise<QueueCounts[]> {
  return db.query<QueueCounts>(
    `SELECT q.name AS queue,
            count(j.id) FILTER (WHERE j.state IN ('created', 'retry'))::int AS waiting,
            count(j.id) FILTER (WHERE j.state = 'active')::int AS active,
            count(j.id) FILTER (WHERE j.state = 'failed')::int AS failed
       FROM pgboss.queue q
       LEFT JOIN pgboss.job j ON j.name = q.name AND j.state IN ('created', 'retry', 'active', 'failed')
      GROUP BY q.name ORDER BY q.name`,
  );
}

/** Whether the database answers at all: the health check's one question. */
import type { Queryable } from '../../db/database.ts';

export async function pingDatabase(db: Queryable): Promise<void> {
  await db.query('SELECT 1');
}

/** The health checks' questions: does the database answer, and is its schema the one this server's code expects. */
import type { Queryable } from '../../db/database.ts';
import { pendingMigrations } from '../../db/migrate.ts';
import { unreachableReason } from '../../lib/database-errors.ts';

export async function pingDatabase(db: Queryable): Promise<void> {
  await db.query('SELECT 1');
}

export type Readiness = { ready: true } | { ready: false; message: string };

/** Why the database does not answer, for the health checks (no host or address: they are public). */
export function databaseDownMessage(error: unknown): string {
  const reason = unreachableReason(error);
  return reason ? `Databasen svarer ikke: ${reason}.` : 'Databasen svarer ikke.';
}

/** Ready for requests: the database answers and every migration this code has is applied. */
export async function readiness(db: Queryable): Promise<Readiness> {
  let pending: string[];
  try {
    pending = await pendingMigrations(db);
  } catch (error) {
    return { ready: false, message: databaseDownMessage(error) };
  }
  if (pending.length > 0) return { ready: false, message: `Databasen mangler ${pending.length} migrering(er): ${pending.join(', ')}.` };
  return { ready: true };
}

/** Reference data too large for a migration file: Norway's postal codes, from Posten's register. */
import { createRequire } from 'node:module';
import type { Queryable } from './database.ts';

const require = createRequire(import.meta.url);

/** Fills postal_codes when it is empty; answers how many codes were added. */
export async function loadPostalCodes(db: Queryable): Promise<number> {
  const [{ count }] = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM postal_codes');
  if (count > 0) return 0;
  const codes = require('norway-postal-codes') as Record<string, string>;
  // One parameter holding the whole register keeps it to a single round trip on both drivers.
  const rows = await db.query(
    `INSERT INTO postal_codes (code, area)
     SELECT key, value FROM json_each_text($1::json) WHERE key ~ '^[0-9]{4}$'
     ON CONFLICT (code) DO NOTHING
     RETURNING code`,
    [JSON.stringify(codes)],
  );
  return rows.length;
}

import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Database, Queryable } from './database.ts';
import { PG_TYPES, parseDate, parseNumber } from './database.ts';

const parsers = {
  [PG_TYPES.INT8]: parseNumber,
  [PG_TYPES.NUMERIC]: parseNumber,
  [PG_TYPES.DATE]: parseDate,
};

export interface PgliteOptions {
  /** A directory to keep the data in; in memory when absent. */
  dataDir?: string;
  /** A dump made with dumpDataDir() to start from (tests copy one migrated database). */
  loadDataDir?: Blob | File;
}

function queryable(client: Pick<PGlite, 'query' | 'exec'>): Queryable {
  return {
    async exec(sql: string) {
      await client.exec(sql);
    },
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const result = await client.query<T>(sql, params as unknown[]);
      return result.rows;
    },
  };
}

export async function openPglite(options: PgliteOptions = {}): Promise<Database & { dump(): Promise<Blob> }> {
  const db = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
    parsers,
  });
  return {
    kind: 'pglite',
    ...queryable(db),
    transaction: (work) => db.transaction((tx) => work(queryable(tx))),
    close: () => db.close(),
    dump: async () => db.dumpDataDir('none'),
  };
}

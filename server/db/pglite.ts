import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { amcheck } from '@electric-sql/pglite/contrib/amcheck';
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

export interface PgliteDatabase extends Database {
  readonly kind: 'pglite';
  /** The PGlite instance itself, for the job queue's PGlite adapter. */
  readonly client: PGlite;
  /** A consistent copy of the whole database (a tar file, gzipped when asked). */
  dump(compression?: 'none' | 'gzip'): Promise<Blob>;
}

export async function openPglite(options: PgliteOptions = {}): Promise<PgliteDatabase> {
  const db = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm, amcheck },
    parsers,
  });
  return {
    kind: 'pglite',
    client: db,
    ...queryable(db),
    transaction: (work) => db.transaction((tx) => work(queryable(tx))),
    close: () => db.close(),
    dump: async (compression = 'none') => db.dumpDataDir(compression),
  };
}

import { PGlite, parse, protocol } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { amcheck } from '@electric-sql/pglite/contrib/amcheck';
import type { Database, Queryable, QueryOptions } from './database.ts';
import { RequestsInFlight } from './requests-in-flight.ts';
import { EventLoopTurns } from './event-loop-turns.ts';
import { PG_TYPES, parseDate, parseNumber, statementName } from './database.ts';

const parsers = {
  [PG_TYPES.INT8]: parseNumber,
  [PG_TYPES.NUMERIC]: parseNumber,
  [PG_TYPES.DATE]: parseDate,
};

/**
 * PostgreSQL settings for the embedded database, given at start (`-c`, as PGlite gives its own),
 * so they hold for every data directory without touching its postgresql.conf.
 *
 * shared_buffers: initdb writes PostgreSQL's 128 MB, and PGlite's shared memory is allocated
 * and zero-filled in its WebAssembly heap at start, so all of it is resident from the first
 * second and never given back. At 100 000 members (`npm run seed`) every list's pages and the
 * member list and searches, run over and over, missed the cache about as rarely with 64 MB as
 * with 128 MB (1 041 and 1 422 reads in some 530 000 page look-ups) but six times as often with
 * 32 MB (8 896), which cost CPU; a miss is read from the operating system's file cache. 64 MB:
 * about 65 MB less resident memory from the start (see docs/BENCHMARKS.md, 'Memory of the running server').
 */
const SETTINGS: Record<string, string> = { shared_buffers: '64MB' };

export interface PgliteOptions {
  /** A directory to keep the data in; in memory when absent. */
  dataDir?: string;
  /** A dump made with dumpDataDir() to start from (tests copy one migrated database). */
  loadDataDir?: Blob | File;
}

/**
 * A query kept as a named prepared statement in PGlite's one session: planning in WebAssembly
 * cost far more than running our primary-key lookups (a member row: 8.9 ms planned each time,
 * 1.0 ms planned once). Parse and describe once; then bind, execute and sync in one call.
 */
async function runPrepared<T>(db: PGlite, statements: Map<string, number[]>, sql: string, params: readonly unknown[], inTransaction: boolean): Promise<T[]> {
  const name = statementName(sql);
  const syncToFs = !inTransaction;
  let paramTypes = statements.get(name);
  if (!paramTypes) {
    const described = await db.execProtocol(
      concat(protocol.serialize.parse({ name, text: sql }), protocol.serialize.describe({ type: 'S', name }), protocol.serialize.sync()),
      { syncToFs },
    );
    paramTypes = parse.parseDescribeStatementResults(described.messages);
    statements.set(name, paramTypes);
  }
  const values = params.map((value, index) => {
    if (value === null || value === undefined) return null;
    const serializer = db.serializers[paramTypes[index]];
    return serializer ? serializer(value) : String(value);
  });
  const ran = await db.execProtocol(
    concat(
      protocol.serialize.bind({ statement: name, values }),
      protocol.serialize.describe({ type: 'P' }),
      protocol.serialize.execute({}),
      protocol.serialize.sync(),
    ),
    { syncToFs },
  );
  return parse.parseResults(ran.messages, db.parsers)[0].rows as T[];
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * `db` and the prepared statements of its session; `tx` when inside one of its transactions. Outside
 * one, a long run of statements lets the event loop turn (event-loop-turns.ts).
 */
function queryable(db: PGlite, statements: Map<string, number[]>, turns: EventLoopTurns, tx?: Pick<PGlite, 'query' | 'exec'>): Queryable {
  const client = tx ?? db;
  return {
    async exec(sql: string) {
      if (!tx) await turns.beforeStatement();
      await client.exec(sql);
    },
    async query<T>(sql: string, params: readonly unknown[] = [], options: QueryOptions = {}) {
      if (!tx) await turns.beforeStatement();
      if (options.prepare) {
        // The same locks PGlite's own query() takes: a transaction already holds the outer one.
        const run = () => db._runExclusiveQuery(() => runPrepared<T>(db, statements, sql, params, tx !== undefined));
        return tx ? run() : db._runExclusiveTransaction(run);
      }
      const result = await client.query<T>(sql, params as unknown[]);
      return result.rows;
    },
  };
}

export interface PgliteDatabase extends Database {
  readonly kind: 'pglite';
  readonly requests: RequestsInFlight;
  /** The PGlite instance itself, for the job queue's PGlite adapter. */
  readonly client: PGlite;
  /** A consistent copy of the whole database (a tar file, gzipped when asked), built in memory. */
  dump(compression?: 'none' | 'gzip'): Promise<Blob>;
  /** The directory the database lives in; undefined when it lives in memory. */
  readonly dataDir: string | undefined;
  /**
   * Runs `work` while no statement or transaction runs (PGlite's own locks, as its dump takes
   * them), so the files in `dataDir` stay as they are until it ends.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
}

export async function openPglite(options: PgliteOptions = {}): Promise<PgliteDatabase> {
  const db = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm, amcheck },
    parsers,
    startParams: [...PGlite.defaultStartParams, ...Object.entries(SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`])],
  });
  const statements = new Map<string, number[]>();
  const turns = new EventLoopTurns();
  return {
    kind: 'pglite',
    client: db,
    requests: new RequestsInFlight(),
    ...queryable(db, statements, turns),
    transaction: async (work) => {
      await turns.beforeStatement();
      return db.transaction((tx) => work(queryable(db, statements, turns, tx)));
    },
    close: () => db.close(),
    dump: async (compression = 'none') => db.dumpDataDir(compression),
    dataDir: options.dataDir,
    exclusive: (work) => db._runExclusiveTransaction(() => db._runExclusiveQuery(work)),
  };
}

/**
 * The job queue: pg-boss, kept in the database itself (PGlite through pg-boss's PGlite adapter,
 * PostgreSQL through its own pool), so every instance shares it and a crash loses no job.
 * Anything that should leave the request (mail, SMS, later accounting sync and payment
 * capture) is a named queue here with its own retry and expiry settings.
 */
import { PgBoss, fromPglite, type Db, type Queue } from 'pg-boss';
import type { Database, Queryable } from '../db/database.ts';
import type { PgliteDatabase } from '../db/pglite.ts';
import type { PostgresDatabase } from '../db/postgres.ts';
import type { Metrics } from '../lib/metrics.ts';
import type { JobTiming } from '../domain/messages/outbox.ts';

export interface JobInfo {
  id: string;
  /** 0 on the first attempt. */
  retryCount: number;
  retryLimit: number;
  /** Aborted when the queue stops before the job has ended (its job is then failed, and retried). */
  signal?: AbortSignal;
}

export type JobHandler<T> = (data: T, job: JobInfo) => Promise<void>;

/** A queue's settings; expireInSeconds brings a killed worker's job back that soon. */
export type QueueSettings = Omit<Queue, 'name'> & { expireInSeconds: number; retryLimit: number };

/** Lets pg-boss write its job inside an application transaction: a rollback drops the job too. */
const inTransaction = (tx: Queryable): Db => ({
  executeSql: async (text, values) => ({ rows: await tx.query(text, values ?? [], { prepare: true }) }),
});

/** The same error from the queue is written at most this often (a database away fails every poll of every worker). */
const ERROR_LOG_INTERVAL_MS = 60_000;

/**
 * Writes the queue's errors one line each, the same one at most once a minute. pg-boss goes on
 * after them: its pool reconnects, its workers poll again, and a job whose worker lost the
 * database comes back once it expires; so an error here is something to see, never to stop for.
 */
function errorLog(write: (line: string) => void): (error: { message?: unknown; queue?: unknown; code?: unknown }) => void {
  const lastWritten = new Map<string, number>();
  return (error) => {
    const line = `Jobbkøen${typeof error.queue === 'string' ? ` (${error.queue})` : ''}: ${String(error.message ?? error)}${typeof error.code === 'string' ? ` [${error.code}]` : ''}`;
    const now = Date.now();
    if (now - (lastWritten.get(line) ?? 0) < ERROR_LOG_INTERVAL_MS) return;
    if (lastWritten.size > 100) lastWritten.clear();
    lastWritten.set(line, now);
    write(line);
  };
}

/**
 * The jobs a killed process left active in the queue's tables. Only for PGlite: its directory is
 * held by one process at a time (server/db/lock.ts), so a job active when the queue
 * starts has no worker left, and it is failed (so retried as its queue allows) at once instead of
 * waiting out its expiry. On PostgreSQL another server may be working it: expiry decides there.
 */
async function orphanedJobs(db: Queryable): Promise<Map<string, string[]>> {
  const rows = await db.query<{ name: string; id: string }>(`SELECT name, id::text AS id FROM pgboss.job WHERE state = 'active'`);
  const byQueue = new Map<string, string[]>();
  for (const row of rows) byQueue.set(row.name, [...(byQueue.get(row.name) ?? []), row.id]);
  return byQueue;
}

export class JobQueue {
  readonly #boss: PgBoss;
  readonly #metrics: Metrics | null;
  readonly #db: Database;
  #started: Promise<unknown> | null = null;

  constructor(db: Database, metrics: Metrics | null = null) {
    this.#metrics = metrics;
    this.#db = db;
    // The monitor pass is what brings back an expired job (a killed worker's): every 10 s.
    const common = { schedule: true, superviseIntervalSeconds: 10, monitorIntervalSeconds: 10 } as const;
    this.#boss =
      db.kind === 'pglite'
        ? new PgBoss({ ...common, db: fromPglite((db as PgliteDatabase).client), backend: 'pglite' })
        : new PgBoss({ ...common, connectionString: (db as PostgresDatabase).connectionString, max: 3 });
    this.#boss.on(
      'error',
      errorLog((line) => console.error(line)),
    );
  }

  /** Installs or updates the queue's tables once, then creates the queues named. */
  async start(queues: Record<string, QueueSettings>): Promise<void> {
    this.#started ??= this.#boss.start().then(() => (this.#db.kind === 'pglite' ? this.#giveBackOrphans() : undefined));
    await this.#started;
    for (const [name, settings] of Object.entries(queues)) {
      await this.#boss.createQueue(name, settings);
      await this.#boss.updateQueue(name, settings);
    }
  }

  async #giveBackOrphans(): Promise<void> {
    for (const [name, ids] of await orphanedJobs(this.#db)) {
      await this.#boss.fail(name, ids, { message: 'Serveren stoppet mens jobben gikk; den kjøres på nytt.' });
    }
  }

  /** Queues a job; with `tx` it is written in that transaction and stands or falls with it; `startAfterSeconds` delays it. */
  async send(name: string, data: object, tx?: Queryable, startAfterSeconds?: number): Promise<string> {
    const id = await this.#boss.send(name, data, {
      ...(tx ? { db: inTransaction(tx) } : {}),
      ...(startAfterSeconds ? { startAfter: startAfterSeconds } : {}),
    });
    if (!id) throw new Error(`Jobben i køen «${name}» ble ikke lagt inn.`);
    return id;
  }

  /** Queues many jobs in one statement; with `tx` they stand or fall with it; `options` override the queue's timing for them. */
  async sendMany(name: string, data: readonly object[], tx?: Queryable, options: JobTiming = {}): Promise<void> {
    if (data.length === 0) return;
    await this.#boss.insert(
      name,
      data.map((item) => ({ data: item, ...options })),
      tx ? { db: inTransaction(tx) } : {},
    );
  }

  async work<T>(name: string, handler: JobHandler<T>, pollingIntervalSeconds = 1): Promise<void> {
    const options = { batchSize: 1, pollingIntervalSeconds, includeMetadata: true } as const;
    await this.#boss.work<T, void, typeof options>(name, options, async ([job]) => {
      try {
        await handler(job.data, { id: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit, signal: job.signal });
      } catch (error) {
        this.#metrics?.jobFailed(name);
        throw error;
      }
    });
  }

  /** Stops working `name` on this server (the jobs stay queued for another), once its running job has ended. */
  async offWork(name: string): Promise<void> {
    await this.#boss.offWork(name, { wait: true });
  }

  /** Runs `name` on a cron schedule (Europe/Oslo) with `data`; one instance sends each occurrence. */
  async schedule(name: string, cron: string, data: object = {}): Promise<void> {
    await this.#boss.schedule(name, cron, data, { tz: 'Europe/Oslo' });
  }

  async unschedule(name: string): Promise<void> {
    await this.#boss.unschedule(name);
  }

  /** Lets the running jobs finish (up to `timeoutMs`), then stops polling. */
  async stop(timeoutMs = 10_000): Promise<void> {
    if (!this.#started) return;
    await this.#boss.stop({ graceful: true, timeout: timeoutMs, close: true });
  }
}

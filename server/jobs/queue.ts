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

/**
 * How often an idle worker looks for jobs anyway. A job sent is announced to every server's
 * workers at once (LISTEN/NOTIFY: in the process on PGlite, through PostgreSQL between servers),
 * and this process wakes its own workers when a job it delayed or saw fail is due; what is left
 * for the polling is a job nobody announced (a killed worker's, once it expires; a retry another
 * server's worker failed), so it is a backstop, not a heartbeat: 18 workers polling every second
 * kept an idle server on PGlite at 3 % of a core.
 */
const BACKSTOP_POLLING_SECONDS = 10;

/** How long after a job failed its queue is asked when its retry is due (pg-boss has marked it by then). */
const RETRY_LOOKUP_MS = 250;

export class JobQueue {
  readonly #boss: PgBoss;
  readonly #metrics: Metrics | null;
  readonly #db: Database;
  #started: Promise<unknown> | null = null;
  /** This process's workers by queue, and the timers that wake them when a delayed job is due. */
  readonly #workers = new Map<string, string[]>();
  readonly #wakeTimers = new Set<NodeJS.Timeout>();

  constructor(db: Database, metrics: Metrics | null = null) {
    this.#metrics = metrics;
    this.#db = db;
    // The monitor pass is what brings back an expired job (a killed worker's): every 10 s.
    const common = { schedule: true, superviseIntervalSeconds: 10, monitorIntervalSeconds: 10, useListenNotify: true } as const;
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
      await this.#boss.createQueue(name, { ...settings, notify: true });
      await this.#boss.updateQueue(name, { ...settings, notify: true });
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
    if (startAfterSeconds) this.#wakeAt(name, Date.now() + startAfterSeconds * 1000);
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

  /**
   * Works `name`'s jobs one at a time. `pollingIntervalSeconds` is how often it looks without
   * being told (only while the announcements cannot be heard: see BACKSTOP_POLLING_SECONDS).
   */
  async work<T>(name: string, handler: JobHandler<T>, pollingIntervalSeconds = 1): Promise<void> {
    const options = {
      batchSize: 1,
      pollingIntervalSeconds,
      notifyPollingIntervalSeconds: Math.max(pollingIntervalSeconds, BACKSTOP_POLLING_SECONDS),
      includeMetadata: true,
    } as const;
    // Known once work() answers; a job the worker takes before that (its first look is under way) cannot name it yet.
    let worker: string | undefined = undefined;
    worker = await this.#boss.work<T, void, typeof options>(name, options, async ([job]) => {
      try {
        await handler(job.data, { id: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit, signal: job.signal });
      } catch (error) {
        this.#metrics?.jobFailed(name);
        if (job.retryCount < job.retryLimit) this.#later(RETRY_LOOKUP_MS, () => this.#wakeForRetry(name, job.id));
        throw error;
      } finally {
        // The worker looks again straight after a job (the next of a backlog) instead of waiting to be told.
        if (worker) this.#boss.notifyWorker(worker);
      }
    });
    this.#workers.set(name, [...(this.#workers.get(name) ?? []), worker]);
  }

  /** Wakes this process's workers of `name` at `at` (epoch ms), so a delayed job starts when due rather than at the next poll. */
  #wakeAt(name: string, at: number): void {
    this.#later(Math.max(0, at - Date.now()) + 50, () => {
      for (const worker of this.#workers.get(name) ?? []) this.#boss.notifyWorker(worker);
    });
  }

  /** After a job failed: when pg-boss has put it back for a retry, its workers here are woken when the retry is due. */
  async #wakeForRetry(name: string, id: string): Promise<void> {
    const [job] = await this.#db
      .query<{ due: string }>(
        "SELECT (extract(epoch FROM start_after) * 1000)::bigint::text AS due FROM pgboss.job WHERE name = $1 AND id = $2 AND state = 'retry'",
        [name, id],
      )
      .catch(() => []);
    if (job) this.#wakeAt(name, Number(job.due));
  }

  #later(ms: number, action: () => unknown): void {
    const timer = setTimeout(() => {
      this.#wakeTimers.delete(timer);
      void action();
    }, ms);
    timer.unref();
    this.#wakeTimers.add(timer);
  }

  /** Stops working `name` on this server (the jobs stay queued for another), once its running job has ended. */
  async offWork(name: string): Promise<void> {
    await this.#boss.offWork(name, { wait: true });
    this.#workers.delete(name);
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
    for (const timer of this.#wakeTimers) clearTimeout(timer);
    this.#wakeTimers.clear();
    if (!this.#started) return;
    await this.#boss.stop({ graceful: true, timeout: timeoutMs, close: true });
  }
}

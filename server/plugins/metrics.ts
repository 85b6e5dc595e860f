/**
 * GET /metrics in Prometheus' text format, for a Prometheus whose scrape config sends
 * `authorization: { credentials: <METRICS_TOKEN> }`. Without METRICS_TOKEN the route answers 404
 * as any unknown path and nothing is measured; with it, a request without the token gets 401.
 * Outside /api and out of the OpenAPI document: it is for the operator's monitoring, not for the apps.
 *
 * Besides the counters of lib/metrics.ts, read at each scrape: the job queue's jobs per queue and
 * state, the PostgreSQL pool's use, and on the embedded database the newest backup's age.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { Gauge, type Registry } from 'prom-client';
import type { Services } from '../jobs/services.ts';
import type { PostgresDatabase } from '../db/postgres.ts';
import { queueCounts } from '../jobs/queue-stats.ts';
import { newestBackupTime } from '../jobs/backup.ts';
import { HttpError, MESSAGES, notFound } from '../lib/http-errors.ts';

/** Equal tokens, compared in constant time: both are hashed first, so neither length nor content leaks through timing. */
export function sameToken(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function bearer(request: FastifyRequest): string {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match ? match[1] : '';
}

function queueGauges(registry: Registry, services: Services): void {
  new Gauge({
    name: 'portal_jobs',
    help: 'Jobs in the queue by queue and state: waiting (the depth: to run now, later or again), active, failed (given up, kept until deleted)',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await queueCounts(services.db)) {
        this.set({ queue: row.queue, state: 'waiting' }, row.waiting);
        this.set({ queue: row.queue, state: 'active' }, row.active);
        this.set({ queue: row.queue, state: 'failed' }, row.failed);
      }
    },
  });
}

function poolGauges(registry: Registry, db: PostgresDatabase): void {
  const use = (field: 'total' | 'idle' | 'waiting' | 'max', name: string, help: string) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(db.poolUse()[field]);
      },
    });
  use('total', 'portal_database_pool_connections', 'Connections the PostgreSQL pool holds open (idle or in use)');
  use('idle', 'portal_database_pool_idle', 'Idle connections in the PostgreSQL pool');
  use('waiting', 'portal_database_pool_waiting', 'Queries waiting for a free connection of the PostgreSQL pool');
  use('max', 'portal_database_pool_max', 'The most connections the PostgreSQL pool opens');
}

function backupGauge(registry: Registry, dir: string): void {
  new Gauge({
    name: 'portal_backup_age_seconds',
    help: 'Seconds since the newest backup of the embedded database in BACKUP_DIR was written; +Inf when there is none',
    registers: [registry],
    async collect() {
      const newest = await newestBackupTime(dir);
      this.set(newest ? (Date.now() - newest.getTime()) / 1000 : Infinity);
    },
  });
}

async function metrics(app: FastifyInstance) {
  const services = app.services;
  const token = services.config.metricsToken;
  const measured = services.metrics;
  if (measured) {
    queueGauges(measured.registry, services);
    if (services.db.kind === 'postgres') poolGauges(measured.registry, services.db as PostgresDatabase);
    else backupGauge(measured.registry, services.config.backup.dir);
    // The route's pattern, never the path itself: one series per route, whatever ids are asked for.
    app.addHook('onResponse', (request, reply, done) => {
      measured.request(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
      done();
    });
  }

  app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    if (!token || !measured) throw notFound();
    if (!sameToken(bearer(request), token)) {
      throw new HttpError(401, { message: MESSAGES.unauthenticated }, { 'www-authenticate': 'Bearer realm="metrics"' });
    }
    const text = await measured.registry.metrics();
    return reply.type(measured.registry.contentType).header('cache-control', 'no-store').send(text);
  });
}

export default fp(metrics, { name: 'metrics', dependencies: ['services'] });

/**
 * Writes fail fast with 503 when the embedded database's disk is nearly full: any request that
 * could write (every method but GET, HEAD and OPTIONS) is refused before it reaches a route,
 * while reading goes on. When space returns, the next reading lets writes through again.
 * With PostgreSQL (DATABASE_URL) the database server guards its own disk; its "disk full"
 * error (53100) is answered the same way by the error handler.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../lib/http-errors.ts';
import { diskFullMessage, watchDiskSpace, type DiskSpace } from '../lib/disk-space.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Free space in DATA_DIR, when the embedded database lives there. */
    diskSpace: DiskSpace | null;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

async function diskGuard(app: FastifyInstance) {
  const { config, db } = app.services;
  const disk = db.kind === 'pglite' && config.diskFreeMinBytes > 0 ? watchDiskSpace(config.dataDir, config.diskFreeMinBytes) : null;
  app.decorate('diskSpace', disk);
  if (!disk) return;
  app.addHook('onClose', async () => disk.stop());
  app.addHook('onRequest', async (request) => {
    if (READS.has(request.method) || !disk.low()) return;
    throw new HttpError(503, { message: diskFullMessage() }, { 'retry-after': '60' });
  });
}

export default fp(diskGuard, { name: 'disk-guard', dependencies: ['services'] });

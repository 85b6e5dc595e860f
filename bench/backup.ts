/**
 * The embedded database's backup and shutdown at size: a PGlite directory seeded with
 * `npm run seed`'s data, streamed into a backup while the process's memory is sampled, then a
 * real server started on the same directory (timed to its first healthy answer) and stopped with
 * SIGTERM, timed to its exit.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openPglite } from '../server/db/pglite.ts';
import { migrate } from '../server/db/migrate.ts';
import { seedSyntheticMembers } from '../server/demo/synthetic.ts';
import { backupDatabase } from '../server/jobs/backup.ts';

export interface BackupResult {
  members: number;
  dataMb: number;
  archiveMb: number;
  seconds: number;
  /** Peak RSS during the backup minus RSS just before it. */
  rssGrowthMb: number;
  shutdownSeconds: number;
  /** From starting `node server/main.ts` on the directory to its first healthy /api/health. */
  startSeconds: number;
  /** What the server said of its backup at shutdown. */
  shutdownBackup: string;
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

async function directorySize(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return total;
}

/** Starts the server on `dataDir`, times it until it answers healthy, stops it with SIGTERM and times the exit. */
async function timedShutdown(dataDir: string, backupDir: string): Promise<{ startSeconds: number; seconds: number; backup: string }> {
  const port = 3900 + Math.floor(Math.random() * 90);
  const started = performance.now();
  const child = spawn(process.execPath, [path.resolve(import.meta.dirname, '../server/main.ts')], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      BACKUP_DIR: backupDir,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DEMO_DATA: '0',
      LOG_LEVEL: 'info',
      STATIC_DIR: '/nonexistent',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  for (let tries = 0; ; tries++) {
    if (tries > 2400) throw new Error(`the server did not start: ${output}`);
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const startSeconds = (performance.now() - started) / 1000;
  const start = performance.now();
  child.kill('SIGTERM');
  await exited;
  const seconds = (performance.now() - start) / 1000;
  const backup = /backup written/.test(output)
    ? 'written'
    : /backup skipped/.test(output)
      ? 'skipped (recent)'
      : /backup at shutdown stopped/.test(output)
        ? 'stopped (would not fit)'
        : 'none';
  return { startSeconds, seconds, backup };
}

export async function measureBackup(members: number): Promise<BackupResult> {
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-bench-backup-'));
  const dataDir = path.join(dir, 'data');
  const backupDir = path.join(dir, 'backups');
  try {
    const db = await openPglite({ dataDir });
    await migrate(db);
    await seedSyntheticMembers(db, members);
    await db.query('CHECKPOINT');
    const dataMb = mb(await directorySize(dataDir));
    (globalThis as { gc?: () => void }).gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const start = performance.now();
    const file = await backupDatabase(db, backupDir, 2);
    const seconds = (performance.now() - start) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const archiveMb = mb((await stat(file)).size);
    await db.close();
    // The server's own backup at shutdown: the copy just made is recent, so move it out of the way.
    await rm(backupDir, { recursive: true, force: true });
    const shutdown = await timedShutdown(dataDir, backupDir);
    return {
      members,
      dataMb,
      archiveMb,
      seconds,
      rssGrowthMb: mb(peak - before),
      shutdownSeconds: shutdown.seconds,
      startSeconds: shutdown.startSeconds,
      shutdownBackup: shutdown.backup,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Backups of the embedded database. PGlite cannot make a commit durable against a power cut
 * (its WASM runtime does no fsync), so the safety net is a consistent copy made on a schedule
 * and at shutdown. The copy holds PGlite's locks while it runs (requests wait), so it runs at
 * night-friendly intervals, not per request.
 *
 * With the database in a directory (the server, `npm run backup`), the directory is streamed
 * into a gzipped tar file by file (with it what else lives in DATA_DIR: the instruments' documents
 * in DATA_DIR/documents, the outbox), in the layout PGlite's own dump (`dumpDataDir`) writes and
 * `loadDataDir` reads, so memory stays flat whatever the size: the dump builds the whole archive
 * in memory (156 MB for 100 000 members, 2 GB at its peak). Gzip at its fastest level: the copy
 * holds the locks, so its time matters more than a smaller file. A database in memory falls back to
 * the dump.
 */
import { createWriteStream } from 'node:fs';
import { lstat, mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import tar from 'tar-stream';
import type { PgliteDatabase } from '../db/pglite.ts';
import { PARTIAL_SUFFIX } from '../domain/documents/store.ts';

export const BACKUP_QUEUE = 'backup';
const PREFIX = 'portal-';
const SUFFIX = '.tar.gz';

const stamp = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

export class BackupAbortedError extends Error {
  constructor() {
    super('Sikkerhetskopien ble avbrutt før den var ferdig.');
    this.name = 'BackupAbortedError';
  }
}

const gone = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Every file and directory under `dir`, parents before children, as paths relative to it. */
async function* entriesOf(dir: string, relative = ''): AsyncGenerator<string> {
  const names = (await readdir(path.join(dir, relative))).sort();
  for (const name of names) {
    const entry = relative ? `${relative}/${name}` : name;
    yield entry;
    const info = await lstat(path.join(dir, entry)).catch((error: unknown) => {
      if (gone(error)) return null;
      throw error;
    });
    if (info?.isDirectory()) yield* entriesOf(dir, entry);
  }
}

/**
 * Writes `dataDir` as a gzipped tar to `file`, one file at a time; `signal` stops it between files.
 * The database's files hold still while it runs (it holds PGlite's locks); the documents in
 * DATA_DIR/documents may not: a file deleted meanwhile is left out, and one still being written
 * (named *.partial until it is complete) too.
 */
async function streamDirectory(dataDir: string, file: string, signal?: AbortSignal): Promise<void> {
  const pack = tar.pack();
  const written = pipeline(pack, createGzip({ level: 1 }), createWriteStream(file, { mode: 0o600 }), { signal });
  const adding = (async () => {
    for await (const entry of entriesOf(dataDir)) {
      if (signal?.aborted) throw new BackupAbortedError();
      if (entry.endsWith(PARTIAL_SUFFIX)) continue;
      const full = path.join(dataDir, entry);
      const info = await stat(full).catch((error: unknown) => {
        if (gone(error)) return null;
        throw error;
      });
      if (!info) continue;
      if (info.isDirectory()) {
        pack.entry({ name: entry, type: 'directory', mode: info.mode & 0o7777, mtime: info.mtime });
        continue;
      }
      if (!info.isFile()) continue;
      // Opened before its entry is written: a file removed in between is simply not in the copy.
      const handle = await open(full, 'r').catch((error: unknown) => {
        if (gone(error)) return null;
        throw error;
      });
      if (!handle) continue;
      const size = (await handle.stat()).size;
      const sink = pack.entry({ name: entry, type: 'file', size, mode: info.mode & 0o7777, mtime: info.mtime });
      await pipeline(handle.createReadStream({ start: 0, end: Math.max(0, size - 1) }), sink);
    }
    pack.finalize();
  })();
  try {
    await Promise.all([adding, written]);
  } catch (error) {
    pack.destroy();
    throw signal?.aborted ? new BackupAbortedError() : error;
  }
}

/**
 * Writes a new backup, keeps the newest `keep`, and answers the new file's path. With `signal`,
 * an abort stops the copy and removes the unfinished file (the database itself is untouched).
 */
export async function backupDatabase(db: PgliteDatabase, dir: string, keep: number, signal?: AbortSignal): Promise<string> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const started = Date.now();
  const file = path.join(dir, `${PREFIX}${stamp(new Date())}-${process.pid}${SUFFIX}`);
  const part = `${file}.part`;
  // Written aside and renamed, so a crash never leaves a half file that looks like a backup.
  try {
    const dataDir = db.dataDir;
    if (dataDir) await db.exclusive(() => streamDirectory(dataDir, part, signal));
    else await writeFile(part, Buffer.from(await (await db.dump('gzip')).arrayBuffer()), { mode: 0o600 });
  } catch (error) {
    await rm(part, { force: true });
    throw error;
  }
  await rename(part, file);
  await writeTiming(dir, { ms: Date.now() - started, complete: true });
  const backups = (await readdir(dir)).filter((name) => name.startsWith(PREFIX) && name.endsWith(SUFFIX)).sort();
  await Promise.all(backups.slice(0, Math.max(0, backups.length - keep)).map((name) => rm(path.join(dir, name))));
  // Unfinished copies of a process that was killed mid-way.
  await Promise.all(
    (await readdir(dir))
      .filter((name) => name.startsWith(PREFIX) && name.endsWith('.part') && path.join(dir, name) !== part)
      .map((name) => rm(path.join(dir, name), { force: true })),
  );
  return file;
}

/** When the newest backup in `dir` was written, or null when there is none. */
export async function newestBackupTime(dir: string): Promise<Date | null> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.startsWith(PREFIX) && name.endsWith(SUFFIX));
  let newest: Date | null = null;
  for (const name of names) {
    const time = (await stat(path.join(dir, name)).catch(() => null))?.mtime;
    if (time && (!newest || time > newest)) newest = time;
  }
  return newest;
}

/** A backup younger than this makes a new one at shutdown unnecessary. */
export const FRESH_BACKUP_MS = 15 * 60 * 1000;

/**
 * How long the last copy took: `complete` when it was written whole, else it was stopped after
 * `ms` and takes at least that long. Kept beside the copies, so a shutdown knows before it starts
 * whether one fits.
 */
export interface BackupTiming {
  ms: number;
  complete: boolean;
}

const TIMING_FILE = 'last-backup-time.json';

export async function lastBackupTiming(dir: string): Promise<BackupTiming | null> {
  try {
    const timing = JSON.parse(await readFile(path.join(dir, TIMING_FILE), 'utf8')) as Partial<BackupTiming>;
    return typeof timing.ms === 'number' && timing.ms >= 0 ? { ms: timing.ms, complete: timing.complete === true } : null;
  } catch {
    return null;
  }
}

async function writeTiming(dir: string, timing: BackupTiming): Promise<void> {
  await writeFile(path.join(dir, TIMING_FILE), JSON.stringify(timing), { mode: 0o600 });
}

/** A copy is started at shutdown only when it took at most this share of the time left last time. */
const FITS_SHARE = 0.8;

export type ShutdownBackup = { kind: 'written'; file: string } | { kind: 'recent'; at: Date } | { kind: 'too-slow'; lastMs: number } | { kind: 'aborted' };

/**
 * The backup at shutdown, within `budgetMs` (the rest of the ten seconds a container runtime
 * waits before it kills): skipped when a recent one exists, not started when the last copy's
 * measured time says it would not fit, stopped and removed when it still runs out of time. Nothing is lost either way; the database's own files are already on disk.
 */
export async function backupAtShutdown(db: PgliteDatabase, dir: string, keep: number, budgetMs: number, now = new Date()): Promise<ShutdownBackup> {
  const newest = await newestBackupTime(dir);
  if (newest && now.getTime() - newest.getTime() < FRESH_BACKUP_MS) return { kind: 'recent', at: newest };
  const last = await lastBackupTiming(dir);
  if (last && last.ms > budgetMs * FITS_SHARE) return { kind: 'too-slow', lastMs: last.ms };
  const started = Date.now();
  const signal = AbortSignal.timeout(Math.max(0, budgetMs));
  try {
    return { kind: 'written', file: await backupDatabase(db, dir, keep, signal) };
  } catch (error) {
    if (!(error instanceof BackupAbortedError)) throw error;
    // The next shutdown then knows, before it starts, that a copy takes longer than this.
    await writeTiming(dir, { ms: Date.now() - started, complete: false }).catch(() => undefined);
    return { kind: 'aborted' };
  }
}

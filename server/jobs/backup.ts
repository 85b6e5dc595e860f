/**
 * Backups of the embedded database. PGlite cannot make a commit durable against a power cut
 * (its WASM runtime does no fsync), so the safety net is a consistent copy made with
 * dumpDataDir on a schedule and at shutdown. A dump holds PGlite's query lock while it runs
 * (seconds on a large database, during which requests wait) and freezes the event loop for
 * up to about half a second, so it runs at night-friendly intervals, not per request.
 */
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PgliteDatabase } from '../db/pglite.ts';

export const BACKUP_QUEUE = 'backup';
const PREFIX = 'portal-';
const SUFFIX = '.tar.gz';

const stamp = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

/** Writes a new backup, keeps the newest `keep`, and answers the new file's path. */
export async function backupDatabase(db: PgliteDatabase, dir: string, keep: number): Promise<string> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const dump = await db.dump('gzip');
  const file = path.join(dir, `${PREFIX}${stamp(new Date())}-${process.pid}${SUFFIX}`);
  // Written aside and renamed, so a crash never leaves a half file that looks like a backup.
  await writeFile(`${file}.part`, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
  await rename(`${file}.part`, file);
  const backups = (await readdir(dir)).filter((name) => name.startsWith(PREFIX) && name.endsWith(SUFFIX)).sort();
  await Promise.all(backups.slice(0, Math.max(0, backups.length - keep)).map((name) => rm(path.join(dir, name))));
  return file;
}

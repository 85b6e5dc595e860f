/**
 * Free space where the server writes, read every few seconds (a statfs call is cheap), so a
 * nearly full disk is refused up front instead of part-way through a write: on a full disk the
 * embedded database's writes can hang the process rather than fail.
 */
import { statfsSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import { HTTP_TEXTS } from './http-texts.ts';

export interface DiskSpace {
  /** Free bytes for this process at the last reading; null when it could not be read. */
  free(): number | null;
  /** Whether the last reading was below the floor. */
  low(): boolean;
  readonly floorBytes: number;
  stop(): void;
}

const freeBytes = (stats: { bavail: number | bigint; bsize: number | bigint }) => Number(stats.bavail) * Number(stats.bsize);

export function watchDiskSpace(dir: string, floorBytes: number, intervalMs = 2_000): DiskSpace {
  let free: number | null = null;
  try {
    free = freeBytes(statfsSync(dir));
  } catch {
    free = null;
  }
  const timer = setInterval(() => {
    statfs(dir).then(
      (stats) => (free = freeBytes(stats)),
      () => (free = null),
    );
  }, intervalMs);
  timer.unref();
  return {
    free: () => free,
    low: () => floorBytes > 0 && free !== null && free < floorBytes,
    floorBytes,
    stop: () => clearInterval(timer),
  };
}

export const megabytes = (bytes: number) => Math.floor(bytes / 1024 / 1024);

/** The Norwegian message for a refused write. */
export function diskFullMessage(): string {
  return HTTP_TEXTS.diskFull.nb;
}

/**
 * One process per PGlite data directory: PGlite writes postmaster.pid but enforces nothing,
 * and two processes on one directory lose commits and break indexes. The lock file's time
 * is refreshed every second; a holder killed with SIGKILL stops refreshing it, so after
 * STALE_MS the next process takes it over. STALE_MS stays well above the longest stall of
 * the event loop (a backup dump freezes it for up to about 0.6 s).
 */
import lockfile from 'proper-lockfile';

const STALE_MS = 5_000;
const UPDATE_MS = 1_000;

export class DataDirLockedError extends Error {
  constructor(dataDir: string) {
    super(
      `Databasen i ${dataDir} er i bruk av en annen prosess (kjører serveren allerede?). ` +
        'PGlite tåler bare én prosess per datamappe: stopp den andre prosessen først.',
    );
    this.name = 'DataDirLockedError';
  }
}

/** Takes the directory's lock (waiting out a stale one) and answers how to give it back. */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  try {
    return await lockfile.lock(dataDir, {
      // Beside the directory, not in it, so a backup of the directory never carries the lock.
      lockfilePath: `${dataDir}.lock`,
      realpath: false,
      stale: STALE_MS,
      update: UPDATE_MS,
      // Long enough to outlast the lock of a killed holder, short enough to refuse soon.
      retries: { retries: 7, factor: 1, minTimeout: 1_000, maxTimeout: 1_000 },
      onCompromised: (error) => {
        console.error(`Låsen på ${dataDir} ble tatt av en annen prosess; stopper for ikke å ødelegge databasen.`, error);
        process.exit(1);
      },
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirLockedError(dataDir);
    throw error;
  }
}

/**
 * After a deploy an open page may ask for script files the new build no longer has (the server
 * answers 404). Vite reports that as 'vite:preloadError'; the page then reloads itself once to
 * get the new build instead of showing an error. A second failure within a minute is left to
 * the app's error screen, so a server that really lacks a file does not reload in a loop.
 */
const STORAGE_KEY = 'chunkReloadAt';
const ONCE_WITHIN_MS = 60_000;

export interface ReloadDeps {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  reload: () => void;
  now: () => number;
}

const browserDeps = (): ReloadDeps => ({
  storage: window.sessionStorage,
  reload: () => window.location.reload(),
  now: () => Date.now(),
});

/** Reloads the page unless it already did so for this reason within the last minute. */
export function reloadOnce(deps: ReloadDeps = browserDeps()): boolean {
  const last = Number(deps.storage.getItem(STORAGE_KEY) ?? 0);
  if (deps.now() - last < ONCE_WITHIN_MS) return false;
  deps.storage.setItem(STORAGE_KEY, String(deps.now()));
  deps.reload();
  return true;
}

/** Both apps' entry installs this once, before any page is loaded on demand. */
export function reloadOnChunkFailure(target: Window = window, deps?: ReloadDeps): void {
  target.addEventListener('vite:preloadError', () => {
    reloadOnce(deps ?? browserDeps());
  });
}

/**
 * Keeps the card page working offline: registers the service worker (public/sw.js) for the card
 * page only, and stores this page, the home-screen address and the files it loaded in the worker's
 * cache, so the next visit without a network still opens (the card itself is kept in local storage, cardStore.ts).
 */
export const CARD_CACHE = 'medlemskort-v1';
const SCOPE = '/profile/card';
/**
 * The home-screen icon's address (public/medlemskort.webmanifest's start_url): it opens the
 * signed-in member's own card. Stored with the page a member visits, so the icon opens without a
 * network though the member never typed that address.
 */
export const START_URL = '/profile/card';

export function keepCardPageOffline(): void {
  if (!('serviceWorker' in navigator) || !('caches' in window)) return;
  void navigator.serviceWorker.register('/sw.js', { scope: SCOPE }).catch(() => undefined);
  const files = performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === location.origin && !url.pathname.startsWith('/api/'))
    .map((url) => url.pathname);
  const urls = [...new Set([location.pathname, START_URL, '/medlemskort.webmanifest', ...files])];
  void caches
    .open(CARD_CACHE)
    .then((cache) => Promise.all(urls.map((url) => cache.add(url).catch(() => undefined))))
    .catch(() => undefined);
}

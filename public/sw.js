/* global self, caches, fetch, URL, Response */
/*
 * The member card page's service worker (registered with scope /profile/card by
 * src/min-side/card/offline.ts). It answers from the network and falls back to the copies the
 * page stored, so the last card loaded still opens without a network. The API is never cached
 * here (the card's data is kept by the page itself).
 */
const CACHE = 'medlemskort-v1';

self.addEventListener('install', () => self.skipWaiting());

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith('medlemskort-') && name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  event.respondWith(
    fetch(request)
      .then((response) => {
        if (response.ok && (request.mode === 'navigate' || url.pathname.startsWith('/assets/'))) {
          const copy = response.clone();
          void caches.open(CACHE).then((cache) => cache.put(request, copy));
        }
        return response;
      })
      .catch(() => caches.match(request, { ignoreSearch: true, ignoreVary: true }).then((hit) => hit ?? Response.error())),
  );
});

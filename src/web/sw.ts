/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';

/**
 * The service worker (docs/DECISIONS.md#offline-presses-and-the-app): it lets a tablet without a
 * network open the work screen again after a reload, so that presses go to the outbox instead of
 * nowhere. It never answers from its copies while the network answers: the hashed scripts and
 * styles of this build are precached, and the page and the work screen's reads are taken from the
 * network first and from the last copy only when there is none.
 */
declare const self: ServiceWorkerGlobalScope;

const manifest = self.__WB_MANIFEST;
precacheAndRoute(manifest);
cleanupOutdatedCaches();
void self.skipWaiting();
clientsClaim();

/**
 * The page's copy belongs to this build: a page of another build names scripts that this one no
 * longer keeps, so an older copy is deleted when this worker takes over, never served.
 */
const build = manifest
  .map((entry) => (typeof entry === 'string' ? entry : `${entry.url}${entry.revision ?? ''}`))
  .join()
  .split('')
  .reduce((hash, char) => (Math.imul(hash, 31) + char.charCodeAt(0)) | 0, 0)
  .toString(36);
const PAGE_CACHE = `kosu-page-${build}`;
/** Every address is the same page (the router picks the screen): one copy, the latest one. */
const PAGE_KEY = '/__page';

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((name) => name.startsWith('kosu-page-') && name !== PAGE_CACHE).map((name) => caches.delete(name))),
      ),
  );
});

registerRoute(
  ({ request }) => request.mode === 'navigate',
  new NetworkFirst({
    cacheName: PAGE_CACHE,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), { cacheKeyWillBeUsed: async () => PAGE_KEY }],
  }),
);

/** What the work screen reads before it can be used: who is signed in, the record and its open call, the lists it chooses from, the station. */
const WORK_SCREEN_READS =
  /^\/api\/(user\/info|productcost\/(call\/)?\d+|(employee|paper_size|processing|processing_detail|interruption|call_reason)\/selector|machine|company|station\/(current|workers))$/;

registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && WORK_SCREEN_READS.test(url.pathname),
  new NetworkFirst({ cacheName: 'kosu-work-reads', plugins: [new CacheableResponsePlugin({ statuses: [200] })] }),
);

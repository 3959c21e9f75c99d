/**
 * The service worker (Workbox, built by vite-plugin-pwa in injectManifest mode).
 *
 * Owns: the precache of the app shell and the navigation fallback, so a signed-in user who
 * reloads with no network still gets the app (issue 2 "PWA"). API answers are never cached:
 * they are per-user, per-company and often sensitive; offline data lives in IndexedDB (src/offline/db.ts).
 * The first worker a browser installs takes control of the open page at once (`clientsClaim`), so
 * a screen opened after the precache finished (the visit form, offline) is served from it; a new
 * version's worker waits until the page sends `{type: 'SKIP_WAITING'}` (the "new version" banner),
 * then takes control of every page, which reloads (src/web/app/sw-register.ts).
 *
 * Issue 4 (field app): drains the IndexedDB outbox on Background Sync (tag 'recovery-outbox'; the page
 * drains too where the browser has no Background Sync, src/offline/triggers.ts), and keeps map tiles
 * seen online in a cache so the day's map works offline.
 */
import { clientsClaim } from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import type { PrecacheEntry } from 'workbox-precaching';
import { OUTBOX_SYNC_TAG, drainOutbox } from '../src/offline/queue';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

/** The Background Sync event (Chromium only; not in TypeScript's WebWorker lib). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// No skipWaiting() here: an update waits for the page's SKIP_WAITING (the banner's Reload).
clientsClaim();

// Deep links such as /app/user-management?company_id=… are served by the precached SPA shell;
// /api and the API docs stay on the network.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api(\/|$)/],
  }),
);

/** Cache of map tiles: any origin (OSM, the configured tile URL, the tests' local tile server). */
const TILE_CACHE = 'map-tiles';
/** `/{z}/{x}/{y}.png` (also `@2x`, .webp, .jpg): the slippy-map tile path every tile server uses. */
const TILE_PATH = /\/\d{1,2}\/\d+\/\d+(@2x)?\.(png|webp|jpe?g)$/i;

// Tiles rarely change and a field day must work offline: serve from the cache first. A day's area
// at a few zoom levels is a few hundred tiles; 3,000 keeps a week of beats. Status 0 (opaque) is
// accepted for tile servers without CORS; purgeOnQuotaError drops the tiles first when the origin
// runs out of room, so the outbox in IndexedDB is never the casualty.
registerRoute(
  ({ request, url }) => request.method === 'GET' && !url.pathname.startsWith('/api/') && TILE_PATH.test(url.pathname),
  new CacheFirst({
    cacheName: TILE_CACHE,
    plugins: [
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({ maxEntries: 3_000, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
    ],
  }),
);

self.addEventListener('sync', (event: Event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== OUTBOX_SYNC_TAG) return;
  sync.waitUntil(
    drainOutbox().then((r) => {
      // Items left because of the network or a backoff: failing the event makes the browser fire
      // it again later. A 401 waits for a new sign-in; 'locked' means the page is draining now.
      if (r.remaining > 0 && (r.stoppedBy === 'offline' || r.stoppedBy === undefined) && !sync.lastChance) {
        throw new Error(`${r.remaining} outbox items still to send`);
      }
    }),
  );
});

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

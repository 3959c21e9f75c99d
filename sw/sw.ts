/**
 * The service worker (Workbox, built by vite-plugin-pwa in injectManifest mode).
 *
 * Owns: the precache of the app shell and the navigation fallback, so a signed-in user who
 * reloads with no network still gets the app (issue 2 "PWA"). API answers are never cached:
 * they are per-user, per-company and often sensitive; offline data lives in Dexie (src/offline).
 * A new worker waits until the page sends `{type: 'SKIP_WAITING'}` (the "new version" banner).
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import type { PrecacheEntry } from 'workbox-precaching';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Deep links such as /app/user-management?company_id=… are served by the precached SPA shell;
// /api and the API docs stay on the network.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api(\/|$)/],
  }),
);

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

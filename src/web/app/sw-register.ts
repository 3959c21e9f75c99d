/**
 * Service worker registration through workbox-window, a lazy chunk that `sw-update.tsx` loads once
 * the first screen is up: the worker's precache download must not compete with that screen's own
 * requests on a slow network.
 */
import { Workbox } from 'workbox-window';

/**
 * Registers `/sw.js`; `onWaiting(activate)` is called when a new version is installed and waiting,
 * `activate()` makes it take over and reloads the page once it controls it.
 * @returns a function that stops listening for new versions
 */
export function registerServiceWorker(onWaiting: (activate: () => void) => void): () => void {
  const wb = new Workbox('/sw.js');
  const waiting = () =>
    onWaiting(() => {
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    });
  wb.addEventListener('waiting', waiting);
  void wb.register();
  return () => wb.removeEventListener('waiting', waiting);
}

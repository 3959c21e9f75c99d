/**
 * Registers the service worker (workbox-window, loaded when the browser is idle after the first
 * screen; on the field day list and the sign-in pages, a phone's first screens, after the first touch or 10 s, so its
 * chunk and the precache downloads do not compete with the list: issue 18) and, when a new version is waiting, shows a persistent toast "A new version is ready"
 * with a Reload action that activates it.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { appRouteAt, topRouteAt } from '../lib/areas';
import { afterFirstScreen, whenIdle } from '../lib/idle';
import { toaster } from '../lib/toaster';

export function ServiceWorkerUpdates() {
  const { t } = useTranslation();
  useEffect(() => {
    // No worker in the dev server: Vite serves modules the precache would pin.
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    const register = () => {
      import('./sw-register').then(
        ({ registerServiceWorker }) => {
          if (cancelled) return;
          stop = registerServiceWorker((activate) => {
            toaster.create({
              id: 'sw-update',
              type: 'info',
              title: t('sw.update_ready'),
              duration: Number.POSITIVE_INFINITY,
              action: { label: t('sw.reload'), onClick: activate },
            });
          });
        },
        // Offline before the worker ever installed: nothing to register until the next online start.
        () => undefined,
      );
    };
    // The day list and the sign-in pages (a phone's first screens, issue 18): after the first touch
    // or key (the executive typing, tapping Sign in), so the worker's chunk and its precache
    // downloads do not compete with the form or the list.
    const path = window.location.pathname;
    const cancelIdle = appRouteAt(path)?.plain || topRouteAt(path) ? afterFirstScreen(register) : whenIdle(register, 3000);
    return () => {
      cancelled = true;
      cancelIdle();
      stop?.();
    };
  }, [t]);
  return null;
}

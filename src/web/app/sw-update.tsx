/**
 * Registers the service worker (workbox-window, loaded when the browser is idle after the first
 * screen; on the field day list, a phone's first screen, after the first touch or 10 s, so its
 * chunk and the precache downloads do not compete with the list: issue 18) and, when a new version is waiting, shows a persistent toast "A new version is ready"
 * with a Reload action that activates it.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { appRouteAt } from '../lib/areas';
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
    const cancelIdle = appRouteAt(window.location.pathname)?.plain ? afterFirstScreen(register) : whenIdle(register, 3000);
    return () => {
      cancelled = true;
      cancelIdle();
      stop?.();
    };
  }, [t]);
  return null;
}

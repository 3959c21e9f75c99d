/**
 * Registers the service worker (workbox-window, loaded when the browser is idle after the first
 * screen) and, when a new version is waiting, shows a persistent toast "A new version is ready"
 * with a Reload action that activates it.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { whenIdle } from '../lib/idle';
import { toaster } from '../lib/toaster';

export function ServiceWorkerUpdates() {
  const { t } = useTranslation();
  useEffect(() => {
    // No worker in the dev server: Vite serves modules the precache would pin.
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    const cancelIdle = whenIdle(() => {
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
    }, 3000);
    return () => {
      cancelled = true;
      cancelIdle();
      stop?.();
    };
  }, [t]);
  return null;
}

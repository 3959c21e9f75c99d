/**
 * Registers the service worker (workbox-window) and, when a new version is waiting, shows a
 * persistent toast "A new version is ready" with a Reload action that activates it.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Workbox } from 'workbox-window';
import { toaster } from '../lib/toaster';

export function ServiceWorkerUpdates() {
  const { t } = useTranslation();
  useEffect(() => {
    // No worker in the dev server: Vite serves modules the precache would pin.
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    const wb = new Workbox('/sw.js');
    const onWaiting = () => {
      toaster.create({
        id: 'sw-update',
        type: 'info',
        title: t('sw.update_ready'),
        duration: Number.POSITIVE_INFINITY,
        action: {
          label: t('sw.reload'),
          onClick: () => {
            wb.addEventListener('controlling', () => window.location.reload());
            wb.messageSkipWaiting();
          },
        },
      });
    };
    wb.addEventListener('waiting', onWaiting);
    void wb.register();
    return () => wb.removeEventListener('waiting', onWaiting);
  }, [t]);
  return null;
}

/**
 * The sync bar (issue 4 "A sync bar always visible: pending items, last successful sync, failed
 * items with the server's reason and a retry"). Reads the outbox live, so it moves as the drain
 * (page or service worker) sends items. A drain stopped by a 401 keeps the queue and asks the user
 * to sign in again; storage above 85 % of the quota is warned about. Plain (sync-bar.css): it is
 * on the field route, which renders before Chakra loads.
 */
import { ChevronDown, CircleCheck, CloudOff, CloudUpload, RefreshCw, TriangleAlert } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { retryItem } from '../../../../offline/outbox';
import { loadOfflineSession } from '../../../../offline/session';
import { storageStatus } from '../../../../offline/storage';
import { afterFirstPaint } from '../../../lib/idle';
import { useOfflineRead } from '../../../lib/use-offline-read';
import { leaveToLogin } from '../../auth/public';
import { useOutbox, useSyncMeta } from '../field-data';
import { formatWhen } from '../format';
import './sync-bar.css';

function subscribeOnline(callback: () => void): () => void {
  window.addEventListener('online', callback);
  window.addEventListener('offline', callback);
  return () => {
    window.removeEventListener('online', callback);
    window.removeEventListener('offline', callback);
  };
}

/** navigator.onLine as React state (true when the browser does not know). */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine !== false, () => true);
}

/** Whether the device storage is above 85 % of this origin's quota (checked after the first paint and when the outbox changes). */
function useStorageNearlyFull(itemCount: number): boolean {
  const [full, setFull] = useState(false);
  useEffect(() => {
    let alive = true;
    // After the day list has painted: the estimate walks the origin's storage (issue 18).
    const cancel = afterFirstPaint(() => {
      void storageStatus().then((s) => {
        if (alive) setFull(s.nearlyFull);
      });
    });
    return () => {
      alive = false;
      cancel();
    };
  }, [itemCount]);
  return full;
}

/**
 * Whose outbox the bar counts: the user on screen, else (the profile not loaded yet, or a new token
 * whose profile has not come) the session the drain sends with, read from the outbox store at start
 * (issue 12: after a reload or an update the bar said "Everything is synced" while items waited).
 */
function useOutboxOwner(userId: string | null, companyId: string | null): { userId: string | null; companyId: string | null } {
  const saved = useOfflineRead(() => loadOfflineSession(), [], ['meta']);
  if (userId && companyId) return { userId, companyId };
  return saved ? { userId: saved.user_id, companyId: saved.company_id } : { userId, companyId };
}

/** `duty`: the on-duty switch (duty-switch.tsx) when the user may record visits. */
export function SyncBar({ userId, companyId, duty }: { userId: string | null; companyId: string | null; duty?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const online = useOnline();
  const owner = useOutboxOwner(userId, companyId);
  const read = useOutbox(owner.userId, owner.companyId);
  const all = read ?? [];
  // Position pings (issue 5) are counted apart: they are not the executive's work to watch.
  const items = all.filter((item) => item.kind !== 'ping');
  const pings = all.length - items.length;
  const meta = useSyncMeta();
  const nearlyFull = useStorageNearlyFull(all.length);
  const [open, setOpen] = useState(false);
  const failed = items.filter((item) => item.status === 'failed');
  const pending = items.length - failed.length;
  const unauthorized = meta?.drainError === 'unauthorized';

  const syncNow = () => {
    // Backing-off items become due now; the drain lock keeps this from doubling a running drain.
    for (const item of all) if (item.id !== undefined && item.status !== 'failed') void retryItem(item.id);
  };

  const tone = unauthorized || failed.length > 0 ? 'warning' : pending > 0 ? 'pending' : 'idle';
  const StatusIcon = !online ? CloudOff : pending > 0 ? CloudUpload : CircleCheck;
  return (
    <div className="ro-sync-slot sb-bar no-print" data-tone={tone} data-testid="sync-bar">
      <div className="sb-row" role="status" aria-live="polite">
        <StatusIcon size={16} className="sb-icon" data-state={!online ? 'offline' : pending > 0 ? 'pending' : 'done'} aria-hidden />
        <p className="sb-pending" data-testid="sync-pending">
          {read === undefined ? t('field.sync.checking') : pending > 0 ? t('field.sync.pending', { count: pending }) : t('field.sync.all_sent')}
        </p>
        <p className="sb-last" data-testid="sync-last">
          {!online ? `${t('field.sync.offline')} · ` : ''}
          {t('field.sync.last_sync', { when: formatWhen(meta?.lastSyncAt, i18n.language) })}
          {pings > 0 ? ` · ${t('tracking.duty.positions_waiting', { count: pings })}` : ''}
        </p>
        <div className="sb-actions">
          {duty}
          {failed.length > 0 && (
            <button type="button" className="ro-btn" data-size="xs" data-variant="warning" onClick={() => setOpen((o) => !o)} aria-expanded={open} data-testid="sync-failed">
              <TriangleAlert size={14} aria-hidden /> {t('field.sync.failed', { count: failed.length })}
              <ChevronDown size={14} aria-hidden />
            </button>
          )}
          {pending > 0 && online && !unauthorized && (
            <button type="button" className="ro-btn" data-size="xs" data-variant="ghost" onClick={syncNow} aria-label={t('field.sync.sync_now')}>
              <RefreshCw size={14} aria-hidden />
            </button>
          )}
        </div>
      </div>
      {unauthorized && (
        <div className="sb-row sb-extra" data-testid="sync-unauthorized">
          <p className="sb-grow">{t('field.sync.sign_in_needed', { count: items.length })}</p>
          <button type="button" className="ro-btn" data-size="xs" data-variant="solid" onClick={() => leaveToLogin()}>
            {t('field.sync.sign_in_again')}
          </button>
        </div>
      )}
      {nearlyFull && (
        <p className="sb-extra sb-warning" data-testid="storage-warning">
          {t('field.sync.storage_nearly_full')}
        </p>
      )}
      {open && failed.length > 0 && (
        <ul className="sb-failed" aria-label={t('field.sync.failed_items')}>
          {failed.map((item) => (
            <li key={item.id} className="sb-failed-item" data-testid="sync-failed-item">
              <div className="sb-grow">
                <p className="sb-summary">{item.summary}</p>
                <p className="sb-error">
                  {item.last_error ?? t('field.sync.unknown_error')}
                  {item.last_status ? ` (${item.last_status})` : ''}
                </p>
                <span className="sb-when">{formatWhen(item.created_at, i18n.language)}</span>
              </div>
              <button type="button" className="ro-btn" data-size="xs" data-variant="outline" onClick={() => item.id !== undefined && void retryItem(item.id)}>
                {t('common.retry')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

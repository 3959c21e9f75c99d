/**
 * When the page drains the outbox (issue 4 "Offline behaviour": browsers without Background Sync —
 * Safari, Firefox, Android WebView — send only while the app is open): on start, on `online`, when
 * the page becomes visible, every 30 s and when a backing-off item falls due; and `requestDrain`,
 * which also registers the Background Sync tag so the service worker sends after the page closes.
 * The drain itself is queue.ts (the Web Lock keeps the page's and the worker's drains apart).
 * Page only: uses window, document and the service worker registration; the worker imports none
 * of it (tests/unit/offline/sw-imports.test.ts).
 */
import { hasBackoff, nextDueAt, resetBackoff } from './outbox-store';
import { BACKOFF, OUTBOX_SYNC_TAG, drainOutbox } from './queue';
import type { DrainResult } from './queue';
import { loadOfflineSession } from './session';

/** Page-driven drain period (ms). */
export const DRAIN_INTERVAL_MS = 30_000;

/** True in a page (window), false in the service worker and in Node. */
function inWindow(): boolean {
  return typeof window !== 'undefined' && typeof document !== 'undefined';
}

let wakeTimer: ReturnType<typeof setTimeout> | null = null;

/** After a page drain: wakes up when the oldest backing-off item falls due (at most 5 min away). */
async function scheduleWakeup(): Promise<void> {
  if (wakeTimer !== null) clearTimeout(wakeTimer);
  wakeTimer = null;
  const s = await loadOfflineSession();
  if (!s) return;
  const due = await nextDueAt(s);
  if (due === null) return;
  const wait = Math.min(BACKOFF.capMs, Math.max(0, due - Date.now())) + 50;
  wakeTimer = setTimeout(() => void pageDrain(), wait);
}

async function pageDrain(): Promise<DrainResult | null> {
  try {
    const r = await drainOutbox();
    // 'locked': the other drain schedules its own wakeup; 'unauthorized': wait for a new sign-in.
    if (r.stoppedBy !== 'locked' && r.stoppedBy !== 'unauthorized' && r.remaining > 0) await scheduleWakeup();
    return r;
  } catch {
    // IndexedDB unavailable or closing: the next trigger tries again.
    return null;
  }
}

/**
 * Asks for the outbox to be sent. In a page: registers the Background Sync tag on the service
 * worker (where SyncManager exists, so the worker sends even after the page closes) and drains now
 * from the page too (the lock prevents a double send). In the worker and in Node: does nothing
 * (the worker's `sync` event drains).
 */
export function requestDrain(): void {
  if (!inWindow()) return;
  if ('SyncManager' in window && 'serviceWorker' in navigator) {
    void navigator.serviceWorker.ready
      .then((reg) => (reg as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }).sync?.register(OUTBOX_SYNC_TAG))
      .catch(() => undefined);
  }
  void pageDrain();
}

/** Ends the backoff of the saved session's pending items (the network just came back; issue 12). */
async function dueNow(): Promise<void> {
  const s = await loadOfflineSession();
  if (!s) return;
  await resetBackoff(s, Date.now());
}

/** Least time between two drains started by `serverAnswered` (ms). */
export const ANSWER_DRAIN_GAP_MS = 5_000;
let lastAnswerDrain = 0;

/**
 * The page's API client got an HTTP answer from the server (any status): the server is reachable,
 * so items waiting out a backoff for want of an answer go now with their attempts reset (issue 12: the outbox stayed
 * silent 109 s after the network was back, the browser firing no `online` event). At most one such
 * drain per ANSWER_DRAIN_GAP_MS; nothing when no item backs off.
 */
export async function serverAnswered(now: number = Date.now()): Promise<void> {
  if (now - lastAnswerDrain < ANSWER_DRAIN_GAP_MS) return;
  lastAnswerDrain = now;
  const s = await loadOfflineSession();
  // Only items that got no answer: one the server answered 5xx or 409 keeps its backoff.
  if (!s || !(await hasBackoff(s, now, { networkOnly: true }))) return;
  await resetBackoff(s, now, { networkOnly: true });
  requestDrain();
}

/**
 * Starts the page-driven drain (issue 4: where Background Sync is missing): drains now, on
 * `online` (backoff reset: backing-off items become due at once with attempts 0), when the page becomes visible and every 30 s.
 * Returns a function that stops all of it. Does nothing outside a window.
 */
export function startDrainTriggers(): () => void {
  if (!inWindow()) return () => undefined;
  const onOnline = () => void dueNow().then(() => requestDrain(), () => requestDrain());
  const onVisible = () => {
    if (document.visibilityState === 'visible') requestDrain();
  };
  window.addEventListener('online', onOnline);
  document.addEventListener('visibilitychange', onVisible);
  const interval = setInterval(() => {
    if (globalThis.navigator?.onLine !== false) void pageDrain();
  }, DRAIN_INTERVAL_MS);
  requestDrain();
  return () => {
    window.removeEventListener('online', onOnline);
    document.removeEventListener('visibilitychange', onVisible);
    clearInterval(interval);
    if (wakeTimer !== null) clearTimeout(wakeTimer);
    wakeTimer = null;
  };
}

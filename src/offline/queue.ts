/**
 * The outbox queue's drain (issue 4 "Offline behaviour"; ARCHITECTURE "Offline field app"; enketo's
 * queue): sends the outbox to the server one item at a time (connection.ts) and deletes an item only
 * when the server acknowledged it with a 2xx (a replay of an already-stored write is a 2xx too).
 * An item is sent to its kind's endpoint (outbox-endpoints.ts), whichever app version queued it.
 * Owns the order, the Web Lock, the backoff and what each answer does to an item (outbox-store.ts).
 *
 * Runs in the page and in the service worker (no DOM here): the worker drains on Background Sync
 * (OUTBOX_SYNC_TAG); the page's triggers are triggers.ts. Web Locks make it one drain at a time
 * across the page(s) and the worker.
 *
 * Backoff ends on the first success of a drain (issue 12): the network is back, so the items that
 * had backed off for want of an answer go now with their attempts reset (one the server answered
 * 5xx or 409 keeps its backoff); triggers.ts resets every backoff on `online`.
 *
 * Order: the session's pending items go strictly oldest first; when the oldest must wait (backoff)
 * the drain ends, so a deposit is never sent ahead of the receipts it lists. Position pings (issue 5)
 * are the exception: independent of the rest, a backing-off ping is stepped over, the due ones go
 * together in one request (ping-batch.ts), and a refused batch is dropped, so a failing ping never
 * holds up a visit.
 */
import { SEND_TIMEOUT_MS, itemRequest, sendRequest } from './connection';
import type { SendOptions } from './connection';
import { META_KEYS, setMeta } from './db';
import type { OfflineSession } from './db';
import { countPending, deleteItems, duePings, nextPending, releaseSending, resetBackoff, updateItem, updateItems } from './outbox-store';
import { PINGS_PER_REQUEST, isPing, pingBatchRequest } from './ping-batch';
import { loadOfflineSession } from './session';

/** Background Sync tag the service worker listens to. */
export const OUTBOX_SYNC_TAG = 'recovery-outbox';
/** Web Lock name: one drain at a time per origin (pages and worker). */
export const DRAIN_LOCK = 'recovery-outbox-drain';
/** Backoff: first wait (ms), factor, ceiling (ms), ± jitter fraction. */
export const BACKOFF = { baseMs: 2_000, factor: 2, capMs: 5 * 60_000, jitter: 0.2 } as const;

export interface DrainResult {
  /** Items the server acknowledged (deleted) in this drain. */
  sent: number;
  /** Items the server refused in this drain (now 'failed', kept with its message). */
  failed: number;
  /** The session's items still waiting to be sent ('pending'; failed ones not counted). */
  remaining: number;
  /** Why the drain ended early: 401 / no session, no network or timeout, or another drain running. */
  stoppedBy?: 'unauthorized' | 'offline' | 'locked';
}

export interface DrainOptions {
  fetchImpl?: typeof fetch;
  /** Clock, epoch ms (tests). */
  now?: () => number;
  /** Base send timeout, ms (default 30 s). */
  timeoutMs?: number;
  /** Prefix for item paths, e.g. 'http://127.0.0.1:8787' outside a browser; default: same origin. */
  baseUrl?: string;
}

/** Delay before the next try after `attempts` retryable failures (1 → ~2 s, 2 → ~4 s, … ≤ 5 min). */
export function backoffDelay(attempts: number, random: () => number = Math.random): number {
  const raw = Math.min(BACKOFF.capMs, BACKOFF.baseMs * BACKOFF.factor ** Math.max(0, attempts - 1));
  const jittered = raw * (1 - BACKOFF.jitter + 2 * BACKOFF.jitter * random());
  return Math.round(Math.min(BACKOFF.capMs, jittered));
}

/** The meta facts of a successful send, written with the deletion: the sync time, no drain error. */
function syncedMeta(now: () => number): Record<string, unknown> {
  return { [META_KEYS.lastSyncAt]: new Date(now()).toISOString(), [META_KEYS.lastDrainError]: null };
}

/** The saved session's pending count (0 when signed out). */
async function sessionPending(): Promise<number> {
  const s = await loadOfflineSession();
  return s ? countPending(s) : 0;
}

async function runDrain(opts: DrainOptions): Promise<DrainResult> {
  const now = opts.now ?? Date.now;
  const fetchImpl = opts.fetchImpl ?? ((input, init) => fetch(input, init));
  const sendOpts: SendOptions = { fetchImpl, timeoutMs: opts.timeoutMs ?? SEND_TIMEOUT_MS, baseUrl: opts.baseUrl ?? '' };
  const result: DrainResult = { sent: 0, failed: 0, remaining: 0 };
  const s = await loadOfflineSession();
  if (!s) return { ...result, stoppedBy: 'unauthorized' };
  // We hold the lock: an item left 'sending' was cut off (page closed, worker killed); send it again.
  await releaseSending();
  let backoffReset = false;
  const onSuccess = async () => {
    if (backoffReset) return;
    backoffReset = true;
    await resetBackoff(s, now(), { networkOnly: true });
  };

  for (;;) {
    const at = now();
    const oldest = await nextPending(s, at);
    if (!oldest || oldest.id === undefined) break;
    if (oldest.next_attempt_at > at) break;
    if (isPing(oldest)) {
      const sentBefore = result.sent;
      const stop = await drainPings(s, sendOpts, at, now, result);
      if (result.sent > sentBefore) await onSuccess();
      if (stop) break;
      continue;
    }
    const id = oldest.id;
    const request = itemRequest(oldest);
    if (!request) {
      // A kind this version has no endpoint for: kept, for the user to see, never sent.
      await updateItem(id, { status: 'failed', last_error: `This version of the app cannot send a "${String(oldest.kind)}"`, last_status: null });
      result.failed += 1;
      continue;
    }
    await updateItem(id, { status: 'sending' });
    const outcome = await sendRequest(request, s, sendOpts);
    if (outcome.kind === 'sent') {
      await deleteItems([id], syncedMeta(now));
      result.sent += 1;
      await onSuccess();
      continue;
    }
    if (outcome.kind === 'unauthorized') {
      await updateItem(id, { status: 'pending' });
      await setMeta(META_KEYS.lastDrainError, 'unauthorized');
      result.stoppedBy = 'unauthorized';
      break;
    }
    if (outcome.kind === 'failed') {
      await updateItem(id, { status: 'failed', last_error: outcome.message, last_status: outcome.status });
      result.failed += 1;
      continue;
    }
    const attempts = oldest.attempts + 1;
    await updateItem(id, {
      status: 'pending',
      attempts,
      next_attempt_at: now() + backoffDelay(attempts),
      last_error: outcome.message,
      last_status: outcome.status,
    });
    await setMeta(META_KEYS.lastDrainError, outcome.message);
    if (outcome.offline) result.stoppedBy = 'offline';
    break;
  }
  result.remaining = await countPending(s);
  return result;
}

/**
 * Sends the due pings (up to PINGS_PER_REQUEST, oldest first) as one request. 2xx → deleted;
 * 401 → kept, drain stops; 4xx refusal → dropped (a position the server refuses, e.g. stamped in
 * the future, cannot be fixed on the phone; the reason is kept in meta 'last_ping_error');
 * retryable → all back off together. Adds to `result`.
 * @returns true when the drain must stop (401, or no network)
 */
async function drainPings(s: OfflineSession, sendOpts: SendOptions, at: number, now: () => number, result: DrainResult): Promise<boolean> {
  const batch = await duePings(s, at, PINGS_PER_REQUEST);
  const ids = batch.flatMap((i) => (i.id === undefined ? [] : [i.id]));
  await updateItems(ids, { status: 'sending' });
  const outcome = await sendRequest(await pingBatchRequest(batch), s, sendOpts);
  if (outcome.kind === 'sent' || outcome.kind === 'failed') {
    await deleteItems(ids, {
      ...(outcome.kind === 'sent' ? syncedMeta(now) : {}),
      [META_KEYS.lastPingError]: outcome.kind === 'failed' ? `${outcome.message} (${outcome.status})` : null,
    });
    if (outcome.kind === 'sent') result.sent += ids.length;
    else result.failed += ids.length;
    return false;
  }
  if (outcome.kind === 'unauthorized') {
    await updateItems(ids, { status: 'pending' });
    await setMeta(META_KEYS.lastDrainError, 'unauthorized');
    result.stoppedBy = 'unauthorized';
    return true;
  }
  const attempts = Math.max(...batch.map((i) => i.attempts)) + 1;
  await updateItems(ids, { status: 'pending', attempts, next_attempt_at: now() + backoffDelay(attempts), last_error: outcome.message, last_status: outcome.status });
  if (outcome.offline) {
    await setMeta(META_KEYS.lastDrainError, outcome.message);
    result.stoppedBy = 'offline';
    return true;
  }
  return false;
}

let drainingInMemory = false;

/**
 * Sends the saved session's due outbox items, oldest first, one at a time (see the module header).
 * 2xx → deleted (meta 'last_sync_at' updated); 401 → stops, keeps everything, meta
 * 'last_drain_error' = 'unauthorized'; 409, 408, 429, 5xx, network error or timeout → attempts + 1,
 * due again after `backoffDelay`, drain ends; other 4xx → status 'failed' with the server's message.
 * Returns at once with stoppedBy 'locked' when another drain (page or worker) is running (under the
 * Web Lock DRAIN_LOCK where the browser has Web Locks, else a flag of this context).
 * Never throws for network reasons.
 */
export async function drainOutbox(opts: DrainOptions = {}): Promise<DrainResult> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  if (locks) {
    return locks.request(DRAIN_LOCK, { ifAvailable: true }, async (lock) => {
      if (!lock) return { sent: 0, failed: 0, remaining: await sessionPending(), stoppedBy: 'locked' as const };
      return runDrain(opts);
    });
  }
  if (drainingInMemory) return { sent: 0, failed: 0, remaining: await sessionPending(), stoppedBy: 'locked' };
  drainingInMemory = true;
  try {
    return await runDrain(opts);
  } finally {
    drainingInMemory = false;
  }
}

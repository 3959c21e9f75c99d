/**
 * The outbox drain (issue 4 "Offline behaviour"; ARCHITECTURE "Offline field app"; enketo's
 * connection + queue): sends the outbox to the server one item at a time and deletes an item only
 * when the server acknowledged it with a 2xx (a replay of an already-stored write is a 2xx too).
 *
 * Runs in the page and in the service worker (no DOM APIs in drainOutbox): the worker drains on
 * Background Sync ('recovery-outbox'); the page drains on start, `online`, becoming visible, a 30 s
 * timer and when a backing-off item falls due (browsers without Background Sync: Safari, Firefox,
 * Android WebView). Web Locks make it one drain at a time across the page(s) and the worker.
 *
 * Order: the session's pending items go strictly oldest first; when the oldest must wait (backoff)
 * the drain ends, so a deposit is never sent ahead of the receipts it lists. Position pings (issue 5)
 * are the exception: independent of the rest, a backing-off ping is stepped over, the due ones go
 * together in one request (ping-batch.ts), and a refused batch is dropped, so a failing ping never
 * holds up a visit.
 */
import { META_KEYS, fieldDb, getMeta, setMeta } from './db';
import type { OfflineSession, OutboxItem } from './db';
import { PINGS_PER_REQUEST, isPing, pingBatchRequest } from './ping-batch';

/** Background Sync tag the service worker listens to. */
export const OUTBOX_SYNC_TAG = 'recovery-outbox';
/** Web Lock name: one drain at a time per origin (pages and worker). */
export const DRAIN_LOCK = 'recovery-outbox-drain';
/** Backoff: first wait (ms), factor, ceiling (ms), ± jitter fraction. */
export const BACKOFF = { baseMs: 2_000, factor: 2, capMs: 5 * 60_000, jitter: 0.2 } as const;
/** A send with no answer after this long (plus time for the body on a slow link) counts as a network failure. */
export const SEND_TIMEOUT_MS = 30_000;
/** Extra timeout per byte of body: 1 s per 16 KB, so photos over 2G (~128 kbit/s) are not cut off. */
const TIMEOUT_MS_PER_BYTE = 1_000 / 16_384;
/** Page-driven drain period (ms). */
export const DRAIN_INTERVAL_MS = 30_000;

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

/**
 * Pending items of a user in a company, oldest first: entries of an index with equal keys come in
 * primary-key order, and ids grow in the order items were queued.
 */
function pendingQuery(s: OfflineSession) {
  return fieldDb.outbox.where('[user_id+company_id+status]').equals([s.user_id, s.company_id, 'pending']);
}

/** The first pending item the drain may take at `at`: backing-off pings are stepped over. */
function nextPending(s: OfflineSession, at: number) {
  return pendingQuery(s)
    .filter((i) => !isPing(i) || i.next_attempt_at <= at)
    .first();
}

async function countPending(): Promise<number> {
  const s = await getMeta<OfflineSession>(META_KEYS.session);
  return s ? pendingQuery(s).count() : 0;
}

/** The request body of an item: JSON, or multipart with the JSON in one field plus the files. */
function buildBody(item: OutboxItem): { body: BodyInit; contentType: string | null; bytes: number } {
  if (item.json_field === null && item.files.length === 0) {
    const json = JSON.stringify(item.body ?? {});
    return { body: json, contentType: 'application/json', bytes: json.length };
  }
  const form = new FormData();
  let bytes = 0;
  if (item.json_field !== null) {
    const json = JSON.stringify(item.body ?? {});
    form.append(item.json_field, json);
    bytes += json.length;
  } else if (item.body && typeof item.body === 'object') {
    for (const [k, v] of Object.entries(item.body as Record<string, unknown>)) {
      if (v === null || v === undefined) continue;
      form.append(k, typeof v === 'string' ? v : JSON.stringify(v));
    }
  }
  for (const f of item.files) {
    const blob = f.blob.type === f.type || !f.type ? f.blob : new Blob([f.blob], { type: f.type });
    form.append(f.field, blob, f.name);
    bytes += f.blob.size;
  }
  // The browser sets the multipart boundary itself.
  return { body: form, contentType: null, bytes };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

async function serverMessage(res: Response): Promise<string> {
  const body: unknown = await res.json().catch(() => null);
  if (isRecord(body) && typeof body.message === 'string' && body.message !== '') return body.message;
  return `The server answered ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`;
}

type SendOutcome =
  | { kind: 'sent' }
  | { kind: 'unauthorized' }
  | { kind: 'retry'; status: number | null; message: string; offline: boolean }
  | { kind: 'failed'; status: number; message: string };

/** Statuses that mean "try again later" besides 5xx: 408 timeout, 409 same key still running, 425, 429. */
const RETRYABLE_4XX = new Set([408, 409, 425, 429]);

async function send(item: OutboxItem, s: OfflineSession, opts: Required<Pick<DrainOptions, 'fetchImpl' | 'timeoutMs'>> & { baseUrl: string }): Promise<SendOutcome> {
  const { body, contentType, bytes } = buildBody(item);
  const headers: Record<string, string> = {
    authenticationtoken: s.token,
    'X-Company-ID': s.company_id,
    'Idempotency-Key': item.idempotency_key,
    Accept: 'application/json',
  };
  if (contentType) headers['Content-Type'] = contentType;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), opts.timeoutMs + bytes * TIMEOUT_MS_PER_BYTE);
  let res: Response;
  try {
    res = await opts.fetchImpl(`${opts.baseUrl}${item.path}`, { method: item.method, headers, body, signal: controller.signal, credentials: 'same-origin' });
  } catch (err) {
    const timedOut = controller.signal.aborted;
    return { kind: 'retry', status: null, offline: true, message: timedOut ? 'No answer from the server (timed out)' : `Network error: ${err instanceof Error ? err.message : String(err)}` };
  } finally {
    clearTimeout(timer);
  }
  if (res.ok) {
    await res.arrayBuffer().catch(() => undefined);
    return { kind: 'sent' };
  }
  if (res.status === 401) return { kind: 'unauthorized' };
  const message = await serverMessage(res);
  if (res.status >= 500 || RETRYABLE_4XX.has(res.status)) return { kind: 'retry', status: res.status, message, offline: false };
  return { kind: 'failed', status: res.status, message };
}

async function runDrain(opts: DrainOptions): Promise<DrainResult> {
  const now = opts.now ?? Date.now;
  const fetchImpl = opts.fetchImpl ?? ((input, init) => fetch(input, init));
  const sendOpts = { fetchImpl, timeoutMs: opts.timeoutMs ?? SEND_TIMEOUT_MS, baseUrl: opts.baseUrl ?? '' };
  const result: DrainResult = { sent: 0, failed: 0, remaining: 0 };
  const s = await getMeta<OfflineSession>(META_KEYS.session);
  if (!s) return { ...result, stoppedBy: 'unauthorized' };
  // We hold the lock: an item left 'sending' was cut off (page closed, worker killed); send it again.
  await fieldDb.outbox.where('status').equals('sending').modify({ status: 'pending' });

  for (;;) {
    const at = now();
    const oldest = await nextPending(s, at);
    if (!oldest || oldest.id === undefined) break;
    if (oldest.next_attempt_at > at) break;
    if (isPing(oldest)) {
      const stop = await drainPings(s, sendOpts, at, now, result);
      if (stop) break;
      continue;
    }
    const id = oldest.id;
    await fieldDb.outbox.update(id, { status: 'sending' });
    const outcome = await send(oldest, s, sendOpts);
    if (outcome.kind === 'sent') {
      await fieldDb.transaction('rw', fieldDb.outbox, fieldDb.meta, async () => {
        await fieldDb.outbox.delete(id);
        await setMeta(META_KEYS.lastSyncAt, new Date(now()).toISOString());
        await setMeta(META_KEYS.lastDrainError, null);
      });
      result.sent += 1;
      continue;
    }
    if (outcome.kind === 'unauthorized') {
      await fieldDb.outbox.update(id, { status: 'pending' });
      await setMeta(META_KEYS.lastDrainError, 'unauthorized');
      result.stoppedBy = 'unauthorized';
      break;
    }
    if (outcome.kind === 'failed') {
      await fieldDb.outbox.update(id, { status: 'failed', last_error: outcome.message, last_status: outcome.status });
      result.failed += 1;
      continue;
    }
    const attempts = oldest.attempts + 1;
    await fieldDb.outbox.update(id, {
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
  result.remaining = await pendingQuery(s).count();
  return result;
}

/**
 * Sends the due pings (up to PINGS_PER_REQUEST, oldest first) as one request. 2xx → deleted;
 * 401 → kept, drain stops; 4xx refusal → dropped (a position the server refuses, e.g. stamped in
 * the future, cannot be fixed on the phone; the reason is kept in meta 'last_ping_error');
 * retryable → all back off together. Adds to `result`.
 * @returns true when the drain must stop (401, or no network)
 */
async function drainPings(
  s: OfflineSession,
  sendOpts: Required<Pick<DrainOptions, 'fetchImpl' | 'timeoutMs'>> & { baseUrl: string },
  at: number,
  now: () => number,
  result: DrainResult,
): Promise<boolean> {
  const batch = await pendingQuery(s)
    .filter((i) => isPing(i) && i.next_attempt_at <= at)
    .limit(PINGS_PER_REQUEST)
    .toArray();
  const ids = batch.flatMap((i) => (i.id === undefined ? [] : [i.id]));
  // A fresh collection per use: a Dexie anyOf() collection keeps its cursor state once iterated.
  const members = () => fieldDb.outbox.where('id').anyOf(ids);
  await members().modify({ status: 'sending' });
  const outcome = await send(await pingBatchRequest(batch), s, sendOpts);
  if (outcome.kind === 'sent' || outcome.kind === 'failed') {
    await fieldDb.transaction('rw', fieldDb.outbox, fieldDb.meta, async () => {
      await fieldDb.outbox.bulkDelete(ids);
      if (outcome.kind === 'sent') {
        await setMeta(META_KEYS.lastSyncAt, new Date(now()).toISOString());
        await setMeta(META_KEYS.lastDrainError, null);
      }
      await setMeta(META_KEYS.lastPingError, outcome.kind === 'failed' ? `${outcome.message} (${outcome.status})` : null);
    });
    if (outcome.kind === 'sent') result.sent += ids.length;
    else result.failed += ids.length;
    return false;
  }
  if (outcome.kind === 'unauthorized') {
    await members().modify({ status: 'pending' });
    await setMeta(META_KEYS.lastDrainError, 'unauthorized');
    result.stoppedBy = 'unauthorized';
    return true;
  }
  const attempts = Math.max(...batch.map((i) => i.attempts)) + 1;
  await members().modify({ status: 'pending', attempts, next_attempt_at: now() + backoffDelay(attempts), last_error: outcome.message, last_status: outcome.status });
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
 * Returns at once with stoppedBy 'locked' when another drain (page or worker) is running.
 * Never throws for network reasons.
 */
export async function drainOutbox(opts: DrainOptions = {}): Promise<DrainResult> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  if (locks) {
    return locks.request(DRAIN_LOCK, { ifAvailable: true }, async (lock) => {
      if (!lock) return { sent: 0, failed: 0, remaining: await countPending(), stoppedBy: 'locked' as const };
      return runDrain(opts);
    });
  }
  if (drainingInMemory) return { sent: 0, failed: 0, remaining: await countPending(), stoppedBy: 'locked' };
  drainingInMemory = true;
  try {
    return await runDrain(opts);
  } finally {
    drainingInMemory = false;
  }
}

/** True in a page (window), false in the service worker and in Node. */
function inWindow(): boolean {
  return typeof window !== 'undefined' && typeof document !== 'undefined';
}

let wakeTimer: ReturnType<typeof setTimeout> | null = null;

/** After a page drain: wakes up when the oldest backing-off item falls due (at most 5 min away). */
async function scheduleWakeup(): Promise<void> {
  if (wakeTimer !== null) clearTimeout(wakeTimer);
  wakeTimer = null;
  const s = await getMeta<OfflineSession>(META_KEYS.session);
  if (!s) return;
  // Pings are stepped over while they back off, so the first of the others may fall due sooner.
  const [other, ping] = await Promise.all([pendingQuery(s).filter((i) => !isPing(i)).first(), pendingQuery(s).filter(isPing).first()]);
  const due = Math.min(other?.next_attempt_at ?? Infinity, ping?.next_attempt_at ?? Infinity);
  if (due === Infinity) return;
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

/** Makes every backing-off pending item of the session due now (the network just came back). */
async function makeDueNow(): Promise<void> {
  const s = await getMeta<OfflineSession>(META_KEYS.session);
  if (!s) return;
  const now = Date.now();
  await pendingQuery(s)
    .filter((i) => i.next_attempt_at > now)
    .modify({ next_attempt_at: now });
}

/**
 * Starts the page-driven drain (issue 4: where Background Sync is missing): drains now, on
 * `online` (backing-off items become due at once), when the page becomes visible and every 30 s.
 * Returns a function that stops all of it. Does nothing outside a window.
 */
export function startDrainTriggers(): () => void {
  if (!inWindow()) return () => undefined;
  const onOnline = () => void makeDueNow().then(() => requestDrain(), () => requestDrain());
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

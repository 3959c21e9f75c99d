/**
 * The outbox's backoff ends when the network is back (issue 12 "Backoff left the outbox silent for
 * 109 s after the network was back; reset it on `online` and on the first success"): the `online`
 * event, a drain's first success and an answer of the server to the page each send the waiting
 * items at once with their attempts back to 0. Fake IndexedDB; the page's triggers run against a
 * stand-in window, with fake interval and timeout timers.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fieldDb } from '../../../src/offline/db';
import { changeAllItems, clearFieldDb } from './field-db-fixture';
import { BACKOFF, drainOutbox } from '../../../src/offline/queue';
import { queuePing } from '../../../src/offline/pings';
import { saveOfflineSession } from '../../../src/offline/session';
import { ANSWER_DRAIN_GAP_MS, DRAIN_INTERVAL_MS, serverAnswered, startDrainTriggers } from '../../../src/offline/triggers';
import { SESSION, fail, fakeServer, queueVisit } from './outbox-fixture';

/** Makes every item look like it failed `attempts` times with no answer, due in `dueInMs`. */
async function backOff(attempts: number, dueInMs: number, lastStatus: number | null = null): Promise<void> {
  await changeAllItems({ attempts, next_attempt_at: Date.now() + dueInMs, last_status: lastStatus, last_error: 'Network error: Failed to fetch' });
}

beforeEach(async () => {
  await clearFieldDb();
  await saveOfflineSession(SESSION);
});

describe('the first success of a drain', () => {
  it('sends the backing-off position pings in the same drain, with their attempts reset', async () => {
    await queuePing({ latitude: 19.99, longitude: 73.78, accuracyM: 10, at: new Date().toISOString() }, 'timer');
    await backOff(6, 120_000);
    await queueVisit('a');
    const server = fakeServer();
    const r = await drainOutbox({ fetchImpl: server.fetchImpl });
    // The visit went, then the ping that would have waited two more minutes.
    expect(r).toEqual({ sent: 2, failed: 0, remaining: 0 });
    expect(server.requests.map((q) => q.url)).toEqual(['/api/fos/visits', '/api/fos/tracking/pings']);
  });

  it('leaves the backoff alone while nothing succeeds', async () => {
    await queueVisit('a');
    await backOff(3, 0);
    const server = fakeServer(() => fail(503, 'down'));
    await drainOutbox({ fetchImpl: server.fetchImpl });
    const [item] = await (await fieldDb()).getAll('outbox');
    expect(item.attempts).toBe(4);
    expect(item.next_attempt_at - Date.now()).toBeGreaterThan(BACKOFF.baseMs * 8 * (1 - BACKOFF.jitter) - 50);
  });
});

describe('an answer of the server to the page', () => {
  it('ends the backoff of items that got no answer, not of one the server answered 503', async () => {
    await queueVisit('a');
    await backOff(6, 110_000);
    await serverAnswered(Date.now() + ANSWER_DRAIN_GAP_MS * 10);
    const [item] = await (await fieldDb()).getAll('outbox');
    expect(item.attempts).toBe(0);
    expect(item.next_attempt_at).toBeLessThanOrEqual(Date.now() + ANSWER_DRAIN_GAP_MS * 10);

    await backOff(6, 110_000, 503);
    await serverAnswered(Date.now() + ANSWER_DRAIN_GAP_MS * 20);
    expect((await (await fieldDb()).getAll('outbox'))[0].attempts).toBe(6);
  });
});

describe('the `online` event', () => {
  const real = { window: globalThis.window, document: globalThis.document, fetch: globalThis.fetch };
  let stop: (() => void) | null = null;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    Object.assign(globalThis, { window: new EventTarget(), document: Object.assign(new EventTarget(), { visibilityState: 'visible' }) });
  });
  afterEach(() => {
    stop?.();
    stop = null;
    vi.useRealTimers();
    Object.assign(globalThis, real);
  });

  it('sends a visit that was backing off for minutes at once, and a first failure then waits ~2 s, not minutes', async () => {
    await queueVisit('a');
    await backOff(6, 110_000);
    // The first request after `online` is lost too (the radio is still waking up), the next goes.
    const server = fakeServer((n) => (n === 1 ? 'network-error' : Response.json({ success: true, message: 'ok', data: {} })));
    globalThis.fetch = server.fetchImpl;
    stop = startDrainTriggers();
    // The start drain and a 30 s tick find the visit backing off: nothing is sent.
    await vi.advanceTimersByTimeAsync(DRAIN_INTERVAL_MS + 10);
    await new Promise((r) => setTimeout(r, 100));
    expect(server.requests).toHaveLength(0);

    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(server.requests).toHaveLength(1), { timeout: 2_000 });
    await vi.waitFor(async () => expect((await (await fieldDb()).getAll('outbox'))[0]?.attempts).toBe(1), { timeout: 2_000 });
    // Attempts started again from 0: the wake-up ~2 s later sends it (7 attempts would wait ~4 min).
    await vi.waitFor(async () => expect(await (await fieldDb()).count('outbox')).toBe(0), { timeout: 6_000 });
    expect(server.requests.map((q) => q.url)).toEqual(['/api/fos/visits', '/api/fos/visits']);
  });
});

/**
 * Position pings in the outbox (issue 5 "Field-force tracking": positions while on duty, queued
 * offline like visits, never doubled) against a real IndexedDB implementation (fake-indexeddb) and
 * a fake API that keeps Idempotency-Keys and pings the way the server does.
 */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { META_KEYS, fieldDb, getMeta } from '../../../src/offline/db';
import { clearFieldDb } from './field-db-fixture';
import { drainOutbox } from '../../../src/offline/queue';
import { enqueue, outboxItems } from '../../../src/offline/outbox';
import { PINGS_PER_REQUEST, pingBatchKey } from '../../../src/offline/ping-batch';
import { endDutyOnSignOut, getDuty, lastPingAt, pingDue, pingOnCheckIn, PING_INTERVAL_MS, queuePing, setDuty } from '../../../src/offline/pings';
import { saveOfflineSession } from '../../../src/offline/session';

const SESSION = { token: 'tok-1', company_id: 'demo-lender-in', user_id: 'u-fos' };
const T0 = Date.parse('2026-11-05T04:30:00Z');

interface Sent {
  url: string;
  key: string;
  body: unknown;
}
type Answer = Response | 'network-error' | 'commit-then-drop';

/**
 * A fake API: `answer(request)` decides each answer. Like the server it replays a key it has
 * completed and stores each ping (by recorded_at) once, so `stored` is what the manager would see.
 */
function fakeApi(answer: (req: Sent, n: number) => Answer = () => Response.json({ success: true, message: 'ok', data: {} })) {
  const requests: Sent[] = [];
  const stored = new Map<string, unknown>();
  const keys = new Map<string, string>();
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = init?.headers as Record<string, string>;
    const req: Sent = { url: String(input), key: headers['Idempotency-Key'], body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body };
    requests.push(req);
    if (keys.has(req.key) && typeof init?.body === 'string' && keys.get(req.key) !== init.body) return Response.json({ success: false, message: 'Idempotency-Key was already used with a different request' }, { status: 422 });
    const a = answer(req, requests.length);
    const commit = () => {
      keys.set(req.key, typeof init?.body === 'string' ? init.body : '');
      if (req.url.endsWith('/tracking/pings')) for (const p of (req.body as { pings: Array<{ recorded_at: string }> }).pings) if (!stored.has(p.recorded_at)) stored.set(p.recorded_at, p);
    };
    if (a === 'network-error') throw new TypeError('Failed to fetch');
    if (a === 'commit-then-drop') {
      commit();
      throw new TypeError('Failed to fetch');
    }
    if (a.ok) commit();
    return a;
  }) as typeof fetch;
  return { fetchImpl, requests, stored, pingRequests: () => requests.filter((r) => r.url.endsWith('/tracking/pings')) };
}

const fail = (status: number, message: string) => Response.json({ success: false, message, data: null }, { status });
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();
const fix = (minutes: number) => ({ latitude: 19.99 + minutes / 1000, longitude: 73.78, accuracyM: 12.4, at: at(minutes) });

async function queueVisit(name: string) {
  const body = { loan_id: `L-${name}`, allocation_month: '2026-11', latitude: null, longitude: null, accuracy_m: null, checked_in_at: at(0), person_met: 'No one', disposition: 'Door Locked' } as const;
  return enqueue('visit', { body, loanId: `L-${name}`, summary: `Visit · ${name}` });
}

beforeEach(async () => {
  await clearFieldDb();
  await saveOfflineSession(SESSION);
});

describe('duty', () => {
  it('is off until switched, and the switch is remembered per user and company', async () => {
    expect(await getDuty(SESSION.company_id, SESSION.user_id)).toEqual({ on: false, since: null });
    await setDuty(SESSION.company_id, SESSION.user_id, true, new Date(T0));
    expect(await getDuty(SESSION.company_id, SESSION.user_id)).toEqual({ on: true, since: at(0) });
    expect((await getDuty('demo-trust-id', SESSION.user_id)).on).toBe(false);
    expect((await getDuty(SESSION.company_id, 'someone-else')).on).toBe(false);
  });

  it("signing out ends the user's duty in every company, leaves other users' and keeps the queued pings", async () => {
    await setDuty(SESSION.company_id, SESSION.user_id, true, new Date(T0));
    await setDuty('demo-trust-id', SESSION.user_id, true, new Date(T0));
    await setDuty(SESSION.company_id, 'u-other', true, new Date(T0));
    expect(await pingOnCheckIn(fix(1))).toBe(true);
    await endDutyOnSignOut(SESSION.user_id, new Date(T0 + 3_600_000));
    expect(await getDuty(SESSION.company_id, SESSION.user_id)).toEqual({ on: false, since: at(60) });
    expect((await getDuty('demo-trust-id', SESSION.user_id)).on).toBe(false);
    expect((await getDuty(SESSION.company_id, 'u-other')).on).toBe(true);
    expect(await outboxItems(SESSION.user_id, SESSION.company_id)).toHaveLength(1);
    // Off duty: a check-in no longer records a position.
    expect(await pingOnCheckIn(fix(2))).toBe(false);
  });

  it('a timer ping is due every 5 minutes, not sooner', () => {
    expect(pingDue(null, T0)).toBe(true);
    expect(pingDue(at(0), T0 + 60_000)).toBe(false);
    expect(pingDue(at(0), T0 + PING_INTERVAL_MS - 60_000)).toBe(false);
    expect(pingDue(at(0), T0 + PING_INTERVAL_MS)).toBe(true);
    // A last ping stamped far in the future (clock changed) does not stop pings for good.
    expect(pingDue(at(60), T0)).toBe(true);
  });

  it('queues a check-in ping only while on duty and only with a position', async () => {
    expect(await pingOnCheckIn(fix(1))).toBe(false);
    await setDuty(SESSION.company_id, SESSION.user_id, true);
    expect(await pingOnCheckIn(null)).toBe(false);
    expect(await pingOnCheckIn(fix(2))).toBe(true);
    const items = await outboxItems(SESSION.user_id, SESSION.company_id);
    expect(items.map((i) => [i.kind, (i.body as { source: string }).source, (i.body as { accuracy_m: number }).accuracy_m])).toEqual([['ping', 'check_in', 12]]);
    expect(await lastPingAt(SESSION.company_id, SESSION.user_id)).toBe(at(2));
    // Signed out: nothing is queued and nothing throws.
    await saveOfflineSession(null);
    expect(await pingOnCheckIn(fix(3))).toBe(false);
  });
});

describe('drain of pings', () => {
  it('sends the pings queued offline together in one request, oldest first, and empties the outbox', async () => {
    for (const m of [0, 5, 10]) await queuePing(fix(m), 'timer', 81);
    const api = fakeApi();
    const r = await drainOutbox({ fetchImpl: api.fetchImpl });
    expect(r).toEqual({ sent: 3, failed: 0, remaining: 0 });
    expect(api.requests).toHaveLength(1);
    expect(api.requests[0].url).toBe('/api/fos/tracking/pings');
    expect(api.requests[0].key).toMatch(/^pings-[0-9a-f]{32}$/);
    expect(api.requests[0].body).toEqual({
      pings: [0, 5, 10].map((m) => ({ latitude: 19.99 + m / 1000, longitude: 73.78, accuracy_m: 12, recorded_at: at(m), battery: 81, source: 'timer' })),
    });
    expect(await (await fieldDb()).count('outbox')).toBe(0);
  });

  it('never doubles a ping: an answer lost after the server stored the batch is retried as the same request', async () => {
    await queuePing(fix(0), 'timer');
    await queuePing(fix(5), 'timer');
    let now = Date.now();
    const api = fakeApi((_req, n) => (n === 1 ? 'commit-then-drop' : Response.json({ success: true, message: 'ok', data: {} })));
    const r1 = await drainOutbox({ fetchImpl: api.fetchImpl, now: () => now });
    expect(r1).toMatchObject({ sent: 0, remaining: 2, stoppedBy: 'offline' });
    now += 10 * 60_000;
    const r2 = await drainOutbox({ fetchImpl: api.fetchImpl, now: () => now });
    expect(r2).toEqual({ sent: 2, failed: 0, remaining: 0 });
    const [first, second] = api.requests;
    expect(second.key).toBe(first.key);
    expect(second.body).toEqual(first.body);
    expect([...api.stored.keys()]).toEqual([at(0), at(5)]);
  });

  it('a batch that grew while it waited is a new request, and the server still keeps each ping once', async () => {
    await queuePing(fix(0), 'timer');
    let now = Date.now();
    const api = fakeApi((_req, n) => (n === 1 ? 'commit-then-drop' : Response.json({ success: true, message: 'ok', data: {} })));
    await drainOutbox({ fetchImpl: api.fetchImpl, now: () => now });
    await queuePing(fix(5), 'timer');
    now += 10 * 60_000;
    await drainOutbox({ fetchImpl: api.fetchImpl, now: () => now });
    expect(api.requests[1].key).not.toBe(api.requests[0].key);
    expect((api.requests[1].body as { pings: unknown[] }).pings).toHaveLength(2);
    expect([...api.stored.keys()]).toEqual([at(0), at(5)]);
    expect(await (await fieldDb()).count('outbox')).toBe(0);
  });

  it('a failing ping endpoint (500) does not hold up the visits queued after the pings', async () => {
    await queuePing(fix(0), 'timer');
    await queueVisit('a');
    await queuePing(fix(5), 'timer');
    await queueVisit('b');
    const api = fakeApi((req) => (req.url.endsWith('/tracking/pings') ? fail(500, 'Something went wrong') : Response.json({ success: true, message: 'ok', data: {} }, { status: 201 })));
    const now = Date.now();
    const r = await drainOutbox({ fetchImpl: api.fetchImpl, now: () => now });
    expect(api.requests.map((q) => q.url)).toEqual(['/api/fos/tracking/pings', '/api/fos/visits', '/api/fos/visits']);
    expect(r).toMatchObject({ sent: 2, remaining: 2 });
    const left = await outboxItems(SESSION.user_id, SESSION.company_id);
    expect(left.map((i) => [i.kind, i.status, i.attempts, i.last_status])).toEqual([
      ['ping', 'pending', 1, 500],
      ['ping', 'pending', 1, 500],
    ]);
    // Backing off: the next drain leaves them alone until they fall due, then sends both again.
    await drainOutbox({ fetchImpl: api.fetchImpl, now: () => now + 1_000 });
    expect(api.pingRequests()).toHaveLength(1);
  });

  it('drops a batch the server refuses (4xx) with its reason, and goes on with the visits', async () => {
    await queuePing(fix(0), 'timer');
    await queueVisit('a');
    const api = fakeApi((req) => (req.url.endsWith('/tracking/pings') ? fail(400, 'pings.0.recorded_at is in the future') : Response.json({ success: true, message: 'ok', data: {} }, { status: 201 })));
    const r = await drainOutbox({ fetchImpl: api.fetchImpl });
    expect(r).toEqual({ sent: 1, failed: 1, remaining: 0 });
    expect(await (await fieldDb()).count('outbox')).toBe(0);
    expect(await getMeta<string>(META_KEYS.lastPingError)).toBe('pings.0.recorded_at is in the future (400)');
    // The next accepted batch clears the reason.
    await queuePing(fix(5), 'timer');
    await drainOutbox({ fetchImpl: fakeApi().fetchImpl });
    expect(await getMeta<string>(META_KEYS.lastPingError)).toBeNull();
  });

  it('keeps the pings when the session ended (401) and when there is no network', async () => {
    await queuePing(fix(0), 'timer');
    const r1 = await drainOutbox({ fetchImpl: fakeApi(() => fail(401, 'Session expired')).fetchImpl });
    expect(r1).toMatchObject({ sent: 0, remaining: 1, stoppedBy: 'unauthorized' });
    const r2 = await drainOutbox({ fetchImpl: fakeApi(() => 'network-error').fetchImpl });
    expect(r2).toMatchObject({ sent: 0, remaining: 1, stoppedBy: 'offline' });
    expect((await (await fieldDb()).getAll('outbox')).map((i) => i.status)).toEqual(['pending']);
  });

  it(`sends at most ${PINGS_PER_REQUEST} pings per request`, async () => {
    for (let m = 0; m < PINGS_PER_REQUEST + 5; m++) await queuePing(fix(m), 'timer');
    const api = fakeApi();
    const r = await drainOutbox({ fetchImpl: api.fetchImpl });
    expect(r).toEqual({ sent: PINGS_PER_REQUEST + 5, failed: 0, remaining: 0 });
    expect(api.requests.map((q) => (q.body as { pings: unknown[] }).pings.length)).toEqual([PINGS_PER_REQUEST, 5]);
    expect(api.stored.size).toBe(PINGS_PER_REQUEST + 5);
  });

  it('derives the batch key from its members only', async () => {
    const a = await pingBatchKey([{ idempotency_key: 'k-1' }, { idempotency_key: 'k-2' }]);
    expect(await pingBatchKey([{ idempotency_key: 'k-1' }, { idempotency_key: 'k-2' }])).toBe(a);
    expect(await pingBatchKey([{ idempotency_key: 'k-1' }])).not.toBe(a);
    expect(await pingBatchKey([{ idempotency_key: 'k-2' }, { idempotency_key: 'k-1' }])).not.toBe(a);
  });
});

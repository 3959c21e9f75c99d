/**
 * The outbox and its drain against a real IndexedDB implementation (fake-indexeddb) and a small
 * in-test server that behaves like the API's idempotency rules (issue 4 "Offline behaviour").
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { META_KEYS, fieldDb, getMeta } from '../../../src/offline/db';
import { clearFieldDb } from './field-db-fixture';
import { BACKOFF, drainOutbox } from '../../../src/offline/queue';
import { enqueue, outboxItems, retryItem, NoOfflineSessionError } from '../../../src/offline/outbox';
import { saveOfflineSession } from '../../../src/offline/session';

import { RECEIPT, SESSION, fail, fakeServer, queueVisit } from './outbox-fixture';

beforeEach(async () => {
  await clearFieldDb();
  await saveOfflineSession(SESSION);
});

afterEach(async () => {
  // The connection stays usable after every drain (nothing closed it behind the page's back).
  expect((await fieldDb()).objectStoreNames.contains('outbox')).toBe(true);
});

describe('enqueue', () => {
  it('keeps the visit with its photo and a fresh idempotency key, for the signed-in user', async () => {
    const a = await queueVisit('a');
    const b = await queueVisit('b');
    const items = await outboxItems(SESSION.user_id, SESSION.company_id);
    expect(items.map((i) => i.summary)).toEqual(['Visit · a', 'Visit · b']);
    expect(a.idempotency_key).not.toBe(b.idempotency_key);
    expect(items[0]).toMatchObject({ status: 'pending', attempts: 0, company_id: 'demo-lender-in', user_id: 'u-fos' });
    expect(items[0].files[0].blob.size).toBe(50_000);
    expect(await outboxItems('someone-else', SESSION.company_id)).toEqual([]);
  });

  it('refuses to queue without a session, and signing out keeps the queue', async () => {
    await queueVisit('a');
    await saveOfflineSession(null);
    await expect(queueVisit('b')).rejects.toBeInstanceOf(NoOfflineSessionError);
    expect(await (await fieldDb()).count('outbox')).toBe(1);
  });
});

describe('drainOutbox', () => {
  it('sends oldest first with the headers and multipart body, and deletes only on 2xx', async () => {
    await queueVisit('a');
    await queueVisit('b');
    await enqueue('receipt', { body: RECEIPT, loanId: 'L-b', summary: 'Receipt' });
    const server = fakeServer();
    const r = await drainOutbox({ fetchImpl: server.fetchImpl });
    expect(r).toEqual({ sent: 3, failed: 0, remaining: 0 });
    expect(await (await fieldDb()).count('outbox')).toBe(0);
    expect(server.requests.map((q) => q.url)).toEqual(['/api/fos/visits', '/api/fos/visits', '/api/fos/receipts']);
    const [first, , receipt] = server.requests;
    expect(first.headers).toMatchObject({ authenticationtoken: 'tok-1', 'x-company-id': 'demo-lender-in' });
    expect(first.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    const form = first.body as FormData;
    expect(JSON.parse(form.get('visit') as string)).toMatchObject({ loan_id: 'L-a' });
    const photo = form.get('photos') as File;
    expect(photo.name).toBe('door.jpg');
    expect(photo.size).toBe(50_000);
    expect(receipt.headers['content-type']).toBe('application/json');
    expect(JSON.parse(receipt.body as string)).toEqual(RECEIPT);
    expect(await getMeta<string>(META_KEYS.lastSyncAt)).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('sends a document upload as plain multipart fields plus the file', async () => {
    await enqueue('document', {
      body: { loan_id: 'L-1', allocation_month: '2026-11', document_type: 'kyc', description: '' },
      files: [{ name: 'pan.pdf', type: 'application/pdf', blob: new Blob(['%PDF-1.4'], { type: 'application/pdf' }) }],
      loanId: 'L-1',
      summary: 'KYC',
    });
    const server = fakeServer();
    await drainOutbox({ fetchImpl: server.fetchImpl });
    expect(server.requests[0].url).toBe('/api/document/uploads');
    const form = server.requests[0].body as FormData;
    expect(form.get('document_type')).toBe('kyc');
    expect(form.get('loan_id')).toBe('L-1');
    expect((form.get('file') as File).name).toBe('pan.pdf');
  });

  it('keeps an item answered 500, backs off from about 2 s, and sends it once it is due', async () => {
    await queueVisit('a');
    let now = Date.now();
    const server = fakeServer((n) => (n === 1 ? fail(500, 'Something went wrong') : Response.json({ success: true, message: 'ok', data: {} })));
    const r1 = await drainOutbox({ fetchImpl: server.fetchImpl, now: () => now });
    expect(r1).toMatchObject({ sent: 0, remaining: 1 });
    const [item] = await (await fieldDb()).getAll('outbox');
    expect(item).toMatchObject({ status: 'pending', attempts: 1, last_status: 500, last_error: 'Something went wrong' });
    expect(item.next_attempt_at - now).toBeGreaterThanOrEqual(BACKOFF.baseMs * (1 - BACKOFF.jitter));
    expect(item.next_attempt_at - now).toBeLessThanOrEqual(BACKOFF.baseMs * (1 + BACKOFF.jitter));

    // Not due yet: nothing is sent.
    await drainOutbox({ fetchImpl: server.fetchImpl, now: () => now });
    expect(server.requests).toHaveLength(1);

    now += 3_000;
    const r2 = await drainOutbox({ fetchImpl: server.fetchImpl, now: () => now });
    expect(r2).toEqual({ sent: 1, failed: 0, remaining: 0 });
    expect(server.requests[0].headers['idempotency-key']).toBe(server.requests[1].headers['idempotency-key']);
  });

  it('doubles the wait on each failure up to 5 minutes', async () => {
    await queueVisit('a');
    let now = Date.now();
    const server = fakeServer(() => fail(503, 'down'));
    const waits: number[] = [];
    for (let i = 0; i < 10; i++) {
      await drainOutbox({ fetchImpl: server.fetchImpl, now: () => now });
      const [item] = await (await fieldDb()).getAll('outbox');
      waits.push(item.next_attempt_at - now);
      now = item.next_attempt_at;
    }
    expect(waits[1]).toBeGreaterThan(waits[0]);
    expect(waits[4]).toBeGreaterThan(BACKOFF.baseMs * 16 * (1 - BACKOFF.jitter) - 1);
    expect(Math.max(...waits)).toBeLessThanOrEqual(BACKOFF.capMs);
    expect(waits[9]).toBeGreaterThan(BACKOFF.capMs * (1 - BACKOFF.jitter) - 1);
    expect(await (await fieldDb()).count('outbox')).toBe(1);
  });

  it('keeps an item whose key is still in progress (409) and ends the drain so later items keep their order', async () => {
    await queueVisit('a');
    await queueVisit('b');
    const server = fakeServer(() => fail(409, 'A request with this Idempotency-Key is still being processed'));
    const r = await drainOutbox({ fetchImpl: server.fetchImpl });
    expect(r).toMatchObject({ sent: 0, failed: 0, remaining: 2 });
    expect(server.requests).toHaveLength(1);
    const items = await outboxItems(SESSION.user_id, SESSION.company_id);
    expect(items.map((i) => [i.status, i.attempts])).toEqual([
      ['pending', 1],
      ['pending', 0],
    ]);
  });

  it('marks 422 and 400 as failed with the server message, goes on with the rest, and a retry sends again', async () => {
    await queueVisit('a');
    await queueVisit('b');
    await queueVisit('c');
    const server = fakeServer((n) =>
      n === 1 ? fail(422, 'Remarks must be plain text') : n === 2 ? fail(400, 'ptp_date: date must be YYYY-MM-DD') : Response.json({ success: true, message: 'ok', data: {} }),
    );
    const r = await drainOutbox({ fetchImpl: server.fetchImpl });
    expect(r).toEqual({ sent: 1, failed: 2, remaining: 0 });
    const items = await outboxItems(SESSION.user_id, SESSION.company_id);
    expect(items.map((i) => [i.summary, i.status, i.last_status, i.last_error])).toEqual([
      ['Visit · a', 'failed', 422, 'Remarks must be plain text'],
      ['Visit · b', 'failed', 400, 'ptp_date: date must be YYYY-MM-DD'],
    ]);
    // A failed item is not sent again by itself…
    await drainOutbox({ fetchImpl: server.fetchImpl });
    expect(server.requests).toHaveLength(3);
    // …only when the user retries it.
    await retryItem(items[0].id!);
    const r2 = await drainOutbox({ fetchImpl: server.fetchImpl });
    expect(r2.sent).toBe(1);
    expect((await outboxItems(SESSION.user_id, SESSION.company_id)).map((i) => i.summary)).toEqual(['Visit · b']);
  });

  it('stops on 401 and keeps every item untouched until a new sign-in', async () => {
    await queueVisit('a');
    await queueVisit('b');
    const server = fakeServer(() => fail(401, 'Session expired'));
    const r = await drainOutbox({ fetchImpl: server.fetchImpl });
    expect(r).toEqual({ sent: 0, failed: 0, remaining: 2, stoppedBy: 'unauthorized' });
    expect(server.requests).toHaveLength(1);
    const items = await outboxItems(SESSION.user_id, SESSION.company_id);
    expect(items.map((i) => [i.status, i.attempts, i.next_attempt_at <= Date.now()])).toEqual([
      ['pending', 0, true],
      ['pending', 0, true],
    ]);
    expect(await getMeta(META_KEYS.lastDrainError)).toBe('unauthorized');
    await saveOfflineSession({ ...SESSION, token: 'tok-2' });
    expect(await getMeta(META_KEYS.lastDrainError)).toBeNull();
    const ok = fakeServer();
    expect(await drainOutbox({ fetchImpl: ok.fetchImpl })).toEqual({ sent: 2, failed: 0, remaining: 0 });
    expect(ok.requests[0].headers.authenticationtoken).toBe('tok-2');
  });

  it('stops as offline on a network error and keeps the item', async () => {
    await queueVisit('a');
    const server = fakeServer(() => 'network-error');
    const r = await drainOutbox({ fetchImpl: server.fetchImpl });
    expect(r).toEqual({ sent: 0, failed: 0, remaining: 1, stoppedBy: 'offline' });
    const [item] = await (await fieldDb()).getAll('outbox');
    expect(item).toMatchObject({ status: 'pending', attempts: 1, last_status: null });
    expect(item.last_error).toMatch(/Network error/);
  });

  it('treats a send with no answer within the timeout as a network failure', async () => {
    await queueVisit('a', false);
    const hang = ((_: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))))) as typeof fetch;
    const r = await drainOutbox({ fetchImpl: hang, timeoutMs: 50 });
    expect(r.stoppedBy).toBe('offline');
    expect((await (await fieldDb()).getAll('outbox'))[0].last_error).toMatch(/timed out/);
  });

  it('deletes an item exactly once when the server committed but the answer was lost, and the replay is answered 200', async () => {
    await queueVisit('a');
    await queueVisit('b');
    let now = Date.now();
    const server = fakeServer((n) => (n === 1 ? 'commit-then-drop' : Response.json({ success: true, message: 'ok', data: {} })));
    await drainOutbox({ fetchImpl: server.fetchImpl, now: () => now });
    expect(await (await fieldDb()).count('outbox')).toBe(2);
    now += BACKOFF.capMs;
    const r = await drainOutbox({ fetchImpl: server.fetchImpl, now: () => now });
    expect(r).toEqual({ sent: 2, failed: 0, remaining: 0 });
    expect(server.requests).toHaveLength(3);
    expect(server.requests[0].headers['idempotency-key']).toBe(server.requests[1].headers['idempotency-key']);
    expect(server.records.size).toBe(2);
    expect(await (await fieldDb()).count('outbox')).toBe(0);
  });

  it('runs one drain at a time: a second drain meanwhile returns "locked" and nothing is sent twice', async () => {
    await queueVisit('a');
    await queueVisit('b');
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const server = fakeServer();
    const slow = (async (input: RequestInfo | URL, init?: RequestInit) => {
      await gate;
      return server.fetchImpl(input, init);
    }) as typeof fetch;
    const first = drainOutbox({ fetchImpl: slow });
    await new Promise((r) => setTimeout(r, 20));
    const second = await drainOutbox({ fetchImpl: server.fetchImpl });
    expect(second.stoppedBy).toBe('locked');
    release();
    expect(await first).toEqual({ sent: 2, failed: 0, remaining: 0 });
    expect(server.requests).toHaveLength(2);
  });

  it('sends only the signed-in user and company items, and resends one cut off while sending', async () => {
    await queueVisit('mine');
    await saveOfflineSession({ ...SESSION, company_id: 'demo-trust-id' });
    await queueVisit('other company');
    await saveOfflineSession(SESSION);
    const [mine] = await outboxItems(SESSION.user_id, SESSION.company_id);
    await (await fieldDb()).put('outbox', { ...mine, status: 'sending' });
    const server = fakeServer();
    expect(await drainOutbox({ fetchImpl: server.fetchImpl })).toEqual({ sent: 1, failed: 0, remaining: 0 });
    expect((await (await fieldDb()).getAll('outbox')).map((i) => i.summary)).toEqual(['Visit · other company']);
  });
});

/**
 * The outbox and its drain against a real IndexedDB implementation (fake-indexeddb) and a small
 * in-test server that behaves like the API's idempotency rules (issue 4 "Offline behaviour").
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { META_KEYS, fieldDb, getMeta, setMeta } from '../../../src/offline/db';
import { BACKOFF, drainOutbox } from '../../../src/offline/drain';
import { alignReceiptSequence, enqueue, nextReceiptNumber, outboxItems, retryItem, NoOfflineSessionError } from '../../../src/offline/outbox';
import { saveOfflineSession } from '../../../src/offline/session';

const SESSION = { token: 'tok-1', company_id: 'demo-lender-in', user_id: 'u-fos' };

interface Seen {
  url: string;
  headers: Record<string, string>;
  body: BodyInit | null | undefined;
}

/**
 * A fake API: answers with `answer(n, seen)` for the n-th request (1-based) and stores each
 * Idempotency-Key once, the way the server does, so a replay is visible as a second request with
 * the same key but no second record.
 */
function fakeServer(answer: (n: number, seen: Seen) => Response | 'network-error' | 'commit-then-drop' = () => Response.json({ success: true, message: 'ok', data: {} }, { status: 201 })) {
  const requests: Seen[] = [];
  const records = new Map<string, unknown>();
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = Object.fromEntries(Object.entries((init?.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]));
    const seen = { url: String(input), headers, body: init?.body };
    requests.push(seen);
    const a = answer(requests.length, seen);
    if (a === 'network-error') throw new TypeError('Failed to fetch');
    if (a === 'commit-then-drop') {
      records.set(headers['idempotency-key'], seen.body);
      throw new TypeError('Failed to fetch');
    }
    if (a.ok && !records.has(headers['idempotency-key'])) records.set(headers['idempotency-key'], seen.body);
    return a;
  }) as typeof fetch;
  return { fetchImpl, requests, records };
}

const fail = (status: number, message: string) => Response.json({ success: false, message, data: null }, { status });

async function queueVisit(name: string, photo = true) {
  return enqueue({
    kind: 'visit',
    path: '/api/fos/visits',
    jsonField: 'visit',
    body: { loan_id: `L-${name}`, disposition: 'Door Locked' },
    files: photo ? [{ field: 'photos', name: 'door.jpg', type: 'image/jpeg', blob: new Blob([new Uint8Array(50_000)], { type: 'image/jpeg' }) }] : [],
    loanId: `L-${name}`,
    summary: `Visit · ${name}`,
  });
}

beforeEach(async () => {
  await Promise.all([fieldDb.outbox.clear(), fieldDb.meta.clear(), fieldDb.allocation.clear()]);
  await saveOfflineSession(SESSION);
});

afterEach(() => {
  expect(fieldDb.isOpen()).toBe(true);
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
    expect(await fieldDb.outbox.count()).toBe(1);
  });
});

describe('drainOutbox', () => {
  it('sends oldest first with the headers and multipart body, and deletes only on 2xx', async () => {
    await queueVisit('a');
    await queueVisit('b');
    await enqueue({ kind: 'receipt', path: '/api/fos/receipts', jsonField: null, body: { receipt_number: 'FE1-000001', amount: 500 }, loanId: 'L-b', summary: 'Receipt' });
    const server = fakeServer();
    const r = await drainOutbox({ fetchImpl: server.fetchImpl });
    expect(r).toEqual({ sent: 3, failed: 0, remaining: 0 });
    expect(await fieldDb.outbox.count()).toBe(0);
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
    expect(JSON.parse(receipt.body as string)).toEqual({ receipt_number: 'FE1-000001', amount: 500 });
    expect(await getMeta<string>(META_KEYS.lastSyncAt)).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('sends a document upload as plain multipart fields plus the file', async () => {
    await enqueue({
      kind: 'document',
      path: '/api/document/uploads',
      jsonField: null,
      body: { loan_id: 'L-1', allocation_month: '2026-11', document_type: 'kyc', description: '' },
      files: [{ field: 'file', name: 'pan.pdf', type: 'application/pdf', blob: new Blob(['%PDF-1.4'], { type: 'application/pdf' }) }],
      loanId: 'L-1',
      summary: 'KYC',
    });
    const server = fakeServer();
    await drainOutbox({ fetchImpl: server.fetchImpl });
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
    const [item] = await fieldDb.outbox.toArray();
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
      const [item] = await fieldDb.outbox.toArray();
      waits.push(item.next_attempt_at - now);
      now = item.next_attempt_at;
    }
    expect(waits[1]).toBeGreaterThan(waits[0]);
    expect(waits[4]).toBeGreaterThan(BACKOFF.baseMs * 16 * (1 - BACKOFF.jitter) - 1);
    expect(Math.max(...waits)).toBeLessThanOrEqual(BACKOFF.capMs);
    expect(waits[9]).toBeGreaterThan(BACKOFF.capMs * (1 - BACKOFF.jitter) - 1);
    expect(await fieldDb.outbox.count()).toBe(1);
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
    const [item] = await fieldDb.outbox.toArray();
    expect(item).toMatchObject({ status: 'pending', attempts: 1, last_status: null });
    expect(item.last_error).toMatch(/Network error/);
  });

  it('treats a send with no answer within the timeout as a network failure', async () => {
    await queueVisit('a', false);
    const hang = ((_: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))))) as typeof fetch;
    const r = await drainOutbox({ fetchImpl: hang, timeoutMs: 50 });
    expect(r.stoppedBy).toBe('offline');
    expect((await fieldDb.outbox.toArray())[0].last_error).toMatch(/timed out/);
  });

  it('deletes an item exactly once when the server committed but the answer was lost, and the replay is answered 200', async () => {
    await queueVisit('a');
    await queueVisit('b');
    let now = Date.now();
    const server = fakeServer((n) => (n === 1 ? 'commit-then-drop' : Response.json({ success: true, message: 'ok', data: {} })));
    await drainOutbox({ fetchImpl: server.fetchImpl, now: () => now });
    expect(await fieldDb.outbox.count()).toBe(2);
    now += BACKOFF.capMs;
    const r = await drainOutbox({ fetchImpl: server.fetchImpl, now: () => now });
    expect(r).toEqual({ sent: 2, failed: 0, remaining: 0 });
    expect(server.requests).toHaveLength(3);
    expect(server.requests[0].headers['idempotency-key']).toBe(server.requests[1].headers['idempotency-key']);
    expect(server.records.size).toBe(2);
    expect(await fieldDb.outbox.count()).toBe(0);
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
    await fieldDb.outbox.update(mine.id!, { status: 'sending' });
    const server = fakeServer();
    expect(await drainOutbox({ fetchImpl: server.fetchImpl })).toEqual({ sent: 1, failed: 0, remaining: 0 });
    expect((await fieldDb.outbox.toArray()).map((i) => i.summary)).toEqual(['Visit · other company']);
  });
});

describe('nextReceiptNumber', () => {
  it('increases per executive, never repeats under concurrency and survives reopening the database', async () => {
    expect(await nextReceiptNumber('demo-lender-in', 'FE0012')).toBe('FE0012-000001');
    expect(await nextReceiptNumber('demo-lender-in', 'FE0012')).toBe('FE0012-000002');
    expect(await nextReceiptNumber('demo-lender-in', 'FE0099')).toBe('FE0099-000001');
    const burst = await Promise.all(Array.from({ length: 5 }, () => nextReceiptNumber('demo-lender-in', 'FE0012')));
    expect(new Set(burst).size).toBe(5);
    fieldDb.close();
    await fieldDb.open();
    expect(await nextReceiptNumber('demo-lender-in', 'FE0012')).toBe('FE0012-000008');
  });
});

describe('alignReceiptSequence', () => {
  it("raises the phone's sequence to the server's highest number of this executive, never lowers it", async () => {
    // Before the allocation was ever cached there is no executive: nothing changes.
    await alignReceiptSequence('demo-lender-in', ['FE0012-000040']);
    expect(await nextReceiptNumber('demo-lender-in', 'FE0012')).toBe('FE0012-000001');

    await setMeta(META_KEYS.executive('demo-lender-in'), { user_id: 'u-fos', name: 'Field Exec', executive_code: 'FE0012' });
    // A new phone: the server already holds number 40 of FE0012 (and a higher one of another executive).
    await alignReceiptSequence('demo-lender-in', ['FE0012-000007', 'FE0012-000040', 'FE0099-000500', 'not-a-number']);
    expect(await nextReceiptNumber('demo-lender-in', 'FE0012')).toBe('FE0012-000041');
    // Lower numbers on the server (receipts still queued here are ahead of it) leave the phone's sequence alone.
    await alignReceiptSequence('demo-lender-in', ['FE0012-000010']);
    expect(await nextReceiptNumber('demo-lender-in', 'FE0012')).toBe('FE0012-000042');
  });
});

/**
 * The status-callback queue (issue 14 callback-to-screen burst): callbacks arriving within the
 * window are applied in one batch, those arriving while it runs in the next; a lone callback waits
 * the window only; each caller hears its own result, once. Fake timers: no timed assertions.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../src/server/http/errors';
import type { StatusCallbackItem } from '../../../src/server/modules/calling/status-callbacks';
import { CALLBACK_BATCH, CALLBACK_WINDOW_MS, createStatusCallbackQueue } from '../../../src/server/modules/calling/status-callbacks';

const item = (sid: string): StatusCallbackItem => ({ companyId: 'c1', secret: 's', body: { CallSid: sid, EventType: 'terminal', Status: 'completed' }, now: new Date() });

/** A queue recording each batch's CallSids; `bad` answers 404. */
function recording(hold?: (n: number) => Promise<void>) {
  const batches: string[][] = [];
  const queue = createStatusCallbackQueue(async (items) => {
    batches.push(items.map((i) => i.body.CallSid));
    if (hold) await hold(batches.length);
    return items.map((i) => (i.body.CallSid === 'bad' ? new AppError(404, 'Call not found') : null));
  });
  return { batches, queue };
}

describe('status callback queue', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('a burst trickling in within the window is written as one batch, after the window', async () => {
    const { batches, queue } = recording();
    const done: Promise<void>[] = [];
    // One callback per ms until the window's last ms: each read in its own turn, as from another machine.
    const n = CALLBACK_WINDOW_MS - 1;
    for (let i = 0; i < n; i += 1) {
      done.push(queue.submit(item(`s${i}`)));
      await vi.advanceTimersByTimeAsync(1);
    }
    expect(batches).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches).toEqual([Array.from({ length: n }, (_, i) => `s${i}`)]);
    await expect(Promise.all(done)).resolves.toBeDefined();
  });

  it('a lone callback is written once its window closes, not before', async () => {
    const { batches, queue } = recording();
    const done = queue.submit(item('x'));
    await vi.advanceTimersByTimeAsync(CALLBACK_WINDOW_MS - 1);
    expect(batches).toEqual([]);
    await vi.advanceTimersByTimeAsync(2);
    expect(batches).toEqual([['x']]);
    await expect(done).resolves.toBeUndefined();
  });

  it('a full batch does not wait for the window', async () => {
    const { batches, queue } = recording();
    const done = Array.from({ length: CALLBACK_BATCH + 1 }, (_, i) => queue.submit(item(`s${i}`)));
    await vi.advanceTimersByTimeAsync(1);
    expect(batches.map((b) => b.length)).toEqual([CALLBACK_BATCH]);
    await vi.advanceTimersByTimeAsync(CALLBACK_WINDOW_MS);
    expect(batches.map((b) => b.length)).toEqual([CALLBACK_BATCH, 1]);
    await Promise.all(done);
  });

  it('arrivals during a batch go in the next, in order, each once; errors reach only their callers', async () => {
    let release: () => void = () => undefined;
    const { batches, queue } = recording((n) => (n === 1 ? new Promise<void>((r) => (release = r)) : Promise.resolve()));
    const first = ['a', 'b', 'c'].map((sid) => queue.submit(item(sid)));
    await vi.advanceTimersByTimeAsync(CALLBACK_WINDOW_MS);
    expect(batches).toEqual([['a', 'b', 'c']]);
    const later = Promise.allSettled([queue.submit(item('d')), queue.submit(item('bad'))]);
    // The next batch waits for this one to commit, however long its window has been.
    await vi.advanceTimersByTimeAsync(CALLBACK_WINDOW_MS * 5);
    expect(batches).toEqual([['a', 'b', 'c']]);
    release();
    await Promise.all(first);
    // Its window already passed while the first was written: it goes at once.
    await vi.advanceTimersByTimeAsync(1);
    const [d, bad] = await later;
    expect(d.status).toBe('fulfilled');
    expect(bad).toMatchObject({ status: 'rejected', reason: { statusCode: 404 } });
    expect(batches).toEqual([['a', 'b', 'c'], ['d', 'bad']]);
    await vi.advanceTimersByTimeAsync(CALLBACK_WINDOW_MS * 5);
    expect(batches).toHaveLength(2);
  });

  it('a batch that throws rejects each of its callers; the next batch still runs', async () => {
    let calls = 0;
    const queue = createStatusCallbackQueue(async (items) => {
      calls += 1;
      if (calls === 1) throw new Error('database gone');
      return items.map(() => null);
    });
    const x = expect(queue.submit(item('x'))).rejects.toThrow('database gone');
    await vi.advanceTimersByTimeAsync(CALLBACK_WINDOW_MS);
    await x;
    const y = expect(queue.submit(item('y'))).resolves.toBeUndefined();
    await vi.advanceTimersByTimeAsync(CALLBACK_WINDOW_MS);
    await y;
  });
});

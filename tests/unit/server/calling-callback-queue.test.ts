/**
 * The status-callback queue (issue 14 callback-to-screen burst): callbacks submitted together are
 * applied in one batch, those arriving while it runs in the next; each caller hears its own result.
 */
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../src/server/http/errors';
import type { StatusCallbackItem } from '../../../src/server/modules/calling/status-callbacks';
import { createStatusCallbackQueue } from '../../../src/server/modules/calling/status-callbacks';

const item = (sid: string): StatusCallbackItem => ({ companyId: 'c1', secret: 's', body: { CallSid: sid, EventType: 'terminal', Status: 'completed' }, now: new Date() });

describe('status callback queue', () => {
  it('a burst is one batch; arrivals during it go in the next; errors reach only their callers', async () => {
    const batches: string[][] = [];
    let release: () => void = () => undefined;
    const queue = createStatusCallbackQueue(async (items) => {
      batches.push(items.map((i) => i.body.CallSid));
      if (batches.length === 1) await new Promise<void>((r) => (release = r));
      return items.map((i) => (i.body.CallSid === 'bad' ? new AppError(404, 'Call not found') : null));
    });
    const first = ['a', 'b', 'c'].map((sid) => queue.submit(item(sid)));
    await new Promise((r) => setImmediate(r));
    expect(batches).toEqual([['a', 'b', 'c']]);
    const later = [queue.submit(item('d')), queue.submit(item('bad'))];
    release();
    await Promise.all(first);
    const [d, bad] = await Promise.allSettled(later);
    expect(d.status).toBe('fulfilled');
    expect(bad).toMatchObject({ status: 'rejected', reason: { statusCode: 404 } });
    expect(batches).toEqual([['a', 'b', 'c'], ['d', 'bad']]);
  });

  it('a batch that throws rejects each of its callers; the next batch still runs', async () => {
    let calls = 0;
    const queue = createStatusCallbackQueue(async (items) => {
      calls += 1;
      if (calls === 1) throw new Error('database gone');
      return items.map(() => null);
    });
    await expect(queue.submit(item('x'))).rejects.toThrow('database gone');
    await expect(queue.submit(item('y'))).resolves.toBeUndefined();
  });
});

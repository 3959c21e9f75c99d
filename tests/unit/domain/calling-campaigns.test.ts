/** Autodial login queue (spec 4: retried once, a 5 s pause after each request), abandon rate, live agent state, who supervises (issue 14). */
import { describe, expect, it } from 'vitest';
import { abandonRate, dialerOffAt, isSupervisory, liveAgentState, loginQueue } from '../../../src/domain/calling/campaigns';

function fakeSleep() {
  const slept: number[] = [];
  return { slept, sleep: async (ms: number) => void slept.push(ms) };
}

describe('autodial login queue', () => {
  it('retries a failed request once, pausing 5 s after each request', async () => {
    const { slept, sleep } = fakeSleep();
    const enqueue = loginQueue({ sleep });
    let n = 0;
    const value = await enqueue(async () => {
      n += 1;
      if (n === 1) throw new Error('network');
      return 'ok';
    });
    expect(value).toBe('ok');
    expect(n).toBe(2);
    await enqueue(async () => 'again');
    expect(slept).toEqual([5000, 5000, 5000]);
  });

  it('gives up after the one retry, and does not retry a final refusal', async () => {
    const { sleep } = fakeSleep();
    const enqueue = loginQueue({ sleep, isFinal: (e) => (e as Error).message === 'Campaign is not active' });
    let n = 0;
    await expect(
      enqueue(async () => {
        n += 1;
        throw new Error('down');
      }),
    ).rejects.toThrow('down');
    expect(n).toBe(2);
    n = 0;
    await expect(
      enqueue(async () => {
        n += 1;
        throw new Error('Campaign is not active');
      }),
    ).rejects.toThrow('Campaign is not active');
    expect(n).toBe(1);
  });

  it('runs queued requests one at a time', async () => {
    const { sleep } = fakeSleep();
    const enqueue = loginQueue({ sleep });
    const order: string[] = [];
    const slow = enqueue(async () => {
      order.push('a start');
      await new Promise((r) => setTimeout(r, 20));
      order.push('a end');
    });
    const fast = enqueue(async () => void order.push('b'));
    await Promise.all([slow, fast]);
    expect(order).toEqual(['a start', 'a end', 'b']);
  });
});

describe('live stats rules', () => {
  it('abandon rate: answered calls with no conversation, in percent', () => {
    expect(abandonRate(0, 0)).toBeNull();
    expect(abandonRate(8, 1)).toBe(12.5);
    expect(abandonRate(3, 1)).toBe(33.3);
  });

  it('an agent’s state: call, break, inactive reason, then seen today or offline', () => {
    expect(liveAgentState({ liveCall: true, onBreak: true, statusReason: 'other', seenToday: true })).toBe('on_call');
    expect(liveAgentState({ liveCall: false, onBreak: true, statusReason: 'other', seenToday: true })).toBe('on_break');
    expect(liveAgentState({ liveCall: false, onBreak: false, statusReason: 'training_break', seenToday: false })).toBe('inactive');
    expect(liveAgentState({ liveCall: false, onBreak: false, statusReason: null, seenToday: true })).toBe('available');
    expect(liveAgentState({ liveCall: false, onBreak: false, statusReason: null, seenToday: false })).toBe('offline');
  });

  it('telecalling supervisors and admin-level users supervise; telecallers (dialer operators) do not', () => {
    expect(isSupervisory({ profession: 'telecalling supervisor', userType: 'user' })).toBe(true);
    expect(isSupervisory({ profession: 'other', userType: 'company_admin' })).toBe(true);
    expect(isSupervisory({ profession: 'telecalling', userType: 'user' })).toBe(false);
  });
});

describe('campaign user status (spec 7 vendor_event)', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  it('auto_call_off holds until its time limit, or until auto_call_on when it has none', () => {
    expect(dialerOffAt('auto_call_off', null, now)).toBe(true);
    expect(dialerOffAt('auto_call_off', new Date(now.getTime() + 1000), now)).toBe(true);
    expect(dialerOffAt('auto_call_off', now, now)).toBe(false);
    expect(dialerOffAt('auto_call_on', null, now)).toBe(false);
    expect(dialerOffAt(null, null, now)).toBe(false);
  });
});

/**
 * Start-up work split over idle periods (src/web/lib/idle.ts idleSteps, issue 18 TBT): each step
 * runs in its own idle callback, in order, and a cancel stops the steps not yet run.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { idleSteps } from '../../../src/web/lib/idle';

let queued: (() => void)[] = [];
let ranUpTo = 0;
const holder = globalThis as Record<string, unknown>;
beforeEach(() => {
  queued = [];
  ranUpTo = 0;
  holder.window = {
    requestIdleCallback: (task: () => void) => queued.push(task),
    cancelIdleCallback: (handle: number) => {
      queued[handle - 1] = () => {};
    },
  };
});
afterEach(() => {
  delete holder.window;
});

/** Runs the idle callbacks not run yet, one per idle period, as the browser would; answers how many ran. */
function idlePeriods(): number {
  const from = ranUpTo;
  while (ranUpTo < queued.length) queued[ranUpTo++]();
  return ranUpTo - from;
}

describe('idleSteps', () => {
  it('runs each step in an idle period of its own, in order', () => {
    const ran: string[] = [];
    idleSteps([() => ran.push('time'), () => ran.push('date'), () => ran.push('money')], 2_000);
    expect(ran).toEqual([]);
    expect(queued).toHaveLength(1);
    queued[ranUpTo++]();
    expect(ran).toEqual(['time']);
    expect(idlePeriods()).toBe(2);
    expect(ran).toEqual(['time', 'date', 'money']);
  });

  it('a cancel stops the steps not yet run', () => {
    const ran: string[] = [];
    const cancel = idleSteps([() => ran.push('time'), () => ran.push('date'), () => ran.push('money')], 2_000);
    queued[ranUpTo++]();
    cancel();
    idlePeriods();
    expect(ran).toEqual(['time']);
  });
});

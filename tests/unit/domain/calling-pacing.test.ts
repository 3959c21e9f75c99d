/** Predictive pacing (issue 14): the dial level follows the answer rate within 1..max and backs off at the drop cap. */
import { describe, expect, it } from 'vitest';
import { PACING_LIMITS, dialLevel, linesToDial } from '../../../src/domain/calling/pacing';

const india = PACING_LIMITS.INDIA;

describe('dial level', () => {
  it('is 1 / answer rate, within 1 and the country maximum', () => {
    expect(dialLevel({ windowAnswerRate: 0.5, dropRateToday: 0, answeredToday: 0 }, india)).toBe(2);
    expect(dialLevel({ windowAnswerRate: 0.05, dropRateToday: 0, answeredToday: 0 }, india)).toBe(5);
    expect(dialLevel({ windowAnswerRate: 0.05, dropRateToday: 0, answeredToday: 0 }, PACING_LIMITS.INDONESIA)).toBe(10);
    expect(dialLevel({ windowAnswerRate: 1, dropRateToday: 0, answeredToday: 0 }, india)).toBe(1);
  });
  it('shrinks as drops near the cap and is 1:1 at the cap', () => {
    const base = { windowAnswerRate: 0.25, answeredToday: 500 };
    expect(dialLevel({ ...base, dropRateToday: 0.006 }, india)).toBe(4);
    expect(dialLevel({ ...base, dropRateToday: 0.007 }, india)).toBeCloseTo(2.5);
    expect(dialLevel({ ...base, dropRateToday: 0.008 }, india)).toBe(1);
    // Too few answered calls to judge: no back-off yet.
    expect(dialLevel({ ...base, answeredToday: 10, dropRateToday: 0.1 }, india)).toBe(4);
  });
  it('dials for the ready agents less what already rings', () => {
    expect(linesToDial({ readyAgents: 3, ringing: 4, windowAnswerRate: 0.25, dropRateToday: 0, answeredToday: 0 }, india)).toBe(8);
    expect(linesToDial({ readyAgents: 0, ringing: 0, windowAnswerRate: 0.25, dropRateToday: 0, answeredToday: 0 }, india)).toBe(0);
    expect(linesToDial({ readyAgents: 1, ringing: 9, windowAnswerRate: 0.25, dropRateToday: 0, answeredToday: 0 }, india)).toBe(0);
  });
});

/** Calling desk rules (issue 14): call states from provider events, outcomes, the PTP broken rule, dispositions, the simulator's answer curve. */
import { describe, expect, it } from 'vitest';
import { answerRateAt, ringSeconds, talkSeconds } from '../../../src/domain/calling/answer-curve';
import { type CallState, isLive, newerCallRead, nextState, outcomeOf } from '../../../src/domain/calling/call-states';
import { DEFAULT_DISPOSITIONS, dispositionProblem, indiaCallbackTime } from '../../../src/domain/calling/dispositions';
import { ptpState } from '../../../src/domain/calling/ptp';

describe('call states', () => {
  it('moves Connecting → Agent Ringing → On Call → Call Ended and never leaves an end', () => {
    let s = nextState('Connecting', { kind: 'accepted' });
    expect(s).toBe('Agent Ringing');
    s = nextState(s, { kind: 'answered' });
    expect(s).toBe('On Call');
    s = nextState(s, { kind: 'terminal', status: 'completed', conversationSeconds: 40 });
    expect(s).toBe('Call Ended');
    expect(isLive(s)).toBe(false);
    expect(nextState(s, { kind: 'answered' })).toBe('Call Ended');
    expect(nextState(s, { kind: 'terminal', status: 'failed', conversationSeconds: 0 })).toBe('Call Ended');
  });

  it('fails on busy, no-answer, failed and a rejected request', () => {
    for (const status of ['busy', 'no-answer', 'failed'] as const) expect(nextState('Agent Ringing', { kind: 'terminal', status, conversationSeconds: 0 })).toBe('Call Failed');
    expect(nextState('Connecting', { kind: 'rejected' })).toBe('Call Failed');
  });

  it('outcomes: talk is Connected; completed without talk, busy and no-answer are Customer Unreachable', () => {
    expect(outcomeOf('completed', 12)).toBe('Connected');
    expect(outcomeOf('completed', 0)).toBe('Customer Unreachable');
    expect(outcomeOf('busy', 0)).toBe('Customer Unreachable');
    expect(outcomeOf('no-answer', 0)).toBe('Customer Unreachable');
    expect(outcomeOf('failed', 0)).toBe('Failed');
  });
});

describe('a late read of a call', () => {
  const at = '2026-11-25T03:00:00.000Z';
  type Read = { call_id: string; state: CallState; answered_at: string | null; note: string };
  const ringing: Read = { call_id: 'c1', state: 'Agent Ringing', answered_at: null, note: 'ringing' };
  const onCall: Read = { call_id: 'c1', state: 'On Call', answered_at: at, note: 'on call' };
  const ended: Read = { call_id: 'c1', state: 'Call Ended', answered_at: at, note: 'ended' };
  it('never puts an ended call back to live, nor an answered one back to ringing', () => {
    expect(newerCallRead(ended, onCall)).toBe(ended);
    expect(newerCallRead(ended, ringing)).toBe(ended);
    expect(newerCallRead(onCall, ringing)).toBe(onCall);
  });
  it('takes a read that is as far or further on, a first read, and another call', () => {
    expect(newerCallRead(onCall, ended)).toBe(ended);
    expect(newerCallRead(ringing, onCall)).toBe(onCall);
    const held: Read = { ...onCall, state: 'On Hold', note: 'held' };
    expect(newerCallRead(onCall, held)).toBe(held);
    expect(newerCallRead(undefined, ringing)).toBe(ringing);
    const other = { ...ringing, call_id: 'c2' };
    expect(newerCallRead(ended, other)).toBe(other);
  });
});

describe('PTP broken rule', () => {
  const ptp = { ptpDate: '2026-11-25', amountMinor: 150_050, madeOn: '2026-11-23' };
  it('is open until its date, broken after it without payments covering it', () => {
    expect(ptpState(ptp, [], '2026-11-25')).toBe('open');
    expect(ptpState(ptp, [], '2026-11-26')).toBe('broken');
  });
  it('is kept when payments between the promise and its date reach the amount', () => {
    expect(ptpState(ptp, [{ paidOn: '2026-11-24', amountMinor: 100_000 }, { paidOn: '2026-11-25', amountMinor: 50_050 }], '2026-11-30')).toBe('kept');
  });
  it('does not count payments before the promise or after its date', () => {
    expect(ptpState(ptp, [{ paidOn: '2026-11-22', amountMinor: 150_050 }, { paidOn: '2026-11-26', amountMinor: 150_050 }], '2026-11-27')).toBe('broken');
    expect(ptpState(ptp, [{ paidOn: '2026-11-24', amountMinor: 150_049 }], '2026-11-27')).toBe('broken');
  });
});

describe('dispositions', () => {
  it('needs a PTP date from today and an amount, a callback time', () => {
    const today = '2026-11-23';
    expect(dispositionProblem({ disposition: 'Promise to Pay', ptp_date: '2026-11-23', ptp_amount: 10 }, DEFAULT_DISPOSITIONS, today)).toBeNull();
    expect(dispositionProblem({ disposition: 'Promise to Pay', ptp_date: '2026-11-22', ptp_amount: 10 }, DEFAULT_DISPOSITIONS, today)).toBe('PTP date cannot be in the past');
    expect(dispositionProblem({ disposition: 'Promise to Pay', ptp_date: '2026-11-24', ptp_amount: 0 }, DEFAULT_DISPOSITIONS, today)).toBe('PTP amount is required');
    expect(dispositionProblem({ disposition: 'Call Back' }, DEFAULT_DISPOSITIONS, today)).toBe('Callback time is required');
    expect(dispositionProblem({ disposition: 'Nope' }, DEFAULT_DISPOSITIONS, today)).toBe('Unknown disposition: Nope');
  });
  it('spells a callback in India time with +0530 for the vendor that needs it', () => {
    expect(indiaCallbackTime(new Date('2026-11-23T11:00:00Z'))).toBe('2026-11-23 16:30:00+0530');
  });
});

describe('the simulator’s answer curve', () => {
  it('answers more in the evening than at dawn; talk and ring times stay in their bounds', () => {
    expect(answerRateAt(18)).toBeGreaterThan(answerRateAt(8));
    expect(answerRateAt(25)).toBe(answerRateAt(1));
    expect(talkSeconds(0)).toBe(20);
    expect(talkSeconds(0.999999)).toBe(900);
    expect(ringSeconds(0)).toBe(4);
    expect(ringSeconds(1)).toBe(20);
  });
});

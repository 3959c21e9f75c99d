/** The browser softphone's rules (issue 14): SIP events to the spec's call states, SIP addresses, allowed servers. */
import { describe, expect, it } from 'vitest';
import { agentSipUri, borrowerSipUri, deskCallActions, isSipWebSocketUrl, secondLegAfterAction, secondLegNext, sipTargetUri, softphoneActionRemark, softphoneNextState } from '../../../src/domain/calling/softphone';
import { microphoneStateOf } from '../../../src/web/features/calling/softphone';

describe('softphone call states', () => {
  it('follow a normal call: ringing, answered, held, resumed, ended', () => {
    expect(softphoneNextState('Connecting', 'ringing', false)).toBe('Ringing');
    expect(softphoneNextState('Ringing', 'answered', false)).toBe('On Call');
    expect(softphoneNextState('On Call', 'held', true)).toBe('On Hold');
    expect(softphoneNextState('On Hold', 'resumed', true)).toBe('On Call');
    expect(softphoneNextState('On Call', 'ended', true)).toBe('Call Ended');
  });

  it('an end before an answer is a failed call; nothing moves a finished call', () => {
    expect(softphoneNextState('Ringing', 'ended', false)).toBe('Call Failed');
    expect(softphoneNextState('Ringing', 'failed', false)).toBe('Call Failed');
    expect(softphoneNextState('Call Ended', 'answered', true)).toBe('Call Ended');
    expect(softphoneNextState('Call Failed', 'ringing', false)).toBe('Call Failed');
  });

  it('hold before the answer and a late ringing change nothing', () => {
    expect(softphoneNextState('Ringing', 'held', false)).toBe('Ringing');
    expect(softphoneNextState('On Call', 'ringing', true)).toBe('On Call');
  });
});

describe('SIP addresses and servers', () => {
  it('the agent is their mobile number, else their user id; the borrower is the dialled number', () => {
    expect(agentSipUri('sip.lender.in', '+91 98765-43210', 'u1')).toBe('sip:919876543210@sip.lender.in');
    expect(agentSipUri('sip.lender.in', null, 'user-42')).toBe('sip:user-42@sip.lender.in');
    expect(borrowerSipUri('sip.lender.in', '+91 98765 43210')).toBe('sip:+919876543210@sip.lender.in');
  });

  it('only wss:// on the internet; ws:// for a server on the local network', () => {
    expect(isSipWebSocketUrl('wss://sip.lender.in:8443/ws')).toBe(true);
    expect(isSipWebSocketUrl('ws://sip.lender.in')).toBe(false);
    expect(isSipWebSocketUrl('ws://192.168.1.20:8088')).toBe(true);
    expect(isSipWebSocketUrl('https://sip.lender.in')).toBe(false);
    expect(isSipWebSocketUrl('not a url')).toBe(false);
  });

  it('a refused microphone is microphone_off, a missing one microphone_not_connected (spec 3)', () => {
    expect(microphoneStateOf(new DOMException('denied', 'NotAllowedError'))).toBe('microphone_off');
    expect(microphoneStateOf(new DOMException('none', 'NotFoundError'))).toBe('microphone_not_connected');
  });
});

describe('add call, transfer, merge (spec 9 call buttons)', () => {
  it('a transfer or conference never moves the call', () => {
    expect(softphoneNextState('On Call', 'transferred', true)).toBe('On Call');
    expect(softphoneNextState('On Hold', 'conference_started', true)).toBe('On Hold');
    expect(softphoneNextState('Call Ended', 'conference_ended', true)).toBe('Call Ended');
  });

  it('add needs the borrower on the line and no second call; merge needs both answered; transfer not during a conference', () => {
    expect(deskCallActions({ primary: 'Ringing', second: null, conference: false })).toEqual({ add: false, transfer: false, merge: false });
    expect(deskCallActions({ primary: 'On Call', second: null, conference: false })).toEqual({ add: true, transfer: true, merge: false });
    // The colleague's phone still rings: wait (no attended transfer to a ringing phone, nothing to merge).
    expect(deskCallActions({ primary: 'On Hold', second: 'Ringing', conference: false })).toEqual({ add: false, transfer: false, merge: false });
    expect(deskCallActions({ primary: 'On Hold', second: 'On Call', conference: false })).toEqual({ add: false, transfer: true, merge: true });
    expect(deskCallActions({ primary: 'On Call', second: 'On Call', conference: true })).toEqual({ add: false, transfer: false, merge: false });
    expect(deskCallActions({ primary: null, second: 'On Call', conference: false })).toEqual({ add: false, transfer: false, merge: false });
  });

  it('the second party is an extension, a number or a sip: address on the company domain', () => {
    expect(sipTargetUri('sip.lender.in', '7001')).toBe('sip:7001@sip.lender.in');
    expect(sipTargetUri('sip.lender.in', ' +91 98765-43210 ')).toBe('sip:+919876543210@sip.lender.in');
    expect(sipTargetUri('sip.lender.in', 'sip:supervisor@pbx.lender.in')).toBe('sip:supervisor@pbx.lender.in');
    expect(sipTargetUri('sip.lender.in', 'not a number')).toBeNull();
    expect(sipTargetUri('sip.lender.in', '7')).toBeNull();
    expect(sipTargetUri('sip.lender.in', 'sip:a b@x')).toBeNull();
  });

  it('the loan timeline says who the call went to', () => {
    expect(softphoneActionRemark('transferred', '7001', 'attended')).toBe('Call transferred to 7001 (attended)');
    expect(softphoneActionRemark('transferred', '+919876543210', 'blind')).toBe('Call transferred to +919876543210 (blind)');
    expect(softphoneActionRemark('conference_started', '7001', null)).toBe('Conference call with 7001 started');
    expect(softphoneActionRemark('conference_ended', '7001', null)).toBe('Conference call with 7001 ended');
  });
});

describe('the second leg kept on the server (spec 9 add call)', () => {
  const t0 = new Date('2026-11-23T06:00:00.000Z');
  const t1 = new Date('2026-11-23T06:00:09.000Z');
  it('starts consulting with the borrower held, answers once, holds and resumes, and ends', () => {
    const started = secondLegNext(null, 'started', '7001', 'leg-1', t0)!;
    expect(started).toEqual({ leg_id: 'leg-1', target: '7001', state: 'consulting', call_state: 'Connecting', held: 'primary', started_at: t0.toISOString(), answered_at: null });
    // A retried start keeps the leg; a start without a target makes none; other events without a leg make none.
    expect(secondLegNext(started, 'started', '7002', 'leg-2', t1)).toBe(started);
    expect(secondLegNext(null, 'started', null, 'leg-2', t1)).toBeNull();
    expect(secondLegNext(null, 'answered', null, 'leg-2', t1)).toBeNull();
    // Hold before the answer changes nothing.
    expect(secondLegNext(started, 'held', null, 'x', t1)).toBe(started);
    const answered = secondLegNext(secondLegNext(started, 'ringing', null, 'x', t0), 'answered', null, 'x', t1)!;
    expect(answered).toMatchObject({ call_state: 'On Call', answered_at: t1.toISOString(), state: 'consulting' });
    expect(secondLegNext(answered, 'answered', null, 'x', t0)).toBe(answered);
    const held = secondLegNext(answered, 'held', null, 'x', t1)!;
    expect(held).toMatchObject({ state: 'held', held: 'second', call_state: 'On Hold' });
    expect(secondLegNext(held, 'resumed', null, 'x', t1)).toMatchObject({ state: 'consulting', held: 'primary', call_state: 'On Call' });
    expect(secondLegNext(held, 'ended', null, 'x', t1)).toBeNull();
    expect(secondLegNext(started, 'failed', null, 'x', t1)).toBeNull();
  });

  it('merges into a conference only once answered, leaves it back to consulting, and a transfer ends it', () => {
    const started = secondLegNext(null, 'started', '7001', 'leg-1', t0)!;
    expect(secondLegAfterAction(started, 'conference_started')).toBe(started);
    const answered = secondLegNext(started, 'answered', null, 'x', t1)!;
    const conference = secondLegAfterAction(answered, 'conference_started')!;
    expect(conference).toMatchObject({ state: 'conference', held: null });
    expect(secondLegNext(conference, 'held', null, 'x', t1)).toBe(conference);
    expect(secondLegAfterAction(conference, 'conference_ended')).toMatchObject({ state: 'consulting', held: 'primary' });
    expect(secondLegAfterAction(answered, 'transferred')).toBeNull();
    expect(secondLegAfterAction(null, 'conference_started')).toBeNull();
  });
});

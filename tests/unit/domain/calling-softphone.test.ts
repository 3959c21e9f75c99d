/** The browser softphone's rules (issue 14): SIP events to the spec's call states, SIP addresses, allowed servers. */
import { describe, expect, it } from 'vitest';
import { agentSipUri, borrowerSipUri, isSipWebSocketUrl, softphoneNextState } from '../../../src/domain/calling/softphone';
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

/**
 * The browser softphone (issue 14 "A WebRTC softphone in the browser for agents without a desk
 * phone"; spec 9 dialer): SIP over a WebSocket to the company's SIP server (JsSIP in the browser),
 * with the call mirrored on our server so the dialer panel, the disposition form, the timeline and
 * the supervisor's live view treat it as any other call. Pure rules shared by the screen and the API.
 */
import type { CallState } from './call-states';
import { isLive } from './call-states';

/** Spec 9 "Dialer ICE gathering time-out": the call is offered with the candidates found by then (ms). */
export const ICE_GATHERING_TIMEOUT_MS = 2000;

/**
 * What the browser reports about its SIP call, in order: the borrower's phone rings (18x), the
 * borrower answered (2xx + ACK), the agent put the call on hold or took it off hold (re-INVITE
 * answered), it ended after an answer (BYE), or it failed before one (4xx–6xx, cancel, no media).
 */
export const SOFTPHONE_EVENTS = ['ringing', 'answered', 'held', 'resumed', 'ended', 'failed'] as const;
export type SoftphoneEvent = (typeof SOFTPHONE_EVENTS)[number];

/**
 * The call's state after a softphone event (spec 9 call states). Terminal states never change (a
 * replayed or late report is ignored); hold and resume only move an answered call; `ended` on a
 * call that was never answered is a failure (the borrower did not pick up).
 */
export function softphoneNextState(current: CallState, event: SoftphoneEvent, answered: boolean): CallState {
  if (!isLive(current)) return current;
  switch (event) {
    case 'ringing':
      return current === 'Connecting' || current === 'Calling' ? 'Ringing' : current;
    case 'answered':
      return current === 'On Hold' ? current : 'On Call';
    case 'held':
      return answered ? 'On Hold' : current;
    case 'resumed':
      return answered ? 'On Call' : current;
    case 'ended':
      return answered ? 'Call Ended' : 'Call Failed';
    case 'failed':
      return 'Call Failed';
  }
}

/** A SIP server WebSocket address the browser may open: ws:// or wss:// with a host (ws only for local servers). */
export function isSipWebSocketUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol === 'wss:') return url.hostname.length > 0;
  // Browsers block ws:// from an https page; plain ws is for a SIP server on the agent's own network.
  return url.protocol === 'ws:' && /^(localhost|127\.\d+\.\d+\.\d+|10\.\d+\.\d+\.\d+|192\.168\.\d+\.\d+)$/.test(url.hostname);
}

/** A SIP domain: a host name or IPv4 address, optionally with a port. */
export const SIP_DOMAIN_PATTERN = /^[A-Za-z0-9.-]{1,253}(:\d{1,5})?$/;

/**
 * The agent's SIP address on the company's server: their extension is their mobile number's digits
 * (the number the click-to-call path rings), else their user id.
 */
export function agentSipUri(domain: string, mobile: string | null, userId: string): string {
  const digits = (mobile ?? '').replace(/\D/g, '');
  return `sip:${digits.length >= 6 ? digits : userId.replace(/[^A-Za-z0-9_.-]/g, '')}@${domain}`;
}

/** The borrower's SIP address for a dialled number on the company's server (the gateway routes it on). */
export function borrowerSipUri(domain: string, number: string): string {
  return `sip:${number.replace(/[^\d+]/g, '')}@${domain}`;
}

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
export const SOFTPHONE_EVENTS = ['ringing', 'answered', 'held', 'resumed', 'ended', 'failed', 'transferred', 'conference_started', 'conference_ended'] as const;
export type SoftphoneEvent = (typeof SOFTPHONE_EVENTS)[number];

/**
 * The dialer's call actions (spec 9 "add call, transfer, merge"; spec 4 socket event `transferred`)
 * the browser reports: the call was handed to `target` (a blind REFER, or an attended one replacing
 * the agent's call with the target), or the agent joined the borrower and `target` in a three-way
 * call mixed in the browser, and later left it. They write the loan's timeline and never move the
 * call's state (the SIP call's own end does).
 */
export const SOFTPHONE_ACTIONS = ['transferred', 'conference_started', 'conference_ended'] as const satisfies readonly SoftphoneEvent[];
export type SoftphoneAction = (typeof SOFTPHONE_ACTIONS)[number];
export const isSoftphoneAction = (event: SoftphoneEvent): event is SoftphoneAction => (SOFTPHONE_ACTIONS as readonly string[]).includes(event);

/** How a call was transferred: blind (REFER to the target) or attended (after the agent spoke to the target; REFER with Replaces). */
export const TRANSFER_KINDS = ['blind', 'attended'] as const;
export type TransferKind = (typeof TRANSFER_KINDS)[number];

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
    case 'transferred':
    case 'conference_started':
    case 'conference_ended':
      return current;
  }
}

/**
 * The timeline remark of a call action (English, as the other call remarks), e.g. "Call transferred
 * to 7001 (attended)", "Conference call with 7001 started", "Conference call with 7001 ended".
 */
export function softphoneActionRemark(action: SoftphoneAction, target: string, kind: TransferKind | null): string {
  switch (action) {
    case 'transferred':
      return `Call transferred to ${target}${kind ? ` (${kind})` : ''}`;
    case 'conference_started':
      return `Conference call with ${target} started`;
    case 'conference_ended':
      return `Conference call with ${target} ended`;
  }
}

/** A second party the agent may type: an extension or phone number (digits, optional +), or a sip: address. */
export const SIP_TARGET_PATTERN = /^(sip:[A-Za-z0-9_.!~*'()&=+$,;?/%-]{1,64}@[A-Za-z0-9.-]{1,253}(:\d{1,5})?|\+?[\d\s-]{2,20})$/;

/**
 * The SIP address of the second party the agent typed (a colleague's extension, a supervisor's
 * number, or a full sip: address) on the company's domain; null when it is neither.
 */
export function sipTargetUri(domain: string, input: string): string | null {
  const value = input.trim();
  if (!SIP_TARGET_PATTERN.test(value)) return null;
  if (value.startsWith('sip:')) return value;
  const digits = value.replace(/[^\d+]/g, '');
  return digits.replace(/\D/g, '').length >= 2 ? borrowerSipUri(domain, digits) : null;
}

/** The legs of the agent's browser: the borrower's call and at most one second call (add call). */
export interface DeskLegs {
  /** The borrower's call (null: none live). */
  primary: CallState | null;
  /** The second call the agent added (null: none). */
  second: CallState | null;
  /** Both calls are mixed into one three-way call. */
  conference: boolean;
}

/**
 * Which of the dialer's add / transfer / merge buttons act now (spec 9 call buttons):
 * add: the borrower is on the line (on call or held by the agent) and no second call exists;
 * transfer: the borrower is on the line and no conference runs (with an answered second call it
 * is attended, else blind to a typed target); merge: both calls answered and not yet merged.
 */
export function deskCallActions(legs: DeskLegs): { add: boolean; transfer: boolean; merge: boolean } {
  const onLine = legs.primary === 'On Call' || legs.primary === 'On Hold';
  const secondAnswered = legs.second === 'On Call' || legs.second === 'On Hold';
  return {
    add: onLine && legs.second === null,
    transfer: onLine && !legs.conference && (legs.second === null || secondAnswered),
    merge: onLine && secondAnswered && !legs.conference,
  };
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

/**
 * What the browser reports about the second call (spec 9 add call) of a softphone call: the call to
 * the colleague was placed, rang, was answered, the agent held it (back with the borrower) or took
 * it off hold (consulting again), or it ended (hung up by either side) or failed.
 */
export const SECOND_LEG_EVENTS = ['started', 'ringing', 'answered', 'held', 'resumed', 'ended', 'failed'] as const;
export type SecondLegEvent = (typeof SECOND_LEG_EVENTS)[number];

/**
 * The agent's second leg as the server keeps it: consulting (the agent talks to the second party,
 * the borrower held), held (the second party held, the agent back with the borrower) or conference
 * (both merged into one three-way call, nobody held).
 */
export const SECOND_LEG_STATES = ['consulting', 'held', 'conference'] as const;
export type SecondLegState = (typeof SECOND_LEG_STATES)[number];

/** The stored second leg of a softphone call (times ISO 8601; `held`: which call waits on hold, null in a conference). */
export interface SecondLeg {
  leg_id: string;
  /** What the agent typed: an extension, a number or a sip: address. */
  target: string;
  state: SecondLegState;
  /** The second call's own state (Connecting, Ringing, On Call, On Hold). */
  call_state: CallState;
  held: 'primary' | 'second' | null;
  started_at: string;
  answered_at: string | null;
}

/** Which call a second-leg state keeps on hold. */
export const heldCallOf = (state: SecondLegState): SecondLeg['held'] => (state === 'consulting' ? 'primary' : state === 'held' ? 'second' : null);

/**
 * The second leg after a browser report (null: no second leg now). `started` makes a new leg
 * (consulting, the borrower on hold) only when none exists; the other events move the leg there
 * is; ended / failed clear it; a conference ignores hold and resume (the browser mixes both).
 * @param legId the new leg's id (used by `started` only); `now` stamps started_at / answered_at
 */
export function secondLegNext(leg: SecondLeg | null, event: SecondLegEvent, target: string | null, legId: string, now: Date): SecondLeg | null {
  if (event === 'started') return leg ?? (target ? { leg_id: legId, target, state: 'consulting', call_state: 'Connecting', held: 'primary', started_at: now.toISOString(), answered_at: null } : null);
  if (!leg) return null;
  const moved = (state: SecondLegState, callState: CallState, answeredAt = leg.answered_at): SecondLeg => ({ ...leg, state, call_state: callState, held: heldCallOf(state), answered_at: answeredAt });
  switch (event) {
    case 'ringing':
      return leg.answered_at ? leg : moved(leg.state, 'Ringing');
    case 'answered':
      return leg.answered_at ? leg : moved(leg.state, leg.state === 'held' ? 'On Hold' : 'On Call', now.toISOString());
    case 'held':
      return leg.state === 'conference' || !leg.answered_at ? leg : moved('held', 'On Hold');
    case 'resumed':
      return leg.state === 'conference' || !leg.answered_at ? leg : moved('consulting', 'On Call');
    case 'ended':
    case 'failed':
      return null;
  }
}

/**
 * The second leg after a call action on the borrower's call: merging makes it a conference, the
 * conference ending (one party left) back to consulting, a completed transfer ends it.
 */
export function secondLegAfterAction(leg: SecondLeg | null, action: SoftphoneAction): SecondLeg | null {
  if (!leg) return null;
  switch (action) {
    case 'conference_started':
      return leg.answered_at ? { ...leg, state: 'conference', call_state: 'On Call', held: null } : leg;
    case 'conference_ended':
      return leg.state === 'conference' ? { ...leg, state: 'consulting', held: 'primary' } : leg;
    case 'transferred':
      return null;
  }
}

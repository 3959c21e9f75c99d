/**
 * Dialer connection and call states (spec 3 "Dialer state", spec 9 call states), and how a cloud
 * click-to-call provider's status (Exotel `Calls/connect` StatusCallback: `Status` completed,
 * failed, busy, no-answer; `EventType` answered / terminal) moves a call between them. Pure rules.
 */

/** The agent's connection to the dialer (spec 9), as the dialer panel shows it. */
export const CONNECTION_STATES = ['notInitialized', 'connecting', 'connected', 'disconnected', 'failed'] as const;
export type ConnectionState = (typeof CONNECTION_STATES)[number];

/** Call states shown to the agent, spelled as spec 9 writes them. */
export const CALL_STATES = ['Accepted', 'Ringing', 'Calling', 'Call Ended', 'Connecting', 'Call Failed', 'On Hold', 'On Call', 'Agent Ringing'] as const;
export type CallState = (typeof CALL_STATES)[number];

/** Outcomes of a finished call (spec 9). */
export const CALL_OUTCOMES = ['Connected', 'Failed', 'Answered', 'Customer Unreachable'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

/** The terminal statuses of Exotel's StatusCallback. */
export const PROVIDER_STATUSES = ['completed', 'failed', 'busy', 'no-answer'] as const;
export type ProviderStatus = (typeof PROVIDER_STATUSES)[number];

/** Spec 9 call types of a disposition. */
export const CALL_TYPES = ['manual', 'voip', 'predictive'] as const;
export type CallType = (typeof CALL_TYPES)[number];

/** A call that can still change: the dialer panel keeps polling it. */
export function isLive(state: CallState): boolean {
  return state !== 'Call Ended' && state !== 'Call Failed';
}

/** How far a call has gone: 0 not answered yet, 1 answered, 2 ended. A call never goes back. */
function progressOf(call: { state: CallState; answered_at: string | null }): number {
  return !isLive(call.state) ? 2 : call.answered_at ? 1 : 0;
}

/**
 * Of two reads of the same call, the one to keep: `incoming` unless it is behind `cached` (an
 * ended call read as live, an answered one as unanswered). A read sent before a change can land
 * after the change's pushed event; keeping it would show a finished call as live again, with no
 * later event to mend it (the desk's disposition form would never open). Different calls:
 * `incoming`. Generic over the record so that the whole newer record is kept.
 */
export function newerCallRead<T extends { call_id: string; state: CallState; answered_at: string | null }>(cached: T | undefined, incoming: T): T {
  if (!cached || cached.call_id !== incoming.call_id) return incoming;
  return progressOf(incoming) < progressOf(cached) ? cached : incoming;
}

/** What a provider event tells us about a call. */
export type ProviderEvent =
  /** The provider accepted the request and rings the agent's phone first (Calls/connect answer). */
  | { kind: 'accepted' }
  /** The provider could not place the call at all. */
  | { kind: 'rejected' }
  /** EventType 'answered': both legs are up, the conversation started. */
  | { kind: 'answered' }
  /** EventType 'terminal' (or no EventType): the call is over with `status`. */
  | { kind: 'terminal'; status: ProviderStatus; conversationSeconds: number };

/**
 * The state after `event`. Terminal states never change again (a late or replayed callback is
 * ignored); `answered` after the end is ignored too.
 */
export function nextState(current: CallState, event: ProviderEvent): CallState {
  if (!isLive(current)) return current;
  switch (event.kind) {
    case 'accepted':
      return current === 'Connecting' ? 'Agent Ringing' : current;
    case 'rejected':
      return 'Call Failed';
    case 'answered':
      return 'On Call';
    case 'terminal':
      return event.status === 'completed' ? 'Call Ended' : 'Call Failed';
  }
}

/**
 * The outcome of a finished call: 'Connected' when the borrower talked (completed with a
 * conversation), 'Customer Unreachable' on busy / no-answer, 'Failed' otherwise. Exotel reports
 * `completed` with ConversationDuration 0 when the agent's leg was answered but the borrower's
 * was not: that is unreachable too.
 */
export function outcomeOf(status: ProviderStatus, conversationSeconds: number): CallOutcome {
  if (status === 'completed') return conversationSeconds > 0 ? 'Connected' : 'Customer Unreachable';
  if (status === 'busy' || status === 'no-answer') return 'Customer Unreachable';
  return 'Failed';
}

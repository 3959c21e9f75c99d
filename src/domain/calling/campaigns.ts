/**
 * Campaigns, call lists, autodial login and the supervisor's live view (issue 14; spec 3, 4, 6, 7, 9):
 * the pure rules and the spec's values, shared by server and web.
 */

/**
 * The dialers an in-house campaign runs (spec 7 "inhouse autodial create"); an inbound campaign is
 * the company's DID queue: its logged-in agents take the borrowers' incoming calls.
 */
export const CAMPAIGN_MODES = ['autodialer', 'predictive', 'inbound'] as const;
export type CampaignMode = (typeof CAMPAIGN_MODES)[number];

/** Spec 7 "inhouse filter loans in batches of 50": the page size of the call-list filter. */
export const CALL_LIST_BATCH = 50;
/** The most loans one call-list add takes (a filter selecting more is refused: narrow it). */
export const MAX_CALL_LIST_ADD = 5_000;

/** Spec 4 "Autodial login": flush_undialed_list and continue_last_session are sent as Yes or No. */
export const YES_NO = ['Yes', 'No'] as const;
export type YesNo = (typeof YES_NO)[number];

/** Spec 4: a queued autodial login that fails is retried once; each request is followed by a 5 s pause. */
export const AUTODIAL_LOGIN_RETRIES = 1;
export const AUTODIAL_LOGIN_PAUSE_MS = 5_000;

/** Spec 5: the message when the campaign is not active (autodial login stops). */
export const CAMPAIGN_NOT_ACTIVE = 'Campaign is not active';

/** Spec 3 "Agent status reasons", spelled as the spec writes them. */
export const AGENT_STATUS_REASONS = [
  'microphone_off',
  'microphone_not_connected',
  'switched_to_autodialer',
  'switched_to_predictive',
  'switched_to_inbound',
  'switched_to_admin_portfolio',
  'platform_logout',
  'non_productive_break',
  'training_break',
  'other',
] as const;
export type AgentStatusReason = (typeof AGENT_STATUS_REASONS)[number];

/** Spec 3 microphone states the dialer reports (null: the microphone works). */
export const MICROPHONE_STATES = ['microphone_off', 'microphone_not_connected'] as const;
export type MicrophoneState = (typeof MICROPHONE_STATES)[number];

/** Spec 7 "PATCH campaign user status" `vendor_event`: the agent's dialer in a campaign on or off. */
export const VENDOR_EVENTS = ['auto_call_on', 'auto_call_off'] as const;
export type VendorEvent = (typeof VENDOR_EVENTS)[number];
/** Spec 7: `dialer_off_event` is sent when the microphone is off (the spec 3 microphone states). */
export const DIALER_OFF_EVENTS = MICROPHONE_STATES;
/** Said when `dialer_off_event` comes with auto_call_on (the dialer is off only when the microphone is). */
export const DIALER_OFF_EVENT_NEEDS_OFF = 'dialer_off_event is sent only with vendor_event auto_call_off';
/** Said when the agent is not logged into the campaign whose user status is changed. */
export const NOT_IN_CAMPAIGN = 'The agent is not logged into this campaign';

/**
 * Whether a campaign user status leaves the agent's dialer off at `now`: auto_call_off until its
 * `event_time_limit` runs out (no limit: until auto_call_on).
 */
export function dialerOffAt(vendorEvent: VendorEvent | null, offUntil: Date | null, now: Date): boolean {
  return vendorEvent === 'auto_call_off' && (offUntil === null || offUntil > now);
}

/** Spec 4 dialer actions a supervisor takes on an agent's live call, and the socket event each raises. */
export const SUPERVISOR_ACTIONS = ['barge', 'whisper', 'force_transfer'] as const;
export type SupervisorAction = (typeof SUPERVISOR_ACTIONS)[number];
export const SUPERVISOR_ACTION_EVENTS: Record<SupervisorAction, 'barge_initiated' | 'whisper_initiated' | 'force_transfer_initiated'> = {
  barge: 'barge_initiated',
  whisper: 'whisper_initiated',
  force_transfer: 'force_transfer_initiated',
};

/** What a supervisor sees an agent doing (live view). */
export const LIVE_AGENT_STATES = ['on_call', 'on_break', 'inactive', 'available', 'offline'] as const;
export type LiveAgentState = (typeof LIVE_AGENT_STATES)[number];

/**
 * Who manages campaigns and watches agents live (spec 6): telecalling supervisors and admin-level
 * user types. Spec 6 also counts operators as admin-like, but this product marks telecallers as
 * dialer operators (spec 4 "non-supervisor operator"), so being an operator grants no supervision.
 */
export function isSupervisory(user: { profession: string; userType: string }): boolean {
  return user.profession === 'telecalling supervisor' || ['chief_admin', 'super_admin', 'company_admin', 'super_user'].includes(user.userType);
}

/**
 * Abandon rate in percent (1 decimal): calls the borrower answered that ended with no conversation
 * (nobody talked to them: the agent was not there or hung up first), over the answered calls.
 * null when no call was answered.
 */
export function abandonRate(answered: number, abandoned: number): number | null {
  if (answered <= 0) return null;
  return Math.round((Math.min(abandoned, answered) / answered) * 1000) / 10;
}

/**
 * The live state of an agent, strongest first: on a call, on a break, inactive with a reason
 * (spec 3), available when seen today, else offline.
 */
export function liveAgentState(s: { liveCall: boolean; onBreak: boolean; statusReason: string | null; seenToday: boolean }): LiveAgentState {
  if (s.liveCall) return 'on_call';
  if (s.onBreak) return 'on_break';
  if (s.statusReason) return 'inactive';
  return s.seenToday ? 'available' : 'offline';
}

/**
 * The queue of autodial login requests (spec 4): requests run one at a time; a failed request is
 * retried once; a pause of `pauseMs` (5 s) follows each request before the next one is sent (the
 * caller gets its answer at once). A refusal that a retry cannot change (`isFinal`, e.g. the
 * campaign is not active) is not retried.
 * @returns enqueue(attempt): the attempt's value, or throws its last failure
 */
export function loginQueue(opts: { pauseMs?: number; sleep?: (ms: number) => Promise<void>; isFinal?: (err: unknown) => boolean } = {}) {
  const pause = opts.pauseMs ?? AUTODIAL_LOGIN_PAUSE_MS;
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  let chain: Promise<void> = Promise.resolve();
  return function enqueue<T>(attempt: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      chain = chain.then(async () => {
        for (let i = 0; ; i += 1) {
          try {
            resolve(await attempt());
            await sleep(pause);
            return;
          } catch (err) {
            await sleep(pause);
            if (i >= AUTODIAL_LOGIN_RETRIES || opts.isFinal?.(err)) {
              reject(err);
              return;
            }
          }
        }
      });
    });
  };
}

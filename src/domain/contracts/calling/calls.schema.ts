/** Schemas of the calling desk (issue 14): the queue, calls, dispositions, call details, reminders, breaks. Behind ./calls.ts. */
import { z } from 'zod';
import { BREAK_TYPES } from '../../calling/breaks';
import { CALL_OUTCOMES, CALL_STATES, CALL_TYPES, PROVIDER_STATUSES } from '../../calling/call-states';
import { CALLING_MODES } from '../../calling/calling-mode';
import { SECOND_LEG_STATES } from '../../calling/softphone';
import { AGENT_STATUS_REASONS, MICROPHONE_STATES, SUPERVISOR_ACTIONS } from '../../calling/campaigns';
import { amount, calendarDay, isoDateTime, majorField, minorField } from '../common.schema';
import { companyQuery } from '../envelope';
import { paymentLinkOutcome, paymentLinkRequest } from '../payments/links.schema';

export { companyQuery };

const loanId = z.string().trim().min(1).max(100);

/** The desk's settings: the mode the caller works in, the company's dispositions and breaks, the telephony provider. */
export const callingSettings = z.object({
  /** Spec 4 calling mode of the caller (null: no usable mode). */
  mode: z.enum(CALLING_MODES).nullable(),
  enabled_modes: z.array(z.enum(CALLING_MODES)),
  campaign_id: z.string().nullable(),
  provider: z.enum(['local_simulator', 'exotel']),
  dispositions: z.array(z.object({ name: z.string(), ptp: z.boolean(), callback: z.boolean() })),
  breaks: z.array(z.object({ break_name: z.string(), break_type: z.enum(BREAK_TYPES), break_duration: z.number().int() })),
  currency: z.enum(['INR', 'IDR']),
  /** The caller manages campaigns and watches agents live (telecalling supervisor or admin-level, spec 6). */
  supervisor: z.boolean(),
});
export type CallingSettings = z.infer<typeof callingSettings>;

/** One loan of the agent's calling queue (the number is never shown in clear here). */
export const queueLoan = z.object({
  loan_id: z.string(),
  allocation_month: z.string(),
  applicant_name: z.string().nullable(),
  dpd: z.number().nullable(),
  total_due_minor: minorField.nullable(),
  calling_status: z.string().nullable(),
  last_call_at: z.string().nullable(),
  calls_today: z.number().int(),
});
export type QueueLoan = z.infer<typeof queueLoan>;
export const queueResponse = z.object({
  loans: z.array(queueLoan),
  /** 'allocation': the caller's allocated loans; 'campaign': the undialed call list of their autodial campaign; 'inbound': an inbound session (no loans: calls come to the agent). */
  source: z.enum(['allocation', 'campaign', 'inbound']),
  campaign_id: z.string().nullable(),
});
export type QueueResponse = z.infer<typeof queueResponse>;

/** `POST /api/calling/calls`: call the borrower of a loan (or another number of the loan). */
export const startCallBody = z.object({
  loan_id: loanId,
  /** Another number to call (a co-applicant's, a reference's); default the borrower's. */
  mobile: z.string().trim().min(6).max(20).optional(),
  /** Default: the caller's calling mode (spec 4). */
  mode: z.enum(CALLING_MODES).optional(),
});
export type StartCallBody = z.infer<typeof startCallBody>;

/** A call as the agent's screen and integrators see it. Seconds for durations. */
export const callRecord = z.object({
  call_id: z.string(),
  /** The dialing attempt's id (spec 4 `shoot_id`), carried by the disposition and its reminder. */
  shoot_id: z.string(),
  loan_id: z.string(),
  allocation_month: z.string().nullable(),
  mode: z.enum(CALLING_MODES),
  campaign_id: z.string().nullable(),
  call_type: z.enum(CALL_TYPES),
  /** 'inbound': the borrower called the company's DID queue; `to` is then their number (masked). */
  direction: z.enum(['outbound', 'inbound']),
  /** Inbound: the loans whose borrower number is the caller's, newest month first (`loan_id` is the first; '' when none). */
  matched_loan_ids: z.array(z.string()),
  /** 'webrtc_softphone': the agent's browser placed it over SIP (call_type voip). */
  provider: z.enum(['local_simulator', 'exotel', 'webrtc_softphone']),
  provider_call_id: z.string().nullable(),
  state: z.enum(CALL_STATES),
  outcome: z.enum(CALL_OUTCOMES).nullable(),
  provider_status: z.enum(PROVIDER_STATUSES).nullable(),
  /** The number dialled, masked to its last 4 digits. */
  to: z.string(),
  caller_id: z.string().nullable(),
  created_at: z.string(),
  answered_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  /** Seconds the borrower and agent talked (ConversationDuration). */
  talk_seconds: z.number().int().nullable(),
  /** Seconds from the request to the end. */
  total_seconds: z.number().int().nullable(),
  recording_url: z.string().nullable(),
  failure_reason: z.string().nullable(),
  /** What Exotel's Passthru applet last reported for the call (CallType or CallStatus), else null. */
  passthru_status: z.string().nullable(),
  /** The keys the caller pressed in an IVR menu (Exotel's Gather applet, reported by its Passthru: 0-9, *, #), else null. */
  gather_digits: z.string().nullable(),
  disposition: z.string().nullable(),
  /** The latest supervisor action on the call (spec 4 socket events barge_initiated, whisper_initiated, force_transfer_initiated). */
  supervisor_action: z
    .object({
      action_id: z.string(),
      action: z.enum(SUPERVISOR_ACTIONS),
      event: z.enum(['barge_initiated', 'whisper_initiated', 'force_transfer_initiated']),
      supervisor_name: z.string(),
      transfer_to_name: z.string().nullable(),
      /** Softphone calls: what the agent's browser calls in (barge, whisper: the supervisor) or refers the borrower to (force transfer); null: the provider did it. */
      sip_target: z.string().nullable(),
      at: z.string(),
    })
    .nullable(),
  /**
   * Softphone: the agent's live second call (spec 9 add call) as the server keeps it, so a reloaded
   * desk shows both calls; null when none. `held`: which call waits on hold (null in a conference).
   */
  second_leg: z
    .object({
      leg_id: z.string(),
      target: z.string(),
      state: z.enum(SECOND_LEG_STATES),
      call_state: z.enum(CALL_STATES),
      held: z.enum(['primary', 'second']).nullable(),
      started_at: z.string(),
      answered_at: z.string().nullable(),
    })
    .nullable(),
});
export type CallRecord = z.infer<typeof callRecord>;
export const callParams = z.object({ call_id: z.string().min(1).max(64) });

/** `POST /api/calling/dispositions` (spec 4 disposition form). */
export const dispositionBody = z.object({
  call_id: z.string().min(1).max(64),
  disposition: z.string().trim().min(1).max(100),
  ptp_date: calendarDay.nullable().default(null),
  /** Major units (rupees, rupiah), at most 2 decimals; stored as integer minor units. */
  ptp_amount: amount.nullable().default(null),
  callback_at: isoDateTime.nullable().default(null),
  call_type: z.enum(CALL_TYPES).default('manual'),
  remarks: z.string().max(2000).default(''),
  /**
   * The loan the disposition is for: an inbound call whose number matched several loans lets the
   * agent choose one of its matched_loan_ids (the call then counts on that loan). Default the call's loan.
   */
  loan_id: z.string().min(1).max(64).optional(),
  /**
   * "Send payment link" (issue 15): a link for this amount sent to the borrower by this channel
   * through the payments area (compliance-checked), once per call. Null: none.
   */
  payment_link: paymentLinkRequest.nullable().default(null),
});
export type DispositionBody = z.input<typeof dispositionBody>;

export const reminderRecord = z.object({
  reminder_id: z.string(),
  loan_id: z.string(),
  call_id: z.string().nullable(),
  shoot_id: z.string().nullable(),
  kind: z.enum(['callback', 'ptp']),
  reminder_date: z.string(),
  /** 'YYYY-MM-DD HH:MM:SS+0530' for the dialer vendor that needs the India offset (spec 4). */
  reminder_date_ist: z.string(),
  remarks: z.string(),
  done: z.boolean(),
});
export type ReminderRecord = z.infer<typeof reminderRecord>;

export const dispositionRecord = z.object({
  disposition_id: z.string(),
  call_id: z.string(),
  shoot_id: z.string(),
  loan_id: z.string(),
  disposition: z.string(),
  ptp_date: z.string().nullable(),
  ptp_amount: majorField.nullable(),
  ptp_amount_minor: minorField.nullable(),
  callback_at: z.string().nullable(),
  call_type: z.enum(CALL_TYPES),
  remarks: z.string(),
  created_at: z.string(),
  reminder: reminderRecord.nullable(),
});
export type DispositionRecord = z.infer<typeof dispositionRecord>;
/** POST /calling/dispositions answers the disposition and what became of the payment link asked with it (null when none was asked). */
export const dispositionAnswer = dispositionRecord.extend({ payment_link: paymentLinkOutcome.nullable() });
export type DispositionAnswer = z.infer<typeof dispositionAnswer>;

export const loanParams = z.object({ loan_id: loanId });

/** Call details of a loan (spec 3, 9) from the calling desk's own records and the loan's payments. */
export const callDetailsRecord = z.object({
  /** Calls of the last 7 days; successful = the borrower talked. */
  total_calls: z.number().int(),
  successful_calls: z.number().int(),
  /** PTPs made in the last month; broken = dated before today without payments covering them. */
  total_ptp: z.number().int(),
  total_broken_ptp: z.number().int(),
  last_ptp: z
    .object({ ptp_date: z.string(), ptp_amount: majorField, ptp_amount_minor: minorField, state: z.enum(['kept', 'broken', 'open']), created_at: z.string() })
    .nullable(),
  calling_status: z.string().nullable(),
  /** The loan's latest calls, newest first (recordings playable). */
  calls: z.array(callRecord),
});
export type CallDetailsRecord = z.infer<typeof callDetailsRecord>;

export const remindersResponse = z.object({ reminders: z.array(reminderRecord) });
export type RemindersResponse = z.infer<typeof remindersResponse>;

/** The agent's status and break (spec 3 agent status, spec 4 breaks). */
export const agentStatusRecord = z.object({
  status: z.enum(['available', 'on_call', 'on_break']),
  break_name: z.string().nullable(),
  break_type: z.enum(BREAK_TYPES).nullable(),
  break_started_at: z.string().nullable(),
  break_ends_at: z.string().nullable(),
  /** Whole seconds left in the break (0 when none); the screen counts down from it. */
  remaining_seconds: z.number().int(),
  /** Spec 4: a non-productive break shows its notice; auto calls go off during any break. */
  auto_call: z.enum(['auto_call_on', 'auto_call_off']),
  /** The server's time, for the countdown's clock skew. */
  server_time: z.string(),
  /** Spec 3 agent status reason while inactive (null: active). */
  status_reason: z.enum(AGENT_STATUS_REASONS).nullable(),
  microphone: z.enum(MICROPHONE_STATES).nullable(),
});
export type AgentStatusRecord = z.infer<typeof agentStatusRecord>;
export const startBreakBody = z.object({ break_name: z.string().trim().min(1).max(100) });
export type StartBreakBody = z.infer<typeof startBreakBody>;

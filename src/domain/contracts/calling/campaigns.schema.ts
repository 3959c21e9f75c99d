/** Schemas of campaigns, call lists, autodial login, agent status reasons and the supervisor's live view (issue 14). Behind ./campaigns.ts. */
import { z } from 'zod';
import { AGENT_STATUS_REASONS, CAMPAIGN_MODES, DIALER_OFF_EVENTS, LIVE_AGENT_STATES, MICROPHONE_STATES, SUPERVISOR_ACTIONS, VENDOR_EVENTS, YES_NO } from '../../calling/campaigns';
import { CALL_STATES, CALL_TYPES } from '../../calling/call-states';
import { month } from '../common.schema';
import { companyQuery } from '../envelope';
import { loanFilters } from '../portfolio/filters.schema';

export { companyQuery };

const name = z.string().trim().min(1).max(100);
export const campaignParams = z.object({ campaign_id: z.string().min(1).max(64) });
export const callParams = z.object({ call_id: z.string().min(1).max(64) });

/** An in-house campaign. Counts: the call list's loans, those not yet dialed (and not flushed). */
export const campaignRecord = z.object({
  campaign_id: z.string(),
  name: z.string(),
  mode: z.enum(CAMPAIGN_MODES),
  active: z.boolean(),
  list_size: z.number().int(),
  undialed: z.number().int(),
  created_at: z.string(),
});
export type CampaignRecord = z.infer<typeof campaignRecord>;
export const campaignsResponse = z.object({ campaigns: z.array(campaignRecord) });
export type CampaignsResponse = z.infer<typeof campaignsResponse>;

/** `POST /api/calling/campaigns` (spec 7 "inhouse autodial create"). */
export const createCampaignBody = z.object({ name, mode: z.enum(CAMPAIGN_MODES).default('autodialer'), active: z.boolean().default(true) });
export type CreateCampaignBody = z.input<typeof createCampaignBody>;
/** `PATCH /api/calling/campaigns/{id}`: rename or switch the active flag. */
export const updateCampaignBody = z.object({ name: name.optional(), active: z.boolean().optional() }).refine((b) => b.name !== undefined || b.active !== undefined, 'Nothing to change');
export type UpdateCampaignBody = z.input<typeof updateCampaignBody>;

/** The loans of a month the portfolio's filters select (spec 7 "filter calling list"). */
const selection = {
  allocation_month: month,
  filters: loanFilters.default([]),
  search: z.string().trim().max(100).optional(),
};
/** `POST .../call-list/filter`: one batch of 50 of the selected loans (spec 7 "inhouse filter loans in batches of 50"). */
export const filterCallListBody = z.object({ ...selection, batch: z.number().int().min(0).max(10_000).default(0) });
export type FilterCallListBody = z.input<typeof filterCallListBody>;
export const filterCallListResponse = z.object({
  total: z.number().int(),
  batch: z.number().int(),
  batch_size: z.number().int(),
  next_batch: z.number().int().nullable(),
  loans: z.array(z.object({ loan_id: z.string(), applicant_name: z.string().nullable(), dpd: z.number().nullable(), in_list: z.boolean() })),
});
export type FilterCallListResponse = z.infer<typeof filterCallListResponse>;

/** `POST .../call-list` (spec 7 "campaign call-list add"): the loans named, or every loan the filters select. */
export const addCallListBody = z
  .object({ ...selection, filters: loanFilters.optional(), loan_ids: z.array(z.string().trim().min(1).max(100)).min(1).max(5_000).optional() })
  .refine((b) => (b.loan_ids ? 1 : 0) + (b.filters ? 1 : 0) === 1, 'Give either loan_ids or filters');
export type AddCallListBody = z.input<typeof addCallListBody>;
export const addCallListResponse = z.object({ added: z.number().int(), already_listed: z.number().int(), not_found: z.array(z.string()), list_size: z.number().int() });
export type AddCallListResponse = z.infer<typeof addCallListResponse>;

export const callListResponse = z.object({
  entries: z.array(z.object({ loan_id: z.string(), allocation_month: z.string(), source: z.string(), added_at: z.string(), dialed_at: z.string().nullable(), flushed: z.boolean() })),
});
export type CallListResponse = z.infer<typeof callListResponse>;

/** `POST /api/calling/autodial/login` (spec 4, 7). */
export const autodialLoginBody = z.object({
  flush_undialed_list: z.enum(YES_NO),
  continue_last_session: z.enum(YES_NO),
  campaign_id: z.string().min(1).max(64).optional(),
});
export type AutodialLoginBody = z.input<typeof autodialLoginBody>;
export const autodialSession = z.object({
  active: z.boolean(),
  campaign_id: z.string().nullable(),
  campaign_name: z.string().nullable(),
  campaign_mode: z.enum(CAMPAIGN_MODES).nullable(),
  session_started_at: z.string().nullable(),
  flushed: z.number().int(),
  undialed: z.number().int(),
});
export type AutodialSession = z.infer<typeof autodialSession>;

/** `PATCH /api/calling/agent-status` (spec 3 agent status reasons, spec 4 "set inactive"). */
export const agentStatusBody = z.object({ status_reason: z.enum(AGENT_STATUS_REASONS).nullable(), microphone: z.enum(MICROPHONE_STATES).nullable().optional() });
export type AgentStatusBody = z.input<typeof agentStatusBody>;

/** `GET /api/calling/campaigns/{id}/user-status`: the caller's (a supervisor may name an agent). */
export const campaignUserStatusQuery = companyQuery.extend({ user_id: z.string().min(1).max(64).optional() });
/**
 * `PATCH /api/calling/campaigns/{id}/user-status` (spec 7 "PATCH campaign user status"): the agent's
 * dialer in the campaign on (auto_call_on) or off (auto_call_off). `event` / `event_type` say why
 * (a break's name and type, a status reason), `event_time_limit` for how long in seconds (the
 * dialer is on again after it), `dialer_off_event` when the microphone is off (auto_call_off only).
 * `user_id`: the caller when left out; another agent only for a supervisor.
 */
export const campaignUserStatusBody = z.object({
  user_id: z.string().min(1).max(64).optional(),
  vendor_event: z.enum(VENDOR_EVENTS),
  call_type: z.enum(CALL_TYPES),
  event: z.string().trim().min(1).max(100).optional(),
  event_type: z.string().trim().min(1).max(50).optional(),
  event_time_limit: z.number().int().min(1).max(86_400).optional(),
  dialer_off_event: z.enum(DIALER_OFF_EVENTS).optional(),
});
export type CampaignUserStatusBody = z.input<typeof campaignUserStatusBody>;
/** An agent's status in a campaign. `dialer_on` false: the dialer brings them no call (predictive, inbound). */
export const campaignUserStatus = z.object({
  campaign_id: z.string(),
  user_id: z.string(),
  logged_in: z.boolean(),
  dialer_on: z.boolean(),
  vendor_event: z.enum(VENDOR_EVENTS).nullable(),
  call_type: z.enum(CALL_TYPES).nullable(),
  event: z.string().nullable(),
  event_type: z.string().nullable(),
  event_time_limit: z.number().int().nullable(),
  dialer_off_until: z.string().nullable(),
  dialer_off_event: z.enum(DIALER_OFF_EVENTS).nullable(),
  microphone: z.enum(MICROPHONE_STATES).nullable(),
  updated_at: z.string().nullable(),
});
export type CampaignUserStatus = z.infer<typeof campaignUserStatus>;

/** One agent on the supervisor's live view; seconds for durations. */
export const liveAgent = z.object({
  user_id: z.string(),
  name: z.string(),
  state: z.enum(LIVE_AGENT_STATES),
  status_reason: z.enum(AGENT_STATUS_REASONS).nullable(),
  microphone: z.enum(MICROPHONE_STATES).nullable(),
  break_name: z.string().nullable(),
  campaign_name: z.string().nullable(),
  current_call: z
    .object({ call_id: z.string(), loan_id: z.string(), state: z.enum(CALL_STATES), since: z.string(), supervisor_action: z.enum(SUPERVISOR_ACTIONS).nullable() })
    .nullable(),
  calls_today: z.number().int(),
  connected_today: z.number().int(),
  talk_seconds_today: z.number().int(),
  /** Percent, 1 decimal; null when no call was answered today. */
  abandon_rate: z.number().nullable(),
});
export type LiveAgent = z.infer<typeof liveAgent>;
export const liveStatsResponse = z.object({
  agents: z.array(liveAgent),
  totals: z.object({ agents: z.number().int(), on_call: z.number().int(), on_break: z.number().int(), calls_today: z.number().int(), talk_seconds_today: z.number().int(), abandon_rate: z.number().nullable() }),
  server_time: z.string(),
});
export type LiveStatsResponse = z.infer<typeof liveStatsResponse>;

/** `POST /api/calling/supervisor/calls/{call_id}/actions`: barge, whisper or force transfer (to `transfer_to`, an agent's user id). */
export const supervisorActionBody = z
  .object({ action: z.enum(SUPERVISOR_ACTIONS), transfer_to: z.string().min(1).max(64).optional() })
  .refine((b) => b.action !== 'force_transfer' || b.transfer_to, 'A force transfer needs transfer_to');
export type SupervisorActionBody = z.input<typeof supervisorActionBody>;
export const supervisorActionRecord = z.object({
  action_id: z.string(),
  call_id: z.string(),
  action: z.enum(SUPERVISOR_ACTIONS),
  /** The socket event the agent's screen shows (spec 4). */
  event: z.enum(['barge_initiated', 'whisper_initiated', 'force_transfer_initiated']),
  supervisor_name: z.string(),
  transfer_to_name: z.string().nullable(),
  /** Softphone calls: the SIP address the agent's browser calls in (barge, whisper) or refers the borrower to (force transfer); null on a provider's call. */
  sip_target: z.string().nullable(),
  created_at: z.string(),
});
export type SupervisorActionRecord = z.infer<typeof supervisorActionRecord>;

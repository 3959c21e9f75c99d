/**
 * Campaigns and call lists (spec 7), autodial login (spec 4, 9), agent status reasons (spec 3) and
 * the telecalling supervisor's live view with barge, whisper and force transfer (issue 14).
 * Endpoint definitions; zod schemas in ./campaigns.schema.ts. Supervisor-only operations answer
 * 403 to agents (spec 6: telecalling supervisors, admin-level users and operators).
 */
import type { PermissionRequirement } from '../../users/permissions';
import { endpoint } from '../endpoint';
import type {
  AddCallListBody,
  AddCallListResponse,
  AgentStatusBody,
  AutodialLoginBody,
  AutodialSession,
  CallListResponse,
  CampaignRecord,
  CampaignsResponse,
  CampaignUserStatus,
  CampaignUserStatusBody,
  CreateCampaignBody,
  FilterCallListBody,
  FilterCallListResponse,
  LiveAgent,
  LiveStatsResponse,
  SupervisorActionBody,
  SupervisorActionRecord,
  UpdateCampaignBody,
} from './campaigns.schema';
export type {
  AddCallListBody,
  AddCallListResponse,
  AgentStatusBody,
  AutodialLoginBody,
  AutodialSession,
  CallListResponse,
  CampaignRecord,
  CampaignsResponse,
  CampaignUserStatus,
  CampaignUserStatusBody,
  CreateCampaignBody,
  FilterCallListBody,
  FilterCallListResponse,
  LiveAgent,
  LiveStatsResponse,
  SupervisorActionBody,
  SupervisorActionRecord,
  UpdateCampaignBody,
};

const tags = ['calling'];
const desk = (access: 'read' | 'write') => ({ module: 'calling', action: 'click_to_call', access }) as const satisfies PermissionRequirement;
const autodial = { module: 'calling', action: 'autodialer', access: 'write' } as const satisfies PermissionRequirement;
const schema = () => import('./campaigns.schema');
const company = async () => (await schema()).companyQuery;

/** GET /api/calling/campaigns: the company's campaigns (agents see the active ones). */
export const listCampaigns = endpoint({
  operation: 'calling.campaigns.list',
  method: 'GET',
  path: '/calling/campaigns',
  access: 'company',
  permission: desk('read'),
  tags,
  summary: 'Campaigns with their call-list sizes (agents: the active ones only)',
  schemas: async () => ({ query: await company(), response: (await schema()).campaignsResponse }),
});

/** POST /api/calling/campaigns (spec 7 "inhouse autodial create"). @throws 403 not a supervisor; 409 name taken */
export const createCampaign = endpoint({
  operation: 'calling.campaigns.create',
  method: 'POST',
  path: '/calling/campaigns',
  access: 'company',
  permission: desk('write'),
  tags,
  summary: 'Create an in-house autodialer or predictive campaign (supervisors)',
  schemas: async () => ({ query: await company(), body: (await schema()).createCampaignBody, response: (await schema()).campaignRecord }),
});

/** PATCH /api/calling/campaigns/{campaign_id}: rename, switch active. Deactivating ends its agents' autodial sessions. */
export const updateCampaign = endpoint({
  operation: 'calling.campaigns.update',
  method: 'PATCH',
  path: '/calling/campaigns/{campaign_id}',
  access: 'company',
  permission: desk('write'),
  tags,
  summary: 'Rename a campaign or switch it active / inactive (supervisors)',
  schemas: async () => ({ params: (await schema()).campaignParams, query: await company(), body: (await schema()).updateCampaignBody, response: (await schema()).campaignRecord }),
});

/** POST /api/calling/campaigns/{campaign_id}/call-list/filter (spec 7 "filter calling list", batches of 50). */
export const filterCallList = endpoint({
  operation: 'calling.campaigns.call_list.filter',
  method: 'POST',
  path: '/calling/campaigns/{campaign_id}/call-list/filter',
  access: 'company',
  permission: desk('write'),
  tags,
  summary: "One batch of 50 of the month's loans the portfolio filters select, and whether each is already listed (supervisors)",
  schemas: async () => ({ params: (await schema()).campaignParams, query: await company(), body: (await schema()).filterCallListBody, response: (await schema()).filterCallListResponse }),
});

/**
 * POST /api/calling/campaigns/{campaign_id}/call-list (spec 7 "campaign call-list add"): adds the
 * loans named or every loan the filters select, in batches of 50 inside one transaction (refused
 * wholesale if any batch fails, spec 5). Loans already listed are kept once.
 */
export const addCallList = endpoint({
  operation: 'calling.campaigns.call_list.add',
  method: 'POST',
  path: '/calling/campaigns/{campaign_id}/call-list',
  access: 'company',
  permission: desk('write'),
  tags,
  summary: 'Add loans to a campaign’s call list, by ids or by the portfolio filters (supervisors)',
  schemas: async () => ({ params: (await schema()).campaignParams, query: await company(), body: (await schema()).addCallListBody, response: (await schema()).addCallListResponse }),
});

/** GET /api/calling/campaigns/{campaign_id}/call-list: the list, undialed first (at most 500). */
export const getCallList = endpoint({
  operation: 'calling.campaigns.call_list.get',
  method: 'GET',
  path: '/calling/campaigns/{campaign_id}/call-list',
  access: 'company',
  permission: desk('read'),
  tags,
  summary: 'A campaign’s call list, undialed first (supervisors)',
  schemas: async () => ({ params: (await schema()).campaignParams, query: await company(), response: (await schema()).callListResponse }),
});

/** GET /api/calling/autodial: the caller's autodial session. */
export const getAutodialSession = endpoint({
  operation: 'calling.autodial.session',
  method: 'GET',
  path: '/calling/autodial',
  access: 'company',
  permission: desk('read'),
  tags,
  summary: "The caller's autodial session (campaign, undialed loans)",
  schemas: async () => ({ query: await company(), response: (await schema()).autodialSession }),
});

/**
 * POST /api/calling/autodial/login (spec 4 "Autodial login", spec 7): flush_undialed_list and
 * continue_last_session Yes/No; the campaign (default: the latest active one) must be active.
 * @throws 400 'Campaign is not active' | '{mode label} is not enabled in company settings'; 404 no campaign
 */
export const autodialLogin = endpoint({
  operation: 'calling.autodial.login',
  method: 'POST',
  path: '/calling/autodial/login',
  access: 'company',
  permission: autodial,
  tags,
  summary: 'Log into a campaign’s autodialer: the queue becomes its call list',
  schemas: async () => ({ query: await company(), body: (await schema()).autodialLoginBody, response: (await schema()).autodialSession }),
});

/** POST /api/calling/autodial/logout: the dialer turned off (spec 4 "set inactive"); the queue is the allocation again. */
export const autodialLogout = endpoint({
  operation: 'calling.autodial.logout',
  method: 'POST',
  path: '/calling/autodial/logout',
  access: 'company',
  permission: desk('write'),
  tags,
  summary: 'Leave the autodialer',
  schemas: async () => ({ query: await company(), response: (await schema()).autodialSession }),
});

/** PATCH /api/calling/agent-status: set inactive with a spec 3 reason (null: active again) and the microphone state. */
export const setAgentStatus = endpoint({
  operation: 'calling.agent_status.set',
  method: 'PATCH',
  path: '/calling/agent-status',
  access: 'company',
  permission: desk('write'),
  tags,
  summary: "The caller's status reason (spec 3) and microphone state",
  schemas: async () => ({ query: await company(), body: (await schema()).agentStatusBody, response: (await import('./calls.schema')).agentStatusRecord }),
});

/** GET /api/calling/supervisor/live: the supervisor's agents (reports-to scope) with state and today's calls; polled. */
export const supervisorLive = endpoint({
  operation: 'calling.supervisor.live',
  method: 'GET',
  path: '/calling/supervisor/live',
  access: 'company',
  permission: desk('read'),
  tags,
  summary: 'Live stats of the supervisor’s agents: state, calls today, talk time, abandon rate (supervisors)',
  schemas: async () => ({ query: await company(), response: (await schema()).liveStatsResponse }),
});

/** POST /api/calling/supervisor/calls/{call_id}/actions: barge, whisper or force transfer through the telephony adapter. */
export const supervisorAction = endpoint({
  operation: 'calling.supervisor.action',
  method: 'POST',
  path: '/calling/supervisor/calls/{call_id}/actions',
  access: 'company',
  permission: desk('write'),
  tags,
  summary: 'Barge into, whisper to or force-transfer an agent’s live call (supervisors)',
  schemas: async () => ({ params: (await schema()).callParams, query: await company(), body: (await schema()).supervisorActionBody, response: (await schema()).supervisorActionRecord }),
});

/**
 * GET /api/calling/campaigns/{campaign_id}/user-status (spec 7 "GET campaign user status"): the
 * caller's status in the campaign (a supervisor may ask for `user_id`).
 * @throws 403 another agent's for a non-supervisor; 404 campaign or user not found
 */
export const getCampaignUserStatus = endpoint({
  operation: 'calling.campaign_user_status.get',
  method: 'GET',
  path: '/calling/campaigns/{campaign_id}/user-status',
  access: 'company',
  permission: desk('read'),
  tags,
  summary: "An agent's dialer status in a campaign (vendor_event, event, dialer_off_event)",
  schemas: async () => ({ params: (await schema()).campaignParams, query: (await schema()).campaignUserStatusQuery, response: (await schema()).campaignUserStatus }),
});

/**
 * PATCH /api/calling/campaigns/{campaign_id}/user-status (spec 7 "PATCH campaign user status"):
 * vendor_event auto_call_off turns the agent's dialer off in the campaign (no predictive or inbound
 * call is routed to them) until auto_call_on or the event_time_limit; dialer_off_event records the
 * microphone state that turned it off.
 * @throws 400 dialer_off_event with auto_call_on; 403 another agent's for a non-supervisor;
 *   404 campaign or user not found; 409 'The agent is not logged into this campaign'
 */
export const updateCampaignUserStatus = endpoint({
  operation: 'calling.campaign_user_status.update',
  method: 'PATCH',
  path: '/calling/campaigns/{campaign_id}/user-status',
  access: 'company',
  permission: desk('write'),
  tags,
  summary: "Turn an agent's dialer in a campaign on or off (vendor_event auto_call_on / auto_call_off)",
  schemas: async () => ({ params: (await schema()).campaignParams, query: await company(), body: (await schema()).campaignUserStatusBody, response: (await schema()).campaignUserStatus }),
});

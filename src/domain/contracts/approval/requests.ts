/**
 * Approvals (issue 16 "Approvals"): chains per company and request type, the central approval team,
 * the inbox with counts per type, a request's detail and trail, and the decision
 * `POST /api/approval/requests/{id}/decision`. Endpoint definitions; zod schemas in
 * ./requests.schema.ts. Permissions: Approval Service › approvals (inbox, decide) and
 * › approval_chains (configure).
 */
import type { PermissionRequirement } from '../../users/permissions';
import { endpoint } from '../endpoint';
import type { ApprovalRequestDetail, ApprovalRequestRecord, ApprovalStepRecord, ChainLevelInput, ChainRecord, ChainsResponse } from './requests.schema';
export type { ApprovalRequestDetail, ApprovalRequestRecord, ApprovalStepRecord, ChainLevelInput, ChainRecord, ChainsResponse };
export { INBOX_VIEWS } from './requests.schema';
export { APPROVAL_REQUEST_TYPES, APPROVAL_STATUSES, APPROVER_KINDS, MAX_CHAIN_LEVELS, type ApprovalRequestType, type ApprovalStatus } from '../../approval/chains';

const tags = ['approval'];
const approvals = (a: 'read' | 'write') => ({ module: 'Approval Service', action: 'approvals', access: a }) as const satisfies PermissionRequirement;
const chains = (a: 'read' | 'write') => ({ module: 'Approval Service', action: 'approval_chains', access: a }) as const satisfies PermissionRequirement;
const schema = () => import('./requests.schema');
const company = async () => (await import('../envelope')).companyQuery;

/** GET /api/approval/chains: every request type's chain, the central team, and the roles and active members to pick from. */
export const listChains = endpoint({
  operation: 'approval.chains.list',
  method: 'GET',
  path: '/approval/chains',
  access: 'company',
  permission: chains('read'),
  tags,
  summary: "The company's approval chains per request type, its central approval team and roles",
  schemas: async () => ({ query: await company(), response: (await schema()).chainsResponse }),
});

/** PUT /api/approval/chains/{request_type}: replaces the chain's levels (requests already made keep theirs). */
export const saveChain = endpoint({
  operation: 'approval.chains.save',
  method: 'PUT',
  path: '/approval/chains/{request_type}',
  access: 'company',
  permission: chains('write'),
  tags,
  summary: 'Set the levels of a request type’s approval chain',
  schemas: async () => ({ params: (await schema()).chainParams, query: await company(), body: (await schema()).chainBody, response: (await schema()).chainRecord }),
});

/** PUT /api/approval/team: the central approval team's members. */
export const saveTeam = endpoint({
  operation: 'approval.team.save',
  method: 'PUT',
  path: '/approval/team',
  access: 'company',
  permission: chains('write'),
  tags,
  summary: 'Set the members of the central approval team',
  schemas: async () => ({ query: await company(), body: (await schema()).teamBody, response: (await schema()).teamResponse }),
});

/** GET /api/approval/requests: the inbox (requests the caller may decide), the caller's own, or all; counts per type. */
export const listRequests = endpoint({
  operation: 'approval.requests.list',
  method: 'GET',
  path: '/approval/requests',
  access: 'company',
  permission: approvals('read'),
  tags,
  summary: 'Approvals inbox: requests to decide (or made by the caller), with pending counts per type',
  schemas: async () => ({ query: (await schema()).inboxQuery, response: (await schema()).inboxResponse }),
});

/** GET /api/approval/requests/{request_id}: one request with its trail and whether the caller may decide it. */
export const getRequest = endpoint({
  operation: 'approval.requests.get',
  method: 'GET',
  path: '/approval/requests/{request_id}',
  access: 'company',
  permission: approvals('read'),
  tags,
  summary: 'One approval request with its trail',
  schemas: async () => ({ params: (await schema()).requestParams, query: await company(), response: (await schema()).requestDetail }),
});

/** POST /api/approval/requests/{request_id}/decision: approves the current level (or finally) or rejects; remarks required. */
export const decideRequest = endpoint({
  operation: 'approval.requests.decide',
  method: 'POST',
  path: '/approval/requests/{request_id}/decision',
  access: 'company',
  permission: approvals('write'),
  tags,
  summary: 'Approve or reject a request at its current level, with remarks',
  schemas: async () => ({ params: (await schema()).requestParams, query: await company(), body: (await schema()).decisionBody, response: (await schema()).requestDetail }),
});

/** GET /api/approval/trail?request_type&subject_id: every request about a subject (a settlement, a change request) with its trail. */
export const subjectTrail = endpoint({
  operation: 'approval.trail.get',
  method: 'GET',
  path: '/approval/trail',
  access: 'company',
  permission: approvals('read'),
  tags,
  summary: 'The approval trail of a subject: levels, deciders, decisions, remarks, times',
  schemas: async () => ({ query: (await schema()).trailQuery, response: (await schema()).trailResponse }),
});

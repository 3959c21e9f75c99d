/** Schemas of approvals (issue 16 "Approvals"). Behind ./requests.ts. */
import { z } from 'zod';
import { companyQuery, pagingQuery } from '../envelope';
import { APPROVAL_DECISIONS, APPROVAL_EVENT_KINDS, APPROVAL_REQUEST_TYPES, APPROVAL_STATUSES, MAX_CHAIN_LEVELS } from '../../approval/chains';

const id = z.string().min(1).max(64);

export const approverRule = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('role'), role_id: id }),
  z.object({ kind: z.literal('reports_to'), depth: z.number().int().min(1).max(10) }),
  z.object({ kind: z.literal('central_team') }),
]);
export const chainLevel = z.object({
  name: z.string().trim().min(1).max(80),
  approver: approverRule,
  min_amount_minor: z.number().int().min(0).nullable().default(null),
  min_waiver_pct: z.number().min(0).max(100).nullable().default(null),
  sla_hours: z.number().int().min(1).max(24 * 90).default(24),
});
export type ChainLevelInput = z.input<typeof chainLevel>;

export const chainRecord = z.object({
  request_type: z.enum(APPROVAL_REQUEST_TYPES),
  levels: z.array(chainLevel),
  updated_at: z.string().nullable(),
});
export type ChainRecord = z.infer<typeof chainRecord>;
export const chainsResponse = z.object({
  chains: z.array(chainRecord),
  central_approval_configured: z.boolean(),
  /** Members of the central approval team. */
  central_team: z.array(z.object({ user_id: z.string(), name: z.string() })),
  roles: z.array(z.object({ role_id: z.string(), role_name: z.string(), reports_to_role_id: z.string().nullable() })),
  /** The company's active members (by name; at most 1,000): whom the central team may be chosen from. */
  members: z.array(z.object({ user_id: z.string(), name: z.string() })),
});
export type ChainsResponse = z.infer<typeof chainsResponse>;
export const chainParams = z.object({ request_type: z.enum(APPROVAL_REQUEST_TYPES) });
export const chainBody = z.object({ levels: z.array(chainLevel).max(MAX_CHAIN_LEVELS) });
export const teamBody = z.object({ user_ids: z.array(id).max(200) });
export const teamResponse = z.object({ central_team: z.array(z.object({ user_id: z.string(), name: z.string() })) });

export const approvalStep = z.object({
  level: z.number().int(),
  level_name: z.string().nullable(),
  kind: z.enum(APPROVAL_EVENT_KINDS),
  user_id: z.string().nullable(),
  user_name: z.string().nullable(),
  remarks: z.string().nullable(),
  at: z.string(),
});
export type ApprovalStepRecord = z.infer<typeof approvalStep>;

export const requestRecord = z.object({
  request_id: z.string(),
  request_type: z.enum(APPROVAL_REQUEST_TYPES),
  loan_id: z.string().nullable(),
  subject_id: z.string(),
  maker_user_id: z.string(),
  maker_name: z.string().nullable(),
  amount_minor: z.number().int().nullable(),
  waiver_pct: z.number().nullable(),
  summary: z.string(),
  status: z.enum(APPROVAL_STATUSES),
  current_level: z.number().int(),
  level_count: z.number().int(),
  current_level_name: z.string().nullable(),
  due_at: z.string().nullable(),
  overdue: z.boolean(),
  escalations: z.number().int(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type ApprovalRequestRecord = z.infer<typeof requestRecord>;

export const INBOX_VIEWS = ['to_decide', 'mine', 'all'] as const;
export const inboxQuery = pagingQuery.extend(companyQuery.shape).extend({
  view: z.enum(INBOX_VIEWS).default('to_decide'),
  request_type: z.enum(APPROVAL_REQUEST_TYPES).optional(),
  status: z.enum(APPROVAL_STATUSES).optional(),
});
export const inboxResponse = z.object({
  requests: z.array(requestRecord),
  total: z.number().int(),
  /** Pending requests the caller may decide, per type (the inbox's badges). */
  counts: z.array(z.object({ request_type: z.enum(APPROVAL_REQUEST_TYPES), pending: z.number().int() })),
});

export const requestParams = z.object({ request_id: id });
export const requestDetail = requestRecord.extend({ trail: z.array(approvalStep), can_decide: z.boolean() });
export type ApprovalRequestDetail = z.infer<typeof requestDetail>;

export const decisionBody = z.object({ decision: z.enum(APPROVAL_DECISIONS), remarks: z.string().trim().min(1, 'remarks are required').max(1000) });

export const trailQuery = companyQuery.extend({ request_type: z.enum(APPROVAL_REQUEST_TYPES), subject_id: id });
export const trailResponse = z.object({ requests: z.array(requestDetail) });

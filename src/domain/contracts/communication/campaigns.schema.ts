/** Schemas of campaigns, the digital communication tab of bulk operations (issue 13; spec 2, spec 4). Behind ./campaigns.ts. */
import { z } from 'zod';
import { REASON_CODES } from '../../compliance/reasons';
import { MESSAGE_CHANNELS, MESSAGE_STATUSES } from '../../communication/status';
import { month } from '../common.schema';
import { companyQuery, pagingQuery } from '../envelope';
import { loanFilters } from '../portfolio/filters.schema';

export const CAMPAIGN_STATUSES = ['in_process', 'completed', 'failed'] as const;
export const CAMPAIGN_MAX_IDS = 100_000;

/** A template to a set of loans: `loan_ids`, or the loans list's `filters` in `allocation_month`. */
export const campaignBody = z
  .object({
    name: z.string().trim().min(1).max(100),
    template_id: z.string().trim().min(1).max(64),
    loan_ids: z.array(z.string().trim().min(1).max(100)).min(1).max(CAMPAIGN_MAX_IDS).optional(),
    allocation_month: month.optional(),
    filters: loanFilters.optional(),
    variables: z.record(z.string().max(50), z.string().max(500)).default({}),
  })
  .superRefine((b, ctx) => {
    if (!b.loan_ids && !b.filters) ctx.addIssue({ code: 'custom', message: 'Choose the loans: loan_ids, or filters with allocation_month', path: ['loan_ids'] });
    if (b.loan_ids && b.filters) ctx.addIssue({ code: 'custom', message: 'Give loan_ids or filters, not both', path: ['loan_ids'] });
    if (b.filters && !b.allocation_month) ctx.addIssue({ code: 'custom', message: 'filters need allocation_month', path: ['allocation_month'] });
  });
export type CampaignBody = z.infer<typeof campaignBody>;

export const campaignRecord = z.object({
  campaign_id: z.string(),
  name: z.string(),
  template_id: z.string(),
  template_name: z.string().nullable(),
  channel: z.enum(MESSAGE_CHANNELS),
  status: z.enum(CAMPAIGN_STATUSES),
  total: z.number().int(),
  processed: z.number().int(),
  sent: z.number().int(),
  blocked: z.number().int(),
  failed: z.number().int(),
  /** Blocked messages counted by reason code. */
  blocked_by_reason: z.record(z.string(), z.number().int()),
  error: z.string().nullable(),
  created_by: z.string(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export type CampaignRecord = z.infer<typeof campaignRecord>;
export const campaignsQuery = companyQuery.merge(pagingQuery);
export const campaignsPage = z.object({ campaigns: z.array(campaignRecord), total: z.number().int() });
export const campaignParams = z.object({ campaign_id: z.string().min(1).max(64) });

/** One loan's result in a campaign. */
export const campaignResult = z.object({
  loan_id: z.string(),
  message_id: z.string().nullable(),
  status: z.enum(MESSAGE_STATUSES),
  reasons: z.array(z.enum(REASON_CODES)),
  error: z.string().nullable(),
});
export const campaignResultsQuery = companyQuery.merge(pagingQuery).extend({ status: z.enum(MESSAGE_STATUSES).optional() });
export const campaignResultsPage = z.object({ results: z.array(campaignResult), total: z.number().int() });

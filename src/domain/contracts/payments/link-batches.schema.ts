/** Schemas of payment link batches (issue 15). Behind ./link-batches.ts. Amounts: integer minor units. */
import { z } from 'zod';
import { month, minorField, positiveMinorAmount } from '../common.schema';
import { companyQuery, pagingQuery } from '../envelope';
import { loanFilters } from '../portfolio/filters.schema';
import { LINK_SEND_CHANNELS, MAX_LINK_EXPIRY_MINUTES, PG_VENDORS } from './links';
import { LINK_BATCH_AMOUNT_RULES, LINK_BATCH_ITEM_STATUSES, LINK_BATCH_STATUSES } from './link-batches';

export const linkBatchBody = z
  .object({
    allocation_month: month,
    /** The loans list's filters (and search) of that month. */
    filters: loanFilters.default([]),
    search: z.string().trim().max(100).optional(),
    pg_vendor: z.enum(PG_VENDORS),
    /** How each loan's link amount is found (LINK_BATCH_AMOUNT_RULES); 'fixed' (the default) uses amount_minor for every loan. */
    amount_rule: z
      .enum(LINK_BATCH_AMOUNT_RULES)
      .default('fixed')
      .describe("How each loan's link amount is found when the job reaches it: fixed (amount_minor for every loan), dues (the loan's total claim amount), emi (its expected EMI), ptp_else_dues (its open PTP's amount still unpaid, else its dues). A loan whose amount is 0 or missing gets no link and is counted failed with the reason (error file)."),
    /** The same amount for every loan: required with amount_rule 'fixed', refused with the others. */
    amount_minor: positiveMinorAmount.optional().describe('Minor units. Required with amount_rule fixed; refused with the other rules.'),
    send_via: z.enum(LINK_SEND_CHANNELS),
    template_id: z.string().trim().min(1).max(64).optional(),
    expiry_minutes: z.number().int().min(15).max(MAX_LINK_EXPIRY_MINUTES).optional(),
  })
  .refine((b) => b.amount_rule !== 'fixed' || b.amount_minor !== undefined, { message: 'amount_minor is required with amount_rule fixed', path: ['amount_minor'] })
  .refine((b) => b.amount_rule === 'fixed' || b.amount_minor === undefined, { message: "amount_minor is only given with amount_rule fixed (the other rules read each loan's amount)", path: ['amount_minor'] });
export type LinkBatchBody = z.input<typeof linkBatchBody>;

export const linkBatchRecord = z.object({
  batch_id: z.string(),
  allocation_month: z.string(),
  pg_vendor: z.enum(PG_VENDORS),
  amount_rule: z.enum(LINK_BATCH_AMOUNT_RULES),
  /** The fixed amount (amount_rule 'fixed'); null when each loan's amount comes from its data. */
  amount_minor: minorField.nullable(),
  send_via: z.enum(LINK_SEND_CHANNELS),
  status: z.enum(LINK_BATCH_STATUSES),
  total: z.number().int(),
  /** Loans done so far (sent + blocked + failed). */
  done: z.number().int(),
  progress: z.number().int(),
  /** Links made so far (sent, blocked or failed at the provider after the link was made). */
  created: z.number().int(),
  sent: z.number().int(),
  /** Links created whose message the compliance check refused. */
  blocked: z.number().int(),
  /** Links not created or messages the provider failed. */
  failed: z.number().int(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type LinkBatchRecord = z.infer<typeof linkBatchRecord>;
export const linkBatchParams = z.object({ batch_id: z.string().min(1).max(64) });
export const linkBatchesQuery = pagingQuery.extend(companyQuery.shape);
export const linkBatchesPage = z.object({ batches: z.array(linkBatchRecord), total: z.number().int(), page_number: z.number().int(), page_size: z.number().int() });
export type LinkBatchesPage = z.infer<typeof linkBatchesPage>;
export const linkBatchItemsQuery = pagingQuery.extend(companyQuery.shape).extend({ status: z.enum(LINK_BATCH_ITEM_STATUSES).optional() });
export const linkBatchItem = z.object({
  seq: z.number().int(),
  loan_id: z.string(),
  status: z.enum(LINK_BATCH_ITEM_STATUSES),
  /** The loan's link amount as the batch's rule found it when the job reached the loan (null while pending, or when the loan had none). */
  amount_minor: minorField.nullable().describe("Minor units: the loan's link amount as the batch's rule found it (null while pending or when the loan had none)."),
  /** Blocked: the compliance check's reasons; failed: why the link or its message failed. */
  reason: z.string().nullable(),
  link_id: z.string().nullable(),
  link_url: z.string().nullable(),
});
export type LinkBatchItem = z.infer<typeof linkBatchItem>;
export const linkBatchItemsPage = z.object({ items: z.array(linkBatchItem), total: z.number().int(), page_number: z.number().int(), page_size: z.number().int() });
export type LinkBatchItemsPage = z.infer<typeof linkBatchItemsPage>;

/** Schemas of payment link batches (issue 15). Behind ./link-batches.ts. Amounts: integer minor units. */
import { z } from 'zod';
import { month, minorField, positiveMinorAmount } from '../common.schema';
import { companyQuery, pagingQuery } from '../envelope';
import { loanFilters } from '../portfolio/filters.schema';
import { LINK_SEND_CHANNELS, MAX_LINK_EXPIRY_MINUTES, PG_VENDORS } from './links';
import { LINK_BATCH_ITEM_STATUSES, LINK_BATCH_STATUSES } from './link-batches';

export const linkBatchBody = z.object({
  allocation_month: month,
  /** The loans list's filters (and search) of that month. */
  filters: loanFilters.default([]),
  search: z.string().trim().max(100).optional(),
  pg_vendor: z.enum(PG_VENDORS),
  /** The same amount for every loan. */
  amount_minor: positiveMinorAmount,
  send_via: z.enum(LINK_SEND_CHANNELS),
  template_id: z.string().trim().min(1).max(64).optional(),
  expiry_minutes: z.number().int().min(15).max(MAX_LINK_EXPIRY_MINUTES).optional(),
});
export type LinkBatchBody = z.input<typeof linkBatchBody>;

export const linkBatchRecord = z.object({
  batch_id: z.string(),
  allocation_month: z.string(),
  pg_vendor: z.enum(PG_VENDORS),
  amount_minor: minorField,
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
  /** Blocked: the compliance check's reasons; failed: why the link or its message failed. */
  reason: z.string().nullable(),
  link_id: z.string().nullable(),
  link_url: z.string().nullable(),
});
export type LinkBatchItem = z.infer<typeof linkBatchItem>;
export const linkBatchItemsPage = z.object({ items: z.array(linkBatchItem), total: z.number().int(), page_number: z.number().int(), page_size: z.number().int() });
export type LinkBatchItemsPage = z.infer<typeof linkBatchItemsPage>;

/**
 * Payment links in bulk (issue 15 "in bulk (the payments tab of bulk operations: links for a
 * filtered set of loans as a durable job)"): one link for each loan the loans
 * list's filters (or search) select in a month, of an amount the batch's rule finds per loan (a
 * fixed amount, the loan's dues, its EMI, or an open PTP's amount else dues), each sent through the communication area's
 * compliance check like a single link; a job works through them, its progress and counts (sent,
 * blocked, failed) read back. Endpoint definitions; zod schemas in ./link-batches.schema.ts.
 * Permissions: CG Payment Module › payments. Amounts: integer minor units.
 */
import type { PermissionRequirement } from '../../users/permissions';
import { endpoint } from '../endpoint';
import type { LinkBatchBody, LinkBatchItem, LinkBatchItemsPage, LinkBatchRecord, LinkBatchesPage } from './link-batches.schema';
export type { LinkBatchBody, LinkBatchItem, LinkBatchItemsPage, LinkBatchRecord, LinkBatchesPage };

export const LINK_BATCH_STATUSES = ['in_progress', 'completed', 'failed'] as const;
/** A loan of a batch: pending until the job reached it, then its outcome. */
export const LINK_BATCH_ITEM_STATUSES = ['pending', 'sent', 'blocked', 'failed'] as const;
export type LinkBatchItemStatus = (typeof LINK_BATCH_ITEM_STATUSES)[number];
export type LinkBatchStatus = (typeof LINK_BATCH_STATUSES)[number];
/**
 * How a batch finds each loan's link amount, from the loan's own data when the job reaches it:
 * fixed — the batch's amount_minor; dues — the loan's total claim amount (lowered by payments);
 * emi — the loan's expected EMI; ptp_else_dues — the amount of the loan's open PTP (latest, not
 * broken, dated today or later, not yet paid in full since it was recorded), else its dues.
 * A loan whose amount is 0 or missing gets no link: it is counted failed with the reason (error file).
 */
export const LINK_BATCH_AMOUNT_RULES = ['fixed', 'dues', 'emi', 'ptp_else_dues'] as const;
export type LinkBatchAmountRule = (typeof LINK_BATCH_AMOUNT_RULES)[number];
/** Most loans one batch holds. */
export const MAX_LINK_BATCH_LOANS = 5_000;

const tags = ['payments'];
const perm = (access: 'read' | 'write') => ({ module: 'CG Payment Module', action: 'payments', access }) as const satisfies PermissionRequirement;
const schema = () => import('./link-batches.schema');
const company = async () => (await import('../envelope')).companyQuery;

/**
 * POST /api/payment/link-batches (Idempotency-Key): selects the loans and queues the job once the
 * batch has committed; the same key and body again answers the same batch and makes nothing new.
 * @throws 400 gateway not configured, bad filters, no loan selected or more than MAX_LINK_BATCH_LOANS; 422 key reused with another body
 */
export const createLinkBatch = endpoint({
  operation: 'payments.link_batches.create',
  method: 'POST',
  path: '/payment/link-batches',
  access: 'company',
  permission: perm('write'),
  idempotent: true,
  tags,
  summary: 'Send payment links to a filtered set of loans (a durable job); idempotent by Idempotency-Key',
  schemas: async () => ({ query: await company(), body: (await schema()).linkBatchBody, response: (await schema()).linkBatchRecord }),
});

/** GET /api/payment/link-batches: the company's batches, newest first. */
export const listLinkBatches = endpoint({
  operation: 'payments.link_batches.list',
  method: 'GET',
  path: '/payment/link-batches',
  access: 'company',
  permission: perm('read'),
  tags,
  summary: 'Payment link batches, newest first',
  schemas: async () => ({ query: (await schema()).linkBatchesQuery, response: (await schema()).linkBatchesPage }),
});

/** GET /api/payment/link-batches/{batch_id}. @throws 404 'Payment link batch not found' */
export const getLinkBatch = endpoint({
  operation: 'payments.link_batches.get',
  method: 'GET',
  path: '/payment/link-batches/{batch_id}',
  access: 'company',
  permission: perm('read'),
  tags,
  summary: 'One payment link batch with its progress',
  schemas: async () => ({ params: (await schema()).linkBatchParams, query: await company(), response: (await schema()).linkBatchRecord }),
});

/**
 * GET /api/payment/link-batches/{batch_id}/items: the batch's loans in order with each outcome — the
 * compliance check's reasons for a blocked message, the error for a failed one, the link made.
 * @throws 404 'Payment link batch not found'
 */
export const listLinkBatchItems = endpoint({
  operation: 'payments.link_batches.items',
  method: 'GET',
  path: '/payment/link-batches/{batch_id}/items',
  access: 'company',
  permission: perm('read'),
  tags,
  summary: "A payment link batch's loans with their outcome, reason and link",
  schemas: async () => ({ params: (await schema()).linkBatchParams, query: (await schema()).linkBatchItemsQuery, response: (await schema()).linkBatchItemsPage }),
});

/**
 * GET /api/payment/link-batches/{batch_id}/error-file: the batch's blocked and failed loans as CSV
 * (seq, loan_id, status, amount_minor, reason, link_id, link_url). @throws 404 batch not found / 'No error file for this batch'
 */
export const linkBatchErrorFile = endpoint({
  operation: 'payments.link_batches.error_file',
  method: 'GET',
  path: '/payment/link-batches/{batch_id}/error-file',
  access: 'company',
  permission: perm('read'),
  produces: 'file',
  tags,
  summary: "A payment link batch's blocked and failed loans, as CSV",
  schemas: async () => ({ params: (await schema()).linkBatchParams, query: await company() }),
});

/** Schemas of change requests (issue 16 "Change requests"). Behind ./requests.ts. */
import { z } from 'zod';
import { month } from '../common.schema';
import { companyQuery, pagingQuery } from '../envelope';
import { CHANGE_FIELDS, CHANGE_REQUEST_SOURCES, CHANGE_REQUEST_STATUSES } from '../../change-requests/rules';

export const changeRequestRecord = z.object({
  request_id: z.string(),
  loan_id: z.string(),
  allocation_month: z.string(),
  /** Masked for a caller without unmasked access. */
  applicant_name: z.string().nullable(),
  field: z.enum(CHANGE_FIELDS),
  /** The value before the change: the loan's value when proposed, kept as history once applied. Masked like the loan (contact number, email). */
  old_value: z.string().nullable(),
  new_value: z.string(),
  reason: z.string().nullable(),
  source: z.enum(CHANGE_REQUEST_SOURCES),
  /** The field visit whose "new address" this request is. */
  visit_id: z.string().nullable(),
  status: z.enum(CHANGE_REQUEST_STATUSES),
  /** The approval area's request (the checker's trail); null until submitted. */
  approval_request_id: z.string().nullable(),
  requested_by: z.string().nullable(),
  requested_by_name: z.string().nullable(),
  requested_at: z.string(),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  remarks: z.string().nullable(),
  /** When the change was written to the loan and customer (approved requests). */
  applied_at: z.string().nullable(),
});
export type ChangeRequestRecord = z.infer<typeof changeRequestRecord>;

export const changeRequestsQuery = pagingQuery.extend(companyQuery.shape).extend({
  status: z.enum(CHANGE_REQUEST_STATUSES).optional(),
  loan_id: z.string().trim().min(1).max(100).optional(),
});
export const changeRequestsPage = z.object({
  requests: z.array(changeRequestRecord),
  total: z.number().int(),
  /** Requests per status (the tabs' counts), for the whole company. */
  counts: z.object({ pending: z.number().int(), approved: z.number().int(), rejected: z.number().int() }),
});
export const changeRequestParams = z.object({ request_id: z.string().min(1).max(64) });

export const changeRequestBody = z.object({
  loan_id: z.string().trim().min(1).max(100),
  /** The loan's month; the latest month holding the loan when omitted. */
  allocation_month: month.optional(),
  field: z.enum(CHANGE_FIELDS),
  new_value: z.string().trim().min(1).max(500),
  reason: z.string().trim().max(500).optional(),
});
export type ChangeRequestBody = z.infer<typeof changeRequestBody>;

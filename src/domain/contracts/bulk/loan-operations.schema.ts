/**
 * Schemas of loan operations (/api/bulk/loan-operations*; issue 5; spec 2 tab "loan operations";
 * spec 4 "Loan operations default" statuses). Behind ./loan-operations.ts.
 */
import { z } from 'zod';
import { AGENT_TYPES, LOAN_OPERATION_RECORD_STATUSES, LOAN_OPERATION_TYPES, TAG_PATTERN } from '../../bulk/loan-operations';
import { pagingQuery } from '../envelope';
import { loanFilters } from '../portfolio/filters.schema';
import { allocationMonth } from '../portfolio/loans.schema';
import { bulkJobFields } from './jobs.schema';
import { LOAN_OPERATION_MAX_IDS, LOAN_SELECTIONS } from './loan-operations';
export { companyQuery } from '../envelope';
export { jobParams } from './jobs.schema';

/** Operation types posted as JSON (allocation via a file is posted as multipart, see createLoanOperationFields). */
export const jsonLoanOperationType = z.enum(LOAN_OPERATION_TYPES).exclude(['allocate_loans_via_excel']);

export const loanTag = z.string().trim().regex(TAG_PATTERN, 'A tag is 1 to 40 letters, digits, spaces, _ or -');

/**
 * POST /bulk/loan-operations (JSON). The loans are `loan_ids`, or the loans list's `filters` (JSON
 * array as on GET /recovery/loans; `[]` = the whole month) with optional `search`; move_loans and a
 * deallocate_loans naming `user_id` may leave both out to act on every loan of that agent in the
 * month. `user_id` is the target agent (allocate, move) or the agent to take loans from
 * (deallocate); `agent_type` defaults to the target's profession (field executive → fos,
 * telecalling → telecaller). Archived loans are left out of filter selections, except for
 * unarchive_loans which selects among archived ones.
 */
export const createLoanOperationBody = z
  .object({
    operation_type: jsonLoanOperationType,
    allocation_month: allocationMonth,
    loan_ids: z.array(z.string().trim().min(1).max(100)).min(1).max(LOAN_OPERATION_MAX_IDS).optional(),
    filters: loanFilters.optional(),
    search: z.string().trim().max(100).optional(),
    user_id: z.string().min(1).max(64).optional(),
    from_user_id: z.string().min(1).max(64).optional(),
    agent_type: z.enum(AGENT_TYPES).optional(),
    tags: z.array(loanTag).min(1).max(20).optional(),
  })
  .superRefine((b, ctx) => {
    const issue = (message: string, path: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
    const byFilter = b.filters !== undefined || (b.search !== undefined && b.search !== '');
    if (b.loan_ids && byFilter) issue('Give loan_ids or filters/search, not both', 'loan_ids');
    const agentWide = b.operation_type === 'move_loans' || (b.operation_type === 'deallocate_loans' && b.user_id !== undefined);
    if (!b.loan_ids && !byFilter && !agentWide) issue('Choose the loans: loan_ids, or filters ([] selects the whole month)', 'loan_ids');
    if ((b.operation_type === 'allocate_loans' || b.operation_type === 'move_loans') && !b.user_id) issue(`user_id is required for ${b.operation_type}`, 'user_id');
    if (b.operation_type === 'move_loans') {
      if (!b.from_user_id) issue('from_user_id is required for move_loans', 'from_user_id');
      else if (b.from_user_id === b.user_id) issue('from_user_id and user_id must differ', 'from_user_id');
    }
    if (b.operation_type === 'deallocate_loans' && !b.user_id && !b.agent_type) issue('deallocate_loans needs user_id or agent_type', 'agent_type');
    if ((b.operation_type === 'add_tags' || b.operation_type === 'delete_tags') && !b.tags) issue(`tags are required for ${b.operation_type}`, 'tags');
  });
export type CreateLoanOperationBody = z.infer<typeof createLoanOperationBody>;

/**
 * POST /bulk/loan-operations as multipart/form-data ("allocate loans via excel"): `file` (.xlsx,
 * .xls or .csv, at most 50 MB) with a loan id column ('Loan ID', 'loan_id', 'Loan Account No') and
 * an agent column ('Agent', 'Agent Email', 'User ID', 'Employee ID': the agent's email, user_id or
 * client_employee_id), plus these fields. `agent_type` forces the kind of allocation; without it
 * each row's agent's profession decides.
 */
export const createLoanOperationFields = z.object({
  operation_type: z.literal('allocate_loans_via_excel'),
  allocation_month: allocationMonth,
  agent_type: z.enum(AGENT_TYPES).optional(),
});
export type CreateLoanOperationFields = z.infer<typeof createLoanOperationFields>;

export const loanOperationRecord = z.object({
  id: z.string(),
  operation_type: z.enum(LOAN_OPERATION_TYPES),
  status: z.enum(LOAN_OPERATION_RECORD_STATUSES),
  allocation_month: z.string(),
  selection: z.enum(LOAN_SELECTIONS),
  agent_type: z.enum(AGENT_TYPES).nullable(),
  user_id: z.string().nullable(),
  user_name: z.string().nullable(),
  from_user_id: z.string().nullable(),
  from_user_name: z.string().nullable(),
  tags: z.array(z.string()),
  file_name: z.string().nullable(),
  /** Loans the operation covers (known once the selection is resolved; 0 before). */
  total_count: z.number().int(),
  processed_count: z.number().int(),
  success_count: z.number().int(),
  failed_count: z.number().int(),
  started_at: z.string().nullable(),
  ...bulkJobFields,
});
export type LoanOperationRecord = z.infer<typeof loanOperationRecord>;

export const loanOperationsQuery = pagingQuery.extend({
  company_id: z.string().optional(),
  status: z.enum(LOAN_OPERATION_RECORD_STATUSES).optional(),
  operation_type: z.enum(LOAN_OPERATION_TYPES).optional(),
  allocation_month: allocationMonth.optional(),
});
export const loanOperationsPage = z.object({ operations: z.array(loanOperationRecord), total: z.number().int() });

/**
 * Bulk contracts: import management (spec 2 tab "import management", spec 4 import statuses and
 * termination) and export management (spec 4 "Export, loan and user" statuses, spec 7 recovery
 * `/exports`, `/export/download`), issue 3; loan operations (spec 2 tab "loan operations", spec 4
 * "Loan operations default" statuses and termination), issue 5.
 */
import { z } from 'zod';
import { pagingQuery } from './envelope';
import { allocationMonth, loanFilters } from './portfolio';
import { EXPORT_STATUSES, IMPORT_STATUSES } from '../bulk/termination';
import { AGENT_TYPES, LOAN_OPERATION_RECORD_STATUSES, LOAN_OPERATION_TYPES, TAG_PATTERN } from '../bulk/loan-operations';

/** Import statuses plus 'cancelled', which a terminated import ends in (spec 4 termination rule). */
export const IMPORT_RECORD_STATUSES = [...IMPORT_STATUSES, 'cancelled'] as const;
export type ImportStatus = (typeof IMPORT_RECORD_STATUSES)[number];
/** First import of a month for the company: loan_upload; the same month again: loan_update. */
export const IMPORT_OPERATION_TYPES = ['loan_upload', 'loan_update'] as const;
export const IMPORT_FILE_EXTENSIONS = ['xlsx', 'xls', 'csv'] as const;
/** Allocation file size limit, MB (spec 5 'File size exceeds limit of {n}MB'). */
export const IMPORT_MAX_FILE_MB = 50;
/** Spec 9: reading the header row gives up after this long. */
export const EXCEL_HEADER_READ_TIMEOUT_MS = 120_000;

/** Column mapping: file header → variable_name, or null to skip the column. */
export const columnMapping = z.record(z.string().min(1).max(200), z.string().min(1).max(200).nullable());

export const mappingProblem = z.object({
  kind: z.enum(['mandatory_unmapped', 'mapped_twice', 'unknown_variable']),
  variable_name: z.string(),
  headers: z.array(z.string()),
  message: z.string(),
});

/**
 * POST /bulk/imports/preview (multipart `file`): the stored file's id, its header row and a
 * suggested mapping (the company's remembered one where headers match, else automatic).
 */
export const importPreview = z.object({
  file_id: z.string(),
  file_name: z.string(),
  file_size: z.number().int(),
  /** 0-based index of the header row in the sheet (a title row above it is skipped). */
  header_row_index: z.number().int(),
  headers: z.array(z.string()),
  /** Up to 5 data rows below the header, as displayed text. */
  sample_rows: z.array(z.array(z.string())),
  mapping: columnMapping,
  mapping_source: z.enum(['remembered', 'automatic']),
  problems: z.array(mappingProblem),
  variables: z.array(z.object({ variable_name: z.string(), variable_label: z.string(), data_type: z.string(), is_mandatory: z.boolean(), variable_group: z.string() })),
});
export type ImportPreview = z.infer<typeof importPreview>;

/**
 * POST /bulk/imports multipart fields (documented for the OpenAPI; the route parses multipart itself):
 * `file` (or `file_id` from a preview), `allocation_month` 'YYYY-MM', optional `mapping` JSON.
 */
export const createImportFields = z.object({
  allocation_month: allocationMonth,
  file_id: z.string().optional(),
  mapping: z.string().optional(),
});

/**
 * What every bulk job record ends with: progress, the error file's URL (the failed rows or loans
 * with a reason, once there are any), the message of a failure or termination, who asked, when,
 * and whether spec 4 lets it be terminated now.
 */
const bulkJobFields = {
  /** 0–100. */
  progress: z.number(),
  error_file_url: z.string().nullable(),
  message: z.string().nullable(),
  author_id: z.string().nullable(),
  author_name: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  can_terminate: z.boolean(),
};

export const importRecord = z.object({
  id: z.string(),
  allocation_month: z.string(),
  operation_type: z.enum(IMPORT_OPERATION_TYPES),
  status: z.enum(IMPORT_RECORD_STATUSES),
  file_name: z.string(),
  total_rows: z.number().int(),
  processed_rows: z.number().int(),
  success_rows: z.number().int(),
  failed_rows: z.number().int(),
  ...bulkJobFields,
});
export type ImportRecord = z.infer<typeof importRecord>;

export const importsQuery = pagingQuery.extend({
  company_id: z.string().optional(),
  status: z.enum(IMPORT_RECORD_STATUSES).optional(),
  allocation_month: allocationMonth.optional(),
});
export const importsPage = z.object({ imports: z.array(importRecord), total: z.number().int() });

// ---------------------------------------------------------------- exports

export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export const LOAN_EXPORT_OPERATION_TYPE = 'loan_export';

export const createExportBody = z.object({
  allocation_month: allocationMonth,
  format: z.enum(EXPORT_FORMATS),
  filters: loanFilters.default([]),
  search: z.string().trim().max(100).optional(),
});

export const exportRecord = z.object({
  export_id: z.string(),
  operation_type: z.string(),
  status: z.enum(EXPORT_STATUSES),
  format: z.enum(EXPORT_FORMATS),
  file_name: z.string().nullable(),
  allocation_month: z.string(),
  total_rows: z.number().int(),
  message: z.string().nullable(),
  author_id: z.string().nullable(),
  author_name: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ExportRecord = z.infer<typeof exportRecord>;

/** GET /exports (spec 7): page_size defaults to 10 (spec 9); dates 'YYYY-MM-DD' on created_at. */
export const exportsQuery = pagingQuery.extend({
  company_id: z.string().optional(),
  pagination_token: z.string().optional(),
  search: z.string().trim().max(100).optional(),
  status: z.enum(EXPORT_STATUSES).optional(),
  author_id: z.string().optional(),
  start_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
  end_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
});
export const exportsPage = z.object({ exports: z.array(exportRecord), total: z.number().int() });
export const exportDownloadQuery = z.object({ company_id: z.string().optional(), export_id: z.string(), operation_type: z.string().default(LOAN_EXPORT_OPERATION_TYPE) });

// ---------------------------------------------------------------- loan operations

/** Operation types posted as JSON (allocation via a file is posted as multipart, see createLoanOperationFields). */
export const jsonLoanOperationType = z.enum(LOAN_OPERATION_TYPES).exclude(['allocate_loans_via_excel']);
/** Loans one operation may name by id. */
export const LOAN_OPERATION_MAX_IDS = 100_000;

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

/** How an operation chose its loans. */
export const LOAN_SELECTIONS = ['loan_ids', 'filters', 'agent_loans', 'file'] as const;

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

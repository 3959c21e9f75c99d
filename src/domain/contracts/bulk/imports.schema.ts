/**
 * Schemas of import management (/api/bulk/imports*; issue 3; spec 2 tab import_management; spec 4
 * import statuses). Behind ./imports.ts.
 */
import { z } from 'zod';
import { pagingQuery } from '../envelope';
import { allocationMonth } from '../portfolio/loans.schema';
import { IMPORT_STATUSES } from '../../bulk/termination';
import { bulkJobFields } from './jobs.schema';
export { companyQuery } from '../envelope';
export { jobParams } from './jobs.schema';

// The statuses stay here, not in ./imports.ts: the termination rules would otherwise load with every front door.
/** Import statuses plus 'cancelled', which a terminated import ends in (spec 4 termination rule). */
export const IMPORT_RECORD_STATUSES = [...IMPORT_STATUSES, 'cancelled'] as const;
export type ImportStatus = (typeof IMPORT_RECORD_STATUSES)[number];
/** First import of a month for the company: loan_upload; the same month again: loan_update. */
export const IMPORT_OPERATION_TYPES = ['loan_upload', 'loan_update'] as const;

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
 * POST /bulk/imports text fields (the file itself is streamed by the handler):
 * `allocation_month` 'YYYY-MM', `file_id` from a preview instead of `file`, optional `mapping` JSON.
 */
export const createImportFields = z.object({
  allocation_month: allocationMonth,
  file_id: z.string().optional().meta({ description: 'Instead of `file`: the file_id answered by POST /imports/preview' }),
  mapping: z.string().optional().meta({ description: 'JSON { "<file header>": "<variable_name>" | null }; without it the remembered or automatic mapping is used' }),
});

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

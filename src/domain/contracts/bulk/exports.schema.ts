/**
 * Schemas of export management (/api/recovery/exports, /export/download; issue 3; spec 4 export
 * statuses; spec 9 page size). Behind ./exports.ts.
 */
import { z } from 'zod';
import { calendarDay } from '../common.schema';
import { EXPORT_STATUSES } from '../../bulk/termination';
import { pagingQuery } from '../envelope';
import { loanFilters } from '../portfolio/filters.schema';
import { allocationMonth } from '../portfolio/loans.schema';
import { EXPORT_FORMATS, LOAN_EXPORT_OPERATION_TYPE } from './exports';
export { companyQuery } from '../envelope';

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
  start_date: calendarDay.optional(),
  end_date: calendarDay.optional(),
});
export const exportsPage = z.object({ exports: z.array(exportRecord), total: z.number().int() });
export const exportDownloadQuery = z.object({ company_id: z.string().optional(), export_id: z.string(), operation_type: z.string().default(LOAN_EXPORT_OPERATION_TYPE) });

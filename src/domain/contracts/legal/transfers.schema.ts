/** Schemas of legal imports and exports (issue 17). Behind ./transfers.ts. */
import { z } from 'zod';
import { calendarDay } from '../common.schema';
import { companyQuery, pagingQuery } from '../envelope';
import { LEGAL_EXPORT_STATUSES, LEGAL_EXPORT_VIEWS, LEGAL_IMPORT_STATUSES, LEGAL_IMPORT_TYPES, NOTICE_EXPORT_DOCUMENT_TYPES, NOTICE_REPORTS } from './transfers';

export const legalImportRecord = z.object({
  import_id: z.string(),
  import_type: z.enum(LEGAL_IMPORT_TYPES),
  file_name: z.string(),
  status: z.enum(LEGAL_IMPORT_STATUSES),
  /** Share of the file read, 0–100. */
  progress: z.number().int(),
  /** Data rows read so far. */
  rows_read: z.number().int(),
  /** Rows applied (case opened or updated, hearing or dispatch recorded). */
  applied: z.number().int(),
  /** Rows not applied: in the error file. */
  error_rows: z.number().int(),
  /** Why a failed import stopped. */
  message: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type LegalImportRecord = z.infer<typeof legalImportRecord>;
export const legalImportFields = z.object({ import_type: z.enum(LEGAL_IMPORT_TYPES) });
export const pageQuery = companyQuery.extend(pagingQuery.shape);
export const legalImportsPage = z.object({ imports: z.array(legalImportRecord), total: z.number().int() });
export type LegalImportsPage = z.infer<typeof legalImportsPage>;
export const importParams = z.object({ import_id: z.string().min(1).max(64) });

const report = z.enum([...NOTICE_REPORTS, ...NOTICE_EXPORT_DOCUMENT_TYPES]);
/** One batch, or the notices created from `from` to `to` (company days, both included); at least one of the two. */
export const legalExportBody = z
  .object({
    report,
    batch_id: z.string().min(1).max(64).optional(),
    from: calendarDay.optional(),
    to: calendarDay.optional(),
  })
  .refine((b) => b.batch_id || (b.from && b.to), { message: 'Give batch_id, or from and to', path: ['batch_id'] })
  .refine((b) => !b.from || !b.to || b.from <= b.to, { message: 'from must not be after to', path: ['to'] });
export type LegalExportBody = z.infer<typeof legalExportBody>;
export const legalExportRecord = z.object({
  export_id: z.string(),
  view: z.enum(LEGAL_EXPORT_VIEWS),
  report,
  status: z.enum(LEGAL_EXPORT_STATUSES),
  batch_id: z.string().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** Rows of a report, files of a documents export. */
  total: z.number().int(),
  file_name: z.string().nullable(),
  message: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type LegalExportRecord = z.infer<typeof legalExportRecord>;
export const exportsQuery = pageQuery.extend({ view: z.enum(LEGAL_EXPORT_VIEWS).optional() });
export const legalExportsPage = z.object({ exports: z.array(legalExportRecord), total: z.number().int() });
export type LegalExportsPage = z.infer<typeof legalExportsPage>;
export const exportParams = z.object({ export_id: z.string().min(1).max(64) });

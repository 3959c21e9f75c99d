/**
 * Legal imports and exports (issue 17 "legal imports (statuses in_progress, success, failed) and
 * exports (FAIL, SUCCESS, NO DATA FOUND, QUEUED, IN PROGRESS)"; spec 4 bulk statuses; spec 9
 * export notice views Reports and Documents, notice document types, notice reports).
 *
 * Imports: a CSV or spreadsheet of litigation cases (opened or updated), hearings (recorded on the
 * loan's case of that type) or speed post / courier dispatches (by notice_id, e.g. the Notice
 * Tracking Report filled in), applied row by row by a durable job through the same services as the
 * screens; rows that cannot be applied go to an error file with the reason.
 * Exports: the Reports view (Notice Tracking Report, Download Notice: CSV) and the Documents view
 * (Merged File, Notice, POD, Tracking Report: a ZIP of the files), of one batch or of the notices
 * created in a date range, made by a durable job and downloaded when SUCCESS.
 * Endpoint definitions; zod schemas in ./transfers.schema.ts.
 */
import type { PermissionRequirement } from '../../users/permissions';
import { SPREADSHEET_EXTENSIONS } from '../../validation/rules';
import { endpoint } from '../endpoint';
import type { LegalExportBody, LegalExportRecord, LegalExportsPage, LegalImportRecord, LegalImportsPage } from './transfers.schema';
export type { LegalExportBody, LegalExportRecord, LegalExportsPage, LegalImportRecord, LegalImportsPage };

/** Spec 4 "Legal imports" statuses. */
export const LEGAL_IMPORT_STATUSES = ['in_progress', 'success', 'failed'] as const;
export type LegalImportStatus = (typeof LEGAL_IMPORT_STATUSES)[number];
/** What a legal import file holds. */
export const LEGAL_IMPORT_TYPES = ['cases', 'hearings', 'dispatch'] as const;
export type LegalImportType = (typeof LEGAL_IMPORT_TYPES)[number];
/** The columns each import type must have (header row, any order, case and spaces ignored). */
export const LEGAL_IMPORT_COLUMNS: Record<LegalImportType, { required: readonly string[]; optional: readonly string[] }> = {
  cases: { required: ['loan_id', 'process_type', 'allocation_month'], optional: ['stage', 'court', 'case_number', 'advocate_id', 'next_hearing_date'] },
  hearings: { required: ['loan_id', 'process_type', 'hearing_date'], optional: ['proceedings', 'order_text', 'next_hearing_date', 'stage'] },
  dispatch: { required: ['notice_id', 'mode', 'tracking_number', 'status'], optional: ['dispatched_on'] },
};
/** Largest legal import file, MB. */
export const LEGAL_IMPORT_MAX_MB = 10;

/** Spec 4 "Export, legal" statuses, spelled as the spec spells them. */
export const LEGAL_EXPORT_STATUSES = ['QUEUED', 'IN PROGRESS', 'SUCCESS', 'FAIL', 'NO DATA FOUND'] as const;
export type LegalExportStatus = (typeof LEGAL_EXPORT_STATUSES)[number];
/** Spec 9 export notice views. */
export const LEGAL_EXPORT_VIEWS = ['Reports', 'Documents'] as const;
export type LegalExportView = (typeof LEGAL_EXPORT_VIEWS)[number];
/** Spec 9 notice reports (the Reports view): CSV files. */
export const NOTICE_REPORTS = ['Notice Tracking Report', 'Download Notice'] as const;
/** Spec 9 notice document types (the Documents view): a ZIP of the files. */
export const NOTICE_EXPORT_DOCUMENT_TYPES = ['Merged File', 'Notice', 'POD', 'Tracking Report'] as const;
export type LegalExportReport = (typeof NOTICE_REPORTS)[number] | (typeof NOTICE_EXPORT_DOCUMENT_TYPES)[number];
/** Most files one Documents export holds (notices re-printed masked for a masked author are slow). */
export const MAX_EXPORT_DOCUMENTS = 2_000;

const tags = ['litigation'];
const importAccess = (access: 'read' | 'write') => ({ module: 'litigation', action: 'process_tracking', access }) as const satisfies PermissionRequirement;
const exportAccess = { module: 'notice', action: 'notices', access: 'read' } as const satisfies PermissionRequirement;
/** A dispatch import also needs this (it records dispatches of notices). */
export const DISPATCH_IMPORT_PERMISSION = { module: 'notice', action: 'notices', access: 'write' } as const satisfies PermissionRequirement;
const schema = () => import('./transfers.schema');
const company = async () => (await import('../envelope')).companyQuery;

/**
 * POST /api/litigation/imports (multipart `file` .csv/.xlsx/.xls and `import_type`): checks the
 * header row and queues the import. @throws 400 a missing column or unreadable file; 403 a dispatch
 * import without notice › notices write
 */
export const createLegalImport = endpoint({
  operation: 'litigation.imports.create',
  method: 'POST',
  path: '/litigation/imports',
  access: 'company',
  permission: importAccess('write'),
  multipart: { files: { file: { maxFiles: 1, maxMb: LEGAL_IMPORT_MAX_MB, accept: SPREADSHEET_EXTENSIONS, required: true, description: 'Cases, hearings or dispatches (see import_type for the columns)' } } },
  tags,
  summary: 'Upload cases, hearings or dispatches to apply',
  schemas: async () => ({ query: await company(), form: (await schema()).legalImportFields, response: (await schema()).legalImportRecord }),
});

/** GET /api/litigation/imports: newest first, with status, progress and counts. */
export const listLegalImports = endpoint({
  operation: 'litigation.imports.list',
  method: 'GET',
  path: '/litigation/imports',
  access: 'company',
  permission: importAccess('read'),
  tags,
  summary: 'Legal imports with their progress',
  schemas: async () => ({ query: (await schema()).pageQuery, response: (await schema()).legalImportsPage }),
});

/** GET /api/litigation/imports/{import_id}/error-file: the rows not applied, as CSV (row number, cells, reason). @throws 404 */
export const legalImportErrorFile = endpoint({
  operation: 'litigation.imports.error_file',
  method: 'GET',
  path: '/litigation/imports/{import_id}/error-file',
  access: 'company',
  permission: importAccess('read'),
  produces: 'file',
  tags,
  summary: 'The rows of a legal import that were not applied, as CSV',
  schemas: async () => ({ params: (await schema()).importParams, query: await company() }),
});

/** POST /api/notice/exports: queues a notice report or documents export (QUEUED). @throws 404 a batch not of the company */
export const createLegalExport = endpoint({
  operation: 'notice.exports.create',
  method: 'POST',
  path: '/notice/exports',
  access: 'company',
  permission: exportAccess,
  tags: ['notices'],
  summary: 'Export a notice report or notice documents',
  schemas: async () => ({ query: await company(), body: (await schema()).legalExportBody, response: (await schema()).legalExportRecord }),
});

/** GET /api/notice/exports?view=…: the company's notice exports of a view, newest first. */
export const listLegalExports = endpoint({
  operation: 'notice.exports.list',
  method: 'GET',
  path: '/notice/exports',
  access: 'company',
  permission: exportAccess,
  tags: ['notices'],
  summary: 'Notice exports (Reports or Documents) with their status',
  schemas: async () => ({ query: (await schema()).exportsQuery, response: (await schema()).legalExportsPage }),
});

/** GET /api/notice/exports/{export_id}/download: the file of a SUCCESS export (CSV or ZIP). @throws 404 not found / not ready */
export const downloadLegalExport = endpoint({
  operation: 'notice.exports.download',
  method: 'GET',
  path: '/notice/exports/{export_id}/download',
  access: 'company',
  permission: exportAccess,
  produces: 'file',
  tags: ['notices'],
  summary: 'Download a finished notice export',
  schemas: async () => ({ params: (await schema()).exportParams, query: await company() }),
});

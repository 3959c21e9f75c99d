/**
 * Import management (issue 3 "Import management"; spec 2 tab import_management; spec 4 import
 * statuses and termination; spec 5 upload rules; spec 7 `/bulk/imports*`). Endpoint definitions;
 * zod schemas in ./imports.schema.ts.
 */
import { endpoint } from '../endpoint';
import { SPREADSHEET_EXTENSIONS } from '../../validation/rules';

import type { ImportPreview, ImportRecord, ImportStatus } from './imports.schema';
export type { ImportPreview, ImportRecord, ImportStatus };

/** The zod schemas, one lazy chunk for the file's endpoints (so the definitions stay light in the entry). */
const schema = () => import('./imports.schema');

export const IMPORT_FILE_EXTENSIONS = ['xlsx', 'xls', 'csv'] as const;
/** Allocation file size limit, MB (spec 5 'File size exceeds limit of {n}MB'). */
export const IMPORT_MAX_FILE_MB = 50;
/** Spec 9: reading the header row gives up after this long. */
export const EXCEL_HEADER_READ_TIMEOUT_MS = 120_000;

/** The multipart `file` of an allocation file (streamed to storage, never buffered whole). */
export const ALLOCATION_FILE = {
  maxFiles: 1,
  accept: SPREADSHEET_EXTENSIONS,
  maxMb: IMPORT_MAX_FILE_MB,
  streamed: true,
  description: `The allocation file: .xlsx, .xls or .csv, at most ${IMPORT_MAX_FILE_MB} MB`,
} as const;

const imports = (access: 'read' | 'write') => ({ module: 'Core Collection Modules', action: 'imports', access }) as const;

/** POST /api/bulk/imports/preview (multipart `file`): stores the file, answers its header row and a suggested mapping. */
export const previewImport = endpoint({
  operation: 'bulk.imports.preview',
  method: 'POST',
  path: '/bulk/imports/preview',
  access: 'company',
  permission: imports('write'),
  multipart: { files: { file: { ...ALLOCATION_FILE, required: true } } },
  tags: ['bulk'],
  summary: 'Upload an allocation file and preview its header and suggested column mapping',
  schemas: async () => {
    const s = await schema();
    return { query: s.companyQuery, response: s.importPreview };
  },
});

/** POST /api/bulk/imports (multipart): imports a file (or a previewed `file_id`) into a month ('Import queued'). */
export const createImport = endpoint({
  operation: 'bulk.imports.create',
  method: 'POST',
  path: '/bulk/imports',
  access: 'company',
  permission: imports('write'),
  multipart: { files: { file: ALLOCATION_FILE } },
  tags: ['bulk'],
  summary: 'Import an allocation file for an allocation month',
  description:
    'multipart/form-data with `file` (or `file_id` from a preview), `allocation_month` (YYYY-MM) and optional `mapping` JSON. Answers the import; poll GET /imports/{id}.',
  schemas: async () => {
    const s = await schema();
    return { query: s.companyQuery, form: s.createImportFields, response: s.importRecord };
  },
});

/** GET /api/bulk/imports: the company's imports, newest first. */
export const listImports = endpoint({
  operation: 'bulk.imports.list',
  method: 'GET',
  path: '/bulk/imports',
  access: 'company',
  permission: imports('read'),
  tags: ['bulk'],
  schemas: async () => {
    const s = await schema();
    return { query: s.importsQuery, response: s.importsPage };
  },
});

/** GET /api/bulk/imports/{id}: one import, polled while it runs. */
export const getImport = endpoint({
  operation: 'bulk.imports.get',
  method: 'GET',
  path: '/bulk/imports/{id}',
  access: 'company',
  permission: imports('read'),
  tags: ['bulk'],
  schemas: async () => {
    const s = await schema();
    return { params: s.jobParams, query: s.companyQuery, response: s.importRecord };
  },
});

/** GET /api/bulk/imports/{id}/error-file: the failed rows as CSV (attachment). */
export const importErrorFile = endpoint({
  operation: 'bulk.imports.error_file',
  method: 'GET',
  path: '/bulk/imports/{id}/error-file',
  access: 'company',
  permission: imports('read'),
  produces: 'file',
  tags: ['bulk'],
  summary: 'The failed rows as CSV: the original cells plus a reason column',
  schemas: async () => {
    const s = await schema();
    return { params: s.jobParams, query: s.companyQuery };
  },
});

/** POST /api/bulk/imports/{id}/terminate: stops an import spec 4 lets stop ('Import terminated'). */
export const terminateImport = endpoint({
  operation: 'bulk.imports.terminate',
  method: 'POST',
  path: '/bulk/imports/{id}/terminate',
  access: 'company',
  permission: imports('write'),
  tags: ['bulk'],
  schemas: async () => {
    const s = await schema();
    return { params: s.jobParams, query: s.companyQuery, response: s.importRecord };
  },
});

/**
 * Export management (issue 3 "Exports"; spec 2 tab export_management; spec 4 "Export, loan and
 * user" statuses; spec 7 recovery `/exports`, `/export/download`). Endpoint definitions; zod
 * schemas in ./exports.schema.ts.
 */
import { endpoint } from '../endpoint';

import type { ExportRecord } from './exports.schema';
export type { ExportRecord };

/** The zod schemas, one lazy chunk for the file's endpoints (so the definitions stay light in the entry). */
const schema = () => import('./exports.schema');

export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export const LOAN_EXPORT_OPERATION_TYPE = 'loan_export';

const exportsAccess = (access: 'read' | 'write') => ({ module: 'Core Collection Modules', action: 'exports', access }) as const;

/** POST /api/recovery/exports: queues a loan export of a month, optionally filtered ('Export accepted'). */
export const createExport = endpoint({
  operation: 'recovery.exports.create',
  method: 'POST',
  path: '/recovery/exports',
  access: 'company',
  permission: exportsAccess('write'),
  tags: ['exports'],
  schemas: async () => {
    const s = await schema();
    return { query: s.companyQuery, body: s.createExportBody, response: s.exportRecord };
  },
});

/** GET /api/recovery/exports: the company's exports, newest first (10 to a page by default, spec 9). */
export const listExports = endpoint({
  operation: 'recovery.exports.list',
  method: 'GET',
  path: '/recovery/exports',
  access: 'company',
  permission: exportsAccess('read'),
  tags: ['exports'],
  schemas: async () => {
    const s = await schema();
    return { query: s.exportsQuery, response: s.exportsPage };
  },
});

/** GET /api/recovery/export/download?export_id=…: a completed export's file (attachment). */
export const exportDownload = endpoint({
  operation: 'recovery.exports.download',
  method: 'GET',
  path: '/recovery/export/download',
  access: 'company',
  permission: exportsAccess('read'),
  produces: 'file',
  tags: ['exports'],
  schemas: async () => {
    const s = await schema();
    return { query: s.exportDownloadQuery };
  },
});

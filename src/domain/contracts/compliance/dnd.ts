/**
 * The company's do-not-disturb list (issue 13): numbers one by one, or a CSV of numbers uploaded in
 * bulk (spec 4 "DND upload": completed, in_process). Endpoint definitions; zod schemas in
 * ./dnd.schema.ts. Permissions: Policy Control Module › dnd_list.
 */
import type { PermissionRequirement } from '../../users/permissions';
import { endpoint } from '../endpoint';
import { NUMBER_LIST_EXTENSIONS } from '../../validation/rules';
import type { DndBody, DndPage, DndRecord, DndUploadRecord } from './dnd.schema';
export type { DndBody, DndPage, DndRecord, DndUploadRecord };

/** Spec 4 "DND upload" statuses, spelled as the spec writes them. */
export const DND_UPLOAD_STATUSES = ['in_process', 'completed'] as const;
export type DndUploadStatus = (typeof DND_UPLOAD_STATUSES)[number];
/** Largest DND file, MB. */
export const DND_UPLOAD_MAX_MB = 5;

const tags = ['compliance'];
const dnd = (access: 'read' | 'write') => ({ module: 'Policy Control Module', action: 'dnd_list', access }) as const satisfies PermissionRequirement;
const schema = () => import('./dnd.schema');
const company = async () => (await import('../envelope')).companyQuery;

/** GET /api/compliance/dnd: the list, newest first, searchable by digits. */
export const listDnd = endpoint({
  operation: 'compliance.dnd.list',
  method: 'GET',
  path: '/compliance/dnd',
  access: 'company',
  permission: dnd('read'),
  tags,
  summary: 'The do-not-disturb numbers, newest first',
  schemas: async () => ({ query: (await schema()).dndQuery, response: (await schema()).dndPage }),
});

/** POST /api/compliance/dnd: adds one number (kept as its national digits; 409 when listed). */
export const addDnd = endpoint({
  operation: 'compliance.dnd.add',
  method: 'POST',
  path: '/compliance/dnd',
  access: 'company',
  permission: dnd('write'),
  tags,
  summary: 'Add a number to the do-not-disturb list',
  schemas: async () => ({ query: await company(), body: (await schema()).dndBody, response: (await schema()).dndRecord }),
});

/** DELETE /api/compliance/dnd/{dnd_id}. @throws 404 'Number not found' */
export const removeDnd = endpoint({
  operation: 'compliance.dnd.remove',
  method: 'DELETE',
  path: '/compliance/dnd/{dnd_id}',
  access: 'company',
  permission: dnd('write'),
  tags,
  summary: 'Remove a number from the do-not-disturb list',
  schemas: async () => ({ params: (await schema()).dndParams, query: await company(), response: (await schema()).deleted }),
});

/** POST /api/compliance/dnd/uploads (multipart `file`: a CSV, one number per row, first column). */
export const uploadDnd = endpoint({
  operation: 'compliance.dnd.upload',
  method: 'POST',
  path: '/compliance/dnd/uploads',
  access: 'company',
  permission: dnd('write'),
  multipart: { files: { file: { maxFiles: 1, maxMb: DND_UPLOAD_MAX_MB, accept: NUMBER_LIST_EXTENSIONS, required: true, description: 'A CSV of numbers (first column; a header row is skipped)' } } },
  tags,
  summary: 'Upload a CSV of do-not-disturb numbers',
  schemas: async () => ({ query: await company(), form: (await schema()).dndUploadFields, response: (await schema()).dndUploadRecord }),
});

/** GET /api/compliance/dnd/uploads: the uploads, newest first, with status and counts. */
export const listDndUploads = endpoint({
  operation: 'compliance.dnd.uploads',
  method: 'GET',
  path: '/compliance/dnd/uploads',
  access: 'company',
  permission: dnd('read'),
  tags,
  summary: 'DND uploads with status (in_process, completed) and counts',
  schemas: async () => ({ query: await company(), response: (await schema()).dndUploadsResponse }),
});

/** GET /api/compliance/dnd/uploads/{upload_id}/error-file: the upload's numbers that are not phone numbers, as CSV (row, value, reason). */
export const dndUploadErrorFile = endpoint({
  operation: 'compliance.dnd.upload_error_file',
  method: 'GET',
  path: '/compliance/dnd/uploads/{upload_id}/error-file',
  access: 'company',
  permission: dnd('read'),
  produces: 'file',
  tags,
  summary: "A DND upload's invalid numbers as CSV with the reason",
  schemas: async () => ({ query: await company(), params: (await schema()).dndUploadParams }),
});

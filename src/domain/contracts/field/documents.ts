/**
 * Documents uploaded against a loan (issue 4; spec 2 /app/document-upload; spec 7 document service).
 * Endpoint definitions; zod schemas in ./documents.schema.ts.
 */
import { endpoint } from '../endpoint';
import { DOCUMENT_EXTENSIONS } from '../../validation/rules';

export const DOCUMENT_TYPES = ['kyc', 'address_proof', 'other'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
/** Document upload size limit, MB (spec 5 'File size exceeds limit of {n}MB'). */
export const DOCUMENT_MAX_FILE_MB = 10;

import type { DocumentRecord } from './documents.schema';
export type { DocumentRecord };

const documents = (access: 'read' | 'write') => ({ module: 'Document Management', action: 'documents', access }) as const;

/** POST /api/document/uploads (multipart: loan_id, allocation_month, document_type, description + file), queued on the phone. */
export const uploadDocument = endpoint({
  operation: 'document.uploads.create',
  method: 'POST',
  path: '/document/uploads',
  access: 'company',
  permission: documents('write'),
  idempotent: true,
  multipart: { files: { file: { maxFiles: 1, maxMb: DOCUMENT_MAX_FILE_MB, accept: DOCUMENT_EXTENSIONS, required: true } } },
  tags: ['document'],
  summary: 'Upload a KYC / address proof document against a loan',
  description: `multipart/form-data: \`loan_id\`, \`allocation_month\`, \`document_type\` (kyc | address_proof | other), optional \`description\`, and \`file\` (${DOCUMENT_EXTENSIONS.join(', ')}; ≤ ${DOCUMENT_MAX_FILE_MB} MB; spec 5 blocked extensions refused). Idempotent by Idempotency-Key.`,
  schemas: async () => {
    const s = await import('./documents.schema');
    return { query: (await import('../envelope')).companyQuery, form: s.documentUploadFields, response: s.documentRecord };
  },
});

/** GET /api/document/uploads: a loan's documents. */
export const listDocuments = endpoint({
  operation: 'document.uploads.list',
  method: 'GET',
  path: '/document/uploads',
  access: 'company',
  permission: documents('read'),
  tags: ['document'],
  summary: "A loan's documents",
  schemas: async () => {
    const s = await import('./documents.schema');
    return { query: s.documentsQuery, response: s.documentsResponse };
  },
});

/** GET /api/document/uploads/{document_id}/file: the document's file (attachment). */
export const documentFile = endpoint({
  operation: 'document.uploads.file',
  method: 'GET',
  path: '/document/uploads/{document_id}/file',
  access: 'company',
  permission: documents('read'),
  produces: 'file',
  tags: ['document'],
  summary: 'Download a document',
  schemas: async () => {
    const s = await import('./documents.schema');
    return { params: s.documentParams, query: (await import('../envelope')).companyQuery };
  },
});

/**
 * Schemas of document uploads (/api/document/uploads; issue 4; spec 2 /app/document-upload). Behind ./documents.ts.
 */
import { z } from 'zod';
import { DOCUMENT_TYPES } from './documents';
import { month } from '../common.schema';

/** POST /api/document/uploads (multipart: `loan_id`, `allocation_month`, `document_type`, `file`). */
export const documentUploadFields = z.object({
  loan_id: z.string().min(1),
  allocation_month: month,
  document_type: z.enum(DOCUMENT_TYPES),
  description: z.string().max(200).default(''),
});
export const documentRecord = documentUploadFields.extend({
  document_id: z.string(),
  file_name: z.string(),
  file_size: z.number().int(),
  content_type: z.string(),
  url: z.string(),
  user_id: z.string(),
  created_at: z.string(),
});
export const documentsResponse = z.object({ documents: z.array(documentRecord) });
export const documentsQuery = z.object({ company_id: z.string().min(1).optional(), loan_id: z.string().optional() });
export const documentParams = z.object({ document_id: z.string().min(1).max(64) });
export type DocumentRecord = z.infer<typeof documentRecord>;

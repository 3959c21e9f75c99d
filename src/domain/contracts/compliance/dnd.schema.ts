/** Schemas of the company's do-not-disturb list and its bulk uploads (issue 13; spec 4 "DND upload"). Behind ./dnd.ts. */
import { z } from 'zod';
import { companyQuery, pagingQuery } from '../envelope';
import { DND_UPLOAD_STATUSES } from './dnd';

export const dndRecord = z.object({
  dnd_id: z.string(),
  number: z.string(),
  note: z.string().nullable(),
  source: z.enum(['manual', 'upload']),
  created_at: z.string(),
});
export type DndRecord = z.infer<typeof dndRecord>;
export const dndQuery = pagingQuery.extend(companyQuery.shape).extend({ search: z.string().max(40).optional() });
export const dndPage = z.object({ numbers: z.array(dndRecord), total: z.number().int(), page_number: z.number().int(), page_size: z.number().int() });
export type DndPage = z.infer<typeof dndPage>;
export const dndBody = z.object({ number: z.string().trim().min(1).max(40), note: z.string().trim().max(200).optional() });
export type DndBody = z.infer<typeof dndBody>;
export const dndParams = z.object({ dnd_id: z.string().min(1).max(64) });

export const dndUploadRecord = z.object({
  upload_id: z.string(),
  file_name: z.string(),
  status: z.enum(DND_UPLOAD_STATUSES),
  total_rows: z.number().int(),
  /** Rows written so far (progress: processed / total_rows). */
  processed: z.number().int(),
  added: z.number().int(),
  duplicates: z.number().int(),
  invalid: z.number().int(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export type DndUploadRecord = z.infer<typeof dndUploadRecord>;
export const dndUploadsResponse = z.object({ uploads: z.array(dndUploadRecord) });
/** The multipart text fields of an upload: none besides the file. */
export const dndUploadFields = z.object({});
export const dndUploadParams = z.object({ upload_id: z.string().min(1).max(64) });
export const deleted = z.null();

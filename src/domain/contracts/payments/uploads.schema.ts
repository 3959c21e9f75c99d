/** Schemas of offline payment uploads (issue 15). Behind ./uploads.ts. Amounts: integer minor units. */
import { z } from 'zod';
import { minorField } from '../common.schema';
import { companyQuery, pagingQuery } from '../envelope';
import { PAYMENT_UPLOAD_STATUSES } from './uploads';

export const paymentUploadRecord = z.object({
  upload_id: z.string(),
  file_name: z.string(),
  status: z.enum(PAYMENT_UPLOAD_STATUSES),
  /** Share of the file read, 0–100. */
  progress: z.number().int(),
  /** Data rows read so far. */
  rows_read: z.number().int(),
  posted: z.number().int(),
  /** Queued in the exceptions queue (unknown loan, amount not the expected one). */
  exceptions: z.number().int(),
  /** Seen before (this file again, or the same payment in another upload): nothing changed. */
  duplicates: z.number().int(),
  /** Rows that could not be read: in the error file. */
  error_rows: z.number().int(),
  posted_minor: minorField,
  /** Why a failed upload stopped. */
  message: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type PaymentUploadRecord = z.infer<typeof paymentUploadRecord>;
export const paymentUploadsQuery = companyQuery.extend(pagingQuery.shape);
export const paymentUploadsPage = z.object({ uploads: z.array(paymentUploadRecord), total: z.number().int(), page_number: z.number().int(), page_size: z.number().int() });
export type PaymentUploadsPage = z.infer<typeof paymentUploadsPage>;
export const uploadParams = z.object({ upload_id: z.string().min(1).max(64) });
/** The multipart text fields of an upload: none besides the file. */
export const paymentUploadFields = z.object({});

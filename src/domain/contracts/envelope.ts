/**
 * The response envelope every API answer uses (spec 3 "Response envelope", spec 7).
 * `{ success, message, data }`; `data` is null on errors.
 */
import { z } from 'zod';

export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.boolean(), message: z.string(), data });

export const errorEnvelope = z.object({
  success: z.literal(false),
  message: z.string(),
  data: z.null(),
});

export interface Envelope<T> {
  success: boolean;
  message: string;
  data: T;
}

/** Paging query used by list endpoints: page_number starts at 1, page_size defaults to 10 (spec 7, 9). */
export const pagingQuery = z.object({
  page_number: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(500).default(10),
});

/** `company_id` as a query parameter; the server fills it from `X-Company-ID` when absent (spec 7). */
export const companyQuery = z.object({ company_id: z.string().min(1).optional() });

/** Schemas of payment exports (issue 15; spec 7 `/exports/payments`, `/v2/export/payments`). Behind ./exports.ts. */
import { z } from 'zod';
import { calendarDay } from '../common.schema';
import { EXPORT_FORMATS } from '../bulk/exports';
import { exportRecord, exportsQuery } from '../bulk/exports.schema';
import { PAYMENT_SOURCES } from './exceptions';
import { MAX_PAYMENT_EXPORT_DAYS } from './exports';
export { companyQuery } from '../envelope';

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/** The date range of a payment export: the company's local calendar days, both included (the request's and the record's). */
const dateRange = z.object({ start_date: calendarDay, end_date: calendarDay });

/** Payments paid on start_date … end_date (the company's local calendar days, both included), optionally of one source or channel. */
export const createPaymentExportBody = dateRange
  .extend({
    format: z.enum(EXPORT_FORMATS),
    source: z.enum(PAYMENT_SOURCES).optional(),
    channel: z.string().trim().min(1).max(40).optional(),
  })
  .refine((b) => b.end_date >= b.start_date, { message: 'end_date must not be before start_date', path: ['end_date'] })
  .refine((b) => dayNumber(b.end_date) - dayNumber(b.start_date) < MAX_PAYMENT_EXPORT_DAYS, { message: `At most ${MAX_PAYMENT_EXPORT_DAYS} days`, path: ['end_date'] });
export type CreatePaymentExportBody = z.infer<typeof createPaymentExportBody>;

/** A payment export: a loan export's record with its date range instead of a month. */
export const paymentExportRecord = exportRecord.omit({ allocation_month: true }).extend(dateRange.shape);
export type PaymentExportRecord = z.infer<typeof paymentExportRecord>;

/** GET /exports/payments (spec 7): page_number, page_size (default 10), pagination_token, search, status, author_id, start_date, end_date (on created_at). */
export const paymentExportsQuery = exportsQuery;
export const paymentExportsPage = z.object({ exports: z.array(paymentExportRecord), total: z.number().int() });

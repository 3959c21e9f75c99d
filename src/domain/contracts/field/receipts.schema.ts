/**
 * Schemas of receipts made on the phone (POST/GET /api/fos/receipts; issue 4). Behind ./receipts.ts.
 */
import { z } from 'zod';
import { PAYMENT_MODES } from '../../field/dispositions';
import { amount, isoDateTime, majorField, minorField, month, positiveMinorAmount } from '../common.schema';

/** POST /api/fos/receipts (JSON). */
export const receiptBody = z.object({
  receipt_number: z.string().regex(/^[A-Z0-9]+-\d{6,}$/, 'receipt_number must be <executive code>-<6-digit sequence>'),
  loan_id: z.string().min(1),
  allocation_month: month,
  /** Major units (legacy); or send amount_minor. */
  amount: amount.optional(),
  amount_minor: positiveMinorAmount.optional(),
  payment_mode: z.enum(PAYMENT_MODES),
  /** Cheque / DD number, or UPI reference. */
  instrument_number: z.string().max(64).nullable().default(null),
  bank_name: z.string().max(120).nullable().default(null),
  payer_name: z.string().max(120),
  collected_at: isoDateTime,
  latitude: z.number().nullable().default(null),
  longitude: z.number().nullable().default(null),
});
export type ReceiptBody = z.infer<typeof receiptBody>;
export const receiptRecord = receiptBody.extend({
  amount: majorField,
  amount_minor: minorField,
  receipt_id: z.string(),
  user_id: z.string(),
  deposit_id: z.string().nullable(),
  created_at: z.string(),
});
export type ReceiptRecord = z.infer<typeof receiptRecord>;
export const receiptsQuery = z.object({ company_id: z.string().min(1).optional(), loan_id: z.string().optional() });
export const receiptsResponse = z.object({ receipts: z.array(receiptRecord) });

/**
 * Schemas of deposits and online recoveries (/api/fos/deposits, /api/fos/online-recoveries; issue 4;
 * spec 2 /app/field-executive, /app/field-executive/online). Behind ./deposits.ts.
 */
import { z } from 'zod';
import { amount, isoDateTime, majorField, minorField, positiveMinorAmount } from '../common.schema';
import { receiptRecord } from './receipts.schema';

/** POST /api/fos/deposits (multipart: field `deposit` = this JSON, file `slip` = the deposit slip photo). */
export const depositBody = z.object({
  receipt_numbers: z.array(z.string()).min(1).max(500),
  bank_name: z.string().min(1).max(120),
  branch: z.string().max(120).default(''),
  deposit_reference: z.string().max(64).default(''),
  deposited_at: isoDateTime,
  /** Major units (legacy); or send amount_minor. Must equal the receipts' total. */
  amount: amount.optional(),
  amount_minor: positiveMinorAmount.optional(),
});
export type DepositBody = z.infer<typeof depositBody>;
export const depositRecord = depositBody.extend({
  amount: majorField,
  amount_minor: minorField,
  deposit_id: z.string(),
  user_id: z.string(),
  slip_url: z.string().nullable(),
  created_at: z.string(),
});
/** GET /api/fos/deposits: the executive's undeposited receipts (cash, cheque, DD) with their age, and past deposits. */
export const depositsResponse = z.object({
  undeposited: z.array(receiptRecord.extend({ age_hours: z.number() })),
  undeposited_total: majorField,
  undeposited_total_minor: minorField,
  deposits: z.array(depositRecord),
});

/** GET /api/fos/online-recoveries: payments borrowers made online, attributed to the executive's visit. */
export const onlineRecovery = z.object({
  payment_id: z.string(),
  loan_id: z.string(),
  applicant_name: z.string().nullable(),
  amount: majorField,
  amount_minor: minorField,
  paid_at: z.string(),
  channel: z.string(),
  reference: z.string().nullable(),
  /** The executive's latest visit to the loan before the payment, within 30 days. */
  attributed_visit_id: z.string().nullable(),
  attributed_visit_at: z.string().nullable(),
});
export const onlineRecoveriesResponse = z.object({ recoveries: z.array(onlineRecovery), total_amount: majorField, total_amount_minor: minorField });
export const depositParams = z.object({ deposit_id: z.string().min(1).max(64) });
export type DepositRecord = z.infer<typeof depositRecord>;
export type DepositsResponse = z.infer<typeof depositsResponse>;
export type OnlineRecoveriesResponse = z.infer<typeof onlineRecoveriesResponse>;

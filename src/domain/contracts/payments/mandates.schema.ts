/** Schemas of mandates (issue 15). Behind ./mandates.ts. Amounts: integer minor units (paise). */
import { z } from 'zod';
import { calendarDay, minorField, positiveMinorAmount } from '../common.schema';
import { companyQuery, pagingQuery } from '../envelope';
import { PG_VENDORS } from './links';
import { MANDATE_DEBIT_STATUSES, MANDATE_MODES, MANDATE_STATUSES, MANDATE_VENDORS } from './mandates';

export const createMandateBody = z
  .object({
    loan_id: z.string().trim().min(1).max(64),
    pg_vendor: z.enum(MANDATE_VENDORS).default('cashfree'),
    mode: z.enum(MANDATE_MODES).default('enach'),
    /** What is presented each month. */
    emi_minor: positiveMinorAmount,
    /** The most one debit may take (the bank registers it); default the EMI. */
    max_minor: positiveMinorAmount.optional(),
    /** Day of the month debits are presented (1–28, so every month has it). */
    debit_day: z.number().int().min(1).max(28),
    /** The first due date (default: the next `debit_day` after today). */
    first_debit_date: calendarDay.optional(),
    /** How many months the mandate runs. */
    tenure_months: z.number().int().min(1).max(120).default(12),
  })
  .refine((b) => b.max_minor === undefined || b.max_minor >= b.emi_minor, { message: 'The maximum must be at least the EMI', path: ['max_minor'] });
export type CreateMandateBody = z.input<typeof createMandateBody>;

export const mandateDebitRecord = z.object({
  debit_id: z.string(),
  mandate_id: z.string(),
  loan_id: z.string(),
  due_date: z.string(),
  amount_minor: minorField,
  /** 1 for the first presentation of a due date, then 2, 3 for re-presentations. */
  attempt: z.number().int(),
  status: z.enum(MANDATE_DEBIT_STATUSES),
  /** The bank's reason for a bounce, as the gateway reports it. */
  failure_reason: z.string().nullable(),
  /** The loan payment it posted (a SUCCESS that reconciled), else null. */
  payment_id: z.string().nullable(),
  presented_at: z.string(),
  settled_at: z.string().nullable(),
});
export type MandateDebitRecord = z.infer<typeof mandateDebitRecord>;

export const mandateRecord = z.object({
  mandate_id: z.string(),
  loan_id: z.string(),
  allocation_month: z.string(),
  pg_vendor: z.enum(PG_VENDORS),
  mode: z.enum(MANDATE_MODES),
  status: z.enum(MANDATE_STATUSES),
  emi_minor: minorField,
  max_minor: minorField,
  debit_day: z.number().int(),
  first_debit_date: z.string(),
  /** The next due date not yet presented while the mandate can still be debited, else null. */
  next_debit_date: z.string().nullable(),
  expires_at: z.string(),
  /** Where the borrower authorises (the gateway's page or the local sandbox's); null once authorised or when the gateway gave none. */
  auth_url: z.string().nullable(),
  /** The last authorisation failure the gateway reported, if any. */
  auth_failure: z.string().nullable(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  /** Newest first (at most 24). */
  debits: z.array(mandateDebitRecord),
});
export type MandateRecord = z.infer<typeof mandateRecord>;

export const mandateParams = z.object({ mandate_id: z.string().min(1).max(64) });
export const debitParams = mandateParams.extend({ debit_id: z.string().min(1).max(64) });
export const mandatesQuery = pagingQuery.extend(companyQuery.shape).extend({ loan_id: z.string().trim().min(1).max(64).optional(), status: z.enum(MANDATE_STATUSES).optional() });
export const mandatesPage = z.object({ mandates: z.array(mandateRecord), total: z.number().int(), page_number: z.number().int(), page_size: z.number().int() });
export type MandatesPage = z.infer<typeof mandatesPage>;
export const presentDebitBody = z.object({ amount_minor: positiveMinorAmount.optional(), due_date: calendarDay.optional() });
export type PresentDebitBody = z.input<typeof presentDebitBody>;

export const sandboxMandateParams = z.object({ mandate_id: z.string().regex(/^md_[0-9a-f]{24}$/) });
export const sandboxDebitParams = z.object({ debit_id: z.string().regex(/^mdd_[0-9a-f]{24}$/) });
/** The sandbox's forms: authorise or reject a mandate; a debit succeeds or bounces (with the bank's reason). */
export const sandboxAuthoriseForm = z.object({ outcome: z.enum(['authorise', 'reject']) });
export const sandboxSettleForm = z.object({ outcome: z.enum(['success', 'bounce']), reason: z.string().trim().max(100).optional() });

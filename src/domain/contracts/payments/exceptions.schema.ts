/** Schemas of reconciliation and the exceptions queue (issue 15). Behind ./exceptions.ts. Amounts: integer minor units. */
import { z } from 'zod';
import { isoDateTime, minorField, positiveMinorAmount } from '../common.schema';
import { companyQuery, pagingQuery } from '../envelope';
import { EXCEPTION_ACTIONS, EXPECTED_FROM, MANUAL_PAYMENT_SOURCES, MAX_BATCH_PAYMENTS, PAYMENT_EXCEPTION_REASONS, PAYMENT_EXCEPTION_STATUSES, PAYMENT_SOURCES } from './exceptions';

const remarks = z.string().trim().min(3).max(500);
const ref = z.string().trim().min(1).max(128);

export const paymentExceptionRecord = z.object({
  exception_id: z.string(),
  source: z.enum(PAYMENT_SOURCES),
  source_ref: z.string(),
  reason: z.enum(PAYMENT_EXCEPTION_REASONS),
  status: z.enum(PAYMENT_EXCEPTION_STATUSES),
  loan_id: z.string().nullable(),
  allocation_month: z.string().nullable(),
  amount_minor: minorField,
  expected_minor: minorField.nullable(),
  expected_from: z.string().nullable(),
  paid_at: z.string(),
  channel: z.string(),
  reference: z.string().nullable(),
  link_id: z.string().nullable(),
  payment_id: z.string().nullable(),
  remarks: z.string().nullable(),
  resolved_by: z.string().nullable(),
  resolved_at: z.string().nullable(),
  created_at: z.string(),
});
export type PaymentExceptionRecord = z.infer<typeof paymentExceptionRecord>;

export const exceptionsQuery = pagingQuery
  .extend(companyQuery.shape)
  .extend({
    status: z.enum(PAYMENT_EXCEPTION_STATUSES).default('open'),
    reason: z.enum(PAYMENT_EXCEPTION_REASONS).optional(),
    source: z.enum(PAYMENT_SOURCES).optional(),
    loan_id: z.string().trim().min(1).max(64).optional(),
  });
export const paymentExceptionsPage = z.object({
  exceptions: z.array(paymentExceptionRecord),
  total: z.number().int(),
  /** Open exceptions by reason (whatever the filters), for the queue's tabs. */
  open_by_reason: z.record(z.string(), z.number().int()),
  page_number: z.number().int(),
  page_size: z.number().int(),
});
export type PaymentExceptionsPage = z.infer<typeof paymentExceptionsPage>;

export const exceptionParams = z.object({ exception_id: z.string().min(1).max(64) });
export const exceptionResolveBody = z.object({
  action: z.enum(EXCEPTION_ACTIONS),
  /** With `post`: the loan to post to (required when the payment named an unknown loan). */
  loan_id: z.string().trim().min(1).max(64).optional(),
  remarks,
});
export type ExceptionResolveBody = z.input<typeof exceptionResolveBody>;

const paymentIn = z.object({
  source_ref: ref,
  loan_id: z.string().trim().min(1).max(64),
  amount_minor: positiveMinorAmount,
  /** What the payer was expected to pay (a PTP, an instalment); a different amount is queued as amount_mismatch. */
  expected_minor: positiveMinorAmount.optional(),
  expected_from: z.enum(EXPECTED_FROM).optional(),
  paid_at: isoDateTime,
  channel: z.string().trim().min(1).max(40).default('cash'),
  reference: z.string().trim().min(1).max(128).optional(),
});
export const recordPaymentBody = paymentIn.extend({ source: z.enum(MANUAL_PAYMENT_SOURCES).default('upload') });
export type RecordPaymentBody = z.input<typeof recordPaymentBody>;
export const recordPaymentResult = z.object({
  outcome: z.enum(['posted', 'exception', 'duplicate']),
  payment_id: z.string().nullable(),
  exception_id: z.string().nullable(),
  reason: z.enum(PAYMENT_EXCEPTION_REASONS).nullable(),
});
export type RecordPaymentResult = z.infer<typeof recordPaymentResult>;

export const reconcileBatchBody = z.object({
  source: z.enum(MANUAL_PAYMENT_SOURCES).default('upload'),
  payments: z.array(paymentIn).min(1).max(MAX_BATCH_PAYMENTS),
});
export type ReconcileBatchBody = z.input<typeof reconcileBatchBody>;
export const reconcileBatchResult = z.object({
  received: z.number().int(),
  posted: z.number().int(),
  exceptions: z.number().int(),
  /** Already posted or queued before (or twice in this batch): nothing changed. */
  duplicates: z.number().int(),
  posted_minor: minorField,
});
export type ReconcileBatchResult = z.infer<typeof reconcileBatchResult>;

/** Schemas of the posted payments list (issue 15). Behind ./loan-payments.ts. Amounts: integer minor units. */
import { z } from 'zod';
import { minorField } from '../common.schema';
import { companyQuery, pagingQuery } from '../envelope';
import { PAYMENT_SOURCES } from './exceptions';

export const loanPaymentRecord = z.object({
  payment_id: z.string(),
  loan_id: z.string(),
  allocation_month: z.string(),
  amount_minor: minorField,
  paid_at: z.string(),
  /** The calendar day 'YYYY-MM-DD' of a payment known only by its day (an offline upload), else null: show it, not `paid_at`'s time. */
  paid_on: z.string().nullable(),
  channel: z.string(),
  reference: z.string().nullable(),
  source: z.enum(PAYMENT_SOURCES),
});
export type LoanPaymentRecord = z.infer<typeof loanPaymentRecord>;
export const loanPaymentsQuery = companyQuery.extend({
  ...pagingQuery.shape,
  loan_id: z.string().trim().min(1).max(64).optional(),
  source: z.enum(PAYMENT_SOURCES).optional(),
});
export const loanPaymentsPage = z.object({
  payments: z.array(loanPaymentRecord),
  total: z.number().int(),
  /** Sum of every matching payment (not only this page). */
  total_minor: minorField,
  page_number: z.number().int(),
  page_size: z.number().int(),
});
export type LoanPaymentsPage = z.infer<typeof loanPaymentsPage>;

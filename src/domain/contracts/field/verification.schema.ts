/**
 * Schemas of the visit verification queue (/api/fos/verification/visits; issue 5; FOS Visits). Behind ./verification.ts.
 */
import { z } from 'zod';
import { VISIT_FLAGS } from '../../field/geo';
import { VERIFICATION_DECISIONS } from '../../field/verification';
import { calendarDay } from '../common.schema';
import { pagingQuery } from '../envelope';
import { visitRecord } from './visits.schema';

/** GET /api/fos/verification/visits: the queue, oldest first; dates on the check-in's company day. */
export const verificationQueueQuery = pagingQuery.extend({
  company_id: z.string().optional(),
  status: z.enum(['pending', 'approved', 'rejected']).default('pending'),
  flag: z.enum(VISIT_FLAGS).optional(),
  user_id: z.string().max(64).optional(),
  from: calendarDay.optional(),
  to: calendarDay.optional(),
});
export const verificationItem = z.object({
  visit: visitRecord,
  executive: z.object({ user_id: z.string(), name: z.string(), team: z.string().nullable() }),
  loan: z.object({
    loan_id: z.string(),
    allocation_month: z.string(),
    applicant_name: z.string().nullable(),
    address: z.string().nullable(),
    city: z.string().nullable(),
    pincode: z.string().nullable(),
    /** The address's area point (pincode / postal-area centroid). */
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    total_dues_paise: z.number().int().nullable(),
  }),
  /** The receipt the visit names, if posted. */
  receipt: z
    .object({
      receipt_number: z.string(),
      amount_paise: z.number().int(),
      payment_mode: z.string(),
      collected_at: z.string(),
      deposited: z.boolean(),
    })
    .nullable(),
});
export type VerificationItem = z.infer<typeof verificationItem>;
export const verificationQueue = z.object({
  visits: z.array(verificationItem),
  total: z.number().int(),
  page_number: z.number().int(),
  page_size: z.number().int(),
  /** Days a cash/cheque/DD receipt may stay undeposited before its visit is flagged receipt_not_deposited (the server's setting). */
  receipt_deposit_days: z.number().int(),
});
export type VerificationQueue = z.infer<typeof verificationQueue>;
/** POST /api/fos/verification/visits/{visit_id}: a reason is required to reject; markup is refused (spec 5). */
export const verificationDecisionBody = z.object({
  decision: z.enum(VERIFICATION_DECISIONS),
  reason: z.string().max(500).optional(),
});
export const visitIdParams = z.object({ visit_id: z.string().min(1).max(64) });

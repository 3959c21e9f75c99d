/**
 * Schemas of the field executive's day (GET /api/fos/allocation) and visits (POST/GET /api/fos/visits;
 * issue 4; spec 2 /app/visit-details). Imported by the server through the endpoint definitions of
 * ./visits.ts; the browser uses only their types.
 */
import { z } from 'zod';
import { FOS_DISPOSITIONS, PERSONS_MET } from '../../field/dispositions';
import { VISIT_FLAGS } from '../../field/geo';
import { VERIFICATION_STATUSES } from '../../field/verification';
import { amount, calendarDay, isoDateTime, majorField, minorField, month } from '../common.schema';
import { VISIT_MAX_PHOTOS } from './visits';
import { paymentLinkOutcome, paymentLinkRequest } from '../payments/links.schema';

/** One loan of the signed-in executive's allocation (GET /api/fos/allocation). */
export const allocatedLoan = z.object({
  loan_id: z.string(),
  allocation_month: z.string(),
  applicant_name: z.string().nullable(),
  applicant_contact_number: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  pincode: z.string().nullable(),
  /** The pincode / postal area centroid (geocoded on the server from the pincode), or null. */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  total_dues: majorField.nullable(),
  total_dues_minor: minorField.nullable(),
  expected_emi: majorField.nullable(),
  expected_emi_minor: minorField.nullable(),
  dpd: z.number().int().nullable(),
  bucket: z.string().nullable(),
  /** 1 (highest) to 5: from dpd and dues, for the day plan. */
  priority: z.number().int().min(1).max(5),
  last_disposition: z.string().nullable(),
  last_visit_at: z.string().nullable(),
  next_visit_date: z.string().nullable(),
});
export type AllocatedLoan = z.infer<typeof allocatedLoan>;
export const allocationResponse = z.object({
  executive: z.object({ user_id: z.string(), name: z.string(), executive_code: z.string() }),
  currency: z.enum(['INR', 'IDR']),
  loans: z.array(allocatedLoan),
  synced_at: z.string(),
});
export type AllocationResponse = z.infer<typeof allocationResponse>;

/** POST /api/fos/visits (multipart: field `visit` = this JSON, files `photos` 0..5, JPEG/WebP). */
export const visitBody = z.object({
  loan_id: z.string().min(1),
  allocation_month: month,
  /** Check-in position; null when GPS was unavailable (the visit is flagged). */
  latitude: z.number().min(-90).max(90).nullable(),
  longitude: z.number().min(-180).max(180).nullable(),
  accuracy_m: z.number().min(0).max(100_000).nullable(),
  checked_in_at: isoDateTime,
  person_met: z.enum(PERSONS_MET),
  disposition: z.enum(FOS_DISPOSITIONS),
  amount_collected: amount.nullable().default(null),
  ptp_date: calendarDay.nullable().default(null),
  ptp_amount: amount.nullable().default(null),
  callback_at: isoDateTime.nullable().default(null),
  dispute_reason: z.string().max(500).nullable().default(null),
  new_address: z.string().max(500).nullable().default(null),
  /** Plain text; markup is rejected (spec 5). */
  remarks: z.string().max(2000).default(''),
  next_visit_date: calendarDay.nullable().default(null),
  /** Receipt number made on the phone when money was collected (the receipt is posted separately). */
  receipt_number: z.string().nullable().default(null),
  /**
   * "Send payment link" at the visit (issue 15): a link for this amount sent to the borrower by
   * this channel through the payments area, tied to this visit (online recoveries attribute its
   * payment to it). Queued offline with the visit; one link per visit. Null: none.
   */
  payment_link: paymentLinkRequest.nullable().default(null),
});
export type VisitBody = z.infer<typeof visitBody>;

export const visitRecord = visitBody.omit({ payment_link: true }).extend({
  /** Only in the answer to recording the visit: what became of the payment link asked with it. */
  payment_link: paymentLinkOutcome.nullable().optional(),
  amount_collected_minor: minorField.nullable(),
  ptp_amount_minor: minorField.nullable(),
  visit_id: z.string(),
  user_id: z.string(),
  executive_name: z.string().nullable(),
  photo_urls: z.array(z.string()),
  distance_m: z.number().nullable(),
  flags: z.array(z.enum(VISIT_FLAGS)),
  verification_status: z.enum(VERIFICATION_STATUSES),
  /** The reviewer's decision (issue 5): who, when and why; null until decided. */
  verified_by: z.string().nullable(),
  verified_by_name: z.string().nullable(),
  verified_at: z.string().nullable(),
  verification_reason: z.string().nullable(),
  created_at: z.string(),
});
export type VisitRecord = z.infer<typeof visitRecord>;
export const visitsQuery = z.object({ company_id: z.string().optional(), loan_id: z.string().optional(), user_id: z.string().optional(), date: calendarDay.optional() });
export const visitsResponse = z.object({ visits: z.array(visitRecord) });

export const visitPhotoParams = z.object({ visit_id: z.string().min(1).max(64), n: z.coerce.number().int().min(1).max(VISIT_MAX_PHOTOS) });
export type VisitsResponse = z.infer<typeof visitsResponse>;

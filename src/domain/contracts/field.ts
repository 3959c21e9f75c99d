/**
 * Field app contracts (issue 4; spec 2 routes /app/visit-details, /app/field-executive,
 * /app/field-executive/online, /app/document-upload; spec 7 fos and document services).
 *
 * Every write the phone may replay carries an `Idempotency-Key` header (uuid made on the phone when
 * the item enters the outbox). Times are ISO 8601 strings made on the phone (`recorded_at`), amounts
 * numbers in rupees/rupiah with at most 2 decimals, dates 'YYYY-MM-DD', distances and accuracy metres.
 */
import { z } from 'zod';
import { FOS_DISPOSITIONS, PAYMENT_MODES, PERSONS_MET } from '../field/dispositions';
import { VISIT_FLAGS } from '../field/geo';

const isoDateTime = z.string().datetime({ offset: true });
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be YYYY-MM-DD');
/** Spec 5 "Amount input: digits with at most 2 decimals", as a number > 0. */
const amount = z.number().positive().max(1e12).refine((n) => Math.round(n * 100) === n * 100, 'at most 2 decimals');

/** The Idempotency-Key header: 8–128 visible characters (the phone sends a uuid). */
export const idempotencyKey = z.string().regex(/^[\x21-\x7e]{8,128}$/, 'Idempotency-Key must be 8 to 128 visible characters');
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Messages of the idempotency rules (Stripe / IETF draft practice). */
export const IDEMPOTENCY_MESSAGES = {
  missing: 'Idempotency-Key header is required',
  mismatch: 'Idempotency-Key was already used with a different request',
  inProgress: 'A request with this Idempotency-Key is still being processed',
} as const;

// ---------------------------------------------------------------- allocation

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
  total_dues: z.number().nullable(),
  expected_emi: z.number().nullable(),
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

// ---------------------------------------------------------------- visits

/** POST /api/fos/visits (multipart: field `visit` = this JSON, files `photos` 0..5, JPEG/WebP). */
export const visitBody = z.object({
  loan_id: z.string().min(1),
  allocation_month: z.string().regex(/^\d{4}-\d{2}$/),
  /** Check-in position; null when GPS was unavailable (the visit is flagged). */
  latitude: z.number().min(-90).max(90).nullable(),
  longitude: z.number().min(-180).max(180).nullable(),
  accuracy_m: z.number().min(0).max(100_000).nullable(),
  checked_in_at: isoDateTime,
  person_met: z.enum(PERSONS_MET),
  disposition: z.enum(FOS_DISPOSITIONS),
  amount_collected: amount.nullable().default(null),
  ptp_date: day.nullable().default(null),
  ptp_amount: amount.nullable().default(null),
  callback_at: isoDateTime.nullable().default(null),
  dispute_reason: z.string().max(500).nullable().default(null),
  new_address: z.string().max(500).nullable().default(null),
  /** Plain text; markup is rejected (spec 5). */
  remarks: z.string().max(2000).default(''),
  next_visit_date: day.nullable().default(null),
  /** Receipt number made on the phone when money was collected (the receipt is posted separately). */
  receipt_number: z.string().nullable().default(null),
});
export type VisitBody = z.infer<typeof visitBody>;

export const visitRecord = visitBody.extend({
  visit_id: z.string(),
  user_id: z.string(),
  executive_name: z.string().nullable(),
  photo_urls: z.array(z.string()),
  distance_m: z.number().nullable(),
  flags: z.array(z.enum(VISIT_FLAGS)),
  verification_status: z.enum(['not_required', 'pending', 'approved', 'rejected']),
  created_at: z.string(),
});
export type VisitRecord = z.infer<typeof visitRecord>;
export const visitsQuery = z.object({ company_id: z.string().optional(), loan_id: z.string().optional(), user_id: z.string().optional(), date: day.optional() });
export const visitsResponse = z.object({ visits: z.array(visitRecord) });

// ---------------------------------------------------------------- receipts

/** POST /api/fos/receipts (JSON). */
export const receiptBody = z.object({
  receipt_number: z.string().regex(/^[A-Z0-9]+-\d{6,}$/, 'receipt_number must be <executive code>-<6-digit sequence>'),
  loan_id: z.string().min(1),
  allocation_month: z.string().regex(/^\d{4}-\d{2}$/),
  amount,
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
  receipt_id: z.string(),
  user_id: z.string(),
  deposit_id: z.string().nullable(),
  created_at: z.string(),
});
export type ReceiptRecord = z.infer<typeof receiptRecord>;

// ---------------------------------------------------------------- deposits

/** POST /api/fos/deposits (multipart: field `deposit` = this JSON, file `slip` = the deposit slip photo). */
export const depositBody = z.object({
  receipt_numbers: z.array(z.string()).min(1).max(500),
  bank_name: z.string().min(1).max(120),
  branch: z.string().max(120).default(''),
  deposit_reference: z.string().max(64).default(''),
  deposited_at: isoDateTime,
  amount,
});
export type DepositBody = z.infer<typeof depositBody>;
export const depositRecord = depositBody.extend({
  deposit_id: z.string(),
  user_id: z.string(),
  slip_url: z.string().nullable(),
  created_at: z.string(),
});
/** GET /api/fos/deposits: the executive's undeposited receipts (cash, cheque, DD) with their age, and past deposits. */
export const depositsResponse = z.object({
  undeposited: z.array(receiptRecord.extend({ age_hours: z.number() })),
  undeposited_total: z.number(),
  deposits: z.array(depositRecord),
});

/** GET /api/fos/online-recoveries: payments borrowers made online, attributed to the executive's visit. */
export const onlineRecovery = z.object({
  payment_id: z.string(),
  loan_id: z.string(),
  applicant_name: z.string().nullable(),
  amount: z.number(),
  paid_at: z.string(),
  channel: z.string(),
  reference: z.string().nullable(),
  /** The executive's latest visit to the loan before the payment, within 30 days. */
  attributed_visit_id: z.string().nullable(),
  attributed_visit_at: z.string().nullable(),
});
export const onlineRecoveriesResponse = z.object({ recoveries: z.array(onlineRecovery), total_amount: z.number() });

// ---------------------------------------------------------------- documents

export const DOCUMENT_TYPES = ['kyc', 'address_proof', 'other'] as const;
/** Document upload size limit, MB (spec 5 'File size exceeds limit of {n}MB'). */
export const DOCUMENT_MAX_FILE_MB = 10;
/** POST /api/document/uploads (multipart: `loan_id`, `allocation_month`, `document_type`, `file`). */
export const documentUploadFields = z.object({
  loan_id: z.string().min(1),
  allocation_month: z.string().regex(/^\d{4}-\d{2}$/),
  document_type: z.enum(DOCUMENT_TYPES),
  description: z.string().max(200).default(''),
});
export const documentRecord = documentUploadFields.extend({
  document_id: z.string(),
  file_name: z.string(),
  file_size: z.number().int(),
  content_type: z.string(),
  url: z.string(),
  user_id: z.string(),
  created_at: z.string(),
});
export const documentsResponse = z.object({ documents: z.array(documentRecord) });

/**
 * Field app contracts (issue 4; spec 2 routes /app/visit-details, /app/field-executive,
 * /app/field-executive/online, /app/document-upload; spec 7 fos and document services), and the
 * managers' field screens (issue 5; spec 2 /app/field-force-tracking, field-visit verification,
 * FOS Dashboard): position pings, last positions, trails, the verification queue, the dashboard.
 *
 * Every write the phone may replay carries an `Idempotency-Key` header (uuid made on the phone when
 * the item enters the outbox). Times are ISO 8601 strings made on the phone (`recorded_at`), amounts
 * numbers in rupees/rupiah with at most 2 decimals, dates 'YYYY-MM-DD', distances and accuracy metres.
 */
import { z } from 'zod';
import { FOS_DISPOSITIONS, PAYMENT_MODES, PERSONS_MET } from '../field/dispositions';
import { VISIT_FLAGS } from '../field/geo';
import { FRESHNESS } from '../field/tracking';
import { VERIFICATION_DECISIONS, VERIFICATION_STATUSES } from '../field/verification';
import { pagingQuery } from './envelope';

const isoDateTime = z.string().datetime({ offset: true });
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be YYYY-MM-DD');
/** Spec 5 "Amount input: digits with at most 2 decimals", as a number > 0. */
// Compared with a tolerance: 1234.57 * 100 is 123456.99999999999 in binary floating point.
const amount = z.number().positive().max(1e12).refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'at most 2 decimals');

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
  verification_status: z.enum(VERIFICATION_STATUSES),
  /** The reviewer's decision (issue 5): who, when and why; null until decided. */
  verified_by: z.string().nullable(),
  verified_by_name: z.string().nullable(),
  verified_at: z.string().nullable(),
  verification_reason: z.string().nullable(),
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

// ---------------------------------------------------------------- tracking (issue 5)

const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);
/** Where a ping came from: the phone's timer, or a visit check-in. */
export const PING_SOURCES = ['timer', 'check_in'] as const;

/** One position the phone recorded. */
export const pingBody = z.object({
  latitude,
  longitude,
  /** GPS accuracy radius, metres; null when the phone does not say. */
  accuracy_m: z.number().min(0).max(100_000).nullable().default(null),
  recorded_at: isoDateTime,
  /** Battery level, percent. */
  battery: z.number().int().min(0).max(100).nullable().default(null),
  source: z.enum(PING_SOURCES).default('timer'),
});
export type PingBody = z.infer<typeof pingBody>;
/** Pings per request at most. */
export const PINGS_MAX_BATCH = 500;
/** POST /api/fos/tracking/pings (JSON, Idempotency-Key): the signed-in executive's own positions, oldest first or in any order. */
export const pingsBody = z.object({ pings: z.array(pingBody).min(1).max(PINGS_MAX_BATCH) });

export const position = z.object({
  latitude: z.number(),
  longitude: z.number(),
  accuracy_m: z.number().nullable(),
  battery: z.number().int().nullable(),
  source: z.enum(PING_SOURCES),
  recorded_at: z.string(),
});
export type Position = z.infer<typeof position>;
export const pingsResponse = z.object({
  /** Pings stored by this request. */
  accepted: z.number().int(),
  /** Pings already stored (same executive and instant), not stored again. */
  duplicates: z.number().int(),
  /** The executive's latest position after this request. */
  last_position: position.nullable(),
});

/**
 * GET /api/fos/tracking/last-positions: filters by the user's team, territory (their location, as
 * in the users list), profession (default 'field executive'), one user, and a map box
 * `bbox=min_lng,min_lat,max_lng,max_lat` (executives without a position are left out when it is given).
 */
export const lastPositionsQuery = z.object({
  company_id: z.string().optional(),
  team: z.string().max(80).optional(),
  territory: z.string().max(80).optional(),
  profession: z.string().max(40).optional(),
  user_id: z.string().max(64).optional(),
  bbox: z
    .string()
    .regex(/^-?\d+(\.\d+)?(,-?\d+(\.\d+)?){3}$/, 'bbox must be min_lng,min_lat,max_lng,max_lat')
    .optional(),
});
export const executivePosition = z.object({
  user_id: z.string(),
  name: z.string(),
  team: z.string().nullable(),
  territory: z.string().nullable(),
  profession: z.string(),
  role_name: z.string().nullable(),
  position: position.nullable(),
  /** fresh: under 15 minutes old; stale: under 2 hours; offline: older or no position. */
  freshness: z.enum(FRESHNESS),
  /** Minutes since the position was recorded; null without one. */
  minutes_since: z.number().nullable(),
  /** Visits checked in today (the company's calendar day). */
  visits_today: z.number().int(),
  /** Of them, flagged for verification. */
  visits_today_flagged: z.number().int(),
});
export type ExecutivePosition = z.infer<typeof executivePosition>;
export const lastPositionsResponse = z.object({
  generated_at: z.string(),
  /** The company's day 'today' is counted in. */
  time_zone: z.string(),
  counts: z.object({ fresh: z.number().int(), stale: z.number().int(), offline: z.number().int() }),
  executives: z.array(executivePosition),
});
export type LastPositionsResponse = z.infer<typeof lastPositionsResponse>;

/** GET /api/fos/tracking/trail: one executive's day (the company's calendar day); user_id defaults to the caller. */
export const trailQuery = z.object({ company_id: z.string().optional(), user_id: z.string().max(64).optional(), date: day });
export const trailPoint = position;
export const trailStop = z.object({
  latitude: z.number(),
  longitude: z.number(),
  arrived_at: z.string(),
  left_at: z.string(),
  /** Time at the stop, minutes. */
  minutes: z.number().int(),
  points: z.number().int(),
  /** Visits checked in during the stop. */
  visit_ids: z.array(z.string()),
});
export const trailVisit = z.object({
  /** 1-based order of the day's visits. */
  sequence: z.number().int(),
  visit_id: z.string(),
  loan_id: z.string(),
  checked_in_at: z.string(),
  disposition: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  distance_m: z.number().nullable(),
  flags: z.array(z.enum(VISIT_FLAGS)),
  verification_status: z.enum(VERIFICATION_STATUSES),
});
export const trailResponse = z.object({
  user_id: z.string(),
  name: z.string(),
  date: z.string(),
  time_zone: z.string(),
  /** The day's pings in time order. */
  points: z.array(trailPoint),
  /** Kilometres travelled: haversine over the points, leaving out poor-accuracy points (> 100 m) and jumps (> 150 km/h). */
  distance_km: z.number(),
  /** Places stayed at for 5 minutes or more within 100 m. */
  stops: z.array(trailStop),
  visits: z.array(trailVisit),
});
export type TrailResponse = z.infer<typeof trailResponse>;

/**
 * GET /api/fos/tracking/stream (Server-Sent Events, `text/event-stream`): `event: position` with
 * this JSON as `data` whenever an executive the viewer may see records a position; a `: ping`
 * comment every 15 s keeps proxies from closing the stream. Authenticated by the usual headers
 * (read it with fetch streaming; see docs/decisions/004).
 */
export const positionEvent = position.extend({ user_id: z.string(), name: z.string().nullable() });
export type PositionEvent = z.infer<typeof positionEvent>;

// ---------------------------------------------------------------- verification (issue 5)

/** GET /api/fos/verification/visits: the queue, oldest first; dates on the check-in's company day. */
export const verificationQueueQuery = pagingQuery.extend({
  company_id: z.string().optional(),
  status: z.enum(['pending', 'approved', 'rejected']).default('pending'),
  flag: z.enum(VISIT_FLAGS).optional(),
  user_id: z.string().max(64).optional(),
  from: day.optional(),
  to: day.optional(),
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

// ---------------------------------------------------------------- FOS dashboard (issue 5)

/** Ages of undeposited cash, cheque and DD receipts: under a day, 1–2 days, 2–7 days, over 7 days. */
export const CASH_AGE_BUCKETS = ['lt_1d', 'd1_2', 'd2_7', 'gt_7d'] as const;
export type CashAgeBucket = (typeof CASH_AGE_BUCKETS)[number];

/**
 * GET /api/fos/dashboard: from/to are the company's calendar days, inclusive (default: the first of
 * the current month to today).
 */
export const fosDashboardQuery = z.object({
  company_id: z.string().optional(),
  from: day.optional(),
  to: day.optional(),
  team: z.string().max(80).optional(),
  user_id: z.string().max(64).optional(),
});

const money = z.number().int();
const ageBucket = z.object({ count: z.number().int(), amount_paise: money });
/**
 * The figures of one executive, team or all. Definitions (docs/architecture.md "FOS dashboard"):
 * - visits_made: visits checked in during the period;
 * - visits_planned: loans allocated to the executive (fos) in the months the period touches, plus
 *   revisits scheduled in the period (next_visit_date of earlier visits);
 * - coverage_pct: visited_loans / allocated_loans × 100 (1 decimal), visited_loans being the
 *   allocated loans visited at least once in the period;
 * - ptps: 'Promise to Pay' visits in the period; kept when receipts and online payments on the loan
 *   from the visit to the end of the PTP date add up to the PTP amount; broken when the date has
 *   passed without that; open otherwise;
 * - amount_collected_paise: receipts made in the period;
 * - cash_undeposited_paise: cash / cheque / DD receipts not deposited now, whatever their date,
 *   with their age buckets.
 */
export const dashboardFigures = z.object({
  visits_made: z.number().int(),
  visits_planned: z.number().int(),
  allocated_loans: z.number().int(),
  visited_loans: z.number().int(),
  coverage_pct: z.number(),
  /** Visits made by disposition. */
  dispositions: z.record(z.string(), z.number().int()),
  ptps: z.number().int(),
  ptps_kept: z.number().int(),
  ptps_broken: z.number().int(),
  ptps_open: z.number().int(),
  ptp_amount_paise: money,
  ptp_kept_amount_paise: money,
  receipts: z.number().int(),
  amount_collected_paise: money,
  cash_undeposited_receipts: z.number().int(),
  cash_undeposited_paise: money,
  cash_age: z.object({ lt_1d: ageBucket, d1_2: ageBucket, d2_7: ageBucket, gt_7d: ageBucket }),
});
export type DashboardFigures = z.infer<typeof dashboardFigures>;
export const fosDashboard = z.object({
  from: z.string(),
  to: z.string(),
  time_zone: z.string(),
  currency: z.enum(['INR', 'IDR']),
  totals: dashboardFigures,
  teams: z.array(dashboardFigures.extend({ team: z.string().nullable(), executives: z.number().int() })),
  executives: z.array(dashboardFigures.extend({ user_id: z.string(), name: z.string(), team: z.string().nullable() })),
});
export type FosDashboard = z.infer<typeof fosDashboard>;

/** The figures a drill-down lists the rows of. */
export const DASHBOARD_METRICS = ['visits_made', 'visits_planned', 'allocated_loans', 'visited_loans', 'ptps', 'ptps_kept', 'ptps_broken', 'ptps_open', 'amount_collected', 'cash_undeposited'] as const;
export type DashboardMetric = (typeof DASHBOARD_METRICS)[number];
export const PTP_STATES = ['kept', 'broken', 'open'] as const;

/**
 * GET /api/fos/dashboard/rows: the rows behind one figure, for the same period and scope as the
 * dashboard; `disposition` narrows visits_made to one disposition, `age_bucket` narrows
 * cash_undeposited. `total` and `amount_paise_total` equal the figure.
 */
export const dashboardRowsQuery = pagingQuery.extend({
  company_id: z.string().optional(),
  metric: z.enum(DASHBOARD_METRICS),
  from: day.optional(),
  to: day.optional(),
  team: z.string().max(80).optional(),
  user_id: z.string().max(64).optional(),
  disposition: z.enum(FOS_DISPOSITIONS).optional(),
  age_bucket: z.enum(CASH_AGE_BUCKETS).optional(),
});
export const dashboardRow = z.object({
  user_id: z.string(),
  executive_name: z.string(),
  team: z.string().nullable(),
  loan_id: z.string(),
  /** visit, allocation (an allocated loan), next_visit (a scheduled revisit), receipt. */
  kind: z.enum(['visit', 'allocation', 'next_visit', 'receipt']),
  /** When it happened (check-in, allocation, collection); null for a scheduled revisit. */
  at: z.string().nullable(),
  /** The calendar day it counts on (revisits: the next_visit_date). */
  date: z.string().nullable(),
  visit_id: z.string().nullable(),
  disposition: z.string().nullable(),
  amount_paise: z.number().int().nullable(),
  ptp_date: z.string().nullable(),
  ptp_state: z.enum(PTP_STATES).nullable(),
  /** Receipts and online payments on the loan from the PTP visit to the end of its date. */
  paid_paise: z.number().int().nullable(),
  receipt_number: z.string().nullable(),
  payment_mode: z.string().nullable(),
  age_hours: z.number().nullable(),
  age_bucket: z.enum(CASH_AGE_BUCKETS).nullable(),
});
export type DashboardRow = z.infer<typeof dashboardRow>;
export const dashboardRows = z.object({
  metric: z.enum(DASHBOARD_METRICS),
  rows: z.array(dashboardRow),
  total: z.number().int(),
  /** Sum of amount_paise over every row (not just this page): PTP amounts, receipts, cash. */
  amount_paise_total: z.number().int(),
  page_number: z.number().int(),
  page_size: z.number().int(),
});
export type DashboardRows = z.infer<typeof dashboardRows>;

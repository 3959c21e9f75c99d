/** Schemas of repossession (issue 16 "Repossession"). Behind ./cases.ts. */
import { z } from 'zod';
import { isoDateTime, minorField, month, positiveMinorAmount } from '../common.schema';
import { companyQuery, pagingQuery } from '../envelope';
import { ASSET_TYPES, CONDITION_ITEMS, FIELD_STEPS, RELEASE_MODES, REPOSSESSION_STAGES, REPOSSESSION_STATUSES, STEP_MAX_PHOTOS } from '../../repossession/rules';

const text = (max: number) => z.string().trim().min(1).max(max);
const noMarkup = (max: number) => text(max).refine((v) => !/[<>]/.test(v), 'must not contain markup tags');

export const stepRecord = z.object({
  step_id: z.string(),
  step: z.enum(FIELD_STEPS),
  occurred_at: z.string(),
  place: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  police_station: z.string().nullable(),
  /** Police intimation reference (FIR / diary number). */
  reference: z.string().nullable(),
  outcome: z.enum(REPOSSESSION_STATUSES).nullable(),
  condition: z.record(z.string(), z.boolean()).nullable(),
  odometer_km: z.number().int().nullable(),
  belongings: z.array(z.string()),
  yard_name: z.string().nullable(),
  remarks: z.string().nullable(),
  photo_count: z.number().int(),
  recorded_by: z.string().nullable(),
  recorded_by_name: z.string().nullable(),
  recorded_at: z.string(),
});
export type StepRecord = z.infer<typeof stepRecord>;

export const repossessionRecord = z.object({
  case_id: z.string(),
  loan_id: z.string(),
  allocation_month: z.string(),
  /** Masked for a caller without unmasked access. */
  applicant_name: z.string().nullable(),
  asset_type: z.enum(ASSET_TYPES),
  asset_description: z.string(),
  registration_number: z.string().nullable(),
  /** Masked (spec 3 "chassis") for a caller without Core Collection Modules › access_unmasked_data. */
  chassis_number: z.string(),
  /** Masked (spec 3 "engine number") likewise. */
  engine_number: z.string(),
  reason: z.string().nullable(),
  stage: z.enum(REPOSSESSION_STAGES),
  status: z.enum(REPOSSESSION_STATUSES),
  approval_request_id: z.string().nullable(),
  notice_ready: z.boolean(),
  agency_name: z.string().nullable(),
  agent_id: z.string().nullable(),
  agent_name: z.string().nullable(),
  yard_name: z.string().nullable(),
  yard_inventory: z.array(z.string()),
  valuation_minor: minorField.nullable(),
  valuer: z.string().nullable(),
  release_mode: z.enum(RELEASE_MODES).nullable(),
  release_amount_minor: minorField.nullable(),
  buyer_name: z.string().nullable(),
  release_approval_request_id: z.string().nullable(),
  proceeds_posted_at: z.string().nullable(),
  initiated_by: z.string().nullable(),
  initiated_at: z.string(),
  updated_at: z.string(),
});
export type RepossessionRecord = z.infer<typeof repossessionRecord>;
export const repossessionDetail = repossessionRecord.extend({ steps: z.array(stepRecord) });
export type RepossessionDetail = z.infer<typeof repossessionDetail>;

export const casesQuery = pagingQuery.extend(companyQuery.shape).extend({
  stage: z.enum(REPOSSESSION_STAGES).optional(),
  status: z.enum(REPOSSESSION_STATUSES).optional(),
  loan_id: z.string().trim().min(1).max(100).optional(),
});
export const casesPage = z.object({
  cases: z.array(repossessionRecord),
  total: z.number().int(),
  /** Cases per spec 4 status (success, failed, pending), for the whole company. */
  counts: z.object({ success: z.number().int(), failed: z.number().int(), pending: z.number().int() }),
});
export const myCasesResponse = z.object({ cases: z.array(repossessionDetail) });
export const caseParams = z.object({ case_id: z.string().min(1).max(64) });
/** GET /repossession/cases/{case_id}/steps/{step_id}/photos/{n}: the n-th (1-based) photo of a step. */
export const stepPhotoParams = z.object({ case_id: z.string().min(1).max(64), step_id: z.string().min(1).max(64), n: z.coerce.number().int().min(1).max(STEP_MAX_PHOTOS) });

export const initiateBody = z.object({
  loan_id: text(100),
  /** The loan's month; the latest month holding the loan when omitted. */
  allocation_month: month.optional(),
  asset_type: z.enum(ASSET_TYPES),
  asset_description: noMarkup(200),
  registration_number: noMarkup(30).optional(),
  chassis_number: z.string().trim().regex(/^[A-Za-z0-9-]{5,30}$/, 'chassis_number must be 5 to 30 letters or digits'),
  engine_number: z.string().trim().regex(/^[A-Za-z0-9-]{5,30}$/, 'engine_number must be 5 to 30 letters or digits'),
  reason: noMarkup(500).optional(),
});
export type InitiateBody = z.infer<typeof initiateBody>;

export const assignBody = z.object({ agency_name: noMarkup(120), agent_id: z.string().min(1).max(64) });
export type AssignBody = z.infer<typeof assignBody>;

/** POST /api/repossession/steps (multipart: field `step` = this JSON, files `photos`). */
export const stepBody = z
  .object({
    case_id: z.string().min(1).max(64),
    step: z.enum(FIELD_STEPS),
    /** When it happened, as the phone made it (offline steps sync later). */
    occurred_at: isoDateTime,
    place: noMarkup(300).nullable().default(null),
    latitude: z.number().min(-90).max(90).nullable().default(null),
    longitude: z.number().min(-180).max(180).nullable().default(null),
    police_station: noMarkup(200).nullable().default(null),
    reference: noMarkup(100).nullable().default(null),
    /** The repossession step's outcome (spec 4); required for it. */
    outcome: z.enum(REPOSSESSION_STATUSES).nullable().default(null),
    condition: z.partialRecord(z.enum(CONDITION_ITEMS), z.boolean()).nullable().default(null),
    odometer_km: z.number().int().min(0).max(5_000_000).nullable().default(null),
    belongings: z.array(noMarkup(200)).max(50).default([]),
    yard_name: noMarkup(200).nullable().default(null),
    remarks: z.string().trim().max(2000).refine((v) => !/[<>]/.test(v), 'must not contain markup tags').nullable().default(null),
  })
  .superRefine((b, ctx) => {
    const need = (ok: boolean, path: string, message: string) => {
      if (!ok) ctx.addIssue({ code: 'custom', path: [path], message });
    };
    if (b.step === 'police_before' || b.step === 'police_after') need(Boolean(b.police_station), 'police_station', 'police_station is required for a police intimation');
    if (b.step === 'repossession') {
      need(b.outcome !== null, 'outcome', 'outcome is required for the repossession step');
      need(Boolean(b.place), 'place', 'place is required for the repossession step');
      if (b.outcome === 'success') need(b.condition !== null, 'condition', 'condition is required for a repossession');
    }
    if (b.step === 'yard_handover') need(Boolean(b.yard_name), 'yard_name', 'yard_name is required for the handover');
  });
export type StepBody = z.input<typeof stepBody>;

export const yardBody = z.object({
  yard_name: noMarkup(200),
  inventory: z.array(noMarkup(200)).max(100).default([]),
  valuation_minor: positiveMinorAmount,
  valuer: noMarkup(200),
});
export type YardBody = z.infer<typeof yardBody>;

export const releaseBody = z.object({
  mode: z.enum(RELEASE_MODES),
  /** The amount paid by the borrower, or the auction's sale price, in minor units. */
  amount_minor: positiveMinorAmount,
  buyer_name: noMarkup(200).optional(),
  reference: noMarkup(100).optional(),
});
export type ReleaseBody = z.infer<typeof releaseBody>;

export const bulkStatusBody = z.object({
  updates: z
    .array(z.object({ loan_id: text(100), status: z.enum(REPOSSESSION_STATUSES), remarks: noMarkup(500).optional() }))
    .min(1)
    .max(1000),
});
export type BulkStatusBody = z.infer<typeof bulkStatusBody>;
export const bulkStatusResponse = z.object({
  updated: z.number().int(),
  /** Loans without an open repossession case of the company. */
  not_found: z.array(z.string()),
});

export const agentsResponse = z.object({ agents: z.array(z.object({ user_id: z.string(), name: z.string(), profession: z.string() })) });
export type RepossessionAgent = z.infer<typeof agentsResponse>['agents'][number];

/** `POST /repossession/cases/{case_id}/notice/send`: the pre-repossession notice (PDF) to the borrower by email or WhatsApp. */
export const sendNoticeBody = z.object({
  channel: z.enum(['email', 'whatsapp']),
  /** Language of the refusal reasons when the compliance check blocks the message. */
  lang: z.enum(['en', 'hi', 'id']).default('en'),
});
export type SendNoticeBody = z.input<typeof sendNoticeBody>;
/** What became of the notice's message: sent, blocked (compliance; `reasons`) or failed (the provider). */
export const noticeSendRecord = z.object({
  case_id: z.string(),
  outcome: z.enum(['sent', 'blocked', 'failed']),
  channel: z.enum(['email', 'whatsapp']),
  message_id: z.string(),
  message_status: z.string(),
  reasons: z.array(z.string()),
});
export type NoticeSendRecord = z.infer<typeof noticeSendRecord>;

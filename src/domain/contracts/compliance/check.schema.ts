/** Schemas of the dry-run check and of overrides (issue 13). Behind ./check.ts. */
import { z } from 'zod';
import { REASON_CODES } from '../../compliance/reasons';
import { CONTACT_CHANNELS, CONTACT_PURPOSES, CONTACT_ROLES } from '../../compliance/rules';
import { isoDateTime } from '../common.schema';
import { companyQuery } from '../envelope';

/** `POST /api/compliance/check` body: what would be contacted, how and when (default: now). */
export const checkBody = z.object({
  channel: z.enum(CONTACT_CHANNELS),
  loan_id: z.string().trim().min(1).max(100),
  /** The number or address; default the borrower's number. */
  to: z.string().trim().min(1).max(200).optional(),
  at: isoDateTime.optional(),
  purpose: z.enum(CONTACT_PURPOSES).default('payment'),
  /** An SMS's text and its DLT content template id, to check the text against the template. */
  text: z.string().max(2000).optional(),
  dlt_template_id: z.string().min(1).max(64).optional(),
  /** The language of the reasons' messages. */
  lang: z.enum(['en', 'hi', 'id']).default('en'),
});
export type CheckBody = z.infer<typeof checkBody>;

export const reasonRecord = z.object({
  code: z.enum(REASON_CODES),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type ReasonRecord = z.infer<typeof reasonRecord>;

/** A decision: allowed or not, every broken rule, and the borrower's clock it was judged on. */
export const decisionRecord = z.object({
  allowed: z.boolean(),
  reasons: z.array(reasonRecord),
  /** The supervisor override that allows it, when one does. */
  override_id: z.string().nullable(),
  loan_id: z.string(),
  channel: z.enum(CONTACT_CHANNELS),
  to: z.string().nullable(),
  role: z.enum(CONTACT_ROLES),
  at: z.string(),
  time_zone: z.string(),
  local_time: z.string(),
});
export type DecisionRecord = z.infer<typeof decisionRecord>;

/** `POST /api/compliance/overrides`: allow one contact of a loan on a channel outside a rule, with the reason. */
export const overrideBody = z.object({
  loan_id: z.string().trim().min(1).max(100),
  channel: z.enum(CONTACT_CHANNELS),
  reason: z.string().trim().min(5, 'Give the reason for the override (at least 5 characters)').max(500),
});
export type OverrideBody = z.infer<typeof overrideBody>;

export const overrideRecord = z.object({
  override_id: z.string(),
  loan_id: z.string(),
  channel: z.enum(CONTACT_CHANNELS),
  reason: z.string(),
  granted_by: z.string(),
  granted_by_name: z.string().nullable(),
  created_at: z.string(),
  /** Valid until then (the end of the borrower's local day), unless used. */
  expires_at: z.string(),
  used_at: z.string().nullable(),
});
export type OverrideRecord = z.infer<typeof overrideRecord>;
export const overridesQuery = companyQuery.extend({ loan_id: z.string().min(1).max(100).optional() });
export const overridesResponse = z.object({ overrides: z.array(overrideRecord) });

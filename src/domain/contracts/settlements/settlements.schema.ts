/** Schemas of settlements (issue 16 "Settlements"). Behind ./settlements.ts. */
import { z } from 'zod';
import { calendarDay, positiveMinorAmount } from '../common.schema';
import { companyQuery, pagingQuery } from '../envelope';
import { INSTALMENT_STATUSES, LETTER_LANGUAGES, SETTLEMENT_EXPORT_KINDS, SETTLEMENT_STATUSES, SETTLEMENT_TYPES } from '../../settlements/settlements';
import { SETTLEMENT_EXPORT_STATUSES } from '../../bulk/termination';


export const proposalBody = z.object({
  loan_id: z.string().trim().min(1).max(100),
  settlement_type: z.enum(SETTLEMENT_TYPES),
  settlement_amount_minor: positiveMinorAmount,
  /** Default: the loan's total_claim_amount. */
  total_claim_amount_minor: positiveMinorAmount.optional(),
  validity_date: calendarDay,
  reason: z.string().trim().min(1).max(1000),
  /** The letter's language (English, Hindi, Bahasa Indonesia); default by the company's country. */
  language: z.enum(LETTER_LANGUAGES).optional(),
  /** One-time: optional (one payment due on the validity date). Instalments: two or more, adding up to the amount. */
  instalments: z.array(z.object({ due_date: calendarDay, amount_minor: positiveMinorAmount })).max(60).default([]),
});
export type ProposalBody = z.input<typeof proposalBody>;

export const instalmentRecord = z.object({
  seq: z.number().int(),
  due_date: z.string(),
  amount_minor: z.number().int(),
  paid_minor: z.number().int(),
  status: z.enum(INSTALMENT_STATUSES),
});
export type InstalmentRecord = z.infer<typeof instalmentRecord>;

export const settlementRecord = z.object({
  settlement_id: z.string(),
  loan_id: z.string(),
  allocation_month: z.string(),
  /** Masked for a masked caller. */
  applicant_name: z.string().nullable(),
  settlement_type: z.enum(SETTLEMENT_TYPES),
  settlement_amount_minor: z.number().int(),
  total_claim_amount_minor: z.number().int(),
  waiver_amount_minor: z.number().int(),
  waiver_pct: z.number(),
  validity_date: z.string(),
  reason: z.string(),
  language: z.enum(LETTER_LANGUAGES),
  status: z.enum(SETTLEMENT_STATUSES),
  request_id: z.string().nullable(),
  proposed_by: z.string(),
  proposed_by_name: z.string().nullable(),
  created_at: z.string(),
  approved_at: z.string().nullable(),
  paid_minor: z.number().int(),
});
export type SettlementRecord = z.infer<typeof settlementRecord>;
export const settlementDetail = settlementRecord.extend({ instalments: z.array(instalmentRecord), grace_days: z.number().int() });
export type SettlementDetail = z.infer<typeof settlementDetail>;

export const listQuery = pagingQuery.extend(companyQuery.shape).extend({
  status: z.enum(SETTLEMENT_STATUSES).optional(),
  settlement_type: z.enum(SETTLEMENT_TYPES).optional(),
  loan_id: z.string().trim().min(1).max(100).optional(),
});
export const listResponse = z.object({ settlements: z.array(settlementRecord), total: z.number().int() });
export const settlementParams = z.object({ settlement_id: z.string().min(1).max(64) });
export const letterQuery = companyQuery.extend({ language: z.enum(LETTER_LANGUAGES).optional() });

export const settingsRecord = z.object({ grace_days: z.number().int().min(0).max(90) });
export const settingsBody = settingsRecord;

export const exportBody = z.object({ kind: z.enum(SETTLEMENT_EXPORT_KINDS), status: z.enum(SETTLEMENT_STATUSES).optional() });
export const exportRecord = z.object({
  export_id: z.string(),
  kind: z.enum(SETTLEMENT_EXPORT_KINDS),
  status: z.enum(SETTLEMENT_EXPORT_STATUSES),
  rows: z.number().int().nullable(),
  message: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type SettlementExportRecord = z.infer<typeof exportRecord>;
export const exportsResponse = z.object({ exports: z.array(exportRecord) });
export const exportParams = z.object({ export_id: z.string().min(1).max(64) });


/** `POST /settlement/settlements/{id}/letter/send`: the approved letter (PDF) to the borrower by email or WhatsApp. */
export const sendLetterBody = z.object({
  channel: z.enum(['email', 'whatsapp']),
  /** The letter's language; the settlement's own when absent. */
  language: z.enum(LETTER_LANGUAGES).optional(),
  /** Language of the refusal reasons when the compliance check blocks the message. */
  lang: z.enum(['en', 'hi', 'id']).default('en'),
});
export type SendLetterBody = z.input<typeof sendLetterBody>;
/** What became of the letter's message: sent, blocked (compliance; `reasons`) or failed (the provider). */
export const letterSendRecord = z.object({
  settlement_id: z.string(),
  outcome: z.enum(['sent', 'blocked', 'failed']),
  channel: z.enum(['email', 'whatsapp']),
  message_id: z.string(),
  message_status: z.string(),
  reasons: z.array(z.string()),
});
export type LetterSendRecord = z.infer<typeof letterSendRecord>;

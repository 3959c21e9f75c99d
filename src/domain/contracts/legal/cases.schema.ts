/** Schemas of litigation cases (issue 17). Behind ./cases.ts. */
import { z } from 'zod';
import { calendarDay, minorAmount, month } from '../common.schema';
import { companyQuery, pagingQuery } from '../envelope';
import { CASE_DOCUMENT_TYPES, COST_KINDS, PROCESS_TYPES } from '../../legal/cases';
import { LIMITATION_RESTART_KINDS } from '../../legal/limitation';

const text = (max: number) => z.string().trim().min(1).max(max);

export const caseRecord = z.object({
  case_id: z.string(),
  process_type: z.enum(PROCESS_TYPES),
  loan_id: z.string(),
  allocation_month: z.string(),
  /** Masked for a masked caller. */
  applicant_name: z.string().nullable(),
  stage: z.string(),
  stage_since: z.string(),
  /** The stage's statutory deadline (SARFAESI), 'YYYY-MM-DD', or null. */
  stage_deadline: z.string().nullable(),
  /** The loan's date of default, 'YYYY-MM-DD', or null when the loan has none. */
  date_of_default: z.string().nullable(),
  /** The last day to bring the process (Limitation Act; domain/legal/limitation.ts limitationOf): from the date of default, or from the last acknowledgment or part payment that restarted it; null when none applies. */
  limitation_date: z.string().nullable(),
  /** What last restarted the limitation (s.18 acknowledgment, s.19 part payment) and its day, or null when it runs from the date of default. */
  limitation_restarted_by: z.object({ kind: z.enum(LIMITATION_RESTART_KINDS), date: z.string() }).nullable(),
  court: z.string().nullable(),
  case_number: z.string().nullable(),
  advocate_id: z.string().nullable(),
  advocate_name: z.string().nullable(),
  next_hearing_date: z.string().nullable(),
  updated_at: z.string(),
});
export type CaseRecord = z.infer<typeof caseRecord>;
/** A type's cases (`/app/process-tracking/{type}`), or a loan's cases of every type (`loan_id`, the loan's notice-tracking tab): one of the two. */
export const casesQuery = pagingQuery
  .extend(companyQuery.shape)
  .extend({ process_type: z.enum(PROCESS_TYPES).optional(), loan_id: z.string().trim().min(1).max(100).optional() })
  .refine((q) => q.process_type || q.loan_id, { message: 'Give process_type or loan_id', path: ['process_type'] });
export const casesPage = z.object({ cases: z.array(caseRecord), total: z.number().int() });
export const caseParams = z.object({ case_id: z.string().min(1).max(64) });

const editable = {
  stage: text(40).optional(),
  court: text(200).nullable().optional(),
  case_number: text(60).nullable().optional(),
  advocate_id: z.string().min(1).max(64).nullable().optional(),
  next_hearing_date: calendarDay.nullable().optional(),
};
export const caseBody = z.object({ process_type: z.enum(PROCESS_TYPES), loan_id: text(100), allocation_month: month, ...editable });
export type CaseBody = z.infer<typeof caseBody>;
export const caseUpdate = z.object(editable);
export type CaseUpdate = z.infer<typeof caseUpdate>;

export const legalMember = z.object({ user_id: z.string(), name: z.string(), profession: z.string() });
export type LegalMember = z.infer<typeof legalMember>;
export const advocatesResponse = z.object({ advocates: z.array(legalMember) });

export const hearingRecord = z.object({
  hearing_id: z.string(),
  hearing_date: z.string(),
  stage: z.string(),
  proceedings: z.string().nullable(),
  order_text: z.string().nullable(),
  next_hearing_date: z.string().nullable(),
  recorded_by_name: z.string().nullable(),
  recorded_at: z.string(),
});
export type HearingRecord = z.infer<typeof hearingRecord>;
export const costRecord = z.object({
  cost_id: z.string(),
  kind: z.enum(COST_KINDS),
  amount_minor: z.number().int(),
  incurred_on: z.string(),
  note: z.string().nullable(),
  recorded_at: z.string(),
});
export type CostRecord = z.infer<typeof costRecord>;
export const caseDocumentRecord = z.object({
  document_id: z.string(),
  document_type: z.enum(CASE_DOCUMENT_TYPES),
  file_name: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int(),
  uploaded_at: z.string(),
});
export type CaseDocumentRecord = z.infer<typeof caseDocumentRecord>;
/** A written acknowledgment of the debt recorded on a case (Limitation Act s.18). */
export const acknowledgmentRecord = z.object({
  acknowledgment_id: z.string(),
  acknowledged_on: z.string(),
  remarks: z.string().nullable(),
  /** One of the case's documents (the signed letter), or null. */
  document_id: z.string().nullable(),
  document_file_name: z.string().nullable(),
  recorded_by_name: z.string().nullable(),
  recorded_at: z.string(),
});
export type AcknowledgmentRecord = z.infer<typeof acknowledgmentRecord>;
/** A case with its history: hearings (newest first), costs and their total (paise), documents, acknowledgments (newest first). */
export const caseDetail = caseRecord.extend({
  hearings: z.array(hearingRecord),
  costs: z.array(costRecord),
  costs_total_minor: z.number().int(),
  documents: z.array(caseDocumentRecord),
  acknowledgments: z.array(acknowledgmentRecord),
});
export type CaseDetail = z.infer<typeof caseDetail>;

export const hearingBody = z
  .object({
    hearing_date: calendarDay,
    proceedings: text(2000).nullable().optional(),
    order_text: text(4000).nullable().optional(),
    /** The date the court gave next (becomes the case's next hearing; none clears it). */
    next_hearing_date: calendarDay.nullable().optional(),
    /** The stage the case moved to at this hearing, if it moved. */
    stage: text(40).optional(),
  })
  .refine((b) => !b.next_hearing_date || b.next_hearing_date > b.hearing_date, { message: 'next_hearing_date must be after hearing_date', path: ['next_hearing_date'] });
export type HearingBody = z.infer<typeof hearingBody>;
export const costBody = z.object({ kind: z.enum(COST_KINDS), amount_minor: minorAmount.refine((n) => n > 0, 'amount_minor must be more than 0'), incurred_on: calendarDay, note: text(500).nullable().optional() });
export type CostBody = z.infer<typeof costBody>;
/** An acknowledgment: the day it was signed (not after the company's today), remarks, the case document holding it. */
export const acknowledgmentBody = z.object({ acknowledged_on: calendarDay, remarks: text(1000).nullable().optional(), document_id: z.string().min(1).max(64).nullable().optional() });
export type AcknowledgmentBody = z.infer<typeof acknowledgmentBody>;
export const caseDocumentFields = z.object({ document_type: z.enum(CASE_DOCUMENT_TYPES) });
export const caseDocumentParams = z.object({ document_id: z.string().min(1).max(64) });

/** The lawyer's calendar: hearings, statutory deadlines and limitation last days between two days (at most CALENDAR_MAX_DAYS). */
export const calendarQuery = companyQuery.extend({ from: calendarDay, to: calendarDay }).refine((q) => q.from <= q.to, { message: 'from must not be after to', path: ['to'] });
export const calendarEntry = z.object({
  date: z.string(),
  kind: z.enum(['hearing', 'deadline', 'limitation']),
  case_id: z.string(),
  process_type: z.enum(PROCESS_TYPES),
  loan_id: z.string(),
  applicant_name: z.string().nullable(),
  stage: z.string(),
  court: z.string().nullable(),
  case_number: z.string().nullable(),
  advocate_name: z.string().nullable(),
});
export type CalendarEntry = z.infer<typeof calendarEntry>;
export const calendarResponse = z.object({ entries: z.array(calendarEntry) });

/** The legal portfolio: cases by type and stage, by court, by advocate, and the next hearings. */
export const portfolioResponse = z.object({
  total: z.number().int(),
  by_stage: z.array(z.object({ process_type: z.enum(PROCESS_TYPES), stage: z.string(), count: z.number().int() })),
  by_court: z.array(z.object({ court: z.string().nullable(), count: z.number().int() })),
  by_advocate: z.array(z.object({ advocate_id: z.string().nullable(), advocate_name: z.string().nullable(), count: z.number().int() })),
  next_hearings: z.array(caseRecord),
});
export type LegalPortfolio = z.infer<typeof portfolioResponse>;

/** Schemas of litigation cases (issue 17). Behind ./cases.ts. */
import { z } from 'zod';
import { calendarDay, month } from '../common.schema';
import { companyQuery, pagingQuery } from '../envelope';
import { PROCESS_TYPES } from '../../legal/cases';

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
  court: z.string().nullable(),
  case_number: z.string().nullable(),
  advocate_id: z.string().nullable(),
  advocate_name: z.string().nullable(),
  next_hearing_date: z.string().nullable(),
  updated_at: z.string(),
});
export type CaseRecord = z.infer<typeof caseRecord>;
export const casesQuery = pagingQuery.extend(companyQuery.shape).extend({ process_type: z.enum(PROCESS_TYPES) });
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

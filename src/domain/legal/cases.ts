/**
 * Litigation cases (issue 17 "Litigation"; spec 2 `/app/process-tracking/{type}`): the process
 * types, spelled as the spec's routes write them, and the stages of each, in order. A case moves
 * through its type's stages; the next hearing date is the advocate's calendar.
 */
import { addDays, type CalendarDay } from '../common/calendar';
import { ARBITRATION_REPLY_DAYS, NI_138_PAYMENT_DAYS, PRESUMED_DELIVERY_DAYS, SARFAESI_13_2_DAYS, SARFAESI_13_3A_REPLY_DAYS } from './statute';

/** Spec 2 process types. */
export const PROCESS_TYPES = ['common_legal_process', 'criminal_proceedings', 'sarfaesi', 'civil', 'arbitration', 'against', 'ibc'] as const;
export type ProcessType = (typeof PROCESS_TYPES)[number];

/** The stages of each process type, in order (issue 17). */
export const PROCESS_STAGES: Record<ProcessType, readonly string[]> = {
  common_legal_process: ['notice', 'reply', 'filing', 'hearing', 'order', 'closed'],
  // Criminal: NI Act s.138 complaints and other criminal complaints.
  criminal_proceedings: ['notice', 'complaint', 'cognizance', 'summons', 'evidence', 'judgment', 'appeal'],
  sarfaesi: ['demand_13_2', 'objection_reply_13_3a', 'possession_13_4', 'order_s14', 'auction'],
  civil: ['plaint', 'summons', 'written_statement', 'issues', 'evidence', 'arguments', 'decree', 'execution'],
  arbitration: ['invocation', 'appointment', 'claim', 'award', 'execution'],
  // Cases filed against the lender (consumer complaints, writs, suits).
  against: ['received', 'reply_filed', 'hearing', 'order', 'appeal', 'closed'],
  ibc: ['application_s7_s9', 'admission', 'cirp', 'resolution', 'liquidation'],
};

/** Whether `stage` is one of `type`'s stages. */
export function isStageOf(type: ProcessType, stage: string): boolean {
  return PROCESS_STAGES[type].includes(stage);
}

/** NI Act s.142(1)(b): the complaint is filed within one month of the cause of action (the 15 days to pay running out). */
export const NI_138_COMPLAINT_DAYS = 30;
/** IBC s.12(1): the corporate insolvency resolution process ends within 180 days of admission. */
export const IBC_CIRP_DAYS = 180;
/** IBC s.7(4) / s.9(5): the adjudicating authority admits or rejects within 14 days of the application. */
export const IBC_ADMISSION_DAYS = 14;
/** CPC Order VIII rule 1: the defendant's written statement within 30 days of the summons (the lender's reply in a case against it). */
export const WRITTEN_STATEMENT_DAYS = 30;

/**
 * The statutory deadline of a case's stage, counted from the day the stage began, or null when the
 * statute sets none: SARFAESI 13(2) → 60 days to pay (possession may follow after), 13(3A) → the
 * lender's reply within 15 days of the objection; s.138 notice → the complaint by 5 delivery days
 * + 15 to pay + 30 (s.142(1)(b)); arbitration invocation → the other side's 30 days to agree the
 * arbitrator (s.11(4)); IBC application → admission within 14 days, CIRP → 180 days; a case
 * against the lender → its reply within 30 days.
 */
export function stageDeadline(type: ProcessType, stage: string, since: CalendarDay): CalendarDay | null {
  const days = DEADLINE_DAYS[type]?.[stage];
  return days === undefined ? null : addDays(since, days);
}

const DEADLINE_DAYS: Partial<Record<ProcessType, Record<string, number>>> = {
  sarfaesi: { demand_13_2: SARFAESI_13_2_DAYS, objection_reply_13_3a: SARFAESI_13_3A_REPLY_DAYS },
  criminal_proceedings: { notice: PRESUMED_DELIVERY_DAYS + NI_138_PAYMENT_DAYS + NI_138_COMPLAINT_DAYS },
  arbitration: { invocation: ARBITRATION_REPLY_DAYS },
  ibc: { application_s7_s9: IBC_ADMISSION_DAYS, cirp: IBC_CIRP_DAYS },
  against: { received: WRITTEN_STATEMENT_DAYS },
};

/** Limitation (ss. 18, 19 restarts included) lives in ./limitation.ts. */
export { LIMITATION_YEARS, limitationDate } from './limitation';

/** Kinds of a case's costs (paise). */
export const COST_KINDS = ['court_fee', 'advocate_fee', 'stamp_duty', 'process_fee', 'travel', 'other'] as const;
export type CostKind = (typeof COST_KINDS)[number];

/** Kinds of a case's documents: the orders of the court, filings, evidence, anything else. */
export const CASE_DOCUMENT_TYPES = ['order', 'filing', 'evidence', 'other'] as const;
export type CaseDocumentType = (typeof CASE_DOCUMENT_TYPES)[number];

/** Days ahead an advocate is reminded of a hearing or a statutory deadline (and again on the day). */
export const REMINDER_DAYS_AHEAD = 3;

/** The loan's `legal_status` (spec 3 status fields) for a case at `stage`: "sarfaesi: possession_13_4". */
export function legalStatusOf(type: ProcessType, stage: string): string {
  return `${type}: ${stage}`;
}

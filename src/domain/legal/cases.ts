/**
 * Litigation cases (issue 17 "Litigation"; spec 2 `/app/process-tracking/{type}`): the process
 * types, spelled as the spec's routes write them, and the stages of each, in order. A case moves
 * through its type's stages; the next hearing date is the advocate's calendar.
 */
import { addDays, type CalendarDay } from '../common/calendar';
import { SARFAESI_13_2_DAYS, SARFAESI_13_3A_REPLY_DAYS } from './statute';

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

/**
 * The statutory deadline of a case's stage, counted from the day the stage began, or null when the
 * statute sets none: SARFAESI 13(2) → 60 days to pay (possession may follow after), 13(3A) → the
 * lender's reply within 15 days of the objection.
 */
export function stageDeadline(type: ProcessType, stage: string, since: CalendarDay): CalendarDay | null {
  if (type !== 'sarfaesi') return null;
  if (stage === 'demand_13_2') return addDays(since, SARFAESI_13_2_DAYS);
  if (stage === 'objection_reply_13_3a') return addDays(since, SARFAESI_13_3A_REPLY_DAYS);
  return null;
}

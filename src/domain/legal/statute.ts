/**
 * Statutory dates of legal notices (issue 17 "Notices"), pure calendar arithmetic on 'YYYY-MM-DD'
 * days (no time zone: a notice is dated in the company's own calendar).
 *
 * - Negotiable Instruments Act 1881 s.138 (India): the demand notice must be sent within 30 days
 *   of the bank's cheque return memo (proviso (b)); the drawer has 15 days from receiving it to pay
 *   (proviso (c)); a complaint lies within one month after those 15 days (s.142(1)(b)).
 * - SARFAESI Act 2002 s.13(2): the borrower has 60 days from the demand notice to discharge the
 *   liability; s.13(3A): the lender answers an objection within 15 days; s.13(4): measures
 *   (possession) only once the 60 days have passed.
 * - Arbitration and Conciliation Act 1996 s.21 invocation: the other party has 30 days to agree
 *   on the arbitrator (s.11(4)(a), (5)) before the court is approached.
 * - Loan recall: the contractual notice period (default 15 days).
 * - Somasi (Indonesia, KUHPerdata art. 1238): a written warning with a period to pay; practice is
 *   7 days per somasi, up to three.
 */
import { addDays, isCalendarDay, type CalendarDay } from '../common/calendar';

/** The notice kinds (process templates) this product writes. */
export const NOTICE_KINDS = ['ni_138', 'sarfaesi_13_2', 'sarfaesi_13_4', 'arbitration_invocation', 'loan_recall', 'somasi_1', 'somasi_2', 'somasi_3', 'conciliation', 'lok_adalat'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** Days the s.138 notice may follow the cheque return memo. */
export const NI_138_NOTICE_WINDOW_DAYS = 30;
/** Days the drawer has to pay after receiving the s.138 notice. */
export const NI_138_PAYMENT_DAYS = 15;
/** Days to discharge the liability after a SARFAESI s.13(2) notice. */
export const SARFAESI_13_2_DAYS = 60;
/** Days the lender has to answer an objection to a s.13(2) notice (s.13(3A)). */
export const SARFAESI_13_3A_REPLY_DAYS = 15;
/** Days to agree on the arbitrator after invocation (s.11(4)(a)). */
export const ARBITRATION_REPLY_DAYS = 30;
/** Default contractual period of a loan recall notice. */
export const LOAN_RECALL_DAYS = 15;
/** Days the other party has to accept an invitation to conciliate before it counts as rejected (Arbitration and Conciliation Act s.62(3)). */
export const CONCILIATION_REPLY_DAYS = 30;
/** Days the borrower is given to agree to the matter being placed before a Lok Adalat (the lender's own period; the Legal Services Authorities Act sets none). */
export const LOK_ADALAT_REPLY_DAYS = 15;
/** Days to pay after each somasi. */
export const SOMASI_DAYS = 7;
/** Days the post is presumed to take to deliver a notice (General Clauses Act s.27 practice) when the receipt date is not known. */
export const PRESUMED_DELIVERY_DAYS = 5;

/** What a notice's dates are computed from. */
export interface StatuteInput {
  /** The day the notice is issued. */
  issueDate: CalendarDay;
  /** s.138: the day of the bank's cheque return memo. */
  chequeReturnMemoDate?: CalendarDay | null;
  /** s.13(4): the day of the s.13(2) demand notice. */
  demandNoticeDate?: CalendarDay | null;
}

/** The computed dates of a notice, named as the templates use them (`{{pay_by}}`…). */
export type StatuteDates = Record<string, CalendarDay>;

/** Why a notice cannot be issued with these dates (shown on the notice's row), or a missing input. */
export class StatuteError extends Error {
  constructor(
    message: string,
    /** 'missing': an input the kind needs is absent (no_data_found); 'window': the law forbids the notice now (failed). */
    readonly code: 'missing' | 'window',
  ) {
    super(message);
  }
}

function need(value: CalendarDay | null | undefined, name: string): CalendarDay {
  if (!value || !isCalendarDay(value)) throw new StatuteError(`${name} is missing`, 'missing');
  return value;
}

/**
 * The statutory dates of a notice of `kind` issued on `input.issueDate`.
 * - ni_138: `notice_last_day` (memo + 30), `pay_by` (issue + presumed delivery + 15),
 *   `complaint_by` (pay_by + 30, the one month of s.142(1)(b) counted as 30 days).
 * - sarfaesi_13_2: `pay_by` (issue + 60), `objection_reply_days` is fixed text, not a date.
 * - sarfaesi_13_4: `demand_expired_on` (demand + 60).
 * - arbitration_invocation: `reply_by` (issue + 30). loan_recall: `pay_by` (issue + 15).
 * - somasi_n: `pay_by` (issue + 7).
 * - conciliation: `reply_by` (issue + 30, s.62(3)). lok_adalat: `reply_by` (issue + 15).
 * @throws StatuteError 'missing' when the kind's input date is absent; 'window' when an s.138
 *   notice is past the 30 days of the memo, or an s.13(4) notice comes before the 60 days ended.
 */
export function statuteDates(kind: NoticeKind, input: StatuteInput): StatuteDates {
  const issue = need(input.issueDate, 'issue date');
  switch (kind) {
    case 'ni_138': {
      const memo = need(input.chequeReturnMemoDate, 'cheque_return_memo_date');
      const last = addDays(memo, NI_138_NOTICE_WINDOW_DAYS);
      if (issue > last) throw new StatuteError(`The s.138 notice had to be sent by ${last} (30 days from the return memo of ${memo})`, 'window');
      if (issue < memo) throw new StatuteError(`The s.138 notice cannot precede the return memo of ${memo}`, 'window');
      const payBy = addDays(issue, PRESUMED_DELIVERY_DAYS + NI_138_PAYMENT_DAYS);
      return { issue_date: issue, cheque_return_memo_date: memo, notice_last_day: last, pay_by: payBy, complaint_by: addDays(payBy, 30) };
    }
    case 'sarfaesi_13_2':
      return { issue_date: issue, pay_by: addDays(issue, SARFAESI_13_2_DAYS) };
    case 'sarfaesi_13_4': {
      const demand = need(input.demandNoticeDate, 'demand_notice_date');
      const expired = addDays(demand, SARFAESI_13_2_DAYS);
      if (issue <= expired) throw new StatuteError(`The s.13(4) notice may follow only after ${expired} (60 days from the s.13(2) notice of ${demand})`, 'window');
      return { issue_date: issue, demand_notice_date: demand, demand_expired_on: expired };
    }
    case 'arbitration_invocation':
      return { issue_date: issue, reply_by: addDays(issue, ARBITRATION_REPLY_DAYS) };
    case 'loan_recall':
      return { issue_date: issue, pay_by: addDays(issue, LOAN_RECALL_DAYS) };
    case 'somasi_1':
    case 'somasi_2':
    case 'somasi_3':
      return { issue_date: issue, pay_by: addDays(issue, SOMASI_DAYS) };
    case 'conciliation':
      return { issue_date: issue, reply_by: addDays(issue, CONCILIATION_REPLY_DAYS) };
    case 'lok_adalat':
      return { issue_date: issue, reply_by: addDays(issue, LOK_ADALAT_REPLY_DAYS) };
  }
}

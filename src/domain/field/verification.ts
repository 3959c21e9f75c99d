/**
 * Visit verification rules (issue 5 "Visit verification"): the flags added beside geo.ts's
 * (PTP above dues, receipt not deposited in time) and what a reviewer's decision must carry.
 */
import type { Minor } from '../common/money';
import { containsMarkup } from '../validation/rules';

export const VERIFICATION_STATUSES = ['not_required', 'pending', 'approved', 'rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];
/** What a reviewer decides. */
export const VERIFICATION_DECISIONS = ['approved', 'rejected'] as const;
export type VerificationDecision = (typeof VERIFICATION_DECISIONS)[number];

/**
 * Days a cash / cheque / DD receipt may stay undeposited before its visit is flagged
 * 'receipt_not_deposited' (the server's RECEIPT_DEPOSIT_DAYS setting, this when unset).
 */
export const DEFAULT_RECEIPT_DEPOSIT_DAYS = 2;

export const REJECT_REASON_REQUIRED = 'A reason is required to reject a visit';
export const DECISION_MARKUP_MESSAGE = 'Reason must not contain markup tags';

/**
 * Whether a PTP promises more than the loan owes. Amounts in minor units (paise, sen); false when
 * either is unknown.
 */
export function ptpAboveDues(ptpAmountMinor: Minor | null | undefined, totalDuesMinor: Minor | null | undefined): boolean {
  if (ptpAmountMinor == null || totalDuesMinor == null) return false;
  return ptpAmountMinor > totalDuesMinor;
}

/**
 * The problem with a reviewer's decision, or null when it may be recorded: a rejection needs a
 * non-blank reason; a reason with markup is refused (spec 5).
 */
export function decisionProblem(decision: VerificationDecision, reason: string | null | undefined): string | null {
  const text = (reason ?? '').trim();
  if (decision === 'rejected' && text === '') return REJECT_REASON_REQUIRED;
  if (text !== '' && containsMarkup(text)) return DECISION_MARKUP_MESSAGE;
  return null;
}

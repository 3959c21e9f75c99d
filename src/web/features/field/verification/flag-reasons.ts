/**
 * Why a visit is in the verification queue, in words a reviewer can act on (issue 5 "the flags
 * with a human reason each"): each flag of the visit with the figures behind it (distance and its
 * limit, GPS accuracy, PTP against dues, the receipt's age). Pure: the screen turns each reason into
 * text with `t(key, values)`.
 */
import type { VerificationItem } from '../../../../domain/contracts/field/verification';
import { formatMinor, toMinor, type Currency } from '../../../../domain/common/money';
import { VERIFICATION_LIMITS, type VisitFlag } from '../../../../domain/field/geo';
import { DEFAULT_RECEIPT_DEPOSIT_DAYS } from '../../../../domain/field/verification';
import { formatDistance } from '../visits/visit-plan';

export interface FlagReason {
  flag: VisitFlag;
  /** i18n key under `verification.reason`. */
  key: string;
  values: Record<string, string | number>;
}

const HOUR_MS = 3_600_000;

/**
 * The reasons of a queue item's flags, in the visit's flag order.
 * @param receiptDepositDays the server's limit for an undeposited receipt (the queue's `receipt_deposit_days`)
 * @param now for the age of an undeposited receipt
 * @returns one reason per flag; a flag whose figures are missing gets its short form (`*_unknown`)
 */
export function flagReasons(item: VerificationItem, currency: Currency, receiptDepositDays: number = DEFAULT_RECEIPT_DEPOSIT_DAYS, now: Date = new Date()): FlagReason[] {
  const { visit, loan, receipt } = item;
  // Visits cached by an older app version carry only the major-unit ptp_amount.
  const ptpMinor = visit.ptp_amount_minor ?? (visit.ptp_amount === null ? null : toMinor(visit.ptp_amount));
  return visit.flags.map((flag): FlagReason => {
    switch (flag) {
      case 'too_far':
        return visit.distance_m === null
          ? { flag, key: 'verification.reason.too_far_unknown', values: { limit: formatDistance(VERIFICATION_LIMITS.maxDistanceMetres) } }
          : {
              flag,
              key: 'verification.reason.too_far',
              values: { distance: formatDistance(visit.distance_m), limit: formatDistance(VERIFICATION_LIMITS.maxDistanceMetres) },
            };
      case 'poor_accuracy':
        return {
          flag,
          key: visit.accuracy_m === null ? 'verification.reason.poor_accuracy_unknown' : 'verification.reason.poor_accuracy',
          values: { accuracy: Math.round(visit.accuracy_m ?? 0), limit: VERIFICATION_LIMITS.maxAccuracyMetres },
        };
      case 'no_location':
        return { flag, key: 'verification.reason.no_location', values: {} };
      case 'no_photo':
        return { flag, key: 'verification.reason.no_photo', values: {} };
      case 'ptp_above_dues':
        return ptpMinor !== null && loan.total_dues_paise !== null
          ? {
              flag,
              key: 'verification.reason.ptp_above_dues',
              values: { ptp: formatMinor(ptpMinor, currency), dues: formatMinor(loan.total_dues_paise, currency) },
            }
          : { flag, key: 'verification.reason.ptp_above_dues_unknown', values: {} };
      case 'receipt_not_deposited': {
        if (!receipt) return { flag, key: 'verification.reason.receipt_not_deposited_unknown', values: { days: receiptDepositDays } };
        const hours = Math.max(0, (now.getTime() - new Date(receipt.collected_at).getTime()) / HOUR_MS);
        return {
          flag,
          key: 'verification.reason.receipt_not_deposited',
          values: {
            number: receipt.receipt_number,
            amount: formatMinor(receipt.amount_paise, currency),
            days: Math.floor(hours / 24),
            limit: receiptDepositDays,
          },
        };
      }
      default:
        return { flag, key: 'verification.reason.other', values: { flag } };
    }
  });
}

/**
 * Promise-to-pay rules (spec 3 call details, spec 9): a PTP is kept when the loan's payments from
 * the day it was made to the end of its date cover its amount, broken when its date has passed
 * without that, open otherwise. Amounts in minor units (paise, sen); dates 'YYYY-MM-DD' in the
 * company's local calendar.
 */
import type { Minor } from '../common/money';

export type PtpState = 'kept' | 'broken' | 'open';

export interface PtpFacts {
  /** The promised date, 'YYYY-MM-DD'. */
  ptpDate: string;
  amountMinor: Minor;
  /** The local day the promise was made, 'YYYY-MM-DD'. */
  madeOn: string;
}

export interface PaymentFacts {
  /** The local day of the payment, 'YYYY-MM-DD'. */
  paidOn: string;
  amountMinor: Minor;
}

/**
 * The state of a PTP on local day `today`: payments made between `madeOn` and `ptpDate` (both
 * included) are summed; kept when they reach the amount, broken when `today` is after `ptpDate`
 * and they do not, open otherwise. A PTP of 0 is kept at once.
 */
export function ptpState(ptp: PtpFacts, payments: readonly PaymentFacts[], today: string): PtpState {
  const paid = payments.filter((p) => p.paidOn >= ptp.madeOn && p.paidOn <= ptp.ptpDate).reduce((sum, p) => sum + p.amountMinor, 0);
  if (paid >= ptp.amountMinor) return 'kept';
  return today > ptp.ptpDate ? 'broken' : 'open';
}

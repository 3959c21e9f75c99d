/**
 * Dispositions an agent records after a call (spec 4 "Disposition form", spec 7): the company's
 * configured list, each saying whether it needs a PTP date and amount or a callback time. Pure
 * rules; the list a company uses lives in its calling settings.
 */

export interface DispositionOption {
  /** The label the agent picks and the loan's calling status becomes. */
  name: string;
  /** Needs `ptp_date` and `ptp_amount`. */
  ptp: boolean;
  /** Needs `callback_at` (creates a reminder). */
  callback: boolean;
}

/** The list a company starts with. */
export const DEFAULT_DISPOSITIONS: readonly DispositionOption[] = [
  { name: 'Promise to Pay', ptp: true, callback: false },
  { name: 'Call Back', ptp: false, callback: true },
  { name: 'Already Paid', ptp: false, callback: false },
  { name: 'Refused to Pay', ptp: false, callback: false },
  { name: 'Dispute', ptp: false, callback: false },
  { name: 'Wrong Number', ptp: false, callback: false },
  { name: 'Not Reachable', ptp: false, callback: false },
  { name: 'Ringing No Answer', ptp: false, callback: false },
];

export interface DispositionInput {
  disposition: string;
  ptp_date?: string | null;
  ptp_amount?: number | null;
  callback_at?: string | null;
}

/**
 * What is wrong with a disposition for `options` on local day `today` ('YYYY-MM-DD'), or null:
 * an unknown disposition; a PTP without a date or a positive amount, or dated before today; a
 * callback without a time.
 */
export function dispositionProblem(input: DispositionInput, options: readonly DispositionOption[], today: string): string | null {
  const option = options.find((o) => o.name === input.disposition);
  if (!option) return `Unknown disposition: ${input.disposition}`;
  if (option.ptp) {
    if (!input.ptp_date) return 'PTP date is required';
    if (input.ptp_date < today) return 'PTP date cannot be in the past';
    if (input.ptp_amount === null || input.ptp_amount === undefined || !(input.ptp_amount > 0)) return 'PTP amount is required';
  }
  if (option.callback && !input.callback_at) return 'Callback time is required';
  return null;
}

/**
 * A callback time as the vendor that needs it wants it (spec 4: "+0530 offset"): local wall time
 * in India with the offset spelled without a colon, 'YYYY-MM-DD HH:MM:SS+0530'.
 */
export function indiaCallbackTime(at: Date): string {
  const local = new Date(at.getTime() + 330 * 60_000).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, 19)}+0530`;
}

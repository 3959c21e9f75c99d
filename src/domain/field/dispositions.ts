/**
 * The standard FOS (field executive) disposition list and the fields each needs (issue 4 "Visit
 * form"). A visit records one disposition; `requiredFields` drives the form and the server check.
 */

export const FOS_DISPOSITIONS = [
  'Paid',
  'Partially Paid',
  'Promise to Pay',
  'Refused to Pay',
  'Customer Not Available',
  'Door Locked',
  'Shifted / Address Not Found',
  'Wrong Address',
  'Dispute',
  'Deceased',
  'Call Back',
] as const;
export type FosDisposition = (typeof FOS_DISPOSITIONS)[number];

/** Fields a disposition needs besides person met and remarks. */
export type DispositionField = 'amount_collected' | 'ptp_date' | 'ptp_amount' | 'callback_at' | 'dispute_reason' | 'new_address';

const REQUIRED: Readonly<Record<FosDisposition, readonly DispositionField[]>> = {
  Paid: ['amount_collected'],
  'Partially Paid': ['amount_collected'],
  'Promise to Pay': ['ptp_date', 'ptp_amount'],
  'Refused to Pay': [],
  'Customer Not Available': [],
  'Door Locked': [],
  'Shifted / Address Not Found': [],
  'Wrong Address': [],
  Dispute: ['dispute_reason'],
  Deceased: [],
  'Call Back': ['callback_at'],
};

/** Optional extra fields a disposition offers (shown, not required). */
const OPTIONAL: Readonly<Partial<Record<FosDisposition, readonly DispositionField[]>>> = {
  'Shifted / Address Not Found': ['new_address'],
};

/** The fields `disposition` requires. */
export function requiredFields(disposition: FosDisposition): readonly DispositionField[] {
  return REQUIRED[disposition];
}

/** The fields the form shows for `disposition`: required first, then optional. */
export function formFields(disposition: FosDisposition): readonly DispositionField[] {
  return [...REQUIRED[disposition], ...(OPTIONAL[disposition] ?? [])];
}

/** Whether money changes hands (a receipt is made). */
export function collectsMoney(disposition: FosDisposition): boolean {
  return disposition === 'Paid' || disposition === 'Partially Paid';
}

/** Who the executive met (visit form "person met"). */
export const PERSONS_MET = ['Borrower', 'Co-applicant', 'Family member', 'Neighbour', 'Guarantor', 'No one'] as const;
export type PersonMet = (typeof PERSONS_MET)[number];

/** Payment modes a receipt records (issue 4 "Receipt"). */
export const PAYMENT_MODES = ['cash', 'cheque', 'demand_draft', 'upi'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];
/** Modes the executive holds physically until deposited (issue 4 "Deposits"). */
export const DEPOSITABLE_MODES: readonly PaymentMode[] = ['cash', 'cheque', 'demand_draft'];

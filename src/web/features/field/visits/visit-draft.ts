/**
 * The visit form's values → the wire body of POST /api/fos/visits (contracts/field.ts visitBody),
 * with the form's checks (issue 4 "with the fields each needs"; spec 5 amount and markup rules).
 * Pure: the screen keeps the strings the user typed, this turns them into the body or errors.
 */
import { fromMinor, parseAmount } from '../../../../domain/common/money';
import type { ReceiptBody } from '../../../../domain/contracts/field/receipts';
import { receiptBody } from '../../../../domain/contracts/field/receipts.schema';
import type { VisitBody } from '../../../../domain/contracts/field/visits';
import { visitBody } from '../../../../domain/contracts/field/visits.schema';
import { FOS_DISPOSITIONS, PAYMENT_MODES, PERSONS_MET, requiredFields, type DispositionField, type FosDisposition } from '../../../../domain/field/dispositions';
import { containsMarkup, isValidAmount } from '../../../../domain/validation/rules';

/** What the user typed; every value is the input's string ('' when empty). */
export interface VisitDraft {
  person_met: string;
  disposition: string;
  amount_collected: string;
  ptp_date: string;
  ptp_amount: string;
  /** `datetime-local` value, e.g. '2026-11-23T15:30' (the phone's time zone). */
  callback_at: string;
  dispute_reason: string;
  new_address: string;
  remarks: string;
  next_visit_date: string;
}

export const EMPTY_DRAFT: VisitDraft = {
  person_met: '',
  disposition: '',
  amount_collected: '',
  ptp_date: '',
  ptp_amount: '',
  callback_at: '',
  dispute_reason: '',
  new_address: '',
  remarks: '',
  next_visit_date: '',
};

/** Error codes the screen translates (field.errors.<code>). */
export type DraftError = 'required' | 'amount' | 'markup' | 'past_date' | 'too_long';
export type DraftErrors = Partial<Record<keyof VisitDraft, DraftError>>;

/** The check-in sent with the visit; null when GPS gave no fix. */
export interface CheckInFix {
  latitude: number;
  longitude: number;
  accuracyM: number;
  at: string;
}

const TEXT_LIMITS: Partial<Record<keyof VisitDraft, number>> = { remarks: 2000, dispute_reason: 500, new_address: 500 };

function amountError(value: string): DraftError | null {
  return isValidAmount(value.trim()) && (parseAmount(value) ?? 0) > 0 ? null : 'amount';
}

/**
 * Checks the draft and builds the visit body.
 * @param today 'YYYY-MM-DD' on the phone (PTP and next visit dates may not be earlier)
 * @returns the body (validated by the wire schema) or the errors per field
 */
export function buildVisitBody(
  draft: VisitDraft,
  ctx: { loanId: string; allocationMonth: string; checkIn: CheckInFix | null; now: Date; today: string },
): { body: VisitBody; errors?: undefined } | { body?: undefined; errors: DraftErrors } {
  const errors: DraftErrors = {};
  if (!(PERSONS_MET as readonly string[]).includes(draft.person_met)) errors.person_met = 'required';
  if (!(FOS_DISPOSITIONS as readonly string[]).includes(draft.disposition)) errors.disposition = 'required';
  const disposition = draft.disposition as FosDisposition;
  const needed: readonly DispositionField[] = errors.disposition ? [] : requiredFields(disposition);
  for (const field of needed) if (draft[field].trim() === '') errors[field] = 'required';
  for (const field of ['amount_collected', 'ptp_amount'] as const) if (!errors[field] && draft[field].trim() !== '') errors[field] = amountError(draft[field]) ?? undefined;
  for (const field of ['ptp_date', 'next_visit_date'] as const) if (!errors[field] && draft[field] !== '' && draft[field] < ctx.today) errors[field] = 'past_date';
  for (const [field, max] of Object.entries(TEXT_LIMITS) as Array<[keyof VisitDraft, number]>) {
    if (containsMarkup(draft[field])) errors[field] = 'markup';
    else if (draft[field].length > max) errors[field] = 'too_long';
  }
  for (const key of Object.keys(errors) as Array<keyof VisitDraft>) if (errors[key] === undefined) delete errors[key];
  if (Object.keys(errors).length > 0) return { errors };

  // Only the fields the disposition shows are sent; the others stay null.
  const shows = (field: DispositionField) => needed.includes(field) || (field === 'new_address' && disposition === 'Shifted / Address Not Found');
  const text = (field: DispositionField) => (shows(field) && draft[field].trim() !== '' ? draft[field].trim() : null);
  // Typed text → exact minor units → the body's major-unit number (minor / 100 has at most 2 decimals).
  const num = (field: 'amount_collected' | 'ptp_amount') => {
    const minor = shows(field) && draft[field].trim() !== '' ? parseAmount(draft[field]) : null;
    return minor === null ? null : fromMinor(minor);
  };
  const fix = ctx.checkIn;
  const parsed = visitBody.safeParse({
    loan_id: ctx.loanId,
    allocation_month: ctx.allocationMonth,
    latitude: fix?.latitude ?? null,
    longitude: fix?.longitude ?? null,
    accuracy_m: fix?.accuracyM ?? null,
    checked_in_at: fix?.at ?? ctx.now.toISOString(),
    person_met: draft.person_met,
    disposition,
    amount_collected: num('amount_collected'),
    ptp_date: text('ptp_date'),
    ptp_amount: num('ptp_amount'),
    callback_at: shows('callback_at') && draft.callback_at ? new Date(draft.callback_at).toISOString() : null,
    dispute_reason: text('dispute_reason'),
    new_address: text('new_address'),
    remarks: draft.remarks.trim(),
    next_visit_date: draft.next_visit_date || null,
    receipt_number: null,
  });
  if (!parsed.success) {
    const out: DraftErrors = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path[0];
      if (typeof key === 'string' && key in EMPTY_DRAFT) out[key as keyof VisitDraft] = 'required';
    }
    return { errors: Object.keys(out).length > 0 ? out : { disposition: 'required' } };
  }
  return { body: parsed.data };
}

/** The receipt form's values (strings as typed). */
export interface ReceiptDraft {
  payment_mode: string;
  amount: string;
  instrument_number: string;
  bank_name: string;
  payer_name: string;
}
export type ReceiptErrors = Partial<Record<keyof ReceiptDraft, DraftError>>;

/** Whether a payment mode needs an instrument number (cheque / DD number, UPI reference) and a bank. */
export function instrumentFields(mode: string): { number: boolean; bank: boolean } {
  if (mode === 'cheque' || mode === 'demand_draft') return { number: true, bank: true };
  if (mode === 'upi') return { number: true, bank: false };
  return { number: false, bank: false };
}

/**
 * Checks the receipt form and builds the POST /api/fos/receipts body.
 * @param receiptNumber made on the phone (nextReceiptNumber); pass a placeholder to only check
 */
export function buildReceiptBody(
  draft: ReceiptDraft,
  ctx: { receiptNumber: string; loanId: string; allocationMonth: string; collectedAt: string; latitude: number | null; longitude: number | null },
): { body: ReceiptBody; errors?: undefined } | { body?: undefined; errors: ReceiptErrors } {
  const errors: ReceiptErrors = {};
  if (!(PAYMENT_MODES as readonly string[]).includes(draft.payment_mode)) errors.payment_mode = 'required';
  const amount = amountError(draft.amount);
  if (amount) errors.amount = draft.amount.trim() === '' ? 'required' : amount;
  const needs = instrumentFields(draft.payment_mode);
  if (needs.number && draft.instrument_number.trim() === '') errors.instrument_number = 'required';
  if (needs.bank && draft.bank_name.trim() === '') errors.bank_name = 'required';
  if (draft.payer_name.trim() === '') errors.payer_name = 'required';
  for (const field of ['instrument_number', 'bank_name', 'payer_name'] as const) if (!errors[field] && containsMarkup(draft[field])) errors[field] = 'markup';
  if (draft.instrument_number.length > 64 || draft.bank_name.length > 120 || draft.payer_name.length > 120) errors.payer_name ??= 'too_long';
  if (Object.keys(errors).length > 0) return { errors };
  const amountMinor = parseAmount(draft.amount);
  if (amountMinor === null) return { errors: { amount: 'amount' } };
  const parsed = receiptBody.safeParse({
    receipt_number: ctx.receiptNumber,
    loan_id: ctx.loanId,
    allocation_month: ctx.allocationMonth,
    amount: fromMinor(amountMinor),
    amount_minor: amountMinor,
    payment_mode: draft.payment_mode,
    instrument_number: needs.number ? draft.instrument_number.trim() : null,
    bank_name: needs.bank ? draft.bank_name.trim() : null,
    payer_name: draft.payer_name.trim(),
    collected_at: ctx.collectedAt,
    latitude: ctx.latitude,
    longitude: ctx.longitude,
  });
  if (!parsed.success) return { errors: { amount: 'amount' } };
  return { body: parsed.data };
}

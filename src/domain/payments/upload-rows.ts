/**
 * Reading one row of an offline payments file (issue 15, the payments tab of bulk operations):
 * which column holds what (header names, case, spaces and punctuation ignored, a few common
 * aliases), and a row's payment or the reason it cannot be read. Pure: the job reads the file.
 * Amounts are major units in the file (1250.50), minor units out; the date is a calendar day.
 */
import { isCalendarDay } from '../common/calendar';
import { parseAmount } from '../common/money';

/** What each column may be called. */
const ALIASES = {
  loan_id: ['loan_id', 'loan_no', 'loan_number', 'loan_account_number', 'loan_account_no', 'lan', 'account_number'],
  amount: ['amount', 'amount_paid', 'paid_amount', 'payment_amount'],
  date: ['date', 'paid_at', 'paid_on', 'payment_date', 'date_of_payment'],
  reference: ['reference', 'reference_number', 'reference_no', 'utr', 'utr_number', 'transaction_id', 'receipt_number'],
  channel: ['channel', 'mode', 'payment_mode'],
  expected_amount: ['expected_amount', 'expected'],
} as const;
export type PaymentColumn = keyof typeof ALIASES;
/** Column index of each field found in the header row. */
export type PaymentColumns = Partial<Record<PaymentColumn, number>>;

const norm = (s: string) => s.trim().toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '');

/** The columns of a header row, and the required ones (loan_id, amount, date) it lacks. */
export function paymentColumns(header: readonly string[]): { columns: PaymentColumns; missing: PaymentColumn[] } {
  const columns: PaymentColumns = {};
  header.forEach((cell, i) => {
    const name = norm(cell);
    for (const [field, aliases] of Object.entries(ALIASES) as [PaymentColumn, readonly string[]][]) {
      if (columns[field] === undefined && aliases.includes(name)) columns[field] = i;
    }
  });
  const missing = (['loan_id', 'amount', 'date'] as const).filter((f) => columns[f] === undefined);
  return { columns, missing };
}

/** A payment read from a row: minor units, the day it was paid. */
export interface UploadedPayment {
  loanId: string;
  amountMinor: number;
  day: string;
  reference: string | null;
  channel: string;
  expectedMinor: number | null;
}

export const ROW_MESSAGES = {
  loanId: 'loan_id is required',
  amount: 'amount must be a positive amount with at most 2 decimals',
  date: 'date must be a date (YYYY-MM-DD, DD-MM-YYYY or DD/MM/YYYY)',
  expected: 'expected_amount must be a positive amount with at most 2 decimals',
  tooLong: 'A value is longer than 128 characters',
} as const;

/** 'YYYY-MM-DD', 'DD-MM-YYYY', 'DD/MM/YYYY' or an ISO date-time (its date part) → 'YYYY-MM-DD', else null. */
export function paymentDay(text: string): string | null {
  const t = text.trim();
  const iso = /^(\d{4}-\d{2}-\d{2})(?:[T ].*)?$/.exec(t);
  const dmy = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(t);
  const day = iso ? iso[1] : dmy ? `${dmy[3]}-${dmy[2].padStart(2, '0')}-${dmy[1].padStart(2, '0')}` : null;
  return day && isCalendarDay(day) ? day : null;
}

/**
 * One row (its cells as text) as a payment, or why not. The channel defaults to 'cash'.
 * @returns { payment } or { error } (one of ROW_MESSAGES)
 */
export function readPaymentRow(cells: readonly string[], columns: PaymentColumns): { payment: UploadedPayment } | { error: string } {
  const at = (f: PaymentColumn) => (columns[f] === undefined ? '' : (cells[columns[f]] ?? '').trim());
  if (cells.some((c) => c.length > 128)) return { error: ROW_MESSAGES.tooLong };
  const loanId = at('loan_id');
  if (!loanId) return { error: ROW_MESSAGES.loanId };
  const amountMinor = parseAmount(at('amount'));
  if (amountMinor === null || amountMinor <= 0) return { error: ROW_MESSAGES.amount };
  const day = paymentDay(at('date'));
  if (!day) return { error: ROW_MESSAGES.date };
  const expectedText = at('expected_amount');
  const expectedMinor = expectedText ? parseAmount(expectedText) : null;
  if (expectedText && (expectedMinor === null || expectedMinor <= 0)) return { error: ROW_MESSAGES.expected };
  return { payment: { loanId, amountMinor, day, reference: at('reference') || null, channel: at('channel').toLowerCase() || 'cash', expectedMinor } };
}

/**
 * The reconciliation key of an uploaded payment: its reference when the file gives one, else the
 * loan, amount, day and channel — so the same file uploaded again posts nothing (two identical
 * unreferenced payments on one loan on one day count once: give them references).
 */
export function uploadSourceRef(p: UploadedPayment): string {
  return p.reference ? `ref:${p.reference}` : `row:${p.loanId}|${p.amountMinor}|${p.day}|${p.channel}`;
}

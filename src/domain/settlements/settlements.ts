/**
 * Settlements (issue 16 "Settlements"): pure rules shared by server and web. A settlement settles a
 * loan's `total_claim_amount` for a smaller `settlement_amount`, at once (one_time) or in
 * instalments, valid until a date; the difference is the waiver it implies. Once approved, payments
 * made on the loan since the proposal pay its instalments in order; an instalment unpaid past its
 * due date is overdue, and past the company's grace days it breaches the settlement.
 * Amounts in minor units (paise, sen); dates 'YYYY-MM-DD' in the company's time zone.
 */
export const SETTLEMENT_TYPES = ['one_time', 'instalments'] as const;
export type SettlementType = (typeof SETTLEMENT_TYPES)[number];

/** A settlement's status: awaiting approval, rejected, approved (being paid), completed (all paid), breached. */
export const SETTLEMENT_STATUSES = ['pending_approval', 'approved', 'rejected', 'completed', 'breached'] as const;
export type SettlementStatus = (typeof SETTLEMENT_STATUSES)[number];

export const INSTALMENT_STATUSES = ['paid', 'due', 'overdue', 'missed'] as const;
export type InstalmentStatus = (typeof INSTALMENT_STATUSES)[number];

/** The loan's `settlement_status` variable (spec 3 status fields per loan) for each settlement status. */
export const LOAN_SETTLEMENT_STATUS: Record<SettlementStatus, string> = {
  pending_approval: 'Settlement Proposed',
  approved: 'Settlement Approved',
  rejected: 'Settlement Rejected',
  completed: 'Settled',
  breached: 'Settlement Breached',
};

/** The spec's settlement exports (spec 4). */
export const SETTLEMENT_EXPORT_KINDS = ['Installment Report', 'Settlement Report'] as const;
export type SettlementExportKind = (typeof SETTLEMENT_EXPORT_KINDS)[number];

export const LETTER_LANGUAGES = ['en', 'hi', 'id'] as const;
export type LetterLanguage = (typeof LETTER_LANGUAGES)[number];

/** Grace days after an instalment's due date before it breaches the settlement, unless the company sets its own. */
export const DEFAULT_GRACE_DAYS = 7;

export interface Instalment {
  seq: number;
  dueDate: string;
  amountMinor: number;
}

export interface InstalmentState extends Instalment {
  paidMinor: number;
  status: InstalmentStatus;
}

const dayPlus = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Pays `instalments` (in order) with `paidMinor` in total, judged on `today`: fully paid ones are
 * `paid`; an unpaid one is `due` until its date, `overdue` after it, and `missed` once more than
 * `graceDays` passed.
 */
export function instalmentStates(instalments: readonly Instalment[], paidMinor: number, today: string, graceDays: number): InstalmentState[] {
  let left = paidMinor;
  return [...instalments]
    .sort((a, b) => a.seq - b.seq)
    .map((i) => {
      const paid = Math.max(0, Math.min(i.amountMinor, left));
      left -= paid;
      const status: InstalmentStatus = paid >= i.amountMinor ? 'paid' : today <= i.dueDate ? 'due' : today > dayPlus(i.dueDate, graceDays) ? 'missed' : 'overdue';
      return { ...i, paidMinor: paid, status };
    });
}

/** The status an approved settlement has by its instalments: breached by any missed, completed when all are paid. */
export function paidStatus(states: readonly InstalmentState[]): 'approved' | 'completed' | 'breached' {
  if (states.some((s) => s.status === 'missed')) return 'breached';
  if (states.length > 0 && states.every((s) => s.status === 'paid')) return 'completed';
  return 'approved';
}

/** Errors of a proposal's instalments against its amount (empty when fine). */
export function instalmentErrors(type: SettlementType, settlementMinor: number, instalments: readonly { due_date: string; amount_minor: number }[], validity: string): string[] {
  const errors: string[] = [];
  if (type === 'one_time' && instalments.length > 1) errors.push('A one-time settlement has a single payment');
  const total = instalments.reduce((s, i) => s + i.amount_minor, 0);
  if (instalments.length > 0 && total !== settlementMinor) errors.push('The instalments must add up to settlement_amount');
  const dates = instalments.map((i) => i.due_date);
  if (dates.some((d, k) => k > 0 && d <= dates[k - 1])) errors.push('Instalment due dates must be in increasing order');
  if (type === 'instalments' && instalments.length < 2) errors.push('A settlement in instalments has at least two instalments');
  if (instalments.length > 0 && dates[0] > validity) errors.push('The first payment is due after the validity date');
  return errors;
}

/**
 * An even schedule for the proposal form: `count` instalments adding up to `totalMinor` exactly
 * (the paise left over by the division go to the first), the first due on `firstDue`
 * ('YYYY-MM-DD'), each next one `everyDays` later. Amounts in minor units (paise, sen).
 * @returns [] when count < 1 or totalMinor < count (an instalment would be zero)
 */
export function evenSchedule(totalMinor: number, count: number, firstDue: string, everyDays: number): { due_date: string; amount_minor: number }[] {
  if (!Number.isInteger(count) || count < 1 || !Number.isInteger(totalMinor) || totalMinor < count) return [];
  const each = Math.floor(totalMinor / count);
  return Array.from({ length: count }, (_, k) => ({ due_date: dayPlus(firstDue, k * everyDays), amount_minor: k === 0 ? totalMinor - each * (count - 1) : each }));
}

/** Why a schedule being typed cannot be sent yet, as codes the form words in the user's language. */
export type ScheduleProblem = 'too_few' | 'too_many' | 'amount' | 'date' | 'order' | 'sum' | 'after_validity';

/** At most this many instalments in a proposal (the API's limit). */
export const MAX_INSTALMENTS = 60;

/**
 * The problems of an instalment schedule as typed on the form (the same rules as instalmentErrors,
 * which the server applies): each row needs a date and an amount above zero (`amount_minor` null
 * when the typed text is not an amount), at least two rows, dates increasing, the first due by
 * the validity date, and the amounts adding up to `settlementMinor` (null: not typed yet).
 */
export function scheduleProblems(settlementMinor: number | null, rows: readonly { due_date: string; amount_minor: number | null }[], validity: string): ScheduleProblem[] {
  const out = new Set<ScheduleProblem>();
  if (rows.length < 2) out.add('too_few');
  if (rows.length > MAX_INSTALMENTS) out.add('too_many');
  if (rows.some((r) => r.amount_minor === null || r.amount_minor <= 0)) out.add('amount');
  if (rows.some((r) => !/^\d{4}-\d{2}-\d{2}$/.test(r.due_date))) out.add('date');
  else if (rows.some((r, k) => k > 0 && r.due_date <= rows[k - 1].due_date)) out.add('order');
  if (validity && rows.length > 0 && rows[0].due_date > validity) out.add('after_validity');
  if (settlementMinor !== null && !out.has('amount') && rows.length > 0 && rows.reduce((s, r) => s + (r.amount_minor ?? 0), 0) !== settlementMinor) out.add('sum');
  return [...out];
}

/**
 * Limitation of a case's process (issue 17 "limitation and statutory deadlines computed"; Limitation
 * Act 1963, India): the period runs from the loan's date of default and starts afresh from a
 * written acknowledgment of the debt (s.18) or a part payment (s.19) made while it is still running.
 */
import type { CalendarDay } from '../common/calendar';
import type { ProcessType } from './cases';

/**
 * Years of limitation within which each process must be brought: a suit for money lent or on the
 * loan agreement, 3 years (Schedule Art. 19 / 55); arbitration, 3 years for the claim (Arbitration
 * Act s.43 applies the Limitation Act); an IBC s.7 application, 3 years (Art. 137, B.K. Educational
 * Services v. Parag Gupta, 2018); a common legal process (notice, then suit), 3 years; SARFAESI
 * enforces a mortgage, 12 years (Art. 62). Criminal s.138 has its own 30-day clock (stageDeadline);
 * a case against the lender has none of ours.
 */
export const LIMITATION_YEARS: Partial<Record<ProcessType, number>> = { common_legal_process: 3, civil: 3, arbitration: 3, ibc: 3, sarfaesi: 12 };

/** What may restart the period: a written acknowledgment (s.18) or a part payment (s.19). */
export const LIMITATION_RESTART_KINDS = ['acknowledgment', 'part_payment'] as const;
export type LimitationRestartKind = (typeof LIMITATION_RESTART_KINDS)[number];

/** An acknowledgment signed, or a payment made, on `on` ('YYYY-MM-DD'). */
export interface LimitationEvent {
  kind: LimitationRestartKind;
  on: CalendarDay;
}

/** A case's limitation: its last day and the event that last restarted the period (null: counted from the default). */
export interface Limitation {
  date: CalendarDay | null;
  restartedBy: LimitationEvent | null;
}

/**
 * Days before a case's limitation last day on which its advocate is reminded (issue 17 "limitation
 * ... computed with reminders to the advocate"): a month to prepare the filing, a week as the last call.
 */
export const LIMITATION_REMINDER_DAYS = [30, 7] as const;

/**
 * The same day `years` later ('YYYY-MM-DD'): the day the period starts from is excluded (s.12(1)),
 * so the period ends on its anniversary; 29 February ends on 28 February.
 */
export function yearsAfter(start: CalendarDay, years: number): CalendarDay {
  const y = Number(start.slice(0, 4)) + years;
  const m = Number(start.slice(5, 7));
  const lastOfMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const d = Math.min(Number(start.slice(8, 10)), lastOfMonth);
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/**
 * The last day to bring a process of `type` for a loan in default since `dateOfDefault`, without
 * acknowledgments or payments: LIMITATION_YEARS after the default. Null when the type has no
 * limitation here or the loan has no date of default.
 */
export function limitationDate(type: ProcessType, dateOfDefault: CalendarDay | null): CalendarDay | null {
  return limitationOf(type, dateOfDefault, []).date;
}

/**
 * The limitation of a process of `type` for a loan in default since `dateOfDefault`, given the
 * acknowledgments and part payments `events` (any order): each one after the default and on or
 * before the period's current last day starts a fresh period from its own day (ss. 18, 19); one
 * made after the period ran out revives nothing (s.18 needs it "before the expiration of the
 * prescribed period"), nor does one on or before the default (nothing was due yet). On one day an
 * acknowledgment is named before a payment. Null date when the type has no limitation here or the
 * loan has no date of default.
 */
export function limitationOf(type: ProcessType, dateOfDefault: CalendarDay | null, events: readonly LimitationEvent[]): Limitation {
  const years = LIMITATION_YEARS[type];
  if (years === undefined || !dateOfDefault) return { date: null, restartedBy: null };
  let date = yearsAfter(dateOfDefault, years);
  let restartedBy: LimitationEvent | null = null;
  const sorted = [...events].sort((a, b) => a.on.localeCompare(b.on) || LIMITATION_RESTART_KINDS.indexOf(b.kind) - LIMITATION_RESTART_KINDS.indexOf(a.kind));
  for (const e of sorted) {
    if (e.on <= dateOfDefault || e.on > date) continue;
    const fresh = yearsAfter(e.on, years);
    // Equal fresh dates (same day): the acknowledgment, sorted last, is named.
    if (fresh >= date) {
      date = fresh;
      restartedBy = e;
    }
  }
  return { date, restartedBy };
}

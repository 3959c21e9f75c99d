/**
 * Calendar days and months (kernel; issue 11 "calendar-day and month types", issue 12 "one
 * calendar-day type that round-trips ... within sane years, used everywhere"). A calendar day is
 * 'YYYY-MM-DD' and a month 'YYYY-MM' (an allocation month, spec 3): each names a real date
 * (no 2024-02-30, 2024-13-45 or 0000-00-00) between MIN_YEAR and MAX_YEAR, and writing it back
 * gives the same text. A day is not an instant: it is counted in a company's time zone
 * (src/domain/common/dates.ts localDayBounds).
 */

/** 'YYYY-MM-DD', checked by isCalendarDay. */
export type CalendarDay = string;
/** 'YYYY-MM', checked by isMonth. */
export type Month = string;

/** Years accepted: a loan book's dates (dates of birth, disbursal, default, PTPs) fall in between. */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2200;

export const CALENDAR_DAY_MESSAGE = `date must be a real date YYYY-MM-DD between ${MIN_YEAR} and ${MAX_YEAR}`;
export const MONTH_MESSAGE = `month must be YYYY-MM between ${MIN_YEAR} and ${MAX_YEAR}`;

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH_RE = /^(\d{4})-(\d{2})$/;

/** Whether `value` is a real 'YYYY-MM-DD' date within [MIN_YEAR, MAX_YEAR]. */
export function isCalendarDay(value: unknown): value is CalendarDay {
  if (typeof value !== 'string') return false;
  const m = DAY_RE.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year, month);
}

/** Whether `value` is a 'YYYY-MM' month within [MIN_YEAR, MAX_YEAR]. */
export function isMonth(value: unknown): value is Month {
  if (typeof value !== 'string') return false;
  const m = MONTH_RE.exec(value);
  if (!m) return false;
  const [year, month] = [Number(m[1]), Number(m[2])];
  return year >= MIN_YEAR && year <= MAX_YEAR && month >= 1 && month <= 12;
}

/** Days in `month` (1–12) of `year`, leap years included. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The month a day falls in: '2024-02-29' → '2024-02'. */
export function monthOf(day: CalendarDay): Month {
  return day.slice(0, 7);
}

/** `day` moved by `days` calendar days (negative goes back). */
export function addDays(day: CalendarDay, days: number): CalendarDay {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** `month` moved by `months` months: addMonths('2024-12', 1) → '2025-01'. */
export function addMonths(month: Month, months: number): Month {
  const [y, m] = month.split('-').map(Number);
  const index = y * 12 + (m - 1) + months;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/**
 * The months from `from` to `to` inclusive, in order; at most `limit` (a period is bounded, so a
 * far-future `to` cannot make an endless list).
 * @throws RangeError when the range holds more than `limit` months
 */
export function monthsBetween(from: Month, to: Month, limit = 120): Month[] {
  const out: Month[] = [];
  for (let m = from; m <= to; m = addMonths(m, 1)) {
    if (out.length >= limit) throw new RangeError(`A period of more than ${limit} months`);
    out.push(m);
  }
  return out;
}

/** The whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: CalendarDay, to: CalendarDay): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The month of an instant in the runtime's local time zone: the browser's default allocation month. */
export function currentMonth(now: Date = new Date()): Month {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
}

/**
 * The months whose allocations are current on `today`'s month (issue 12 "the executive's day is
 * every loan currently allocated"): that month and the ones after it (a manager may allocate next
 * month's loans early); when `months` holds none of them, the newest month alone (a book not yet
 * rolled over). `months` in any order; the answer oldest first.
 */
export function currentMonths(months: readonly Month[], today: Month): Month[] {
  const current = months.filter((m) => m >= today).sort();
  if (current.length > 0) return current;
  const newest = [...months].sort().at(-1);
  return newest ? [newest] : [];
}

/**
 * The month a month-by-month list opens on (issue 12 "lists open on the current allocation month
 * by calendar"): `today`'s month when it has data, else the newest month before it, else the
 * oldest after it; null without months.
 */
export function defaultMonth(months: readonly Month[], today: Month): Month | null {
  const sorted = [...months].sort();
  if (sorted.includes(today)) return today;
  return sorted.filter((m) => m < today).at(-1) ?? sorted[0] ?? null;
}

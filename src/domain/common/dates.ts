/**
 * Date display (spec 8 "Unparsable dates render 'Invalid Date'").
 *
 * Dates show as '05 Jan 2025' (en-IN), with '05 Jan 2025, 14:30' when time is asked for. A bare
 * 'YYYY-MM-DD' is a calendar date, not an instant, so it is shown as written in every time zone.
 */

export const INVALID_DATE = 'Invalid Date';

const DATE_ONLY_RE = /^\d{4}-\d{2}-\d{2}$/;

export interface FormatDateOptions {
  /** Add hours and minutes (24-hour clock). */
  withTime?: boolean;
  /** IANA zone such as 'Asia/Kolkata'; defaults to the runtime's zone. */
  timeZone?: string;
}

/**
 * Formats a date given as a Date, epoch milliseconds or a string `Date` can parse.
 * @returns '' for null, undefined or an empty string (nothing to show), 'Invalid Date' when the
 *   value cannot be read as a date, otherwise e.g. '05 Jan 2025'.
 */
export function formatDate(value: Date | number | string | null | undefined, options: FormatDateOptions = {}): string {
  if (value == null || value === '') return '';
  const dateOnly = typeof value === 'string' && DATE_ONLY_RE.test(value.trim());
  const date = value instanceof Date ? value : new Date(typeof value === 'string' ? value.trim() : value);
  if (Number.isNaN(date.getTime())) return INVALID_DATE;
  const withTime = Boolean(options.withTime) && !dateOnly;
  return new Intl.DateTimeFormat('en-IN', {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } : {}),
    timeZone: dateOnly ? 'UTC' : options.timeZone,
  }).format(date);
}

/**
 * The time zone a company's calendar days are counted in, by country (spec 1: India, Indonesia).
 * Fixed offsets: neither zone has daylight saving. Indonesia counts in Western Indonesia Time
 * (Jakarta), where the demo and most lenders are.
 */
export const COUNTRY_TIME_ZONES = {
  INDIA: { zone: 'Asia/Kolkata', offsetMinutes: 330 },
  INDONESIA: { zone: 'Asia/Jakarta', offsetMinutes: 420 },
} as const;
export type CompanyTimeZone = { zone: string; offsetMinutes: number };

/** The time zone of `country` (INDIA when unknown, the spec's default country). */
export function countryTimeZone(country: string | null | undefined): CompanyTimeZone {
  return country === 'INDONESIA' ? COUNTRY_TIME_ZONES.INDONESIA : COUNTRY_TIME_ZONES.INDIA;
}

/** The calendar day 'YYYY-MM-DD' of instant `at` in a zone `offsetMinutes` east of UTC. */
export function localDay(at: Date, offsetMinutes: number): string {
  return new Date(at.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 10);
}

/**
 * The instants a calendar day spans in a zone `offsetMinutes` east of UTC: [start, end), end being
 * the next day's start.
 * @param day 'YYYY-MM-DD'
 * @throws RangeError when `day` is not a date
 */
export function localDayBounds(day: string, offsetMinutes: number): { start: Date; end: Date } {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  if (!DATE_ONLY_RE.test(day) || Number.isNaN(midnightUtc)) throw new RangeError(`Not a day: ${day}`);
  const start = new Date(midnightUtc - offsetMinutes * 60_000);
  return { start, end: new Date(start.getTime() + 86_400_000) };
}

/** `day` ('YYYY-MM-DD') moved by `days` calendar days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

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

/** Display helpers of the field screens: times, held durations, money with the allocation currency. */
import { formatMinor, toMinor, type Currency, type Minor } from '../../../domain/common/money';

/** A time for a field screen: 'HH:MM' today, else a short date and time, in the UI language. */
export function formatWhen(iso: string | null | undefined, language: string, now = new Date()): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'Invalid Date';
  const sameDay = date.toDateString() === now.toDateString();
  return dateTimeFormat(language, sameDay).format(date);
}

// One Intl.DateTimeFormat per language and style: constructing one per card was a visible share of
// the day list's render time on a phone.
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
function dateTimeFormat(language: string, timeOnly: boolean): Intl.DateTimeFormat {
  const key = `${language}:${timeOnly ? 't' : 'dt'}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, timeOnly ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' });
    dateTimeFormats.set(key, format);
  }
  return format;
}

/**
 * The formatters the day list uses (dates, times, money in `currency`), as one step each, to be
 * built ahead of its first render while the main thread is idle (lib/idle.ts idleSteps): the first
 * Intl formatter of a page loads its locale data (~8 ms on a laptop, ~35 ms on a phone), which
 * otherwise lands in the render that shows the cards (issue 18 TBT). One step per formatter, so
 * no single idle callback becomes a long task of its own.
 */
export function formatWarmers(language: string, currency: Currency): (() => void)[] {
  return [() => dateTimeFormat(language, true), () => dateTimeFormat(language, false), () => formatMinor(toMinor(1), currency)];
}

/**
 * Money in minor units (paise, sen) in the allocation's currency through the one formatter
 * (formatMinor: 'Rs 1,23,456.50', 'Rp 1,234,567'; spec 9, 'Rs' by default); '—' when unknown.
 */
export function moneyMinor(minor: Minor | null | undefined, currency: Currency | null | undefined): string {
  return minor === null || minor === undefined ? '—' : formatMinor(minor, currency ?? 'INR');
}

/**
 * An amount in minor units from a `_minor` field, else from its legacy major-unit twin (an outbox
 * item or cached answer saved by an older app version) converted exactly; null when neither is set.
 */
export function minorOf(minor: Minor | null | undefined, major: number | null | undefined): Minor | null {
  if (minor !== undefined && minor !== null) return minor;
  return major === undefined || major === null ? null : toMinor(major);
}

/** The amount of a receipt, deposit or payment (`amount_minor` / `amount`) in minor units; 0 when it has neither. */
export function bodyMinor(body: { amount?: number | null; amount_minor?: number | null }): Minor {
  return minorOf(body.amount_minor, body.amount) ?? 0;
}

/** Whole hours held → { days, hours } for 'held 2 d 5 h'. */
export function heldFor(hours: number): { days: number; hours: number } {
  const whole = Math.max(0, Math.floor(hours));
  return { days: Math.floor(whole / 24), hours: whole % 24 };
}

/** Today as 'YYYY-MM-DD' in the phone's time zone (date inputs, next visit dates). */
export function localDay(date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

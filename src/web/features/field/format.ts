/** Display helpers of the field screens: times, held durations, money with the allocation currency. */
import { formatMoney, type Currency } from '../../../domain/common/money';

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

/** Money of the allocation's currency ('Rs' default, spec 9); '—' when unknown. */
export function money(amount: number | null | undefined, currency: Currency | null | undefined): string {
  return amount === null || amount === undefined ? '—' : formatMoney(amount, currency ?? 'INR');
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

/**
 * Display helpers of the field screens: times, held durations, money with the allocation currency.
 * No Intl here: a page's first Intl formatter loads ICU's data, 80-200 ms of main thread on a cheap
 * phone inside the day list's first render (issue 18 TBT); dates go through date-fns and its
 * locales, money through the spec's fixed formats (domain/common/money.ts).
 */
import { format as formatDate } from 'date-fns/format';
import { enUS } from 'date-fns/locale/en-US';
import { formatMinor, toMinor, type Currency, type Minor } from '../../../domain/common/money';
import { dateLocale } from './date-locales';

/**
 * A time for a field screen in the UI language: '2:05 PM' ('14.05' in Bahasa) today, else a short
 * date and time ('Dec 7, 2026, 2:05 PM'); '—' when there is none. Hindi and Bahasa use their
 * date-fns locale once the language's texts have loaded it (date-locales.ts), English otherwise.
 */
export function formatWhen(iso: string | null | undefined, language: string, now = new Date()): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'Invalid Date';
  const sameDay = date.toDateString() === now.toDateString();
  return formatDate(date, sameDay ? 'p' : 'PP, p', { locale: dateLocale(language) ?? enUS });
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

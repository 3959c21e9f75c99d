/**
 * zod pieces every area's contracts use (kernel): instants, calendar days and months that
 * round-trip (src/domain/common/calendar.ts), amounts as the wire carries them, and the
 * Idempotency-Key header.
 */
import { z } from 'zod';
import { CALENDAR_DAY_MESSAGE, MONTH_MESSAGE, isCalendarDay, isMonth } from '../common/calendar';
import { MAX_MINOR } from '../common/money';

/** An ISO 8601 instant with an offset, as the phone makes it ('2026-11-23T10:15:00.000+05:30'), within the calendar's years. */
export const isoDateTime = z
  .string()
  .datetime({ offset: true })
  .refine((v) => isCalendarDay(v.slice(0, 10)), CALENDAR_DAY_MESSAGE);

/** A calendar day 'YYYY-MM-DD' that exists (no 2024-02-30) within the calendar's years. */
export const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, CALENDAR_DAY_MESSAGE)
  .refine(isCalendarDay, CALENDAR_DAY_MESSAGE)
  .meta({ format: 'date', description: 'A calendar day YYYY-MM-DD (a real date)' });

/** A month 'YYYY-MM' (an allocation month). */
export const month = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, MONTH_MESSAGE)
  .refine(isMonth, MONTH_MESSAGE)
  .meta({ description: 'A month YYYY-MM' });

/**
 * Spec 5 "Amount input: digits with at most 2 decimals", as a number > 0 in major units (rupees,
 * rupiah), the wire format of the field app's writes since issue 4.
 */
// Compared with a tolerance: 1234.57 * 100 is 123456.99999999999 in binary floating point.
export const amount = z
  .number()
  .positive()
  .max(1e12)
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'at most 2 decimals');

/** The Idempotency-Key header: 8–128 visible characters (the phone sends a uuid). */
export const idempotencyKey = z.string().regex(/^[\x21-\x7e]{8,128}$/, 'Idempotency-Key must be 8 to 128 visible characters');

/** A report bound: a calendar day (a date-only end includes that whole day) or an instant. */
export const dayOrInstant = z.union([calendarDay, isoDateTime]).meta({ description: 'YYYY-MM-DD, or an ISO 8601 instant with an offset' });

/** Money on the wire: an integer of minor units (paise for INR, sen for IDR). Rs 1,234.50 is 123450. */
export const minorAmount = z
  .number()
  .int('an amount in minor units (paise, sen) is a whole number')
  .min(0)
  .max(MAX_MINOR)
  .meta({ description: 'Amount in minor units: paise (INR) or sen (IDR); Rs 1,234.50 is 123450' });

/**
 * A positive amount in minor units in a request body (`amount_minor`, beside the legacy
 * major-unit `amount`): paise for INR, sen for IDR.
 */
export const positiveMinorAmount = z
  .number()
  .int('an amount in minor units (paise, sen) is a whole number')
  .min(1)
  .max(MAX_MINOR)
  .meta({ description: 'Amount in integer minor units: paise for INR, sen for IDR (Rs 1,234.50 is 123450). Send this or the major-unit twin; when both are sent they must agree.' });

/** Money in an answer: integer minor units (`<name>_minor`), the exact value. */
export const minorField = z.number().int().meta({ description: 'Integer minor units: paise for INR, sen for IDR (Rs 1,234.50 is 123450); the exact amount' });

/** A legacy major-unit field of an answer (rupees, rupiah): kept for compatibility, equals `<name>_minor` / 100. */
export const majorField = z.number().meta({ description: 'Major units (rupees, rupiah), kept for compatibility: equals the `_minor` twin / 100; prefer the `_minor` field' });

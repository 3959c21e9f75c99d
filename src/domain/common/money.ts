/**
 * Money as one type (issue 11; spec 9 currency symbols and number formats; architecture "Money").
 *
 * An amount is an integer count of minor units (`Minor`: paise for INR, sen for IDR) in the
 * database (bigint), in code and on the wire (fields ending `_minor`, and the dashboard's
 * `_paise`). Major units (rupees, rupiah with at most 2 decimals) exist only where people type or
 * read them: `parseAmount` turns typed text into minor units without floating point, `toMinor`
 * converts a legacy major-unit number exactly, and `formatMinor` is the one display formatter:
 * rupees as 'Rs' grouped the Indian way (en-IN: 1,23,456.50), rupiah as 'Rp' grouped in thousands
 * (en-US: 1,234,567). Whole amounts show no decimals; others show exactly two.
 */

/** An amount in minor units (paise, sen): an integer. */
export type Minor = number;

/** The largest amount handled, in minor units: Rs 10,00,00,00,00,000 (10^12 rupees). */
export const MAX_MINOR = 100_000_000_000_000;

/**
 * A major-unit amount (rupees, at most 2 decimals) in minor units, exactly: 1234.57 → 123457 (the
 * binary float 1234.57 × 100 = 123456.99999999999 is rounded, not truncated).
 * @throws RangeError when `major` is not finite or beyond MAX_MINOR
 */
export function toMinor(major: number): Minor {
  if (!Number.isFinite(major)) throw new RangeError(`Not an amount: ${major}`);
  const minor = Math.round(major * 100);
  if (Math.abs(minor) > MAX_MINOR) throw new RangeError(`Amount out of range: ${major}`);
  return minor === 0 ? 0 : minor;
}

/** Minor units as a major-unit number (for legacy wire fields only; display uses formatMinor). */
export function fromMinor(minor: Minor): number {
  return minor / 100;
}

/**
 * Typed text (spec 5 "Amount input: digits with at most 2 decimals"; Indian grouping commas and a
 * leading 'Rs'/'Rp' allowed) as minor units, read digit by digit with no floating point.
 * @returns the amount, or null when the text is not such an amount
 */
export function parseAmount(text: string): Minor | null {
  const cleaned = text.trim().replace(/^(rs\.?|rp\.?|₹)\s*/i, '').replace(/,/g, '');
  const m = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!m) return null;
  const minor = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return minor > MAX_MINOR ? null : minor;
}

/**
 * The sum of minor amounts, exactly (integers add without rounding).
 * @throws RangeError when a value is not an integer or the sum leaves the safe-integer range
 */
export function sumMinor(values: Iterable<Minor>): Minor {
  let total = 0;
  for (const v of values) {
    if (!Number.isInteger(v)) throw new RangeError(`Not a minor amount: ${v}`);
    total += v;
  }
  if (!Number.isSafeInteger(total)) throw new RangeError('Sum out of range');
  return total;
}

export const CURRENCIES = ['INR', 'IDR'] as const;
export type Currency = (typeof CURRENCIES)[number];

const SYMBOLS: Record<Currency, string> = { INR: 'Rs', IDR: 'Rp' };

/** Spec 9: 'Rs' for INR, 'Rp' for IDR; any other or missing code gets the default 'Rs'. */
export function currencySymbol(currency?: string | null): string {
  return currency === 'IDR' ? SYMBOLS.IDR : SYMBOLS.INR;
}

/**
 * The whole units' digits grouped as spec 9 shows them: rupees the Indian way (the last three
 * digits, then pairs: 1,23,45,678, as en-IN), rupiah in thousands (1,234,567, as en-US).
 * Written out rather than through Intl.NumberFormat: the formats are fixed by the spec, not by the
 * reader's language, and a page's first Intl formatter loads ICU's data, 80-200 ms of main thread
 * on a cheap phone before the field day list can show an amount (issue 18).
 */
function groupDigits(whole: string, code: Currency): string {
  if (code === 'IDR' || whole.length <= 3) return whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return `${whole.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${whole.slice(-3)}`;
}

/** A non-negative whole count of minor units as grouped major units: no decimals when whole, else exactly two. */
function majorText(minor: number, code: Currency): string {
  const whole = Math.floor(minor / 100);
  const fraction = minor % 100;
  const grouped = groupDigits(String(whole), code);
  return fraction === 0 ? grouped : `${grouped}.${String(fraction).padStart(2, '0')}`;
}

/**
 * Formats an amount in major units, e.g. `formatMoney(123456.5, 'INR')` → 'Rs 1,23,456.50',
 * `formatMoney(1234567, 'IDR')` → 'Rp 1,234,567', `formatMoney(-500, 'INR')` → '-Rs 500'.
 * Rounds to 2 decimals. Unknown currencies format as INR (spec 9 default).
 * @throws RangeError when `amount` is NaN or infinite.
 */
export function formatMoney(amount: number, currency: Currency = 'INR'): string {
  if (!Number.isFinite(amount)) throw new RangeError(`Not an amount: ${amount}`);
  return signedText(Math.round(Math.abs(amount) * 100), amount < 0, currency);
}

function signedText(absMinor: number, negative: boolean, currency: Currency): string {
  const code: Currency = currency === 'IDR' ? 'IDR' : 'INR';
  const sign = negative && absMinor !== 0 ? '-' : '';
  return `${sign}${SYMBOLS[code]} ${majorText(absMinor, code)}`;
}

/**
 * Formats an amount held in minor units (paise for INR, sen for IDR; integers):
 * `formatMinor(12345650, 'INR')` → 'Rs 1,23,456.50'.
 * @throws RangeError when `minor` is NaN or infinite.
 */
export function formatMinor(minor: number, currency: Currency = 'INR'): string {
  if (!Number.isFinite(minor)) throw new RangeError(`Not an amount: ${minor}`);
  return signedText(Math.round(Math.abs(minor)), minor < 0, currency);
}

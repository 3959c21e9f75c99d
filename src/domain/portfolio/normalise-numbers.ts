/** Amount and number cells of an allocation file (normalise.ts explains the family). */
import type { Currency } from '../common/money';
import { excelError, fail, ok, show, squash, unwrapCell, type ParseResult } from './normalise';

/** Largest amount accepted: the integer minor units (paise, sen) must stay exact. */
const MAX_AMOUNT = Math.floor(Number.MAX_SAFE_INTEGER / 100);

/** Text parseAmount and parseInteger read at once: digits, and for rupees up to 2 decimals. */
const PLAIN_DIGITS = /^\d+$/;
const PLAIN_INR_AMOUNT = /^\d+(?:\.\d{1,2})?$/;

const CURRENCY_AFFIX_RE = /^(?:rs\.?|inr|₹|rp\.?|idr)\s*|\s*(?:rs\.?|inr|₹|rp\.?|idr|\/-)$/i;

/** The patterns degroup uses, built once per separator combination (an import reads 100,000s of amounts). */
const GROUPING_RES = new Map<string, RegExp>();
function groupingRe(thousands: ',' | '.', decimal: ',' | '.', indian: boolean): RegExp {
  const key = `${thousands}${decimal}${indian ? 'i' : ''}`;
  let re = GROUPING_RES.get(key);
  if (!re) {
    const t = thousands === '.' ? '\\.' : ',';
    const d = decimal === '.' ? '\\.' : ',';
    const indianGroups = indian ? `|\\d{1,2}(?:${t}\\d{2})*${t}\\d{3}` : '';
    re = new RegExp(`^(\\d+|\\d{1,3}(?:${t}\\d{3})+${indianGroups})(?:${d}(\\d+))?$`);
    GROUPING_RES.set(key, re);
  }
  return re;
}

/**
 * Reads the digits of a number written with thousands separators.
 * `thousands` and `decimal` are the separators allowed. Western grouping ('123,456') is always
 * accepted, Indian grouping ('1,23,456') when `indian` (default: for ','). Answers the plain
 * 'digits[.digits]' or null.
 */
function degroup(s: string, thousands: ',' | '.', decimal: ',' | '.', indian = thousands === ','): string | null {
  const m = groupingRe(thousands, decimal, indian).exec(s);
  if (!m) return null;
  const int = m[1].split(thousands).join('');
  return m[2] === undefined ? int : `${int}.${m[2]}`;
}

/**
 * Picks the reading of a bare numeric string 's' (no sign, no currency) for the currency context.
 * INR: ',' groups thousands ('1,23,456.50' or '123,456.50'), '.' is the decimal point.
 * IDR: '.' or ',' may group thousands ('1.234.567' and '1,234,567'); with both present the last
 * one is the decimal separator ('1.234.567,50'). A lone separator followed by exactly 3 digits
 * groups thousands ('1.234' → 1234), because amounts have at most 2 decimals.
 */
function readDecimal(s: string, currency: Currency): string | null {
  if (currency === 'INR') return degroup(s, ',', '.');
  // Rupiah files group by thousands only, so '1.23.456' is refused rather than guessed.
  const hasDot = s.includes('.');
  const hasComma = s.includes(',');
  if (hasDot && hasComma) {
    return s.lastIndexOf(',') > s.lastIndexOf('.') ? degroup(s, '.', ',') : degroup(s, ',', '.', false);
  }
  const sep = hasDot ? '.' : hasComma ? ',' : null;
  if (sep === null) return degroup(s, ',', '.', false);
  const parts = s.split(sep);
  if (parts.length === 2 && parts[1].length !== 3) {
    // One separator not followed by a group of three: a decimal separator ('1.5', '1,50').
    return /^\d+$/.test(parts[0]) && /^\d+$/.test(parts[1]) ? `${parts[0]}.${parts[1]}` : null;
  }
  return degroup(s, sep, sep === '.' ? ',' : '.', false);
}

/**
 * Amount cell (spec 5 "Amount input: digits with at most 2 decimals"; spec 9 currency symbols).
 * @param raw an Excel number (rounded to 2 decimals, i.e. to the paisa or sen) or text such as
 *   '1,23,456.50', '123,456.50', 'Rs. 45,000', 'Rs 45,000/-', '₹ 1,000', 'INR 500', '45000'; in
 *   IDR context also 'Rp 1.234.567' and 'Rp 1.234.567,50'.
 * @param currency 'INR' (default: ',' groups, '.' decimals) or 'IDR' (see the IDR rules above)
 * @returns the amount in rupees or rupiah (major units, at most 2 decimals, ≥ 0); fails with e.g.
 *   "Amount '12,34a' is not a number", "Amount '-500' is negative", "Amount '10.555' has more than
 *   2 decimals", "Amount is empty".
 */
export function parseAmount(raw: unknown, currency: Currency = 'INR'): ParseResult<number> {
  const v = unwrapCell(raw);
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) return fail(`Amount '${show(v)}' is not a number`);
    if (v < 0) return fail(`Amount '${show(v)}' is negative`);
    if (v > MAX_AMOUNT) return fail(`Amount '${show(v)}' is too large`);
    return ok(Math.round(v * 100) / 100);
  }
  if (typeof v !== 'string') return v == null ? fail('Amount is empty') : fail(`Amount '${show(v)}' is not a number`);
  // The common cell ('189171.25', '5550'): what the full reading below answers for it, without
  // its dozen regular expressions (issue 12 "Speed"). Rupiah files read '1.234' as thousands, so
  // there only bare digits take this path.
  if (v.length <= 17 && (currency === 'INR' ? PLAIN_INR_AMOUNT : PLAIN_DIGITS).test(v)) {
    const n = Number(v);
    return n > MAX_AMOUNT ? fail(`Amount '${show(v)}' is too large`) : ok(n);
  }
  const err = excelError(v);
  if (err) return fail(err);
  let s = squash(v);
  if (s === '') return fail('Amount is empty');
  // Strip currency words and symbols before or after, and the Indian '/-' suffix, in any order.
  for (let prev = ''; prev !== s; ) {
    prev = s;
    s = s.replace(CURRENCY_AFFIX_RE, '').trim();
  }
  if (/^-|^\(.*\)$|-$/.test(s)) return fail(`Amount '${show(v)}' is negative`);
  s = s.replace(/^\+/, '').replace(/[ \u00a0]/g, '');
  if (!/^[\d.,]+$/.test(s) || !/\d/.test(s)) return fail(`Amount '${show(v)}' is not a number`);
  const plain = readDecimal(s, currency);
  if (plain === null) return fail(`Amount '${show(v)}' is not a number`);
  const decimals = plain.split('.')[1];
  if (decimals !== undefined && decimals.length > 2) return fail(`Amount '${show(v)}' has more than 2 decimals`);
  const n = Number(plain);
  if (!Number.isFinite(n)) return fail(`Amount '${show(v)}' is not a number`);
  if (n > MAX_AMOUNT) return fail(`Amount '${show(v)}' is too large`);
  return ok(n);
}

/**
 * Whole-number cell (e.g. dpd), spec 5 "Number: digits only".
 * @param raw an Excel number with no fractional part, or text of digits with optional ','
 *   thousands grouping ('1,200') and an optional '.0' / '.00' tail ('90.0', as CSV exports write)
 * @returns a non-negative safe integer; fails with "Number '12.5' is not a whole number",
 *   "Number '-3' is negative", "Number 'abc' is not a number" or "Number is empty".
 */
export function parseInteger(raw: unknown): ParseResult<number> {
  const v = unwrapCell(raw);
  let n: number;
  if (typeof v === 'number') {
    n = v;
    if (!Number.isFinite(n)) return fail(`Number '${show(v)}' is not a number`);
  } else if (typeof v === 'string') {
    if (v.length <= 15 && PLAIN_DIGITS.test(v)) return ok(Number(v));
    const err = excelError(v);
    if (err) return fail(err);
    const s = squash(v);
    if (s === '') return fail('Number is empty');
    if (/^-\s*\d/.test(s)) return fail(`Number '${show(v)}' is negative`);
    const plain = degroup(s.replace(/^\+/, ''), ',', '.');
    if (plain === null) return fail(`Number '${show(v)}' is not a number`);
    n = Number(plain);
  } else {
    return v == null ? fail('Number is empty') : fail(`Number '${show(v)}' is not a number`);
  }
  if (n < 0) return fail(`Number '${show(v)}' is negative`);
  if (!Number.isInteger(n)) return fail(`Number '${show(v)}' is not a whole number`);
  if (!Number.isSafeInteger(n)) return fail(`Number '${show(v)}' is too large`);
  return ok(n);
}

/**
 * Decimal number cell (data_type 'number', e.g. a rate or a tenure), sign allowed.
 * @param raw an Excel number, or text like '12.5', '-3', '1,234.75', '12.5%' (read as 12.5)
 * @returns the finite number as written; fails with "Number 'x' is not a number" or "Number is empty".
 */
export function parseNumber(raw: unknown): ParseResult<number> {
  const v = unwrapCell(raw);
  if (typeof v === 'number') return Number.isFinite(v) ? ok(v) : fail(`Number '${show(v)}' is not a number`);
  if (typeof v !== 'string') return v == null ? fail('Number is empty') : fail(`Number '${show(v)}' is not a number`);
  const err = excelError(v);
  if (err) return fail(err);
  const s = squash(v);
  if (s === '') return fail('Number is empty');
  const m = /^([+-]?)\s*([\d,]+(?:\.\d+)?|\.\d+)\s*%?$/.exec(s);
  const plain = m ? (m[2].startsWith('.') ? `0${m[2]}` : degroup(m[2], ',', '.')) : null;
  if (!m || plain === null) return fail(`Number '${show(v)}' is not a number`);
  const n = Number(plain) * (m[1] === '-' ? -1 : 1);
  return Number.isFinite(n) ? ok(n === 0 ? 0 : n) : fail(`Number '${show(v)}' is not a number`);
}

/**
 * Cell normalisers for the allocation-file import (issue 3 "Import management", spec 5, spec 9).
 *
 * Lenders' files are messy: amounts like '1,23,456.50' or 'Rs. 45,000', dates as 'dd/mm/yyyy',
 * 'dd-MMM-yy' or Excel serial numbers, mobiles with '+91', a trunk '0' or spaces. Each parser
 * normalises what is unambiguous and otherwise answers a human reason naming the raw value, e.g.
 * `Amount '12,34a' is not a number`. None of them throws.
 *
 * Pure functions: no I/O, no Node or browser APIs; used by the server's import job and the web's
 * mapping preview alike.
 */
import type { Country } from '../contracts/companies';
import type { Currency } from '../common/money';
import { containsMarkup, isValidEmail } from '../validation/rules';

/** Outcome of one normaliser: the normalised value, or a human reason the raw value was refused. */
export type ParseResult<T> = { ok: true; value: T } | { ok: false; reason: string };

/** Spec 5 / spec 3 company ISD codes. */
export type IsdCode = '+91' | '+62';

const ok = <T>(value: T): ParseResult<T> => ({ ok: true, value });
const fail = <T = never>(reason: string): ParseResult<T> => ({ ok: false, reason });

/** Placeholders lenders put in cells that hold nothing (compared trimmed, case-insensitively). */
export const BLANK_PLACEHOLDERS: readonly string[] = ['-', '--', '---', 'na', 'n/a', 'n.a.', 'n.a', 'nil', 'null', 'none', '#n/a'];

/** Excel error values a reader may hand over as text (besides '#N/A', which counts as blank). */
const EXCEL_ERRORS = ['#value!', '#ref!', '#div/0!', '#name?', '#num!', '#null!', '#spill!', '#calc!', '#getting_data'];

/**
 * Unwraps the cell objects spreadsheet readers produce into a primitive: `{ result }` (formula),
 * `{ richText: [{ text }] }`, `{ text }` (hyperlink), `{ error }` (answers the error text, e.g.
 * '#VALUE!'). Strings, numbers, booleans, Dates, null and undefined pass unchanged; any other
 * object becomes `undefined`. Never throws.
 */
export function unwrapCell(raw: unknown): string | number | boolean | Date | null | undefined {
  if (raw == null || typeof raw === 'string' || typeof raw === 'number' || typeof raw === 'boolean' || raw instanceof Date) {
    return raw;
  }
  if (typeof raw === 'bigint') return Number(raw);
  if (typeof raw === 'object') {
    const o = raw as Record<string, unknown>;
    if ('result' in o) return unwrapCell(o.result);
    if (Array.isArray(o.richText)) {
      return o.richText.map((part) => (part && typeof part === 'object' && typeof (part as { text?: unknown }).text === 'string' ? (part as { text: string }).text : '')).join('');
    }
    if (typeof o.text === 'string' || typeof o.text === 'object') return unwrapCell(o.text);
    if (typeof o.error === 'string') return o.error;
  }
  return undefined;
}

/**
 * True when a cell holds nothing: null, undefined, NaN, a blank string, or one of the
 * BLANK_PLACEHOLDERS ('-', 'NA', 'N/A', 'NIL', 'NULL', 'None', '#N/A', ...). Reader cell objects
 * are unwrapped first (see unwrapCell).
 */
export function isBlankCell(raw: unknown): boolean {
  const v = unwrapCell(raw);
  if (v == null) return true;
  if (typeof v === 'number') return Number.isNaN(v);
  if (typeof v !== 'string') return false;
  const t = squash(v).toLowerCase();
  return t === '' || BLANK_PLACEHOLDERS.includes(t);
}

/** Trims and collapses every run of whitespace (including no-break spaces, tabs, new lines) to one space. */
function squash(s: string): string {
  return s.replace(/[\s\u00a0\u2007\u202f\u200b]+/g, ' ').trim();
}

/** Shows a raw value inside a reason: strings as typed (cut at 40 characters), others via String(). */
function show(raw: unknown): string {
  const v = unwrapCell(raw);
  const s = v instanceof Date ? (Number.isNaN(v.getTime()) ? 'Invalid Date' : v.toISOString()) : String(v);
  const t = squash(s);
  return t.length > 40 ? `${t.slice(0, 39)}…` : t;
}

/** A reason when the cell is an Excel error value such as '#VALUE!', else null. */
function excelError(v: unknown): string | null {
  if (typeof v === 'string' && EXCEL_ERRORS.includes(v.trim().toLowerCase())) {
    return `Cell holds the Excel error '${v.trim()}'`;
  }
  return null;
}

// ---------------------------------------------------------------------------------------- text

/**
 * Text cell (spec 5 "Text containing markup tags is rejected").
 * @param raw a string, number (e.g. an account number read as a number), boolean or Date
 *   (written as 'YYYY-MM-DD')
 * @returns the text trimmed with inner whitespace runs collapsed to one space; fails with
 *   "Text is empty" for blank input, "Text '<b>x</b>' contains markup tags" for markup, or a
 *   reason for Excel errors and unreadable objects.
 */
export function cleanText(raw: unknown): ParseResult<string> {
  const v = unwrapCell(raw);
  if (v === undefined && raw !== undefined) return fail('Cell value is not text');
  if (v instanceof Date) {
    const d = parseDate(v);
    return d.ok ? ok(d.value) : fail(d.reason);
  }
  if (typeof v === 'number' && !Number.isFinite(v)) return fail(`Text '${show(v)}' is not a valid value`);
  const err = excelError(v);
  if (err) return fail(err);
  const text = v == null ? '' : squash(String(v));
  if (text === '') return fail('Text is empty');
  if (containsMarkup(text)) return fail(`Text '${show(text)}' contains markup tags`);
  return ok(text);
}

// ---------------------------------------------------------------------------------------- numbers

/** Largest amount accepted: the integer minor units (paise, sen) must stay exact. */
const MAX_AMOUNT = Math.floor(Number.MAX_SAFE_INTEGER / 100);

const CURRENCY_AFFIX_RE = /^(?:rs\.?|inr|₹|rp\.?|idr)\s*|\s*(?:rs\.?|inr|₹|rp\.?|idr|\/-)$/i;

/**
 * Reads the digits of a number written with thousands separators.
 * `thousands` and `decimal` are the separators allowed. Western grouping ('123,456') is always
 * accepted, Indian grouping ('1,23,456') when `indian` (default: for ','). Answers the plain
 * 'digits[.digits]' or null.
 */
function degroup(s: string, thousands: ',' | '.', decimal: ',' | '.', indian = thousands === ','): string | null {
  const t = thousands === '.' ? '\\.' : ',';
  const d = decimal === '.' ? '\\.' : ',';
  const indianGroups = indian ? `|\\d{1,2}(?:${t}\\d{2})*${t}\\d{3}` : '';
  const re = new RegExp(`^(\\d+|\\d{1,3}(?:${t}\\d{3})+${indianGroups})(?:${d}(\\d+))?$`);
  const m = re.exec(s);
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

// ---------------------------------------------------------------------------------------- dates

const MONTHS: Record<string, number> = {
  jan: 1, january: 1, januari: 1,
  feb: 2, february: 2, februari: 2, peb: 2,
  mar: 3, march: 3, maret: 3,
  apr: 4, april: 4,
  may: 5, mei: 5,
  jun: 6, june: 6, juni: 6,
  jul: 7, july: 7, juli: 7,
  aug: 8, august: 8, agu: 8, agt: 8, agustus: 8, ags: 8,
  sep: 9, sept: 9, september: 9,
  oct: 10, october: 10, okt: 10, oktober: 10,
  nov: 11, november: 11, nop: 11, nopember: 11,
  dec: 12, december: 12, des: 12, desember: 12,
};

/** Earliest and latest years a date cell may hold. */
const MIN_YEAR = 1900;
const MAX_YEAR = 2199;

/** Two-digit years: 00–49 are 2000–2049, 50–99 are 1950–1999. */
function expandYear(yy: string): number {
  const n = Number(yy);
  return yy.length === 2 ? (n < 50 ? 2000 + n : 1900 + n) : n;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** Builds 'YYYY-MM-DD' after checking the calendar, or a reason naming the raw value. */
function calendarDate(year: number, month: number, day: number, raw: unknown): ParseResult<string> {
  if (year < MIN_YEAR || year > MAX_YEAR) return fail(`Date '${show(raw)}' has an implausible year ${year}`);
  if (month < 1 || month > 12) return fail(`Date '${show(raw)}' has no month ${month}`);
  if (day < 1 || day > daysInMonth(year, month)) return fail(`Date '${show(raw)}' does not exist`);
  return ok(`${pad(year, 4)}-${pad(month)}-${pad(day)}`);
}

/**
 * Excel serial date, 1900 date system: 1 is 1900-01-01, 61 is 1900-03-01 (Excel's fictitious
 * 1900-02-29, serial 60, is refused). A fractional part (the time of day) is dropped.
 */
function fromExcelSerial(serial: number, raw: unknown): ParseResult<string> {
  const whole = Math.floor(serial);
  if (whole < 1) return fail(`Date '${show(raw)}' is not a valid Excel date serial`);
  if (whole === 60) return fail(`Date '${show(raw)}' is Excel's non-existent 1900-02-29`);
  const epoch = Date.UTC(1899, 11, whole < 60 ? 31 : 30);
  const d = new Date(epoch + whole * 86_400_000);
  if (Number.isNaN(d.getTime())) return fail(`Date '${show(raw)}' is not a valid Excel date serial`);
  return calendarDate(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), raw);
}

/**
 * Date cell → calendar date 'YYYY-MM-DD'.
 *
 * Accepted: JS Date (the UTC day nearest the instant, so both UTC-midnight dates from xlsx
 * readers and local-midnight dates in IST/WIB land on the intended day); Excel serial numbers of
 * the 1900 system (a number, or text of exactly 5 digits); text 'dd/mm/yyyy', 'dd-mm-yyyy',
 * 'dd.mm.yyyy' (day first, as in India and Indonesia; 'dd/mm/yy' too), 'yyyy-mm-dd' and
 * 'yyyy/mm/dd' (a trailing time such as 'T00:00:00Z' or ' 00:00:00' is dropped), 'dd-MMM-yy',
 * 'dd-MMM-yyyy', 'dd MMM yyyy', 'MMM dd, yyyy' with English or Indonesian month names or
 * abbreviations ('Jan', 'Sept', 'Mei', 'Agustus', 'Des'). Two-digit years 00–49 are 20xx, 50–99 19xx.
 *
 * @returns 'YYYY-MM-DD' (years 1900–2199); fails for impossible dates ("Date '31/02/2024' does
 *   not exist"), month-first dates ("Date '12/31/2024' has no month 31"), anything else
 *   ("Date '2024' is not a recognised date") or blank input ("Date is empty").
 */
export function parseDate(raw: unknown): ParseResult<string> {
  const v = unwrapCell(raw);
  if (v instanceof Date) {
    const t = v.getTime();
    if (Number.isNaN(t)) return fail('Date is not a valid date');
    const d = new Date(t + 12 * 3_600_000);
    return calendarDate(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.toISOString().slice(0, 10));
  }
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) return fail(`Date '${show(v)}' is not a valid Excel date serial`);
    return fromExcelSerial(v, v);
  }
  if (typeof v !== 'string') return v == null ? fail('Date is empty') : fail(`Date '${show(v)}' is not a recognised date`);
  const err = excelError(v);
  if (err) return fail(err);
  const s = squash(v);
  if (s === '') return fail('Date is empty');

  if (/^\d{5}$/.test(s)) return fromExcelSerial(Number(s), v);

  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?\s*(?:Z|[+-]\d{2}:?\d{2})?)?$/i.exec(s);
  if (m) return calendarDate(Number(m[1]), Number(m[2]), Number(m[3]), v);

  m = /^(\d{1,2})([-/.])(\d{1,2})\2(\d{4}|\d{2})(?:\s+\d{1,2}:\d{2}(?::\d{2})?)?$/.exec(s);
  if (m) return calendarDate(expandYear(m[4]), Number(m[3]), Number(m[1]), v);

  m = /^(\d{1,2})[-/. ]+([A-Za-z]{3,9})\.?[-/. ,]+(\d{4}|\d{2})$/.exec(s);
  if (m) {
    const month = MONTHS[m[2].toLowerCase()];
    if (month === undefined) return fail(`Date '${show(v)}' has an unknown month '${m[2]}'`);
    return calendarDate(expandYear(m[3]), month, Number(m[1]), v);
  }

  m = /^([A-Za-z]{3,9})\.?[ -](\d{1,2}),?[ -](\d{4})$/.exec(s);
  if (m) {
    const month = MONTHS[m[1].toLowerCase()];
    if (month === undefined) return fail(`Date '${show(v)}' has an unknown month '${m[1]}'`);
    return calendarDate(Number(m[3]), month, Number(m[2]), v);
  }
  return fail(`Date '${show(v)}' is not a recognised date`);
}

// ---------------------------------------------------------------------------------------- contact

/** Separators allowed inside a phone number as written: spaces, hyphens, dots, brackets. */
const PHONE_SEPARATORS_RE = /[\s\u00a0\-.()]/g;

/**
 * Mobile number cell → the national number the dialer uses.
 *
 * India (+91): '+91 98765 43210', '+91-98765-43210', '091 98765 43210', '0091…', '919876543210',
 * '098765 43210', '9876543210.0' (a float column in a CSV), an Excel number 9876543210 → '9876543210'; must then be 10 digits starting 6–9
 * (spec 5 dialing rule).
 * Indonesia (+62): '+62 812-3456-7890', '62 812…', '0812-3456-7890', '812…' (an Excel number that
 * lost its 0) → '81234567890', the national number without the trunk 0; must then be 9 to 12
 * digits starting 8 (a mobile, not a landline).
 *
 * @param isd the company's country_isd_code
 * @returns the national number; fails with e.g. "Mobile '12345' is not a 10-digit Indian mobile
 *   number starting 6–9", "Mobile '+62 812…' has country code +62, not +91", "Mobile '98765
 *   43210 / 9123456780' holds more than one number", "Mobile is empty".
 */
export function parseMobile(raw: unknown, isd: IsdCode): ParseResult<string> {
  const v = unwrapCell(raw);
  let s: string;
  if (typeof v === 'number') {
    if (!Number.isSafeInteger(v) || v < 0) return fail(`Mobile '${show(v)}' is not a phone number`);
    s = String(v);
  } else if (typeof v === 'string') {
    const err = excelError(v);
    if (err) return fail(err);
    // A number exported through a float column comes back as '9876543210.0'.
    s = squash(v).replace(/^(\+?\d+)\.0+$/, '$1');
  } else {
    return v == null ? fail('Mobile is empty') : fail(`Mobile '${show(v)}' is not a phone number`);
  }
  if (s === '') return fail('Mobile is empty');
  if (/\d[^\d]*[,;/|&][^\d]*\d/.test(s) || /\d\s+(?:or|and)\s+\+?\d/i.test(s)) {
    return fail(`Mobile '${show(v)}' holds more than one number`);
  }
  s = s.replace(PHONE_SEPARATORS_RE, '');
  const code = isd.slice(1);
  let international = false;
  if (s.startsWith('+')) {
    s = s.slice(1);
    international = true;
  } else if (s.startsWith('00')) {
    s = s.slice(2);
    international = true;
  }
  if (!/^\d+$/.test(s)) return fail(`Mobile '${show(v)}' is not a phone number`);
  if (international) {
    if (!s.startsWith(code)) {
      const other = isd === '+91' ? '62' : '91';
      const shown = s.startsWith(other) ? `+${other}` : 'a foreign code';
      return fail(`Mobile '${show(v)}' has country code ${shown}, not ${isd}`);
    }
    s = s.slice(code.length);
  }
  if (isd === '+91') {
    if (!international && s.length === 12 && s.startsWith('91')) s = s.slice(2);
    else if (!international && s.length === 13 && s.startsWith('091')) s = s.slice(3);
    if (s.length === 11 && s.startsWith('0')) s = s.slice(1);
    if (!/^[6-9]\d{9}$/.test(s)) return fail(`Mobile '${show(v)}' is not a 10-digit Indian mobile number starting 6–9`);
    return ok(s);
  }
  if (!international && s.startsWith('628') && s.length >= 11) s = s.slice(2);
  if (s.startsWith('0')) s = s.slice(1);
  if (!/^8\d{8,11}$/.test(s)) return fail(`Mobile '${show(v)}' is not an Indonesian mobile number (08… with 10 to 13 digits)`);
  return ok(s);
}

/**
 * Postal code cell.
 * India: a 6-digit PIN code, the first digit not 0 (spec 5), e.g. '560001', '560 001', 560001.
 * Indonesia: a 5-digit kode pos, the first digit not 0, e.g. '12190', 12190.
 * A float-column tail is dropped ('560001.0').
 * @returns the code as a string of digits; fails with "Pincode '0560' is not a 6-digit Indian PIN
 *   code" / "Postal code '123' is not a 5-digit Indonesian postal code" or "Pincode is empty".
 */
export function parsePincode(raw: unknown, country: Country): ParseResult<string> {
  const v = unwrapCell(raw);
  const label = country === 'INDONESIA' ? 'Postal code' : 'Pincode';
  let s: string;
  if (typeof v === 'number') {
    if (!Number.isSafeInteger(v)) return fail(`${label} '${show(v)}' is not a number`);
    s = String(v);
  } else if (typeof v === 'string') {
    const err = excelError(v);
    if (err) return fail(err);
    s = squash(v).replace(/[\s-]/g, '').replace(/^(\d+)\.0+$/, '$1');
  } else {
    return v == null ? fail(`${label} is empty`) : fail(`${label} '${show(v)}' is not a number`);
  }
  if (s === '') return fail(`${label} is empty`);
  if (country === 'INDONESIA') {
    return /^[1-9]\d{4}$/.test(s) ? ok(s) : fail(`Postal code '${show(v)}' is not a 5-digit Indonesian postal code`);
  }
  return /^[1-9]\d{5}$/.test(s) ? ok(s) : fail(`Pincode '${show(v)}' is not a 6-digit Indian PIN code (first digit not 0)`);
}

/**
 * Email cell (spec 5 email rule, via isValidEmail). Trims, drops a 'mailto:' prefix and lower-cases.
 * @returns the email; fails with "Email 'x' is not a valid email address", "Email 'a@x.com;
 *   b@y.com' holds more than one address" or "Email is empty".
 */
export function parseEmail(raw: unknown): ParseResult<string> {
  const v = unwrapCell(raw);
  if (typeof v !== 'string') return v == null ? fail('Email is empty') : fail(`Email '${show(v)}' is not a valid email address`);
  const s = squash(v).replace(/^mailto:/i, '').toLowerCase();
  if (s === '') return fail('Email is empty');
  if ((s.match(/@/g) ?? []).length > 1 && /[,; /]/.test(s)) return fail(`Email '${show(v)}' holds more than one address`);
  return isValidEmail(s) ? ok(s) : fail(`Email '${show(v)}' is not a valid email address`);
}

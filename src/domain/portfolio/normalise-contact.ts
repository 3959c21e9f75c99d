/** Mobile, pincode and email cells of an allocation file (normalise.ts explains the family). */
import type { Country } from '../contracts/companies/companies';
import { isValidEmail } from '../validation/rules';
import { excelError, fail, ok, show, squash, unwrapCell, type IsdCode, type ParseResult } from './normalise';

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

/**
 * Phone numbers as the DND list keys them: the national number's digits, so '+91 98765-43210',
 * '09876543210' and '919876543210' are one entry (India +91, Indonesia +62).
 */

/** The national digits of a phone number, or null when it is not one (7–15 digits after normalising). */
export function normaliseNumber(raw: string): string | null {
  if (!/^[+\d\s().-]+$/.test(raw.trim())) return null;
  let digits = raw.replace(/\D/g, '');
  if (digits.startsWith('00')) digits = digits.slice(2);
  if (digits.length === 12 && digits.startsWith('91')) digits = digits.slice(2);
  else if (digits.startsWith('62') && digits.length >= 10) digits = digits.slice(2);
  digits = digits.replace(/^0+/, '');
  return digits.length >= 7 && digits.length <= 15 ? digits : null;
}

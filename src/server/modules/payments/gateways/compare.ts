/** Constant-time comparison of signatures (crypto.timingSafeEqual), for every adapter. */
import { timingSafeEqual } from 'node:crypto';

/**
 * Whether `given` equals `expected`, compared in constant time over equal lengths (a length
 * mismatch is refused before comparing: lengths of our own digests are public anyway).
 */
export function sameSignature(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

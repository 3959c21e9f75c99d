/**
 * GPS check-in (issue 4 "Visit form: GPS check-in"): one position from the browser's geolocation
 * (src/web/lib/geolocation.ts), resolved with the reason instead of throwing so a visit can be
 * saved without a fix (it is then flagged 'no_location' by the server).
 */
import { devicePosition, type DeviceFix, type FixFailure } from '../../lib/geolocation';

/** A check-in: degrees, accuracy radius in metres, and when the fix was taken (ISO). */
export type CheckIn = DeviceFix;

/** Why there is no fix: refused by the user, not available, timed out, or no geolocation at all. */
export type CheckInFailure = FixFailure;

/**
 * Asks the device for its position.
 * @param timeoutMs how long to wait for a fix (cheap phones indoors can take long; default 20 s)
 * @param maxAgeMs the oldest cached fix accepted (default 15 s: a check-in is the visit's evidence of
 *   presence, and a minute's walk between houses is already ~80 m)
 * @returns the fix, or the reason there is none (never rejects)
 */
export function checkIn(timeoutMs = 20_000, maxAgeMs = 15_000): Promise<{ fix: CheckIn } | { failure: CheckInFailure }> {
  return devicePosition(timeoutMs, maxAgeMs);
}

/** The executive's current position for the day plan (null when unavailable); quicker, coarser. */
export async function currentPosition(): Promise<{ lat: number; lng: number } | null> {
  // Planning the day: a fix up to a minute old is good enough and saves battery.
  const result = await checkIn(10_000, 60_000);
  return 'fix' in result ? { lat: result.fix.latitude, lng: result.fix.longitude } : null;
}

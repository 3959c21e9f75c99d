/**
 * The phone's position for a repossession field step (issue 16: the step's place, with GPS when the
 * phone has it). Optional by design: a step is saved with or without a fix, so this never rejects
 * and gives up after `timeoutMs`; the form asks for it when it opens and sends whatever it has when
 * saved. (The field area's check-in helper is not behind its front door; this is the same call.)
 */

/** A fix: degrees, accuracy radius in metres. */
export interface StepPosition {
  latitude: number;
  longitude: number;
  accuracyM: number;
}

/** Why there is none: refused, unavailable, timed out, or no geolocation on this browser. */
export type PositionFailure = 'denied' | 'unavailable' | 'timeout' | 'unsupported';

/**
 * One position from navigator.geolocation.
 * @param timeoutMs how long to wait (default 15 s); the browser's own timeout and a timer both stop it
 * @param maxAgeMs the oldest cached fix accepted (default 60 s: the agent stands at the place)
 * @returns the fix or why there is none (never rejects)
 */
export function stepPosition(timeoutMs = 15_000, maxAgeMs = 60_000): Promise<{ fix: StepPosition } | { failure: PositionFailure }> {
  const geo = typeof navigator !== 'undefined' ? navigator.geolocation : undefined;
  if (!geo) return Promise.resolve({ failure: 'unsupported' });
  return new Promise((resolve) => {
    // Some browsers never call back when the permission prompt is left open: a timer ends the wait.
    const timer = setTimeout(() => resolve({ failure: 'timeout' }), timeoutMs + 1_000);
    geo.getCurrentPosition(
      (p) => {
        clearTimeout(timer);
        resolve({ fix: { latitude: p.coords.latitude, longitude: p.coords.longitude, accuracyM: Math.round(p.coords.accuracy) } });
      },
      (error) => {
        clearTimeout(timer);
        resolve({ failure: error.code === error.PERMISSION_DENIED ? 'denied' : error.code === error.TIMEOUT ? 'timeout' : 'unavailable' });
      },
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: maxAgeMs },
    );
  });
}

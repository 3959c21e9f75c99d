/**
 * One position from the browser's geolocation, for the screens that record where something was
 * done: a field visit's GPS check-in (issue 4), a repossession field step (issue 16). Never rejects:
 * the caller saves with or without a fix, so a refusal, a time-out or a browser without
 * geolocation comes back as the reason there is none.
 */

/** A fix: degrees, accuracy radius in metres, and when it was taken (ISO). */
export interface DeviceFix {
  latitude: number;
  longitude: number;
  accuracyM: number;
  at: string;
}

/** Why there is no fix: refused by the user, not available, timed out, or no geolocation at all. */
export type FixFailure = 'denied' | 'unavailable' | 'timeout' | 'unsupported';

/**
 * Asks the device for its position.
 * @param timeoutMs how long to wait for a fix; the browser's own timeout and a timer (1 s later) both end it
 * @param maxAgeMs the oldest cached fix accepted
 * @returns the fix, or the reason there is none (never rejects)
 */
export function devicePosition(timeoutMs: number, maxAgeMs: number): Promise<{ fix: DeviceFix } | { failure: FixFailure }> {
  const geo = typeof navigator !== 'undefined' ? navigator.geolocation : undefined;
  if (!geo) return Promise.resolve({ failure: 'unsupported' });
  return new Promise((resolve) => {
    // Some browsers never call back while the permission prompt is left open: the timer ends the wait.
    const timer = setTimeout(() => resolve({ failure: 'timeout' }), timeoutMs + 1_000);
    geo.getCurrentPosition(
      (position) => {
        clearTimeout(timer);
        resolve({
          fix: {
            latitude: position.coords.latitude,
            longitude: position.coords.longitude,
            accuracyM: Math.round(position.coords.accuracy),
            at: new Date(position.timestamp || Date.now()).toISOString(),
          },
        });
      },
      (error) => {
        clearTimeout(timer);
        resolve({ failure: error.code === error.PERMISSION_DENIED ? 'denied' : error.code === error.TIMEOUT ? 'timeout' : 'unavailable' });
      },
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: maxAgeMs },
    );
  });
}

/**
 * Country of the deployment a user signs in to (spec 1, spec 3 `country_login`, spec 8, spec 9).
 *
 * The login page asks a public trace service (Cloudflare `cdn-cgi/trace` style: `key=value`
 * lines, the country in `loc=IN`) and falls back to INDIA when that fails or is too slow.
 */
import type { Country } from '../contracts/companies/companies';

export const COUNTRIES = {
  INDIA: { code: 'in', isd: '+91', currency: 'INR' },
  INDONESIA: { code: 'id', isd: '+62', currency: 'IDR' },
} as const satisfies Record<Country, { code: string; isd: string; currency: string }>;

export const DEFAULT_COUNTRY: Country = 'INDIA';
/** Spec 9: country detection time-out. */
export const COUNTRY_DETECTION_TIMEOUT_MS = 3000;
/** Spec 8 messages. */
export const COUNTRY_DETECTION_FAILED = 'Country code detection failed';
export const COUNTRY_DETECTION_TIMEOUT = 'timeout';

/** 'INDIA' for `loc=IN`, 'INDONESIA' for `loc=ID`, null for any other or no `loc` line. */
export function countryFromTrace(text: string): Country | null {
  const loc = /^loc=([A-Za-z]{2})\s*$/m.exec(text)?.[1]?.toLowerCase();
  if (loc === COUNTRIES.INDIA.code) return 'INDIA';
  if (loc === COUNTRIES.INDONESIA.code) return 'INDONESIA';
  return null;
}

export interface CountryDetection {
  country: Country;
  error?: typeof COUNTRY_DETECTION_FAILED | typeof COUNTRY_DETECTION_TIMEOUT;
}

class DetectionTimeout extends Error {}

/**
 * GETs `traceUrl` with the injected `fetchFn` and reads the country from the answer.
 * Never rejects: after `timeoutMs` (default 3000 ms) the request is aborted and the answer is
 * `{ country: 'INDIA', error: 'timeout' }`; a network error, a non-2xx status or a country other
 * than India or Indonesia gives `{ country: 'INDIA', error: 'Country code detection failed' }`.
 */
export async function detectCountry(
  fetchFn: typeof fetch,
  traceUrl: string,
  timeoutMs: number = COUNTRY_DETECTION_TIMEOUT_MS,
): Promise<CountryDetection> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Race as well as abort: a fetch that ignores the signal (or a slow body) still times out.
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new DetectionTimeout());
    }, timeoutMs);
  });
  const lookup = (async () => {
    const res = await fetchFn(traceUrl, { method: 'GET', signal: controller.signal });
    if (!res.ok) return null;
    return countryFromTrace(await res.text());
  })();
  // The losing branch may reject later (aborted fetch); nobody awaits it, so mark it handled.
  lookup.catch(() => undefined);
  try {
    const country = await Promise.race([lookup, timeout]);
    return country ? { country } : { country: DEFAULT_COUNTRY, error: COUNTRY_DETECTION_FAILED };
  } catch (err) {
    const timedOut = err instanceof DetectionTimeout || controller.signal.aborted;
    return { country: DEFAULT_COUNTRY, error: timedOut ? COUNTRY_DETECTION_TIMEOUT : COUNTRY_DETECTION_FAILED };
  } finally {
    clearTimeout(timer);
  }
}

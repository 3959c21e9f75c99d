/**
 * Answers public/assets/warm.js fetched before the app's JavaScript arrived (issue 18: the day
 * list's first cards wait for no round trip the page could have started earlier). warm.js leaves
 * `window[name] = { token, companyId, body, settled }` where body resolves to the API envelope or null
 * and `settled` is that envelope once it is in.
 */
import { session } from './store';

interface Warm<T> {
  companyId: string;
  token: string;
  body: Promise<{ success?: boolean; data?: T } | null>;
  /** The body once it resolved (undefined before). */
  settled?: { success?: boolean; data?: T } | null;
}

/** The download warm.js sets on window for each read: the allocation, the profile, the permissions. */
export type WarmName = '__roWarmAllocation' | '__roWarmProfile' | '__roWarmPermissions';

/**
 * The read warm.js made for this company and the current token, taken once (a later read asks the
 * server); null when there is none. When warm.js's download failed (offline, 401, 5xx) `fallback`
 * makes the app's own request, so its errors are reported as usual (a 401 ends the session).
 */
export function takeWarm<T>(name: WarmName, companyId: string | null, fallback: () => Promise<T>): Promise<T> | null {
  const holder = globalThis as Partial<Record<WarmName, Warm<T>>>;
  const warm = holder[name];
  if (!warm || warm.token !== session.uat || (companyId !== null && warm.companyId !== companyId)) return null;
  delete holder[name];
  return warm.body.then((b) => (b && b.success !== false && b.data ? b.data : fallback()));
}

/**
 * The data warm.js already holds for this company and the current token, taken (as takeWarm does);
 * undefined while it is still on its way, when it failed, or when there is none — then takeWarm
 * or the app's own request answers. For a query's `initialData`: a first render that starts with
 * the profile and permissions is not followed by a synchronous re-render of the whole shell when
 * each answer arrives (TanStack Query's updates go through useSyncExternalStore, which React never
 * renders in slices; issue 18 TBT).
 */
export function warmSettled<T>(name: WarmName, companyId: string | null): T | undefined {
  const holder = globalThis as Partial<Record<WarmName, Warm<T>>>;
  const warm = holder[name];
  if (!warm || warm.token !== session.uat || (companyId !== null && warm.companyId !== companyId)) return undefined;
  const b = warm.settled;
  if (!b || b.success === false || !b.data) return undefined;
  delete holder[name];
  return b.data;
}

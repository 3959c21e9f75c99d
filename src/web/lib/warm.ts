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

const holder = <T>() => globalThis as Partial<Record<WarmName, Warm<T>>>;

/** warm.js's read `name` when it was made with the current token (and for `companyId` when given). */
function warmFor<T>(name: WarmName, companyId: string | null): Warm<T> | undefined {
  const warm = holder<T>()[name];
  return warm && warm.token === session.uat && (companyId === null || warm.companyId === companyId) ? warm : undefined;
}

/** An envelope's data when the read succeeded; undefined for a failed, refused or missing one. */
const dataOf = <T>(b: { success?: boolean; data?: T } | null | undefined): T | undefined => (b && b.success !== false && b.data ? b.data : undefined);

/**
 * The read warm.js made for this company and the current token, taken once (a later read asks the
 * server); null when there is none. When warm.js's download failed (offline, 401, 5xx) `fallback`
 * makes the app's own request, so its errors are reported as usual (a 401 ends the session).
 */
export function takeWarm<T>(name: WarmName, companyId: string | null, fallback: () => Promise<T>): Promise<T> | null {
  const warm = warmFor<T>(name, companyId);
  if (!warm) return null;
  delete holder()[name];
  return warm.body.then((b) => dataOf(b) ?? fallback());
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
  const data = dataOf(warmFor<T>(name, companyId)?.settled);
  if (data !== undefined) delete holder()[name];
  return data;
}

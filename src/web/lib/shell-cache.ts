/**
 * The shell's reads kept on the device (issue 12 "Offline after a reload, the shell must come from
 * the cached profile"): the signed-in user's profile (name, profession, companies) and their
 * permissions per company, so a page reloaded with no network still has its menu, bottom
 * navigation, company name and on-duty switch. The last good answer of each is kept in
 * localStorage under SHELL_CACHE_KEY, tagged with the session it belongs to; sign-out clears
 * localStorage (store.ts clearSession), and another session's entries are never read.
 *
 * Restored entries count as stale (updated at epoch 1): online they are fetched again at once and
 * replaced; offline TanStack Query keeps showing them while its fetch waits or fails.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { session } from './store';

/** localStorage key of the cache. */
export const SHELL_CACHE_KEY = 'shell_cache';
/** The operations whose answers the shell needs offline (contracts: profile details, my permissions). */
export const SHELL_READS: readonly string[] = ['user.profile.details', 'user.permissions.mine'];
/** At most this many entries (a user switching between many companies keeps the latest ones). */
const MAX_ENTRIES = 12;

interface Stored {
  /** Which session the entries belong to: a hash of its token (the token itself is not copied). */
  owner: string;
  entries: { key: QueryKey; data: unknown }[];
}

/** FNV-1a of a string, hex: tells sessions apart, nothing more. */
function ownerOf(token: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) h = Math.imul(h ^ token.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16);
}

function load(): Stored | null {
  try {
    const raw = globalThis.localStorage?.getItem(SHELL_CACHE_KEY);
    const parsed = raw ? (JSON.parse(raw) as Stored) : null;
    return parsed && typeof parsed.owner === 'string' && Array.isArray(parsed.entries) ? parsed : null;
  } catch {
    return null;
  }
}

function save(stored: Stored): void {
  try {
    globalThis.localStorage?.setItem(SHELL_CACHE_KEY, JSON.stringify(stored));
  } catch {
    // Storage full or unavailable: the shell then needs the network after a reload, as before.
  }
}

const sameKey = (a: QueryKey, b: QueryKey) => JSON.stringify(a) === JSON.stringify(b);
/** Stands for the session's token in a kept query key (the profile's key holds it). */
const TOKEN = '$uat';
const withToken = (key: QueryKey, token: string, placeholder: string): QueryKey => key.map((part) => (part === token ? placeholder : part));

/**
 * Puts the current session's kept shell reads into `client` (stale, so they are fetched again when
 * the network allows) and from then on keeps every successful shell read. Call once at start,
 * before the first render. Returns the unsubscribe function.
 */
export function keepShellReads(client: QueryClient): () => void {
  const stored = load();
  if (stored && session.uat && stored.owner === ownerOf(session.uat)) {
    for (const entry of stored.entries) {
      const key = withToken(entry.key, TOKEN, session.uat);
      if (client.getQueryData(key) === undefined) client.setQueryData(key, entry.data, { updatedAt: 1 });
    }
  }
  // The data last kept per query: sign-in sets the profile before the token is stored, so a read
  // is also kept when a screen starts watching it (observerAdded), once per new answer.
  const kept = new WeakMap<object, unknown>();
  return client.getQueryCache().subscribe((event) => {
    if ((event.type !== 'updated' && event.type !== 'observerAdded') || !session.uat) return;
    const { query } = event;
    const data = query.state.data;
    if (!SHELL_READS.includes(String(query.queryKey[0])) || data === undefined || kept.get(query) === data) return;
    kept.set(query, data);
    const key = withToken(query.queryKey, session.uat, TOKEN);
    const owner = ownerOf(session.uat);
    const current = load();
    const entries = current?.owner === owner ? current.entries.filter((e) => !sameKey(e.key, key)) : [];
    save({ owner, entries: [...entries, { key, data }].slice(-MAX_ENTRIES) });
  });
}

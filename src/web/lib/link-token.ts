/**
 * Spec 4: a link may carry `?token=` (base64 JSON of localStorage keys). Only the keys spec 3
 * names are taken (navigation.ts `sortLinkKeys`): display settings are saved at once, while a
 * session token is held in memory and the page goes to `/login/link`, where the user sees which
 * account the link signs in and chooses Continue or Cancel (issue 12: a crafted link must not
 * sign a victim into another account unnoticed). The token leaves the address bar either way.
 */
import { decodeLinkToken, sortLinkKeys, type LinkSignIn } from './navigation';
import { setCountry } from './store';

/** The confirmation screen (auth area). */
export const LINK_CONFIRM_PATH = '/login/link';

let pending: LinkSignIn | null = null;

/** The link's sign-in awaiting confirmation in this page load, or null. */
export function pendingLinkSignIn(): LinkSignIn | null {
  return pending;
}

/** Forgets the link's sign-in (after Continue or Cancel). */
export function clearPendingLinkSignIn(): void {
  pending = null;
}

/** Applies a link token in the current URL, if any (run once, before the router reads the URL). */
export function applyLinkToken(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has('token')) return;
  const keys = decodeLinkToken(url.searchParams.get('token'));
  url.searchParams.delete('token');
  const rest = url.pathname + url.search + url.hash;
  const { save, signIn } = keys ? sortLinkKeys(keys) : { save: {}, signIn: null };
  if (save.country_login === 'INDIA' || save.country_login === 'INDONESIA') setCountry(save.country_login);
  if (save.screen_recording) localStorage.setItem('screen_recording', save.screen_recording);
  pending = signIn;
  const target = signIn ? `${LINK_CONFIRM_PATH}?next=${encodeURIComponent(rest)}` : rest;
  window.history.replaceState(window.history.state, '', target);
}

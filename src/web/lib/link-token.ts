/**
 * Spec 4: a link may carry `?token=` (base64 JSON of localStorage keys). The keys are saved,
 * the token is dropped from the address bar, and the session store picks up uat and email.
 */
import { decodeLinkToken } from './navigation';
import { session, STORAGE_KEYS } from './store';

/** Applies a link token in the current URL, if any. */
export function applyLinkToken(): void {
  const url = new URL(window.location.href);
  const keys = decodeLinkToken(url.searchParams.get('token'));
  if (!keys) return;
  for (const [key, value] of Object.entries(keys)) localStorage.setItem(key, value);
  if (keys[STORAGE_KEYS.uat]) session.uat = keys[STORAGE_KEYS.uat];
  if (keys[STORAGE_KEYS.email]) session.email = keys[STORAGE_KEYS.email];
  url.searchParams.delete('token');
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
}

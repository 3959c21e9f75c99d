/**
 * Where sign-out sends the browser (spec 2 "After sign-out", spec 4 "Authentication").
 */

const LOGIN_PAGES = new Set(['/login', '/login/sso']);
const stripTrailingSlash = (p: string): string => (p.length > 1 ? p.replace(/\/+$/, '') : p);

/**
 * '/login?next=' + the encoded path and search the user was on, or plain '/login' when they were
 * on '/login/sso' (or on '/login' itself, so `next` never points at the login page).
 * `search` is location.search, with or without its leading '?'.
 */
export function signOutRedirect(pathname: string, search: string): string {
  if (LOGIN_PAGES.has(stripTrailingSlash(pathname))) return '/login';
  const query = search === '' || search === '?' ? '' : search.startsWith('?') ? search : `?${search}`;
  return `/login?next=${encodeURIComponent(pathname + query)}`;
}

/**
 * The page to open after sign-in from a `next` query value (already URL-decoded): only a path on
 * this site is followed ('/app/x?y=1'); absent values, other origins ('https://x', '//x') and
 * backslash tricks give the fallback, so a crafted link cannot send the user elsewhere.
 */
export function safeNextPath(next: string | null | undefined, fallback = '/'): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return fallback;
  return next;
}

/**
 * Pure helpers for routes: the app prefix with its optional ui version (spec 2), links that keep
 * `company_id`, and the link token of spec 4.
 */

/** `/app`, `/v1/app` or `/v2/app`: the prefix of the current app path, `/app` when none. */
export function appPrefix(pathname: string): string {
  const match = /^\/(v1|v2)\/app(\/|$)/.exec(pathname);
  return match ? `/${match[1]}/app` : '/app';
}

/**
 * A link to an app screen that keeps the company (spec 2: the URL always carries company_id).
 * @param screen '' for home, else e.g. 'user-management'
 */
export function appLink(prefix: string, screen: string, companyId: string | null): string {
  const path = screen ? `${prefix}/${screen}` : prefix;
  return companyId ? `${path}?company_id=${encodeURIComponent(companyId)}` : path;
}

/** The parts of a click that decide whether the router may take it. */
export interface ClickLike {
  target: EventTarget | null;
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
}

/**
 * For one click handler on a long list instead of a router `Link` per item (a `Link` per card was
 * a measurable share of the field day list's render on a phone, issue 18): the path of the
 * `<a data-in-app href>` clicked, when it is a plain left click the router should take; null
 * otherwise (modified clicks open a tab or window as on any link).
 */
export function inAppClickHref(event: ClickLike): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const target = event.target as { closest?: (selector: string) => Element | null } | null;
  const link = target?.closest?.('a[data-in-app][href]');
  return link?.getAttribute('href') ?? null;
}

/**
 * Decodes a link token (`?token=` holding base64 of a JSON object of localStorage keys, spec 4).
 * @returns the string-valued keys, or null when the token is not base64 JSON of an object
 */
export function decodeLinkToken(token: string | null | undefined): Record<string, string> | null {
  if (!token) return null;
  try {
    const normalised = token.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(normalised);
    const json = new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    const value: unknown = JSON.parse(json);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
    const out: Record<string, string> = {};
    for (const [key, entry] of Object.entries(value)) {
      if (typeof entry === 'string') out[key] = entry;
      else if (typeof entry === 'number' || typeof entry === 'boolean') out[key] = String(entry);
    }
    return out;
  } catch {
    return null;
  }
}

/**
 * The keys a link token may carry: spec 3's browser-stored values (uat, email, country_login,
 * screen_recording, AsapOAuthKey). Anything else in a token is ignored.
 */
export const LINK_TOKEN_KEYS = ['uat', 'email', 'country_login', 'screen_recording', 'AsapOAuthKey'] as const;

/** A sign-in carried by a link: installed only after the user confirms the account (issue 12). */
export interface LinkSignIn {
  uat: string;
  /** The email the link claims; the confirmation shows the account the server names for `uat`. */
  email: string | null;
  AsapOAuthKey: string | null;
}

/**
 * Splits a decoded link token into the keys saved at once (`country_login` when INDIA or
 * INDONESIA, `screen_recording`) and a sign-in held for confirmation (`uat`, with `email` and
 * `AsapOAuthKey`). Unknown keys are dropped, and so are `email`/`AsapOAuthKey` without a `uat`:
 * a link can never change who is signed in, or which support-desk account is used, by itself.
 */
export function sortLinkKeys(keys: Record<string, string>): { save: Record<string, string>; signIn: LinkSignIn | null } {
  const save: Record<string, string> = {};
  const own = (key: string) => (Object.prototype.hasOwnProperty.call(keys, key) ? keys[key].trim() : '');
  const country = own('country_login');
  if (country === 'INDIA' || country === 'INDONESIA') save.country_login = country;
  const recording = own('screen_recording');
  if (recording && recording.length <= 100) save.screen_recording = recording;
  const uat = own('uat');
  const signIn = uat && uat.length <= 512 ? { uat, email: own('email') || null, AsapOAuthKey: own('AsapOAuthKey') || null } : null;
  return { save, signIn };
}

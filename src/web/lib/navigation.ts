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

/**
 * The web app's index.html as the server sends it for a client-side route (the SPA fallback).
 *
 * The build marks the field day list's `<link rel="modulepreload">` block (vite.config.ts
 * `preloadFieldRoute`): app routes keep it (a phone opening its day fetches those chunks alongside
 * the entry), while pages outside the app — the sign-in pages above all — are sent without it, so
 * a signed-out phone downloads only what the sign-in form needs before it works (issue 18: the
 * sign-in page ≤ 120 KB). The sign-in page fetches the day list while the executive types.
 */

/** Opening and closing markers of the field route's preload block in the built index.html. */
export const FIELD_PRELOAD_START = '<!-- field-route-preload -->';
export const FIELD_PRELOAD_END = '<!-- /field-route-preload -->';

/** Paths inside the app shell: `/app`, `/v1/app`, `/v2/app` and below. */
const APP_PATH = /^\/(?:v[12]\/)?app(?:\/|$)/;

/**
 * The index.html to send for a pathname: unchanged inside the app, without the field route's
 * preload block elsewhere.
 * @param html the built index.html
 * @param pathname the request's path, without the query
 */
export function indexHtmlFor(html: string, pathname: string): string {
  if (APP_PATH.test(pathname)) return html;
  const start = html.indexOf(FIELD_PRELOAD_START);
  const end = html.indexOf(FIELD_PRELOAD_END);
  if (start < 0 || end < start) return html;
  return html.slice(0, start) + html.slice(end + FIELD_PRELOAD_END.length);
}

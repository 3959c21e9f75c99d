/**
 * The web app's index.html as the server sends it for a client-side route (the SPA fallback).
 *
 * The build adds three marked blocks of `<link rel="modulepreload">` and their chunks' CSS preloads
 * (vite.config.ts `preloadBlocks`), so a page fetches the chunks and CSS its first screen needs
 * alongside the entry, and nothing more (issue 18):
 * - `app`: the app (app/app-main.tsx: router, TanStack Query, i18next) and its imports — every
 *   page but the sign-in page, whose form works before the app loads;
 * - `field`: the field day list's chunks — inside the app only;
 * - `sign-in`: the standalone sign-in screen (`/login`) — on the sign-in page only, which fetches
 *   the app (and on a phone the day list) while the executive types.
 * The service worker's precached index.html keeps all three (they come from its cache).
 */

/** Opening and closing markers of a preload block in the built index.html. */
export const preloadStart = (block: PreloadBlock) => `<!-- ${block}-preload -->`;
export const preloadEnd = (block: PreloadBlock) => `<!-- /${block}-preload -->`;
export type PreloadBlock = 'app' | 'field' | 'sign-in';
/** The field route's markers (kept for the tests and the build). */
export const FIELD_PRELOAD_START = preloadStart('field');
export const FIELD_PRELOAD_END = preloadEnd('field');

/** Paths inside the app shell: `/app`, `/v1/app`, `/v2/app` and below. */
const APP_PATH = /^\/(?:v[12]\/)?app(?:\/|$)/;
/** The sign-in page (the auth area's standalone route). */
const SIGN_IN_PATH = /^\/login\/?$/;

/** The preload blocks a page keeps. */
function blocksFor(pathname: string): readonly PreloadBlock[] {
  if (APP_PATH.test(pathname)) return ['app', 'field'];
  if (SIGN_IN_PATH.test(pathname)) return ['sign-in'];
  return ['app'];
}

function without(html: string, block: PreloadBlock): string {
  const start = html.indexOf(preloadStart(block));
  const end = html.indexOf(preloadEnd(block));
  if (start < 0 || end < start) return html;
  return html.slice(0, start) + html.slice(end + preloadEnd(block).length);
}

/**
 * The index.html to send for a pathname: with the preload blocks its first screen needs, without the others.
 * @param html the built index.html
 * @param pathname the request's path, without the query
 */
export function indexHtmlFor(html: string, pathname: string): string {
  const keep = blocksFor(pathname);
  return (['app', 'field', 'sign-in'] as const).reduce((page, block) => (keep.includes(block) ? page : without(page, block)), html);
}

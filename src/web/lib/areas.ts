/**
 * The registry of the web's areas (decision 007): the front door of every entry of
 * src/domain/areas.ts, in that order. Loaded eagerly (front doors are small: routes, menu entries,
 * English core texts), so the router, the menu and the i18n loader read it synchronously.
 */
import { AREAS } from '../../domain/areas';
import type { AppRoute, WebArea } from './area';

/**
 * The front doors ordered by AREAS.
 * @param doors front doors by file, as `import.meta.glob` answers them
 * @throws naming every listed area without a front door, every front door not listed, and any whose name is not its folder's
 */
export function orderAreas(doors: Record<string, WebArea | undefined>): WebArea[] {
  const byName = new Map<string, WebArea>();
  const problems: string[] = [];
  for (const [file, door] of Object.entries(doors)) {
    const folder = /([^/]+)\/area\.ts$/.exec(file)?.[1] ?? file;
    if (door?.name === folder && Array.isArray(door.routes)) byName.set(folder, door);
    else problems.push(`${file} must default-export defineWebArea({ name: '${folder}', … })`);
  }
  for (const { name } of AREAS) if (!byName.has(name)) problems.push(`no front door src/web/features/${name}/area.ts`);
  for (const name of byName.keys()) if (!AREAS.some((a) => a.name === name)) problems.push(`${name} is not listed in src/domain/areas.ts`);
  if (problems.length) throw new Error(`Web areas: ${problems.join('; ')}`);
  return AREAS.map((a) => byName.get(a.name)!);
}

/** Every area's web front door, in the order of src/domain/areas.ts. */
export const WEB_AREAS: readonly WebArea[] = orderAreas(import.meta.glob<WebArea>('../features/*/area.ts', { eager: true, import: 'default' }));

/** The routes under the app prefix, of every area. */
export const APP_ROUTES: readonly AppRoute[] = WEB_AREAS.flatMap((area) => area.routes.filter((route): route is AppRoute => !route.top));

/** The app route a pathname opens (`/v1/app/visit-details/` → visit-details), if any. */
export function appRouteAt(pathname: string): AppRoute | undefined {
  const screen = /^\/(?:v[12]\/)?app\/(.+?)\/?$/.exec(pathname)?.[1];
  return screen === undefined ? undefined : APP_ROUTES.find((route) => route.path === screen);
}

let signInPrefetch: Promise<unknown> | null = null;

/**
 * Loads (once) the chunks of the routes marked `prefetchOnSignIn`, without rendering them: the
 * sign-in page calls it when a phone user starts typing (issue 18). Failures are ignored: the
 * route loads its chunk again when it opens.
 */
export function prefetchSignInRoutes(): Promise<unknown> {
  signInPrefetch ??= Promise.all(APP_ROUTES.filter((route) => route.prefetchOnSignIn).map((route) => route.page().catch(() => undefined)));
  return signInPrefetch;
}

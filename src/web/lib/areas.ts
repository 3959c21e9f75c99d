/**
 * The registry of the web's areas (decision 007): the front door of every entry of
 * src/domain/areas.ts, in that order, loaded in two steps so the field executive's first screen
 * does not grow with the number of desk areas (issue 11, issue 18):
 *
 * - The front doors of the `entry` areas (the sign-in pages, the field app) are in the entry
 *   chunk: the router, the menu and the i18n loader read them synchronously, so the field day list
 *   and the sign-in page render without waiting for anything else.
 * - The other areas' front doors, with the endpoint definitions and icons their menus name and
 *   their English core texts, are one lazy chunk (`./all-areas`, precached with the shell) that
 *   `loadAllAreas()` brings in: at once when the first screen is not an entry area's (the router
 *   waits for it before answering "not found"), else when the main thread is idle after the first
 *   screen showed (the menu then gains the entries the permissions grant). An `offline` area that
 *   is not `entry` (repossession: its steps screen opens offline) is reached this way too: the
 *   `all-areas` chunk and the area's field screens are precached, so it opens with no network.
 *
 * Consumers read the registry through `webAreas()` / `appRoutes()` (the areas loaded so far) and
 * React components through `useWebAreas()`, which re-renders them when the desk areas arrive.
 * Before the registry publishes new areas it runs the hooks registered with `beforeAreasAdded`
 * (the i18n loader adds their texts there), so a menu label is never shown before its text.
 */
import { useSyncExternalStore } from 'react';
import { AREAS, type AreaName } from '../../domain/areas';
import type { AppRoute, WebArea, WebRoute } from './area';

/**
 * The `entry` areas of src/domain/areas.ts, whose front doors the entry chunk holds. A glob
 * pattern must be a literal, so the list is repeated here; tests/unit/web/areas.test.ts fails when
 * it differs from the `entry` flags of src/domain/areas.ts.
 */
const ENTRY_DOORS = import.meta.glob<WebArea>('../features/{auth,field}/area.ts', { eager: true, import: 'default' });

/** The names of the areas whose front doors the entry chunk holds (src/domain/areas.ts `entry`). */
export const ENTRY_AREA_NAMES: readonly AreaName[] = AREAS.filter((a) => 'entry' in a && a.entry).map((a) => a.name);

/**
 * The front doors ordered by AREAS.
 * @param doors front doors by file, as `import.meta.glob` answers them
 * @param listed the names that must have a front door (every area by default; the entry ones for the entry's doors)
 * @throws naming every listed area without a front door, every front door not listed, and any whose name is not its folder's
 */
export function orderAreas(doors: Record<string, WebArea | undefined>, listed: readonly string[] = AREAS.map((a) => a.name)): WebArea[] {
  const byName = new Map<string, WebArea>();
  const problems: string[] = [];
  for (const [file, door] of Object.entries(doors)) {
    const folder = /([^/]+)\/area\.ts$/.exec(file)?.[1] ?? file;
    if (door?.name === folder && Array.isArray(door.routes)) byName.set(folder, door);
    else problems.push(`${file} must default-export defineWebArea({ name: '${folder}', … })`);
  }
  for (const name of listed) if (!byName.has(name)) problems.push(`no front door src/web/features/${name}/area.ts`);
  for (const name of byName.keys()) if (!listed.includes(name)) problems.push(`${name} is not listed in src/domain/areas.ts`);
  if (problems.length) throw new Error(`Web areas: ${problems.join('; ')}`);
  return AREAS.flatMap((a) => byName.get(a.name) ?? []);
}

let areas: readonly WebArea[] = orderAreas(ENTRY_DOORS, ENTRY_AREA_NAMES);
let routes: readonly AppRoute[] = routesOf(areas);
let complete = false;
const listeners = new Set<() => void>();
const hooks: ((added: readonly WebArea[]) => Promise<void> | void)[] = [];
let loading: Promise<readonly WebArea[]> | null = null;

function routesOf(list: readonly WebArea[]): AppRoute[] {
  return list.flatMap((area) => area.routes.filter((route): route is AppRoute => !route.top));
}

/** The front doors loaded so far, in the order of src/domain/areas.ts: the entry areas', then every area's once `loadAllAreas()` resolved. */
export function webAreas(): readonly WebArea[] {
  return areas;
}

/** The routes under the app prefix of the areas loaded so far. */
export function appRoutes(): readonly AppRoute[] {
  return routes;
}

/** Whether every area's front door is loaded. */
export function allAreasLoaded(): boolean {
  return complete;
}

/**
 * Registers work to finish before new front doors are published (the i18n loader adds their
 * texts). A hook that rejects makes that `loadAllAreas()` reject (a later call tries again).
 */
export function beforeAreasAdded(hook: (added: readonly WebArea[]) => Promise<void> | void): void {
  hooks.push(hook);
}

/** Calls `listener` whenever the registry gains areas; answers the unsubscribe function. */
export function subscribeAreas(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Loads (once) every area's front door: the lazy chunk `./all-areas`, then the hooks, then the
 * registry publishes them and notifies its subscribers. Resolves with every front door in list
 * order; rejects when the chunk cannot be fetched (a later call tries again).
 */
export function loadAllAreas(): Promise<readonly WebArea[]> {
  loading ??= import('./all-areas')
    .then(async ({ ALL_DOORS }) => {
      const ALL_AREAS = orderAreas(ALL_DOORS);
      const added = ALL_AREAS.filter((area) => !areas.includes(area));
      for (const hook of hooks) await hook(added);
      areas = ALL_AREAS;
      routes = routesOf(ALL_AREAS);
      complete = true;
      for (const listener of listeners) listener();
      return ALL_AREAS;
    })
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}

/** The front doors loaded so far, for a React component: it renders again when the desk areas arrive. */
export function useWebAreas(): readonly WebArea[] {
  return useSyncExternalStore(subscribeAreas, webAreas, webAreas);
}

/** The app route a pathname opens (`/v1/app/visit-details/` → visit-details), if any, among the areas loaded so far. */
export function appRouteAt(pathname: string): AppRoute | undefined {
  const screen = /^\/(?:v[12]\/)?app\/(.+?)\/?$/.exec(pathname)?.[1];
  return screen === undefined ? undefined : routes.find((route) => route.path === screen);
}

/** The route outside the app shell a pathname opens (`/login`), if any, among the areas loaded so far. */
export function topRouteAt(pathname: string): WebRoute | undefined {
  const path = pathname.replace(/(.)\/+$/, '$1');
  return areas.flatMap((area) => area.routes).find((route) => route.top && route.path === path);
}

let signInPrefetch: Promise<unknown> | null = null;

/**
 * Loads (once) the chunks of the routes marked `prefetchOnSignIn`, without rendering them: the
 * sign-in page calls it when a phone user starts typing (issue 18). Failures are ignored: the
 * route loads its chunk again when it opens.
 */
export function prefetchSignInRoutes(): Promise<unknown> {
  signInPrefetch ??= Promise.all(routes.filter((route) => route.prefetchOnSignIn).map((route) => route.page().catch(() => undefined)));
  return signInPrefetch;
}

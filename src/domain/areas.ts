/**
 * The product areas, in registration order: the one list the server, the web app, drizzle-kit and
 * the service worker's precache rule iterate (docs/decisions/007-area-kernel.md). Each entry has
 * a front door on each side: `src/server/modules/<name>/area.ts` and
 * `src/web/features/<name>/area.ts`. Adding an area is its folders plus one line here
 * (docs/adding-an-area.md).
 *
 * `offline`: the area has screens of the offline field shell (`*-screen` modules): their chunks and
 * the area's core texts are precached, so an executive opens them with no network.
 *
 * `entry`: the area's web front door is in the entry chunk (src/web/lib/areas.ts), because one of
 * its screens is a first screen that must render without waiting for the other areas' doors: the
 * sign-in pages and the field executive's day list. Every other door, an offline area's too, is in
 * the lazy `all-areas` chunk (precached with the shell), so a phone's first load does not grow with
 * the areas (issue 18). Only an `offline` area can be `entry`.
 */
export interface AreaEntry {
  /** kebab-case folder name, the same in src/domain, src/domain/contracts, src/server/modules and src/web/features. */
  readonly name: string;
  /** Its field screens' chunks and core texts are precached: they open with no network. */
  readonly offline?: boolean;
  /** Its web front door is in the entry chunk (a first screen: sign-in, the day list); implies `offline`. */
  readonly entry?: boolean;
}

export const AREAS = [
  { name: 'auth', offline: true, entry: true },
  { name: 'companies' },
  { name: 'users' },
  { name: 'portfolio' },
  { name: 'bulk' },
  { name: 'allocation' },
  { name: 'field', offline: true, entry: true },
  { name: 'payments' },
  { name: 'compliance' },
  { name: 'communication' },
  { name: 'calling' },
  { name: 'legal' },
  { name: 'approval' },
  { name: 'settlements' },
  { name: 'change-requests' },
  { name: 'repossession', offline: true },
] as const satisfies readonly AreaEntry[];

export type AreaName = (typeof AREAS)[number]['name'];

/** The names of the areas, in registration order. */
export const AREA_NAMES: readonly AreaName[] = AREAS.map((a) => a.name);

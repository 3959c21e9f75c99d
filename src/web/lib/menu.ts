/**
 * The app's screens as menu entries and which of them a permissions map grants (spec 6: the web
 * shows only screens that exist and that the user may open). The entries are the areas' (their
 * front doors, src/web/features/<name>/area.ts) plus home, ordered by `order`: those of the areas
 * loaded so far (src/web/lib/areas.ts loads the desk areas' doors after the field route's first
 * screen), so a component re-reads them when `useWebAreas()` changes.
 */
import { House } from 'lucide-react';
import { hasPermission } from '../../domain/users/has-permission';
import type { PermissionRequirement, PermissionsMap } from '../../domain/users/permissions';
import type { MenuEndpoint, WebArea, WebMenuEntry } from './area';
import { can } from '../../domain/contracts/endpoint';
import { appRoutes, webAreas } from './areas';

export type MenuEntry = WebMenuEntry;

/** The shell's own landing page, first for everyone. */
const HOME: MenuEntry = { screen: '', labelKey: 'menu.home', icon: House, opens: null, order: 0 };

let menuOf: { areas: readonly WebArea[]; menu: readonly MenuEntry[] } | null = null;

/** Every menu entry of the areas loaded so far, with home, in menu order. */
export function menuEntries(): readonly MenuEntry[] {
  const areas = webAreas();
  if (menuOf?.areas !== areas) menuOf = { areas, menu: [HOME, ...areas.flatMap((area) => area.menu)].sort((a, b) => a.order - b.order) };
  return menuOf.menu;
}

/** Whether `permissions` let the user open the entry's screen: every endpoint it opens with (or any tab's). */
function granted_(entry: MenuEntry, permissions: PermissionsMap | null | undefined): boolean {
  if (entry.opens !== undefined) {
    const opens = entry.opens;
    if (opens === null) return true;
    const all = (list: readonly MenuEndpoint[]) => list.every((e) => can(e, permissions));
    return 'anyOf' in opens ? opens.anyOf.some(all) : all(opens as readonly MenuEndpoint[]);
  }
  const { needs } = entry;
  if (needs === null || needs === undefined) return true;
  const anyOf: readonly PermissionRequirement[] = Array.isArray(needs) ? needs : [needs as PermissionRequirement];
  return anyOf.some((req) => hasPermission(permissions, req));
}

/** The profession whose phone the field app is (spec: User.profession); the field screens are theirs alone. */
export const FIELD_EXECUTIVE = 'field executive';

/** Whether a user of `profession` may use the entry: field app screens are for field executives only (issue 12). */
function fits(entry: MenuEntry, profession: string | null | undefined): boolean {
  return !entry.field || profession === FIELD_EXECUTIVE;
}

/**
 * The entries a user may open, in menu order: every endpoint the screen opens with is granted by
 * `permissions` (`opens`), and the profession fits (field app screens only for field executives,
 * issue 12: a manager holding fos permissions to verify visits gets no "My visits" of their own).
 * Field executives see the field screens right after home (the phone's bottom bar shows the first
 * entries, issue 4).
 * @param profession the user's profession (UserProfile.profession); unknown (null) shows no field screen
 */
export function visibleMenu(permissions: PermissionsMap | null | undefined, profession: string | null | undefined): MenuEntry[] {
  const granted = menuEntries().filter((entry) => fits(entry, profession) && granted_(entry, permissions));
  if (profession !== FIELD_EXECUTIVE) return granted;
  return [...granted.filter((e) => e.screen === ''), ...granted.filter((e) => e.field), ...granted.filter((e) => e.screen !== '' && !e.field)];
}

/** Whether a user may open a screen: 'yes', 'no', or 'unknown' while the profile or the permissions are not at hand (offline, loading). */
export type ScreenAccess = 'yes' | 'no' | 'unknown';

/**
 * Whether a user may open the app screen `screen` (the path below the app prefix) by URL, by the
 * same rules as the menu: the field app's screens (`shell: 'field'`, sub-screens included) need the
 * field executive's profession; a screen that is a menu entry (or below one, the deepest wins)
 * needs that entry's endpoints. Screens of neither kind (home, a loan's profile) are 'yes'; unknown
 * paths are the router's "not found".
 * @param profession undefined while the profile is not at hand
 * @param permissions undefined while the company's permissions are not at hand
 */
export function screenAccess(screen: string, permissions: PermissionsMap | null | undefined, profession: string | null | undefined): ScreenAccess {
  const path = screen.replace(/\/+$/, '');
  const route = appRoutes().find((r) => r.path === path);
  if (!route) return 'yes';
  if (route.shell === 'field') {
    if (profession === undefined) return 'unknown';
    if (profession !== FIELD_EXECUTIVE) return 'no';
  }
  const entry = menuEntries().filter((e) => e.screen !== '' && (path === e.screen || path.startsWith(`${e.screen}/`))).sort((a, b) => b.screen.length - a.screen.length)[0];
  if (!entry) return 'yes';
  if (permissions === undefined) return 'unknown';
  return granted_(entry, permissions) ? 'yes' : 'no';
}

/**
 * Whether the path below the app prefix (e.g. 'visit-details') is a field app screen: a route of
 * `shell: 'field'`, menu entries and sub-screens (reached from a visit card) alike. Field screens
 * belong to offline areas: the entry ones' front doors are always loaded; another's (repossession)
 * counts once its door arrived, and the shell renders again then (`useWebAreas`).
 */
export function isFieldScreen(screen: string): boolean {
  return appRoutes().some((route) => route.shell === 'field' && route.path === screen);
}

/** Whether the user has any field screen (a field executive whose permissions grant one). */
export function hasFieldScreens(permissions: PermissionsMap | null | undefined, profession: string | null | undefined): boolean {
  return visibleMenu(permissions, profession).some((entry) => entry.field);
}

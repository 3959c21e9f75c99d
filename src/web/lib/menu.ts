/**
 * The app's screens as menu entries and which of them a permissions map grants (spec 6: the web
 * shows only screens that exist and that the user may open). The entries are the areas' (their
 * front doors, src/web/features/<name>/area.ts) plus home, ordered by `order`.
 */
import { House } from 'lucide-react';
import { hasPermission } from '../../domain/users/has-permission';
import type { PermissionRequirement, PermissionsMap } from '../../domain/users/permissions';
import type { MenuEndpoint, WebMenuEntry } from './area';
import { can } from '../../domain/contracts/endpoint';
import { APP_ROUTES, WEB_AREAS } from './areas';

export type MenuEntry = WebMenuEntry;

/** The shell's own landing page, first for everyone. */
const HOME: MenuEntry = { screen: '', labelKey: 'menu.home', icon: House, opens: null, order: 0 };

export const MENU: readonly MenuEntry[] = [HOME, ...WEB_AREAS.flatMap((area) => area.menu)].sort((a, b) => a.order - b.order);

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

/**
 * The entries `permissions` grants, in menu order.
 * @param options.fieldFirst the field screens right after home (a field executive's phone: the
 *   bottom bar shows the first entries, issue 4)
 */
export function visibleMenu(permissions: PermissionsMap | null | undefined, options: { fieldFirst?: boolean } = {}): MenuEntry[] {
  const granted = MENU.filter((entry) => granted_(entry, permissions));
  if (!options.fieldFirst) return granted;
  return [...granted.filter((e) => e.screen === ''), ...granted.filter((e) => e.field), ...granted.filter((e) => e.screen !== '' && !e.field)];
}

/** The field app's screens: the routes of `shell: 'field'`, menu entries and sub-screens (reached from a visit card) alike. */
const FIELD_SCREENS = new Set(APP_ROUTES.filter((route) => route.shell === 'field').map((route) => route.path));

/** Whether the path below the app prefix (e.g. 'visit-details') is a field app screen. */
export function isFieldScreen(screen: string): boolean {
  return FIELD_SCREENS.has(screen);
}

/** Whether the permissions grant any field screen (the user is a field executive or their manager). */
export function hasFieldScreens(permissions: PermissionsMap | null | undefined): boolean {
  return visibleMenu(permissions).some((entry) => entry.field);
}

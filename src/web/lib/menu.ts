/**
 * The app's screens as menu entries and which of them a permissions map grants (spec 6: the web
 * shows only screens that exist and that the user may open).
 */
import { hasPermission, type PermissionRequirement, type PermissionsMap } from '../../domain/users/permissions';

export type MenuIcon = 'home' | 'users' | 'roles' | 'profiles' | 'settings' | 'reports' | 'loans' | 'bulk';

export interface MenuEntry {
  /** Path below the app prefix; '' is home. */
  screen: string;
  /** i18n key of the label. */
  labelKey: string;
  icon: MenuIcon;
  /** Null: every signed-in user; a list: any one of them. */
  needs: PermissionRequirement | readonly PermissionRequirement[] | null;
}

const um = (action: string): PermissionRequirement => ({ module: 'User Management Module', action, access: 'read' });
const core = (action: string): PermissionRequirement => ({ module: 'Core Collection Modules', action, access: 'read' });

export const MENU: readonly MenuEntry[] = [
  { screen: '', labelKey: 'menu.home', icon: 'home', needs: null },
  { screen: 'customer-loans', labelKey: 'menu.loans', icon: 'loans', needs: core('portfolio') },
  { screen: 'bulk-operations', labelKey: 'menu.bulk_operations', icon: 'bulk', needs: [core('imports'), core('exports')] },
  { screen: 'user-management', labelKey: 'menu.users', icon: 'users', needs: um('users') },
  { screen: 'roles', labelKey: 'menu.roles', icon: 'roles', needs: um('roles') },
  { screen: 'profiles', labelKey: 'menu.profiles', icon: 'profiles', needs: um('profiles') },
  { screen: 'company-settings', labelKey: 'menu.company_settings', icon: 'settings', needs: um('company_settings') },
  { screen: 'user-reports', labelKey: 'menu.user_reports', icon: 'reports', needs: um('user_reports') },
];

/** The entries `permissions` grants, in menu order. */
export function visibleMenu(permissions: PermissionsMap | null | undefined): MenuEntry[] {
  return MENU.filter((entry) => {
    const { needs } = entry;
    if (needs === null) return true;
    const anyOf: readonly PermissionRequirement[] = Array.isArray(needs) ? needs : [needs as PermissionRequirement];
    return anyOf.some((req) => hasPermission(permissions, req));
  });
}

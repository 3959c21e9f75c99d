/**
 * The app's screens as menu entries and which of them a permissions map grants (spec 6: the web
 * shows only screens that exist and that the user may open).
 */
import { hasPermission, type PermissionRequirement, type PermissionsMap } from '../../domain/users/permissions';

export type MenuIcon = 'home' | 'users' | 'roles' | 'profiles' | 'settings' | 'reports' | 'loans' | 'bulk' | 'visits' | 'deposits' | 'online' | 'documents' | 'verification' | 'fos_dashboard' | 'assignment' | 'tracking';

export interface MenuEntry {
  /** Path below the app prefix; '' is home. */
  screen: string;
  /** i18n key of the label. */
  labelKey: string;
  icon: MenuIcon;
  /** Null: every signed-in user; a list: any one of them. */
  needs: PermissionRequirement | readonly PermissionRequirement[] | null;
  /** A field app screen (issue 4): phone-first, works offline, shows the sync bar. */
  field?: boolean;
}

const um = (action: string): PermissionRequirement => ({ module: 'User Management Module', action, access: 'read' });
const core = (action: string): PermissionRequirement => ({ module: 'Core Collection Modules', action, access: 'read' });
const fos = (action: string): PermissionRequirement => ({ module: 'fos', action, access: 'read' });

export const MENU: readonly MenuEntry[] = [
  { screen: '', labelKey: 'menu.home', icon: 'home', needs: null },
  { screen: 'customer-loans', labelKey: 'menu.loans', icon: 'loans', needs: core('portfolio') },
  { screen: 'bulk-operations', labelKey: 'menu.bulk_operations', icon: 'bulk', needs: [core('imports'), core('exports'), core('allocation')] },
  { screen: 'portfolio-assignment', labelKey: 'assignment.menu', icon: 'assignment', needs: core('allocation') },
  { screen: 'visit-details', labelKey: 'menu.visits', icon: 'visits', needs: fos('visits'), field: true },
  { screen: 'field-executive', labelKey: 'menu.deposits', icon: 'deposits', needs: fos('deposits'), field: true },
  { screen: 'field-executive/online', labelKey: 'menu.online_recoveries', icon: 'online', needs: fos('online_recoveries'), field: true },
  { screen: 'document-upload', labelKey: 'menu.document_upload', icon: 'documents', needs: { module: 'Document Management', action: 'documents', access: 'read' }, field: true },
  { screen: 'fos-visits', labelKey: 'verification.menu', icon: 'verification', needs: fos('visit_verification') },
  { screen: 'fos-dashboard', labelKey: 'fos_dashboard.menu', icon: 'fos_dashboard', needs: fos('fos_dashboard') },
  { screen: 'field-force-tracking', labelKey: 'tracking.menu', icon: 'tracking', needs: fos('field_force_tracking') },
  { screen: 'user-management', labelKey: 'menu.users', icon: 'users', needs: um('users') },
  { screen: 'roles', labelKey: 'menu.roles', icon: 'roles', needs: um('roles') },
  { screen: 'profiles', labelKey: 'menu.profiles', icon: 'profiles', needs: um('profiles') },
  { screen: 'company-settings', labelKey: 'menu.company_settings', icon: 'settings', needs: um('company_settings') },
  { screen: 'user-reports', labelKey: 'menu.user_reports', icon: 'reports', needs: um('user_reports') },
];

/**
 * The entries `permissions` grants, in menu order.
 * @param options.fieldFirst the field screens right after home (a field executive's phone: the
 *   bottom bar shows the first entries, issue 4)
 */
export function visibleMenu(permissions: PermissionsMap | null | undefined, options: { fieldFirst?: boolean } = {}): MenuEntry[] {
  const granted = MENU.filter((entry) => {
    const { needs } = entry;
    if (needs === null) return true;
    const anyOf: readonly PermissionRequirement[] = Array.isArray(needs) ? needs : [needs as PermissionRequirement];
    return anyOf.some((req) => hasPermission(permissions, req));
  });
  if (!options.fieldFirst) return granted;
  return [...granted.filter((e) => e.screen === ''), ...granted.filter((e) => e.field), ...granted.filter((e) => e.screen !== '' && !e.field)];
}

/** Field screens that are not menu entries (reached from a visit card). */
const FIELD_SUBSCREENS = ['customer/visit-details'];

/** Whether the path below the app prefix (e.g. 'visit-details') is a field app screen. */
export function isFieldScreen(screen: string): boolean {
  return FIELD_SUBSCREENS.includes(screen) || MENU.some((entry) => entry.field && entry.screen === screen);
}

/** Whether the permissions grant any field screen (the user is a field executive or their manager). */
export function hasFieldScreens(permissions: PermissionsMap | null | undefined): boolean {
  return visibleMenu(permissions).some((entry) => entry.field);
}

/**
 * Roles, professions and the permissions map (spec 3 "User", spec 6 "Roles and permissions").
 *
 * The permissions map is keyed by the spec's module names; each module has a fixed list of
 * actions and each action carries `read` and `write` flags. The server checks a route's declared
 * permission against this map; the web hides menu entries the map does not grant.
 */

/** User types (spec 6). The first four form the admin-level list. */
export const USER_TYPES = ['chief_admin', 'super_admin', 'company_admin', 'super_user', 'user'] as const;
export type UserType = (typeof USER_TYPES)[number];
export const ADMIN_LEVEL_USER_TYPES: readonly UserType[] = ['chief_admin', 'super_admin', 'company_admin', 'super_user'];

/** Display labels for user types (English; the web translates through i18n keys `user_type.<value>`). */
export const USER_TYPE_LABELS: Record<UserType, string> = {
  chief_admin: 'Chief admin',
  super_admin: 'Super admin',
  company_admin: 'Company admin',
  super_user: 'Super user',
  user: 'User',
};

/** Professions, spelled as spec 3 writes them. */
export const PROFESSIONS = [
  'telecalling',
  'telecalling supervisor',
  'lawyer',
  'advocate',
  'collection manager',
  'area manager',
  'field executive',
  'other',
] as const;
export type Profession = (typeof PROFESSIONS)[number];

/** User search keys (spec 3). */
export const USER_SEARCH_KEYS = ['name', 'email', 'mobile', 'user_id', 'client_employee_id'] as const;
export type UserSearchKey = (typeof USER_SEARCH_KEYS)[number];

/**
 * Modules of the permissions map (spec 6), each with the actions this product checks.
 * Actions are snake_case; a module a later issue fills in starts with the actions known today.
 */
export const PERMISSION_CATALOGUE = {
  'Core Collection Modules': ['portfolio', 'loan_profile', 'access_unmasked_data', 'allocation', 'saved_filters', 'variables', 'imports', 'exports', 'change_requests'],
  'Data Science': ['predictor'],
  'Digital Comm Campaign Management': ['campaigns'],
  'Status Management Module': ['statuses'],
  fos: ['visits', 'deposits', 'online_recoveries', 'field_force_tracking', 'visit_verification', 'fos_dashboard'],
  'User Management Module': ['users', 'roles', 'profiles', 'company_settings', 'user_reports'],
  notice: ['notices'],
  'Solitary Communications': ['messages'],
  litigation: ['legal_portfolio', 'process_tracking'],
  'Bulk Communication Requests': ['requests'],
  calling: ['click_to_call', 'autodialer', 'predictive', 'inbound'],
  'call report': ['reports'],
  dashboard: ['dashboards'],
  'CG Payment Module': ['payments', 'payment_settings'],
  Reports: ['reports'],
  'Policy Control Module': ['policies', 'compliance_rules', 'dnd_list', 'compliance_overrides'],
  'Approval Service': ['approvals', 'approval_chains'],
  StarTrack: ['cohorts', 'kra_kpi', 'plans', 'incentives'],
  repossession: ['repossession', 'field_steps'],
  settlement: ['settlements', 'settlement_exports'],
  'WhatsApp ChatR': ['chat'],
  'Workflow Management': ['workflows'],
  'Segment Management': ['segments'],
  'Document Management': ['documents'],
  'Digital Communications': ['communications'],
  'Chat Bot': ['chat_bot'],
  inbound: ['inbound'],
} as const;

export type PermissionModule = keyof typeof PERMISSION_CATALOGUE;
export type PermissionAction<M extends PermissionModule = PermissionModule> = (typeof PERMISSION_CATALOGUE)[M][number];
export const PERMISSION_MODULES = Object.keys(PERMISSION_CATALOGUE) as PermissionModule[];

export interface ActionAccess {
  read: boolean;
  write: boolean;
}
/** `permissions[module][action] = { read, write }`. Missing entries mean no access. */
export type PermissionsMap = Partial<Record<string, Partial<Record<string, ActionAccess>>>>;

/** A permission a route or screen needs: module, action and whether it reads or writes. */
export interface PermissionRequirement {
  module: PermissionModule;
  action: string;
  access: 'read' | 'write';
}

// In its own module so that a screen checking a permission does not load the catalogue above
// (the field route's first load, issue 4).
export { hasPermission } from './has-permission';

/** Human text naming a permission, used in 403 messages: `User Management Module › users (write)`. */
export function describePermission(req: PermissionRequirement): string {
  return `${req.module} › ${req.action} (${req.access})`;
}

/** A map granting read and write on every action of every module (company admins' default profile). */
export function fullPermissions(): PermissionsMap {
  const map: PermissionsMap = {};
  for (const module of PERMISSION_MODULES) {
    map[module] = {};
    for (const action of PERMISSION_CATALOGUE[module]) map[module]![action] = { read: true, write: true };
  }
  return map;
}

/** A map from a compact list: `grant({ fos: { visits: 'rw' } })`; 'r' read only, 'rw' read and write. */
export function grant(spec: Partial<Record<PermissionModule, Record<string, 'r' | 'rw'>>>): PermissionsMap {
  const map: PermissionsMap = {};
  for (const [module, actions] of Object.entries(spec)) {
    map[module] = {};
    for (const [action, mode] of Object.entries(actions ?? {})) {
      map[module]![action] = { read: true, write: mode === 'rw' };
    }
  }
  return map;
}

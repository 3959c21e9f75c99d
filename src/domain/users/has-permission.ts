/** The permission check, apart from the catalogue (permissions.ts) so the web's field route does not load it. */
import type { PermissionRequirement, PermissionsMap } from './permissions';

/** True when `map` grants `req`. Write access implies nothing about read; each flag is checked as stored. */
export function hasPermission(map: PermissionsMap | null | undefined, req: PermissionRequirement): boolean {
  return Boolean(map?.[req.module]?.[req.action]?.[req.access]);
}

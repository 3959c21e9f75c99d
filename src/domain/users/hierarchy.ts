/**
 * The reports-to hierarchy of roles (spec 6 "role settings wizards ... reports-to role"; issue 5
 * "an area manager / collection manager sees only executives under them").
 *
 * Roles form a forest: each role names the role it reports to (or none). A user sees the users whose
 * role is below theirs (directly or not); admin-level user types see every user of the company.
 */
import type { UserType } from './permissions';
import { ADMIN_LEVEL_USER_TYPES } from './permissions';

/** A role as the hierarchy needs it. */
export interface RoleLink {
  roleId: string;
  reportsToRoleId: string | null;
}

/**
 * The ids of every role below `roleId` (its reports, their reports, ...), not `roleId` itself.
 * A cycle in stored data cannot loop: each role is visited once.
 * @returns an empty list for a role nobody reports to, or for null
 */
export function rolesBelow(roles: readonly RoleLink[], roleId: string | null): string[] {
  if (!roleId) return [];
  const children = new Map<string, string[]>();
  for (const r of roles) {
    if (!r.reportsToRoleId) continue;
    children.set(r.reportsToRoleId, [...(children.get(r.reportsToRoleId) ?? []), r.roleId]);
  }
  const seen = new Set<string>([roleId]);
  const out: string[] = [];
  const queue = [...(children.get(roleId) ?? [])];
  while (queue.length > 0) {
    const id = queue.shift()!;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(id);
    queue.push(...(children.get(id) ?? []));
  }
  return out;
}

/**
 * Whom a user sees in team screens (tracking, verification, FOS dashboard): everyone in the
 * company for admin-level user types (spec 6), else themself and the users whose role is below theirs.
 */
export type UserScope = { kind: 'company' } | { kind: 'reports'; userId: string; roleIds: string[] };

/** The scope of a user of `userType` holding `roleId` in the company with `roles`. */
export function userScope(user: { userId: string; userType: UserType | string }, roleId: string | null, roles: readonly RoleLink[]): UserScope {
  if ((ADMIN_LEVEL_USER_TYPES as readonly string[]).includes(user.userType)) return { kind: 'company' };
  return { kind: 'reports', userId: user.userId, roleIds: rolesBelow(roles, roleId) };
}

/** Whether `scope` sees a user with `userId` holding `roleId`. */
export function scopeIncludes(scope: UserScope, userId: string, roleId: string | null): boolean {
  if (scope.kind === 'company') return true;
  return userId === scope.userId || (roleId !== null && scope.roleIds.includes(roleId));
}

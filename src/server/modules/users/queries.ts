/**
 * What other areas may use of the users area (docs/decisions/007-area-kernel.md): accounts for
 * sign-in, the signed-in user's profile, members of a company (as a subquery to join, or as the
 * list a reports-to scope sees), the reports-to scope, and the user reports on this area's tables.
 * The kernel reaches memberships, scopes and the audit trail through the identity services
 * (membership.ts `membershipServices`), not through this file.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { PermissionsMap } from '../../../domain/users/permissions';
import { profiles, roles, userCompanies, users } from './schema';

export { accountByEmail, firstCompanyOfEmail, hasActiveMembership, membersSubquery, setPasswordHash, userNamesSubquery } from './accounts';
export type { Account } from './accounts';
export { buildUserProfile, rowWithCaller, toCompanyPermissions, userById } from './membership';
export { dateRange, membershipReport, reportPage } from './reports';
export { reportsToScope, scopeSql, scopedMembersSubquery, scopedUsers } from './scope';
export type { MemberFilter, ScopedUser } from './scope';

/** The users' key, for another area's foreign key only: `text('user_id').references(userRef)`. */
export { userRef } from './refs';

/** The company's active members whose profession is one of `professions` (the legal area's lawyers and advocates), by name. */
export async function membersOfProfessions(db: DbOrTx, companyId: string, professions: readonly string[]): Promise<{ userId: string; name: string; profession: string }[]> {
  return db
    .select({ userId: users.userId, name: users.name, profession: users.profession })
    .from(userCompanies)
    .innerJoin(users, eq(users.userId, userCompanies.userId))
    .where(and(eq(userCompanies.companyId, companyId), eq(userCompanies.active, true), inArray(users.profession, [...professions])))
    .orderBy(asc(users.name));
}

/** Writes one entry of the user audit trail inside the caller's transaction (the areas' audit of their own actions: approvals). */
export { recordAudit } from './membership';

/** The company's roles with their reports-to links and names (the approval chains' tree). */
export async function roleLinks(db: DbOrTx, companyId: string): Promise<{ roleId: string; roleName: string; reportsToRoleId: string | null }[]> {
  return db.select({ roleId: roles.roleId, roleName: roles.roleName, reportsToRoleId: roles.reportsToRoleId }).from(roles).where(eq(roles.companyId, companyId)).orderBy(asc(roles.roleName));
}

/** The active members of a company among `userIds`, with their names (unknown or inactive ids are left out). */
export async function activeMembersAmong(db: DbOrTx, companyId: string, userIds: readonly string[]): Promise<{ userId: string; name: string }[]> {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: users.userId, name: users.name })
    .from(userCompanies)
    .innerJoin(users, eq(users.userId, userCompanies.userId))
    .where(and(eq(userCompanies.companyId, companyId), eq(userCompanies.active, true), inArray(users.userId, [...userIds])))
    .orderBy(asc(users.name));
}

/** The member's role in the company (null without one, or for a non-member). */
export async function memberRoleId(db: DbOrTx, companyId: string, userId: string): Promise<string | null> {
  const [row] = await db.select({ roleId: userCompanies.roleId }).from(userCompanies).where(and(eq(userCompanies.companyId, companyId), eq(userCompanies.userId, userId)));
  return row?.roleId ?? null;
}

/**
 * Adds permission entries to a company's profile by name, keeping its others (an area's demo seed
 * gives the demo profiles its actions; `grant()` builds `add`). No-op for an unknown profile.
 */
export async function addProfilePermissions(db: DbOrTx, companyId: string, profileName: string, add: PermissionsMap): Promise<void> {
  const [row] = await db.select({ id: profiles.profileId, permissions: profiles.permissions }).from(profiles).where(and(eq(profiles.companyId, companyId), eq(profiles.profileName, profileName)));
  if (!row) return;
  const merged: PermissionsMap = { ...row.permissions };
  for (const [module, actions] of Object.entries(add)) merged[module] = { ...(merged[module] ?? {}), ...(actions ?? {}) };
  await db.update(profiles).set({ permissions: merged }).where(eq(profiles.profileId, row.id));
}

/** A member's user id by email (demo seeds), or null. */
export async function userIdByEmail(db: DbOrTx, email: string): Promise<string | null> {
  const [row] = await db.select({ userId: users.userId }).from(users).where(eq(users.email, email.toLowerCase()));
  return row?.userId ?? null;
}

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
import { profiles, userCompanies, users } from './schema';

export { accountByEmail, firstCompanyOfEmail, hasActiveMembership, membersSubquery, setPasswordHash, userNamesSubquery } from './accounts';
export type { Account } from './accounts';
export { buildUserProfile, toCompanyPermissions, userById } from './membership';
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

/**
 * Adds actions to a company's named profile where it has none yet (an area's demo seed gives the
 * demo profiles its new permissions; issue 16). Existing grants are kept as they are.
 * @returns false when the company has no such profile
 */
export async function addProfileGrants(db: DbOrTx, companyId: string, profileName: string, grants: PermissionsMap): Promise<boolean> {
  const [row] = await db.select({ id: profiles.profileId, permissions: profiles.permissions }).from(profiles).where(and(eq(profiles.companyId, companyId), eq(profiles.profileName, profileName)));
  if (!row) return false;
  const next: PermissionsMap = { ...row.permissions };
  for (const [module, actions] of Object.entries(grants)) next[module] = { ...(actions ?? {}), ...(next[module] ?? {}) };
  if (JSON.stringify(next) !== JSON.stringify(row.permissions)) await db.update(profiles).set({ permissions: next }).where(eq(profiles.profileId, row.id));
  return true;
}

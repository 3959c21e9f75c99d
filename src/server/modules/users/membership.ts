/**
 * Memberships (spec 6 "Permissions and profile are fetched per company"): a user's membership of a
 * company with its profile's permissions and its role, the signed-in user's profile with their
 * companies, and the identity services the users area provides to the kernel (memberships,
 * reports-to scope, the audit trail; docs/decisions/007-area-kernel.md).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { UserProfile } from '../../../domain/contracts/auth/sign-in';
import type { CompanyPermissions } from '../../../domain/contracts/users/permissions';
import type { PermissionsMap, Profession } from '../../../domain/users/permissions';
import type { Db, DbOrTx } from '../../db/client';
import type { AuditEntry, AuditLog, CallerUser, Membership, MembershipProvider } from '../../http/caller';
import { activeCompanies, settingsVersionSql, toCompanySummary } from '../companies/queries';
import { profiles, userAudit, userCompanies, users } from './schema';
import type { UserRow } from './schema';
import { reportsToScope } from './scope';

/** The user's active membership in a company with its profile's permissions, or null when not assigned. */
export async function membershipOf(db: DbOrTx, userId: string, companyId: string): Promise<Membership | null> {
  const [row] = await db
    .select({ profileId: userCompanies.profileId, roleId: userCompanies.roleId, permissions: profiles.permissions, profileName: profiles.profileName })
    .from(userCompanies)
    .leftJoin(profiles, and(eq(profiles.profileId, userCompanies.profileId), eq(profiles.companyId, userCompanies.companyId)))
    .where(and(eq(userCompanies.userId, userId), eq(userCompanies.companyId, companyId), eq(userCompanies.active, true)));
  if (!row) return null;
  return { companyId, userId, profileId: row.profileId, profileName: row.profileName, roleId: row.roleId, permissions: row.permissions ?? {}, companySettingsVersion: null };
}

/**
 * One row of another area's `table` (the auth area's session of a token) with its user and the
 * user's active membership in `companyId` (with the company's settings version), in ONE statement (issue 12 "Speed": the access hook of
 * every request made three before). `userId` is the table's user column, `where` picks the row.
 * @returns null when no row matches; `user` null when the user no longer exists; `membership`
 *   null when `companyId` is null or the user is not an active member there.
 */
export async function rowWithCaller<T extends PgTable>(
  db: DbOrTx,
  source: { table: T; userId: AnyPgColumn; where: SQL },
  companyId: string | null,
): Promise<{ row: T['$inferSelect']; user: CallerUser | null; membership: Membership | null } | null> {
  const inCompany = companyId === null ? sql`false` : and(eq(userCompanies.companyId, companyId), eq(userCompanies.active, true));
  const [found] = await db
    .select({
      row: source.table as PgTable,
      user: users,
      member: userCompanies.userId,
      profileId: userCompanies.profileId,
      roleId: userCompanies.roleId,
      permissions: profiles.permissions,
      profileName: profiles.profileName,
      settingsVersion: companyId === null ? sql<null>`null` : settingsVersionSql(companyId),
    } as never)
    .from(source.table as PgTable)
    .leftJoin(users, eq(users.userId, source.userId))
    .leftJoin(userCompanies, and(eq(userCompanies.userId, source.userId), inCompany))
    .leftJoin(profiles, and(eq(profiles.profileId, userCompanies.profileId), eq(profiles.companyId, userCompanies.companyId)))
    .where(source.where)
    .limit(1);
  if (!found) return null;
  const r = found as unknown as {
    row: T['$inferSelect'];
    user: UserRow | null;
    member: string | null;
    profileId: string | null;
    roleId: string | null;
    permissions: PermissionsMap | null;
    profileName: string | null;
    settingsVersion: number | string | null;
  };
  const membership: Membership | null =
    companyId !== null && r.member !== null
      ? {
          companyId,
          userId: r.member,
          profileId: r.profileId,
          profileName: r.profileName,
          roleId: r.roleId,
          permissions: r.permissions ?? {},
          companySettingsVersion: r.settingsVersion === null ? null : Number(r.settingsVersion),
        }
      : null;
  return { row: r.row, user: r.user ? toCallerUser(r.user) : null, membership };
}

/** The ids of the companies the user is an active member of, in id order. */
export async function companyIdsOf(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ companyId: userCompanies.companyId })
    .from(userCompanies)
    .where(and(eq(userCompanies.userId, userId), eq(userCompanies.active, true)))
    .orderBy(asc(userCompanies.companyId));
  return rows.map((r) => r.companyId);
}

/** `GET /company/permissions` answer from the caller's membership. */
export function toCompanyPermissions(membership: Membership): CompanyPermissions {
  return {
    profile_details: {
      profile_id: membership.profileId,
      permission_group_id: membership.profileId,
      profile_name: membership.profileName,
      permissions: membership.permissions as CompanyPermissions['profile_details']['permissions'],
    },
  };
}

/** A users row as the kernel's CallerUser (never the password hash). */
export function toCallerUser(row: UserRow): CallerUser {
  return {
    userId: row.userId,
    email: row.email,
    name: row.name,
    mobile: row.mobile,
    userType: row.userType,
    profession: row.profession,
    team: row.team,
    location: row.location,
    clientEmployeeId: row.clientEmployeeId,
    isOperator: row.isOperator,
    imageUrl: row.imageUrl,
    territoryTypeId: row.territoryTypeId,
    vendorUserrole: row.vendorUserrole,
    active: row.active,
  };
}

/** The signed-in user's profile (spec 3 "User") with the active companies they are assigned to. */
export async function buildUserProfile(db: Db, user: CallerUser): Promise<UserProfile> {
  const companyRows = await activeCompanies(db, await companyIdsOf(db, user.userId));
  let adminProfileId: string | null = null;
  if (user.userType === 'company_admin' && companyRows.length > 0) {
    const [m] = await db.select({ profileId: userCompanies.profileId }).from(userCompanies).where(and(eq(userCompanies.userId, user.userId), eq(userCompanies.companyId, companyRows[0].companyId)));
    adminProfileId = m?.profileId ?? null;
  }
  return {
    user_id: user.userId,
    user_type: user.userType,
    name: user.name,
    email: user.email,
    mobile: user.mobile,
    profession: user.profession as Profession,
    team: user.team,
    location: user.location,
    client_employee_id: user.clientEmployeeId,
    isOperator: user.isOperator,
    imageUrl: user.imageUrl,
    territory_type_id: user.territoryTypeId,
    vendor_userrole: user.vendorUserrole,
    company_admin_profile_id: adminProfileId,
    assigned_companies_dict: Object.fromEntries(companyRows.map((c) => [c.companyId, toCompanySummary(c)])),
  };
}

/** Writes one audit entry (the kernel's AuditLog). */
export async function recordAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(userAudit).values({ companyId: entry.companyId, actorUserId: entry.actorUserId, action: entry.action, targetUserId: entry.targetUserId ?? null, details: entry.details ?? {} });
}

/** The membership and audit services this area gives the kernel. */
export function membershipServices(db: Db): { memberships: MembershipProvider; audit: AuditLog } {
  return {
    memberships: {
      membership: (userId, companyId) => membershipOf(db, userId, companyId),
      scope: (companyId, user, roleId) => reportsToScope(db, companyId, user, roleId),
      companyIdsOf: (userId) => companyIdsOf(db, userId),
    },
    audit: { record: recordAudit },
  };
}

/** A user by id, as a CallerUser, or null. */
export async function userById(db: DbOrTx, userId: string): Promise<CallerUser | null> {
  const [row] = await db.select().from(users).where(eq(users.userId, userId));
  return row ? toCallerUser(row) : null;
}

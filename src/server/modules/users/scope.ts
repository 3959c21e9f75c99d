/**
 * The reports-to scope of team screens (issue 5 "an area manager sees only the executives under
 * them"): who a member sees, as SQL conditions, and the members a scope lists.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { UserScope } from '../../../domain/users/hierarchy';
import { scopeIncludes, userScope } from '../../../domain/users/hierarchy';
import type { DbOrTx } from '../../db/client';
import type { CallerUser, ReportsToScope } from '../../http/caller';
import { roles, userCompanies, users } from './schema';

/**
 * Whom `user` (holding `roleId` in the company) sees in team screens: admin-level user types the
 * whole company, everyone else themself and the users whose role is below theirs in the company's
 * reports-to tree (domain/users/hierarchy.ts). One query: the company's roles.
 */
export async function reportsToScope(db: DbOrTx, companyId: string, user: Pick<CallerUser, 'userId' | 'userType'>, roleId: string | null): Promise<ReportsToScope> {
  const links = await db.select({ roleId: roles.roleId, reportsToRoleId: roles.reportsToRoleId }).from(roles).where(eq(roles.companyId, companyId));
  const scope = userScope(user, roleId, links);
  return {
    scope,
    covers: (column) => scopeSql(scope, companyId, column),
    includes: (userId, memberRoleId) => scopeIncludes(scope, userId, memberRoleId),
  };
}

/**
 * SQL condition: the user id in `column` is one `scope` sees in `companyId` (members only; rows of
 * the company's own tables are already scoped by company_id, which this does not repeat).
 */
export function scopeSql(scope: UserScope, companyId: string, column: SQLWrapper): SQL {
  if (scope.kind === 'company') return sql`true`;
  if (scope.roleIds.length === 0) return sql`${column} = ${scope.userId}`;
  return sql`(${column} = ${scope.userId} or ${column} in (select uc.user_id from user_companies uc where uc.company_id = ${companyId} and uc.role_id in (${sql.join(
    scope.roleIds.map((id) => sql`${id}`),
    sql`, `,
  )})))`;
}

/**
 * SQL condition on a query over `user_companies` (already limited to one company): the membership
 * is one `scope` sees. Cheaper than scopeSql there, as it reads the membership's own role.
 */
export function scopeMemberSql(scope: UserScope): SQL {
  if (scope.kind === 'company') return sql`true`;
  if (scope.roleIds.length === 0) return sql`${userCompanies.userId} = ${scope.userId}`;
  return sql`(${userCompanies.userId} = ${scope.userId} or ${inArray(userCompanies.roleId, scope.roleIds)})`;
}

/** A company member as team screens list them. */
export interface ScopedUser {
  userId: string;
  name: string;
  email: string;
  team: string | null;
  location: string | null;
  profession: string;
  clientEmployeeId: string | null;
  roleId: string | null;
  roleName: string | null;
  active: boolean;
}

/** How a list of members may be narrowed. */
export interface MemberFilter {
  profession?: string;
  team?: string;
  location?: string;
  userId?: string;
  includeInactive?: boolean;
}

/**
 * Active members of the company `scope` sees, optionally narrowed, as a subquery others may join
 * (`scoped_members`: userId, name, email, team, location, profession, clientEmployeeId, roleId,
 * roleName, active). One query with the joins the caller adds.
 */
export function scopedMembersSubquery(db: DbOrTx, companyId: string, scope: UserScope, filter: MemberFilter = {}) {
  return db
    .select({
      userId: users.userId,
      name: users.name,
      email: users.email,
      team: users.team,
      location: users.location,
      profession: users.profession,
      clientEmployeeId: users.clientEmployeeId,
      roleId: userCompanies.roleId,
      roleName: roles.roleName,
      active: userCompanies.active,
    })
    .from(userCompanies)
    .innerJoin(users, eq(users.userId, userCompanies.userId))
    .leftJoin(roles, eq(roles.roleId, userCompanies.roleId))
    .where(
      and(
        eq(userCompanies.companyId, companyId),
        filter.includeInactive ? undefined : eq(userCompanies.active, true),
        filter.profession ? eq(users.profession, filter.profession) : undefined,
        filter.team ? eq(users.team, filter.team) : undefined,
        filter.location ? eq(users.location, filter.location) : undefined,
        filter.userId ? eq(users.userId, filter.userId) : undefined,
        scopeMemberSql(scope),
      ),
    )
    .as('scoped_members');
}

/** Active members of the company `scope` sees, optionally narrowed (profession, team, location, one user), by name. */
export async function scopedUsers(db: DbOrTx, companyId: string, scope: UserScope, filter: MemberFilter = {}): Promise<ScopedUser[]> {
  const members = scopedMembersSubquery(db, companyId, scope, filter);
  return db.select().from(members).orderBy(asc(members.name), asc(members.userId));
}

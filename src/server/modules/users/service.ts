/**
 * User management use cases (spec 3 "User", spec 6, spec 7 user service `/company/users`,
 * `/users/filter`, `/profiles`, `/roles`, `/company/permissions`). Every function takes the
 * company the access hook resolved and touches only that company's rows, so a user of company A
 * reaches nothing of company B by header, query or path id.
 */
import { and, asc, count, eq, ilike, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { z } from 'zod';
import type { UserProfile } from '../../../domain/contracts/auth';
import type {
  CompanyPermissions,
  CompanyUser,
  Profile,
  Role,
  companyUsersQuery,
  createUserBody,
  profileBody,
  roleBody,
  updateUserBody,
} from '../../../domain/contracts/users';
import type { UserScope } from '../../../domain/users/hierarchy';
import { userScope } from '../../../domain/users/hierarchy';
import type { PermissionsMap, Profession, UserType } from '../../../domain/users/permissions';
import { EMAIL_MESSAGE, MOBILE_MESSAGE, PASSWORD_MESSAGE, isValidEmail, isValidMobile, isValidPassword } from '../../../domain/validation/rules';
import type { AppConfig } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { commaList, isoSql, likePattern } from '../../db/sql-helpers';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { hashPassword, endUserSessions } from '../auth/service';
import { assignedCompanies, toCompanySummary } from '../companies/service';
import type { MembershipRow, UserRow } from './schema';
import { profiles, roles, userAudit, userCompanies, users } from './schema';

export const USER_NOT_FOUND = 'User not found';
export const DUPLICATE_EMAIL = 'A user with this email already exists';
export const ROLE_CYCLE = 'A role cannot report to itself or to a role below it';
const PLATFORM_USER_TYPES: readonly UserType[] = ['chief_admin', 'super_admin'];

/** A signed-in user's company context: membership and the permissions of its profile. */
export interface CompanyAccess {
  membership: MembershipRow;
  permissions: PermissionsMap;
  profileId: string | null;
  profileName: string | null;
}

/** The user's active membership in a company with its profile's permissions, or null when not assigned. */
export async function companyAccess(db: Db, userId: string, companyId: string): Promise<CompanyAccess | null> {
  const [row] = await db
    .select({ membership: userCompanies, permissions: profiles.permissions, profileName: profiles.profileName })
    .from(userCompanies)
    .leftJoin(profiles, and(eq(profiles.profileId, userCompanies.profileId), eq(profiles.companyId, userCompanies.companyId)))
    .where(and(eq(userCompanies.userId, userId), eq(userCompanies.companyId, companyId), eq(userCompanies.active, true)));
  if (!row) return null;
  return { membership: row.membership, permissions: row.permissions ?? {}, profileId: row.membership.profileId, profileName: row.profileName };
}

/** `GET /company/permissions` answer from the caller's company access. */
export function toCompanyPermissions(access: CompanyAccess): CompanyPermissions {
  return {
    profile_details: {
      profile_id: access.profileId,
      permission_group_id: access.profileId,
      profile_name: access.profileName,
      permissions: access.permissions as CompanyPermissions['profile_details']['permissions'],
    },
  };
}

/** The signed-in user's profile (spec 3 "User") with the companies they are assigned to. */
export async function buildUserProfile(db: Db, user: UserRow): Promise<UserProfile> {
  const companyRows = await assignedCompanies(db, user.userId);
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

// ---- company users -------------------------------------------------------------------------

const lastLoginSql = isoSql(sql`(select max(s.created_at) from sessions s where s.user_id = "users"."user_id")`);

function companyUserSelect(db: DbOrTx) {
  return db
    .select({
      user: users,
      membershipActive: userCompanies.active,
      profileId: userCompanies.profileId,
      profileName: profiles.profileName,
      roleId: userCompanies.roleId,
      roleName: roles.roleName,
      lastLoginAt: lastLoginSql,
    })
    .from(userCompanies)
    .innerJoin(users, eq(users.userId, userCompanies.userId))
    .leftJoin(profiles, eq(profiles.profileId, userCompanies.profileId))
    .leftJoin(roles, eq(roles.roleId, userCompanies.roleId));
}

type CompanyUserRow = Awaited<ReturnType<ReturnType<typeof companyUserSelect>['where']>>[number];

function toCompanyUser(r: CompanyUserRow): CompanyUser {
  return {
    user_id: r.user.userId,
    name: r.user.name,
    email: r.user.email,
    mobile: r.user.mobile,
    user_type: r.user.userType,
    profession: r.user.profession as Profession,
    team: r.user.team,
    location: r.user.location,
    client_employee_id: r.user.clientEmployeeId,
    profile_id: r.profileId,
    profile_name: r.profileName,
    role_id: r.roleId,
    role_name: r.roleName,
    active: r.membershipActive && r.user.active,
    last_login_at: r.lastLoginAt,
    created_at: r.user.createdAt.toISOString(),
  };
}

const SEARCH_COLUMNS = {
  name: users.name,
  email: users.email,
  mobile: users.mobile,
  user_id: users.userId,
  client_employee_id: users.clientEmployeeId,
} as const;

/**
 * `GET /company/users`: users of one company, searched (ILIKE on one key, or on all keys when
 * search_type is absent), filtered by comma lists of professions/teams/locations, paged.
 * Inactive users are left out unless include_inactive=true.
 */
export async function listCompanyUsers(db: Db, companyId: string, query: z.infer<typeof companyUsersQuery>) {
  const conditions: SQL[] = [eq(userCompanies.companyId, companyId)];
  if (query.include_inactive !== 'true') conditions.push(eq(userCompanies.active, true));
  const professions = commaList(query.professions);
  const teams = commaList(query.teams);
  const locations = commaList(query.locations);
  if (professions.length) conditions.push(inArray(users.profession, professions));
  if (teams.length) conditions.push(inArray(users.team, teams));
  if (locations.length) conditions.push(inArray(users.location, locations));
  if (query.search_value?.trim()) {
    const pattern = likePattern(query.search_value.trim());
    const columns = query.search_type ? [SEARCH_COLUMNS[query.search_type]] : Object.values(SEARCH_COLUMNS);
    conditions.push(or(...columns.map((c) => ilike(c, pattern)))!);
  }
  const where = and(...conditions);
  const [rows, [{ total }]] = await Promise.all([
    companyUserSelect(db).where(where).orderBy(asc(users.name), asc(users.userId)).limit(query.page_size).offset((query.page_number - 1) * query.page_size),
    db.select({ total: count() }).from(userCompanies).innerJoin(users, eq(users.userId, userCompanies.userId)).where(where),
  ]);
  return { users: rows.map(toCompanyUser), total, page_number: query.page_number, page_size: query.page_size };
}

/** One user of the company. @throws AppError 404 'User not found' when the user is not in this company. */
export async function getCompanyUser(db: DbOrTx, companyId: string, userId: string): Promise<CompanyUser> {
  const [row] = await companyUserSelect(db).where(and(eq(userCompanies.companyId, companyId), eq(userCompanies.userId, userId)));
  if (!row) throw notFound(USER_NOT_FOUND);
  return toCompanyUser(row);
}

/** `GET /users/filter`: distinct values present in the company for each requested filter. */
export async function userFilterValues(db: Db, companyId: string, filters: string[]) {
  const columns = { professions: users.profession, teams: users.team, locations: users.location } as const;
  const result: { professions?: string[]; teams?: string[]; locations?: string[] } = {};
  for (const key of Object.keys(columns) as (keyof typeof columns)[]) {
    if (!filters.includes(key)) continue;
    const column = columns[key];
    const rows = await db
      .selectDistinct({ value: column })
      .from(userCompanies)
      .innerJoin(users, eq(users.userId, userCompanies.userId))
      .where(and(eq(userCompanies.companyId, companyId), isNotNull(column)))
      .orderBy(asc(column));
    result[key] = rows.map((r) => r.value).filter((v): v is string => Boolean(v));
  }
  return { filters: result };
}

async function assertInCompany(db: DbOrTx, table: typeof profiles | typeof roles, id: string | null | undefined, companyId: string, message: string) {
  if (!id) return;
  const idColumn = table === profiles ? profiles.profileId : roles.roleId;
  const [row] = await db.select({ id: idColumn }).from(table).where(and(eq(idColumn, id), eq(table.companyId, companyId)));
  if (!row) throw badRequest(message);
}

function checkContactFields(body: { email?: string; mobile?: string | null }) {
  if (body.email !== undefined && !isValidEmail(body.email)) throw badRequest(EMAIL_MESSAGE);
  if (body.mobile && !isValidMobile(body.mobile)) throw badRequest(MOBILE_MESSAGE);
}

function checkUserType(actor: UserRow, userType: UserType | undefined) {
  if (userType && PLATFORM_USER_TYPES.includes(userType) && !PLATFORM_USER_TYPES.includes(actor.userType)) {
    throw forbidden('Only a chief admin or super admin can give this user type');
  }
}

/**
 * `POST /company/users`: creates a user in the company with a profile and role of that company.
 * @throws 400 (email, mobile, password rules of spec 5; unknown profile/role), 403 (company admin
 *   creating a chief/super admin), 409 'A user with this email already exists'.
 */
export async function createCompanyUser(db: Db, config: AppConfig, actor: UserRow, companyId: string, body: z.infer<typeof createUserBody>): Promise<CompanyUser> {
  checkContactFields(body);
  if (!isValidPassword(body.password)) throw badRequest(PASSWORD_MESSAGE);
  checkUserType(actor, body.user_type);
  const email = body.email.trim().toLowerCase();
  const passwordHash = await hashPassword(config, body.password);
  return db.transaction(async (tx) => {
    await assertInCompany(tx, profiles, body.profile_id, companyId, 'Profile not found');
    await assertInCompany(tx, roles, body.role_id, companyId, 'Role not found');
    const [existing] = await tx.select({ userId: users.userId }).from(users).where(eq(users.email, email));
    if (existing) throw conflict(DUPLICATE_EMAIL);
    const [created] = await tx
      .insert(users)
      .values({
        email,
        name: body.name,
        mobile: body.mobile || null,
        passwordHash,
        userType: body.user_type,
        profession: body.profession,
        team: body.team || null,
        location: body.location || null,
        clientEmployeeId: body.client_employee_id || null,
      })
      .returning({ userId: users.userId });
    await tx.insert(userCompanies).values({ companyId, userId: created.userId, profileId: body.profile_id ?? null, roleId: body.role_id ?? null });
    await tx.insert(userAudit).values({ companyId, actorUserId: actor.userId, action: 'user_created', targetUserId: created.userId, details: { user_type: body.user_type, profession: body.profession } });
    return getCompanyUser(tx, companyId, created.userId);
  });
}

/** `PUT /company/users/:id`: edits a user of this company. Same errors as create, plus 404. */
export async function updateCompanyUser(db: Db, actor: UserRow, companyId: string, userId: string, body: z.infer<typeof updateUserBody>): Promise<CompanyUser> {
  checkContactFields(body);
  checkUserType(actor, body.user_type);
  return db.transaction(async (tx) => {
    const current = await getCompanyUser(tx, companyId, userId);
    await assertInCompany(tx, profiles, body.profile_id, companyId, 'Profile not found');
    await assertInCompany(tx, roles, body.role_id, companyId, 'Role not found');
    const email = body.email?.trim().toLowerCase();
    if (email && email !== current.email) {
      const [existing] = await tx.select({ userId: users.userId }).from(users).where(eq(users.email, email));
      if (existing) throw conflict(DUPLICATE_EMAIL);
    }
    const userSet = {
      email,
      name: body.name,
      mobile: body.mobile,
      userType: body.user_type,
      profession: body.profession,
      team: body.team,
      location: body.location,
      clientEmployeeId: body.client_employee_id,
    };
    if (Object.values(userSet).some((v) => v !== undefined)) {
      await tx.update(users).set({ ...userSet, updatedAt: new Date() }).where(eq(users.userId, userId));
    }
    if (body.profile_id !== undefined || body.role_id !== undefined) {
      await tx.update(userCompanies).set({ profileId: body.profile_id, roleId: body.role_id }).where(and(eq(userCompanies.companyId, companyId), eq(userCompanies.userId, userId)));
    }
    await tx.insert(userAudit).values({ companyId, actorUserId: actor.userId, action: 'user_updated', targetUserId: userId, details: { fields: Object.keys(body) } });
    return getCompanyUser(tx, companyId, userId);
  });
}

/**
 * Deactivates or activates a user in this company. Deactivation ends the user's sessions; a user
 * active in no company cannot sign in.
 */
export async function setCompanyUserActive(db: Db, actor: UserRow, companyId: string, userId: string, active: boolean): Promise<CompanyUser> {
  if (!active && userId === actor.userId) throw badRequest('You cannot deactivate yourself');
  const result = await db.transaction(async (tx) => {
    await getCompanyUser(tx, companyId, userId);
    await tx.update(userCompanies).set({ active }).where(and(eq(userCompanies.companyId, companyId), eq(userCompanies.userId, userId)));
    const [{ activeCount }] = await tx.select({ activeCount: count() }).from(userCompanies).where(and(eq(userCompanies.userId, userId), eq(userCompanies.active, true)));
    await tx.update(users).set({ active: activeCount > 0, updatedAt: new Date() }).where(eq(users.userId, userId));
    await tx.insert(userAudit).values({ companyId, actorUserId: actor.userId, action: active ? 'user_activated' : 'user_deactivated', targetUserId: userId, details: {} });
    return getCompanyUser(tx, companyId, userId);
  });
  if (!active) await endUserSessions(db, userId, 'deactivated');
  return result;
}

// ---- profiles ------------------------------------------------------------------------------

// Qualified by hand: Drizzle drops table names in single-table selects, which would turn the
// correlation into a self-comparison inside the subquery.
const profileUserCount = sql<number>`(select count(*)::int from user_companies uc where uc.profile_id = "profiles"."profile_id" and uc.active)`;

function profileSelect(db: DbOrTx) {
  return db.select({ profile: profiles, userCount: profileUserCount }).from(profiles);
}

function toProfile(r: { profile: typeof profiles.$inferSelect; userCount: number }): Profile {
  return {
    profile_id: r.profile.profileId,
    company_id: r.profile.companyId,
    profile_name: r.profile.profileName,
    description: r.profile.description,
    permissions: r.profile.permissions as Profile['permissions'],
    user_count: Number(r.userCount),
  };
}

/** Profiles (permission groups) of the company by name. */
export async function listProfiles(db: Db, companyId: string): Promise<Profile[]> {
  const rows = await profileSelect(db).where(eq(profiles.companyId, companyId)).orderBy(asc(profiles.profileName));
  return rows.map(toProfile);
}

/** One profile of the company. @throws AppError 404 'Profile not found'. */
export async function getProfile(db: DbOrTx, companyId: string, profileId: string): Promise<Profile> {
  const [row] = await profileSelect(db).where(and(eq(profiles.companyId, companyId), eq(profiles.profileId, profileId)));
  if (!row) throw notFound('Profile not found');
  return toProfile(row);
}

async function assertProfileNameFree(db: DbOrTx, companyId: string, name: string, exceptId?: string) {
  const [row] = await db.select({ id: profiles.profileId }).from(profiles).where(and(eq(profiles.companyId, companyId), eq(profiles.profileName, name)));
  if (row && row.id !== exceptId) throw conflict('A profile with this name already exists');
}

/** Creates or, with `profileId`, replaces a profile of the company, auditing it. */
export async function saveProfile(db: Db, actorUserId: string, companyId: string, body: z.infer<typeof profileBody>, profileId?: string): Promise<Profile> {
  return db.transaction(async (tx) => {
    if (profileId) await getProfile(tx, companyId, profileId);
    await assertProfileNameFree(tx, companyId, body.profile_name, profileId);
    const values = { profileName: body.profile_name, description: body.description ?? null, permissions: body.permissions };
    let id = profileId;
    if (id) await tx.update(profiles).set(values).where(and(eq(profiles.companyId, companyId), eq(profiles.profileId, id)));
    else [{ id }] = await tx.insert(profiles).values({ ...values, companyId }).returning({ id: profiles.profileId });
    await tx.insert(userAudit).values({ companyId, actorUserId, action: profileId ? 'profile_updated' : 'profile_created', details: { profile_id: id, profile_name: body.profile_name } });
    return getProfile(tx, companyId, id!);
  });
}

// ---- roles ---------------------------------------------------------------------------------

const roleUserCount = sql<number>`(select count(*)::int from user_companies uc where uc.role_id = "roles"."role_id" and uc.active)`;

function toRole(r: { role: typeof roles.$inferSelect; userCount: number }): Role {
  return {
    role_id: r.role.roleId,
    company_id: r.role.companyId,
    role_name: r.role.roleName,
    description: r.role.description,
    reports_to_role_id: r.role.reportsToRoleId,
    user_count: Number(r.userCount),
  };
}

/** Roles of the company by name. */
export async function listRoles(db: Db, companyId: string): Promise<Role[]> {
  const rows = await db.select({ role: roles, userCount: roleUserCount }).from(roles).where(eq(roles.companyId, companyId)).orderBy(asc(roles.roleName));
  return rows.map(toRole);
}

/**
 * Creates or, with `roleId`, edits a role. The reports-to role must be of the same company and
 * must not be the role itself or one reporting (directly or not) to it.
 * @throws 400 'A role cannot report to itself or to a role below it', 400 'Role not found' for a
 *   reports-to role of another company, 404 for an unknown role id, 409 for a duplicate name.
 */
export async function saveRole(db: Db, actorUserId: string, companyId: string, body: z.infer<typeof roleBody>, roleId?: string): Promise<Role> {
  return db.transaction(async (tx) => {
    const companyRoles = await tx.select().from(roles).where(eq(roles.companyId, companyId));
    const byId = new Map(companyRoles.map((r) => [r.roleId, r]));
    if (roleId && !byId.has(roleId)) throw notFound('Role not found');
    const parentId = body.reports_to_role_id ?? null;
    if (parentId) {
      if (!byId.has(parentId)) throw badRequest('Role not found');
      // Walk up from the new parent; meeting the role itself means the edit would close a loop.
      for (let cursor: string | null = parentId, steps = 0; cursor && steps <= byId.size; steps++) {
        if (cursor === roleId) throw badRequest(ROLE_CYCLE);
        cursor = byId.get(cursor)?.reportsToRoleId ?? null;
      }
    }
    const clash = companyRoles.find((r) => r.roleName.toLowerCase() === body.role_name.toLowerCase() && r.roleId !== roleId);
    if (clash) throw conflict('A role with this name already exists');
    const values = { roleName: body.role_name, description: body.description ?? null, reportsToRoleId: parentId };
    let id = roleId;
    if (id) await tx.update(roles).set(values).where(and(eq(roles.companyId, companyId), eq(roles.roleId, id)));
    else [{ id }] = await tx.insert(roles).values({ ...values, companyId }).returning({ id: roles.roleId });
    await tx.insert(userAudit).values({ companyId, actorUserId, action: roleId ? 'role_updated' : 'role_created', details: { role_id: id, role_name: body.role_name } });
    const [row] = await tx.select({ role: roles, userCount: roleUserCount }).from(roles).where(eq(roles.roleId, id!));
    return toRole(row);
  });
}

// ---------------------------------------------------------------- reports-to scope (issue 5)

/**
 * Whom `user` (holding `roleId` in the company) sees in team screens: admin-level user types the
 * whole company, everyone else themself and the users whose role is below theirs in the company's
 * reports-to tree (domain/users/hierarchy.ts).
 */
export async function reportsToScope(db: DbOrTx, companyId: string, user: Pick<UserRow, 'userId' | 'userType'>, roleId: string | null): Promise<UserScope> {
  const links = await db.select({ roleId: roles.roleId, reportsToRoleId: roles.reportsToRoleId }).from(roles).where(eq(roles.companyId, companyId));
  return userScope(user, roleId, links);
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

/**
 * Active members of the company `scope` sees, optionally narrowed (profession, team, location, one
 * user), by name.
 */
export async function scopedUsers(
  db: DbOrTx,
  companyId: string,
  scope: UserScope,
  filter: { profession?: string; team?: string; location?: string; userId?: string; includeInactive?: boolean } = {},
): Promise<ScopedUser[]> {
  const rows = await db
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
    .orderBy(asc(users.name), asc(users.userId));
  return rows;
}

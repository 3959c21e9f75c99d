/**
 * The users of a company (spec 3 "User", spec 7 user service `/company/users`, `/users/filter`):
 * listing, search, filters, creation, edits and (de)activation. Every function takes the company
 * the access hook resolved and touches only that company's rows, so a user of company A reaches
 * nothing of company B by header, query or path id.
 */
import { and, asc, count, eq, ilike, inArray, isNotNull, or } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { CompanyUser, CompanyUsersQuery, CreateUserBody, UpdateUserBody } from '../../../../domain/contracts/users/company-users';
import type { PendingEmailChange } from '../../../../domain/contracts/users/email-change';
import type { Profession, UserType } from '../../../../domain/users/permissions';
import { IDENTITY_ATTRIBUTES, isPlatformAdmin, mayActOn } from '../../../../domain/users/rank';
import { EMAIL_MESSAGE, MOBILE_MESSAGE, PASSWORD_MESSAGE, isValidEmail, isValidMobile, isValidPassword } from '../../../../domain/validation/rules';
import type { AppConfig } from '../../../config';
import type { Db, DbOrTx } from '../../../db/client';
import { commaList, likePattern } from '../../../db/sql-helpers';
import type { CallerUser, Identity, SessionProvider } from '../../../http/caller';
import { badRequest, conflict, forbidden, notFound } from '../../../http/errors';
import type { AccountMessagesPort } from '../../../http/ports';
import { hashPassword } from '../../../security/passwords';
import type { EmailChangeRequest } from './email-change';
import { pendingEmailChangeOf, requestEmailChange, sendEmailChangeCode } from './email-change';
import { profiles, roles, userAudit, userCompanies, users } from '../schema';

export const USER_NOT_FOUND = 'User not found';
export const DUPLICATE_EMAIL = 'A user with this email already exists';

function companyUserSelect(db: DbOrTx) {
  return db
    .select({
      user: users,
      membershipActive: userCompanies.active,
      profileId: userCompanies.profileId,
      profileName: profiles.profileName,
      roleId: userCompanies.roleId,
      roleName: roles.roleName,
    })
    .from(userCompanies)
    .innerJoin(users, eq(users.userId, userCompanies.userId))
    .leftJoin(profiles, eq(profiles.profileId, userCompanies.profileId))
    .leftJoin(roles, eq(roles.roleId, userCompanies.roleId));
}

type CompanyUserRow = Awaited<ReturnType<ReturnType<typeof companyUserSelect>['where']>>[number];

function toCompanyUser(r: CompanyUserRow, lastLoginAt: string | null): CompanyUser {
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
    preferred_language: r.user.preferredLanguage,
    profile_id: r.profileId,
    profile_name: r.profileName,
    role_id: r.roleId,
    role_name: r.roleName,
    active: r.membershipActive && r.user.active,
    last_login_at: lastLoginAt,
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
export async function listCompanyUsers(db: Db, sessions: SessionProvider, companyId: string, query: CompanyUsersQuery) {
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
  const lastSignIns = await sessions.lastSignIns(rows.map((r) => r.user.userId));
  return { users: rows.map((r) => toCompanyUser(r, lastSignIns.get(r.user.userId) ?? null)), total, page_number: query.page_number, page_size: query.page_size };
}

/**
 * One user of the company; with `sessions`, their last sign-in (read outside any transaction: the
 * session service has its own connection, which would wait on PGlite's single one).
 * @throws AppError 404 'User not found' when the user is not in this company.
 */
export async function getCompanyUser(db: DbOrTx, sessions: SessionProvider | null, companyId: string, userId: string): Promise<CompanyUser> {
  const [row] = await companyUserSelect(db).where(and(eq(userCompanies.companyId, companyId), eq(userCompanies.userId, userId)));
  if (!row) throw notFound(USER_NOT_FOUND);
  return toCompanyUser(row, sessions ? ((await sessions.lastSignIns([userId])).get(userId) ?? null) : null);
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

export const HIGHER_RANK_MESSAGE = 'You cannot act on a user of a higher rank';
export const IDENTITY_MESSAGE = 'Only the user or a platform admin can change the name, email, mobile or user type of a user who also works for another company or administers the platform';

function checkUserType(actor: CallerUser, userType: UserType | undefined) {
  if (userType && isPlatformAdmin(userType) && !isPlatformAdmin(actor.userType)) {
    throw forbidden('Only a chief admin or super admin can give this user type');
  }
  if (userType && !mayActOn(actor.userType, userType)) throw forbidden('You cannot give a user type above your own');
}

/** The target's user type and how many companies they are an active member of. */
async function targetOf(db: DbOrTx, userId: string): Promise<{ userType: UserType; memberships: number }> {
  // Two plain queries: a correlated subquery on `users.userId` renders unqualified in a
  // single-table select and would count every membership.
  const [row] = await db.select({ userType: users.userType }).from(users).where(eq(users.userId, userId));
  if (!row) return { userType: 'user', memberships: 0 };
  const [{ memberships }] = await db.select({ memberships: count() }).from(userCompanies).where(eq(userCompanies.userId, userId));
  return { userType: row.userType, memberships: Number(memberships) };
}

/**
 * Issue 12 rank and identity rules for `actor` changing `target`: nobody acts on a higher rank; the
 * identity attributes (name, email, mobile, user type) of a user shared with another company or of
 * a platform admin change only by themself or a platform admin.
 * @throws 403 HIGHER_RANK_MESSAGE or IDENTITY_MESSAGE
 */
function checkActOn(actor: CallerUser, targetId: string, target: { userType: UserType; memberships: number }, identityChanges: readonly string[]): void {
  if (!mayActOn(actor.userType, target.userType)) throw forbidden(HIGHER_RANK_MESSAGE);
  if (identityChanges.length === 0 || actor.userId === targetId || isPlatformAdmin(actor.userType)) return;
  if (target.memberships > 1 || isPlatformAdmin(target.userType)) throw forbidden(IDENTITY_MESSAGE);
}

/**
 * `POST /company/users`: creates a user in the company with a profile and role of that company.
 * @throws 400 (email, mobile, password rules of spec 5; unknown profile/role), 403 (company admin
 *   creating a chief/super admin), 409 'A user with this email already exists'.
 */
export async function createCompanyUser(db: Db, identity: Identity, config: AppConfig, actor: CallerUser, companyId: string, body: CreateUserBody): Promise<CompanyUser> {
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
        preferredLanguage: body.preferred_language ?? null,
      })
      .returning({ userId: users.userId });
    await tx.insert(userCompanies).values({ companyId, userId: created.userId, profileId: body.profile_id ?? null, roleId: body.role_id ?? null });
    await tx.insert(userAudit).values({ companyId, actorUserId: actor.userId, action: 'user_created', targetUserId: created.userId, details: { user_type: body.user_type, profession: body.profession } });
    return created.userId;
  }).then((id) => getCompanyUser(db, identity.sessions, companyId, id));
}

/**
 * `PUT /company/users/:id`: edits a user of this company. A new email is not applied: it becomes a
 * pending change confirmed from the old address (./email-change.ts; the code is sent after the
 * edit commits). Same errors as create, plus 404, and 403 under the rank and identity rules (checkActOn).
 * @returns the user as stored now and the pending email change, if any.
 */
export async function updateCompanyUser(
  db: Db,
  identity: Identity,
  mail: { messages: AccountMessagesPort; now: Date },
  actor: CallerUser,
  companyId: string,
  userId: string,
  body: UpdateUserBody,
): Promise<{ user: CompanyUser; pending: PendingEmailChange | null }> {
  checkContactFields(body);
  checkUserType(actor, body.user_type);
  let emailChange: { oldEmail: string; request: EmailChangeRequest } | null = null;
  await db.transaction(async (tx) => {
    const current = await getCompanyUser(tx, null, companyId, userId);
    const changed = (field: keyof CompanyUser, value: unknown) => value !== undefined && (value ?? null) !== (current[field] ?? null);
    const identityChanges = IDENTITY_ATTRIBUTES.filter((a) => changed(a, a === 'email' ? body.email?.trim().toLowerCase() : body[a]));
    checkActOn(actor, userId, await targetOf(tx, userId), identityChanges);
    await assertInCompany(tx, profiles, body.profile_id, companyId, 'Profile not found');
    await assertInCompany(tx, roles, body.role_id, companyId, 'Role not found');
    const email = body.email?.trim().toLowerCase();
    if (email && email !== current.email) {
      const [existing] = await tx.select({ userId: users.userId }).from(users).where(eq(users.email, email));
      if (existing) throw conflict(DUPLICATE_EMAIL);
    }
    if (email && email !== current.email) {
      const request = await requestEmailChange(tx, { userId, oldEmail: current.email, newEmail: email, companyId, requestedBy: actor.userId, now: mail.now });
      emailChange = { oldEmail: current.email, request };
    }
    const userSet = {
      name: body.name,
      mobile: body.mobile,
      userType: body.user_type,
      profession: body.profession,
      team: body.team,
      location: body.location,
      clientEmployeeId: body.client_employee_id,
      preferredLanguage: body.preferred_language,
    };
    if (Object.values(userSet).some((v) => v !== undefined)) {
      await tx.update(users).set({ ...userSet, updatedAt: new Date() }).where(eq(users.userId, userId));
    }
    if (body.profile_id !== undefined || body.role_id !== undefined) {
      await tx.update(userCompanies).set({ profileId: body.profile_id, roleId: body.role_id }).where(and(eq(userCompanies.companyId, companyId), eq(userCompanies.userId, userId)));
    }
    await tx.insert(userAudit).values({ companyId, actorUserId: actor.userId, action: 'user_updated', targetUserId: userId, details: { fields: Object.keys(body) } });
  });
  const change = emailChange as { oldEmail: string; request: EmailChangeRequest } | null;
  if (change) await sendEmailChangeCode(mail.messages, { oldEmail: change.oldEmail, companyId }, change.request);
  return { user: await getCompanyUser(db, identity.sessions, companyId, userId), pending: await pendingEmailChangeOf(db, userId, mail.now) };
}

/**
 * Deactivates or activates a user in this company. A user active in no company cannot sign in and
 * their sessions end; one still active elsewhere keeps working there.
 * @throws 400 deactivating oneself; 403 HIGHER_RANK_MESSAGE; 404 USER_NOT_FOUND
 */
export async function setCompanyUserActive(db: Db, identity: Identity, actor: CallerUser, companyId: string, userId: string, active: boolean): Promise<CompanyUser> {
  if (!active && userId === actor.userId) throw badRequest('You cannot deactivate yourself');
  let activeCount = 0;
  await db.transaction(async (tx) => {
    await getCompanyUser(tx, null, companyId, userId);
    checkActOn(actor, userId, await targetOf(tx, userId), []);
    await tx.update(userCompanies).set({ active }).where(and(eq(userCompanies.companyId, companyId), eq(userCompanies.userId, userId)));
    [{ activeCount }] = await tx.select({ activeCount: count() }).from(userCompanies).where(and(eq(userCompanies.userId, userId), eq(userCompanies.active, true)));
    await tx.update(users).set({ active: activeCount > 0, updatedAt: new Date() }).where(eq(users.userId, userId));
    await tx.insert(userAudit).values({ companyId, actorUserId: actor.userId, action: active ? 'user_activated' : 'user_deactivated', targetUserId: userId, details: {} });
  });
  // Sessions are the user's, not one company's: they end only when no company is left to work in.
  if (!active && activeCount === 0) await identity.sessions.endUserSessions(userId, 'deactivated');
  return getCompanyUser(db, identity.sessions, companyId, userId);
}

/**
 * Who is calling (kernel; docs/decisions/007-area-kernel.md). The access hook resolves the caller
 * of every non-public route through two services that areas provide, so the kernel imports no
 * area: `SessionProvider` (the auth area: a token → the signed-in user) and `MembershipProvider`
 * (the users area: a user's membership, permissions and reports-to scope in a company).
 *
 * Areas read the caller with `callerOf(req)` (company routes) or `requireAuth(req)`, and the
 * reports-to scope of team screens with `scopeOf(req)` (resolved once per request).
 */
import type { FastifyRequest } from 'fastify';
import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { UserScope } from '../../domain/users/hierarchy';
import type { PermissionsMap, UserType } from '../../domain/users/permissions';
import type { DbOrTx } from '../db/client';
import { AppError, badRequest } from './errors';

/** The signed-in user as every area may see them (never the password hash). */
export interface CallerUser {
  userId: string;
  email: string;
  name: string;
  mobile: string | null;
  userType: UserType;
  profession: string;
  team: string | null;
  location: string | null;
  clientEmployeeId: string | null;
  isOperator: boolean;
  imageUrl: string | null;
  territoryTypeId: string | null;
  vendorUserrole: string | null;
  active: boolean;
}

/** The open session behind a request. */
export interface CallerSession {
  sessionId: string;
  userId: string;
  source: string;
}

/** A user's membership of a company: the profile's permissions and the role (reports-to tree). */
export interface Membership {
  companyId: string;
  userId: string;
  profileId: string | null;
  profileName: string | null;
  roleId: string | null;
  permissions: PermissionsMap;
  /**
   * The company's settings version read in the same statement as this membership (null when not
   * read): a per-process cache of what is derived from the company's settings and variables is
   * valid for this request only when it was filled at this version (companies' settingsVersionSql).
   */
  companySettingsVersion: number | null;
}

/**
 * Whom a caller sees in team screens (issue 5): everyone in the company for admin-level user
 * types, else themself and the members whose role is below theirs in the reports-to tree.
 */
export interface ReportsToScope {
  readonly scope: UserScope;
  /** SQL condition: the user id in `column` is one this scope sees (a member of the company). */
  covers(column: SQLWrapper): SQL;
  /** Whether this scope sees a member with `userId` holding `roleId`. */
  includes(userId: string, roleId: string | null): boolean;
}

/** The reason a session ended (user reports). */
export type SessionEndReason = 'platform_logout' | 'idle_timeout' | 'expired' | 'deactivated' | 'password_reset';

/** Provided by the auth area. */
export interface SessionProvider {
  /**
   * The open session of a bearer token and its active user; marks the session as seen. With
   * `companyId`, also the user's active membership there (null when not a member), read in the
   * same statement (the MembershipProvider's answer, without a second round trip).
   * @throws AppError 401 'Session expired' for a missing, unknown, ended, expired or idle token, or
   *   a deactivated user.
   */
  authenticate(token: string | undefined, companyId?: string | null): Promise<{ session: CallerSession; user: CallerUser; membership: Membership | null }>;
  /** Ends every open session of a user (deactivation, password reset). */
  endUserSessions(userId: string, reason: SessionEndReason): Promise<void>;
  /** Each user's latest sign-in (ISO-8601 UTC), for the users listed; users never signed in are absent. */
  lastSignIns(userIds: readonly string[]): Promise<Map<string, string>>;
}

/** Provided by the users area. */
export interface MembershipProvider {
  /** The user's active membership in a company, or null when not assigned (or deactivated there). */
  membership(userId: string, companyId: string): Promise<Membership | null>;
  /** The reports-to scope of a member (one query: the company's roles). */
  scope(companyId: string, user: Pick<CallerUser, 'userId' | 'userType'>, roleId: string | null): Promise<ReportsToScope>;
  /** The companies the user is an active member of. */
  companyIdsOf(userId: string): Promise<string[]>;
}

/** One entry of the user audit trail (user reports "user audit"). */
export interface AuditEntry {
  companyId: string | null;
  actorUserId: string;
  /** e.g. 'company_settings_updated', 'logout', 'password_reset'. */
  action: string;
  targetUserId?: string | null;
  details?: Record<string, unknown>;
}

/** Provided by the users area: the audit trail every area writes to. */
export interface AuditLog {
  /** Writes an entry, inside the caller's transaction when given one. */
  record(db: DbOrTx, entry: AuditEntry): Promise<void>;
}

/** The kernel services areas provide, resolved once when the app is built. */
export interface Identity {
  sessions: SessionProvider;
  memberships: MembershipProvider;
  audit: AuditLog;
}

/** Who is calling, set by the access hook on non-public routes. */
export interface AuthContext {
  user: CallerUser;
  session: CallerSession;
  /** Set on `company` routes only. */
  companyId: string | null;
  membership: Membership | null;
}

/** The caller of a `company` route. */
export interface Caller {
  companyId: string;
  user: CallerUser;
  permissions: PermissionsMap;
  /** The caller's role in the company (reports-to scope); null without one. */
  roleId: string | null;
  profileId: string | null;
  /** Membership.companySettingsVersion. */
  companySettingsVersion: number | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The identity services areas provide (buildApp). */
    identity: Identity;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    /** Filled by scopeOf() once per request. */
    scopeCache: Promise<ReportsToScope> | null;
  }
}

export const COMPANY_REQUIRED = 'company_id is required';

/** The caller of an `authenticated` or `company` route. @throws 401 if the hook did not run. */
export function requireAuth(req: FastifyRequest): AuthContext {
  if (!req.auth) throw new AppError(401, 'Session expired');
  return req.auth;
}

/** The caller and resolved company of a `company` route. @throws 400 'company_id is required' elsewhere. */
export function callerOf(req: FastifyRequest): Caller {
  const auth = requireAuth(req);
  if (!auth.companyId || !auth.membership) throw badRequest(COMPANY_REQUIRED);
  const m = auth.membership;
  return { companyId: auth.companyId, user: auth.user, permissions: m.permissions, roleId: m.roleId, profileId: m.profileId, companySettingsVersion: m.companySettingsVersion };
}

/** The reports-to scope of the caller of a `company` route, resolved once per request. */
export function scopeOf(req: FastifyRequest): Promise<ReportsToScope> {
  const caller = callerOf(req);
  req.scopeCache ??= req.server.identity.memberships.scope(caller.companyId, caller.user, caller.roleId);
  return req.scopeCache;
}

/** The caller of a `company` route with its membership. @throws 400 'company_id is required' elsewhere. */
export function requireCompany(req: FastifyRequest): AuthContext & { companyId: string; membership: Membership } {
  const auth = requireAuth(req);
  if (!auth.companyId || !auth.membership) throw badRequest(COMPANY_REQUIRED);
  return auth as AuthContext & { companyId: string; membership: Membership };
}

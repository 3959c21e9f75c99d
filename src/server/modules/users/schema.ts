/**
 * Users, company membership, permission profiles, roles and the user audit trail (spec 3 "User",
 * spec 6). A user is global (one email, one password) and belongs to companies through
 * user_companies, which carries the profile and role the user has in that company.
 */
import { sql } from 'drizzle-orm';
import { bigserial, boolean, foreignKey, index, jsonb, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import type { PermissionsMap } from '../../../domain/users/permissions';
import { companyRef } from '../companies/queries';

const id = (name: string) => text(name).primaryKey().default(sql`gen_random_uuid()::text`);
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable('users', {
  userId: id('user_id'),
  /** Stored lower-case; unique across the platform because sign-in is by email alone. */
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  mobile: text('mobile'),
  passwordHash: text('password_hash').notNull(),
  userType: text('user_type', { enum: ['chief_admin', 'super_admin', 'company_admin', 'super_user', 'user'] }).notNull(),
  profession: text('profession').notNull(),
  team: text('team'),
  location: text('location'),
  clientEmployeeId: text('client_employee_id'),
  isOperator: boolean('is_operator').notNull().default(false),
  imageUrl: text('image_url'),
  territoryTypeId: text('territory_type_id'),
  vendorUserrole: text('vendor_userrole'),
  /** The language of the user's sign-in OTP SMS (en, hi, id); null: the company's default (issue 13). */
  preferredLanguage: text('preferred_language', { enum: ['en', 'hi', 'id'] }),
  /** False once the user is deactivated in every company: sign-in is refused. */
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type UserRow = typeof users.$inferSelect;

export const profiles = pgTable(
  'profiles',
  {
    profileId: id('profile_id'),
    companyId: text('company_id').notNull().references(companyRef),
    profileName: text('profile_name').notNull(),
    description: text('description'),
    permissions: jsonb('permissions').$type<PermissionsMap>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [unique('profiles_company_name').on(t.companyId, t.profileName)],
);
export type ProfileRow = typeof profiles.$inferSelect;

export const roles = pgTable(
  'roles',
  {
    roleId: id('role_id'),
    companyId: text('company_id').notNull().references(companyRef),
    roleName: text('role_name').notNull(),
    description: text('description'),
    reportsToRoleId: text('reports_to_role_id'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('roles_company_name').on(t.companyId, t.roleName),
    foreignKey({ columns: [t.reportsToRoleId], foreignColumns: [t.roleId] }),
  ],
);
export type RoleRow = typeof roles.$inferSelect;

export const userCompanies = pgTable(
  'user_companies',
  {
    companyId: text('company_id').notNull().references(companyRef),
    userId: text('user_id').notNull().references(() => users.userId),
    profileId: text('profile_id').references(() => profiles.profileId),
    roleId: text('role_id').references(() => roles.roleId),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  // _role: the members of the roles below a manager's (reports-to scope of the team screens).
  (t) => [primaryKey({ columns: [t.companyId, t.userId] }), index('user_companies_user').on(t.userId), index('user_companies_role').on(t.companyId, t.roleId)],
);
export type MembershipRow = typeof userCompanies.$inferSelect;

export const userAudit = pgTable(
  'user_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Null only for platform events outside a company (a sign-out without X-Company-ID). */
    companyId: text('company_id').references(companyRef),
    actorUserId: text('actor_user_id'),
    action: text('action').notNull(),
    targetUserId: text('target_user_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('user_audit_company_time').on(t.companyId, t.createdAt)],
);

/**
 * A pending change of a user's email (issue 12): the sign-in email changes only when the owner of
 * the OLD address confirms it with the code sent there, once, before `expiresAt` (24 hours). Until
 * then the user keeps signing in with the old email. Only the code's SHA-256 is stored. A newer
 * request cancels the older ones of the same user.
 */
export const userEmailChanges = pgTable(
  'user_email_changes',
  {
    changeId: id('change_id'),
    userId: text('user_id').notNull().references(() => users.userId),
    oldEmail: text('old_email').notNull(),
    newEmail: text('new_email').notNull(),
    /** sha-256 hex of the confirmation code; the code itself is never stored. */
    codeHash: text('code_hash').notNull().unique(),
    /** The company the change was asked in (its audit rows go there); null when asked outside one. */
    companyId: text('company_id').references(companyRef),
    requestedBy: text('requested_by').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [index('user_email_changes_user').on(t.userId)],
);
export type EmailChangeRow = typeof userEmailChanges.$inferSelect;

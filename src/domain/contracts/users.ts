/**
 * User, role and profile management contracts (spec 3 "User", spec 6, spec 7 user service
 * `/users/filter`, `/company/users`, `/company/permissions`, `/profiles/{id}`).
 */
import { z } from 'zod';
import { pagingQuery } from './envelope';
import { PROFESSIONS, USER_SEARCH_KEYS, USER_TYPES } from '../users/permissions';

const actionAccess = z.object({ read: z.boolean(), write: z.boolean() });
/** permissions[module][action] = { read, write } */
export const permissionsMap = z.record(z.string(), z.record(z.string(), actionAccess));

export const profession = z.enum(PROFESSIONS);
export const userType = z.enum(USER_TYPES);

/** A user as listed in user management for one company. */
export const companyUser = z.object({
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  user_type: userType,
  profession,
  team: z.string().nullable(),
  location: z.string().nullable(),
  client_employee_id: z.string().nullable(),
  profile_id: z.string().nullable(),
  profile_name: z.string().nullable(),
  role_id: z.string().nullable(),
  role_name: z.string().nullable(),
  active: z.boolean(),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
});
export type CompanyUser = z.infer<typeof companyUser>;

/** `GET /company/users` query: filters are comma-separated lists. */
export const companyUsersQuery = pagingQuery.extend({
  company_id: z.string().optional(),
  professions: z.string().optional(),
  teams: z.string().optional(),
  locations: z.string().optional(),
  search_value: z.string().optional(),
  search_type: z.enum(USER_SEARCH_KEYS).optional(),
  include_inactive: z.enum(['true', 'false']).optional(),
});

export const companyUsersPage = z.object({
  users: z.array(companyUser),
  total: z.number().int(),
  page_number: z.number().int(),
  page_size: z.number().int(),
});

/** `GET /users/filter?filters=professions,teams,locations` answer, read as data.filters (spec 7). */
export const userFilters = z.object({
  filters: z.object({
    professions: z.array(z.string()).optional(),
    teams: z.array(z.string()).optional(),
    locations: z.array(z.string()).optional(),
  }),
});

/** Create body for `POST /company/users`. The password must satisfy spec 5's password rule. */
export const createUserBody = z.object({
  name: z.string().trim().min(1).max(120),
  email: z.string().trim().min(3).max(254),
  mobile: z.string().trim().nullable().optional(),
  password: z.string().min(8).max(256),
  user_type: userType,
  profession,
  team: z.string().trim().max(80).nullable().optional(),
  location: z.string().trim().max(80).nullable().optional(),
  client_employee_id: z.string().trim().max(60).nullable().optional(),
  profile_id: z.string().nullable().optional(),
  role_id: z.string().nullable().optional(),
});
export type CreateUserBody = z.infer<typeof createUserBody>;

/** Edit body for `PUT /company/users/{id}`: any field but the password. */
export const updateUserBody = createUserBody.omit({ password: true }).partial();

/** A permission profile (permission group) of a company. */
export const profile = z.object({
  profile_id: z.string(),
  company_id: z.string(),
  profile_name: z.string(),
  description: z.string().nullable(),
  permissions: permissionsMap,
  user_count: z.number().int(),
});
export type Profile = z.infer<typeof profile>;
export const profileBody = z.object({
  profile_name: z.string().trim().min(1).max(80),
  description: z.string().trim().max(500).nullable().optional(),
  permissions: permissionsMap,
});

/** `GET /company/permissions?company_id&simplified=true` answer (spec 7): profile_details. */
export const companyPermissions = z.object({
  profile_details: z.object({
    profile_id: z.string().nullable(),
    permission_group_id: z.string().nullable(),
    profile_name: z.string().nullable(),
    permissions: permissionsMap,
  }),
});
export type CompanyPermissions = z.infer<typeof companyPermissions>;

/** A role in the reporting hierarchy (role name, description, reports-to role). */
export const role = z.object({
  role_id: z.string(),
  company_id: z.string(),
  role_name: z.string(),
  description: z.string().nullable(),
  reports_to_role_id: z.string().nullable(),
  user_count: z.number().int(),
});
export type Role = z.infer<typeof role>;
export const roleBody = z.object({
  role_name: z.string().trim().min(1).max(80),
  description: z.string().trim().max(500).nullable().optional(),
  reports_to_role_id: z.string().nullable().optional(),
});

/** User reports (spec 3 "User report types"). */
export const USER_REPORT_TYPES = ['session_summary', 'detailed_activity_session', 'user_audit', 'detailed_login_session', 'users'] as const;
export const userReportQuery = pagingQuery.extend({
  report_type: z.enum(USER_REPORT_TYPES),
  start_date: z.string().optional(),
  end_date: z.string().optional(),
});
/** Report rows are flat records whose columns depend on the report type. */
export const userReportPage = z.object({
  report_type: z.enum(USER_REPORT_TYPES),
  columns: z.array(z.string()),
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))),
  total: z.number().int(),
  page_number: z.number().int(),
  page_size: z.number().int(),
});

/**
 * Schemas of a company's users (spec 3 "User"; spec 7 user service `/users/filter`,
 * `/company/users`). Behind ./company-users.ts.
 */
import { z } from 'zod';
import { PROFESSIONS, USER_SEARCH_KEYS, USER_TYPES } from '../../users/permissions';
import { companyQuery, pagingQuery } from '../envelope';
import { USER_FILTERS } from './company-users';
import { pendingEmailChange } from './email-change.schema';

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
  /** The language of the user's sign-in OTP SMS; null: the company's default (issue 13). */
  preferred_language: z.enum(['en', 'hi', 'id']).nullable(),
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
export type CompanyUsersQuery = z.infer<typeof companyUsersQuery>;

export const companyUsersPage = z.object({
  users: z.array(companyUser),
  total: z.number().int(),
  page_number: z.number().int(),
  page_size: z.number().int(),
});

/** `GET /users/filter` query: which filters' values to answer, comma-separated. */
export const userFiltersQuery = companyQuery.extend({ filters: z.string().default(USER_FILTERS.join(',')) });

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
  preferred_language: z.enum(['en', 'hi', 'id']).nullable().optional(),
  profile_id: z.string().nullable().optional(),
  role_id: z.string().nullable().optional(),
});
export type CreateUserBody = z.infer<typeof createUserBody>;

/** Edit body for `PUT /company/users/{id}`: any field but the password. */
export const updateUserBody = createUserBody.omit({ password: true }).partial();
export type UpdateUserBody = z.infer<typeof updateUserBody>;

/** A path id of a user, profile or role. */
export const idParams = z.object({ id: z.string().min(1).max(64) });

/**
 * One user's answer: `user_details` (spec 7 "reads user_details"), and the email change waiting
 * for confirmation from the old address, if any (issue 12; `user_details.email` is still the old one).
 */
export const userDetails = z.object({ user_details: companyUser, pending_email_change: pendingEmailChange.nullable().optional() });

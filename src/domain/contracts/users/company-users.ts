/**
 * A company's users (spec 3 "User", spec 2 "global user management"; spec 7 user service
 * `/users/filter`, `/company/users`): listing with search and filters, one user, create, edit,
 * deactivate and activate. Endpoint definitions; zod schemas in ./company-users.schema.ts.
 */
import type { PermissionRequirement } from '../../users/permissions';
import { endpoint } from '../endpoint';

import type { CompanyUser, CompanyUsersQuery, CreateUserBody, UpdateUserBody } from './company-users.schema';
export type { CompanyUser, CompanyUsersQuery, CreateUserBody, UpdateUserBody };

/** The filters `GET /users/filter` answers by default (spec 7 `filters=professions,teams,locations`). */
export const USER_FILTERS = ['professions', 'teams', 'locations'] as const;

const users = (access: 'read' | 'write') => ({ module: 'User Management Module', action: 'users', access }) as const satisfies PermissionRequirement;
const tags = ['users'];

/** GET /api/user/users/filter: the distinct professions, teams and locations of the company's users. */
export const userFilters = endpoint({
  operation: 'user.company_users.filters',
  method: 'GET',
  path: '/user/users/filter',
  access: 'company',
  permission: users('read'),
  tags,
  summary: "The distinct professions, teams and locations of the company's users",
  schemas: async () => {
    const s = await import('./company-users.schema');
    return { query: s.userFiltersQuery, response: s.userFilters };
  },
});

/** GET /api/user/company/users: the company's users, searched by key and filtered by comma lists, paged. */
export const listCompanyUsers = endpoint({
  operation: 'user.company_users.list',
  method: 'GET',
  path: '/user/company/users',
  access: 'company',
  permission: users('read'),
  tags,
  summary: "The company's users (search, profession/team/location filters, pages)",
  schemas: async () => {
    const s = await import('./company-users.schema');
    return { query: s.companyUsersQuery, response: s.companyUsersPage };
  },
});

/** GET /api/user/company/users/{id}: one user of the company (404 'User not found' otherwise). */
export const getCompanyUser = endpoint({
  operation: 'user.company_users.get',
  method: 'GET',
  path: '/user/company/users/{id}',
  access: 'company',
  permission: users('read'),
  tags,
  summary: 'One user of the company',
  schemas: async () => {
    const s = await import('./company-users.schema');
    return { params: s.idParams, query: (await import('../envelope')).companyQuery, response: s.userDetails };
  },
});

/** POST /api/user/company/users: creates a user in the company. */
export const createCompanyUser = endpoint({
  operation: 'user.company_users.create',
  method: 'POST',
  path: '/user/company/users',
  access: 'company',
  permission: users('write'),
  tags,
  summary: 'Create a user in the company',
  schemas: async () => {
    const s = await import('./company-users.schema');
    return { query: (await import('../envelope')).companyQuery, body: s.createUserBody, response: s.userDetails };
  },
});

/** PUT /api/user/company/users/{id}: edits a user of the company (any field but the password). */
export const updateCompanyUser = endpoint({
  operation: 'user.company_users.update',
  method: 'PUT',
  path: '/user/company/users/{id}',
  access: 'company',
  permission: users('write'),
  tags,
  summary: 'Edit a user of the company (any field but the password)',
  schemas: async () => {
    const s = await import('./company-users.schema');
    return { params: s.idParams, query: (await import('../envelope')).companyQuery, body: s.updateUserBody, response: s.userDetails };
  },
});

/** PATCH /api/user/company/users/{id}/deactivate: deactivates a user in the company and ends their sessions. */
export const deactivateCompanyUser = endpoint({
  operation: 'user.company_users.deactivate',
  method: 'PATCH',
  path: '/user/company/users/{id}/deactivate',
  access: 'company',
  permission: users('write'),
  tags,
  summary: 'Deactivate a user in the company (ends their sessions)',
  schemas: async () => {
    const s = await import('./company-users.schema');
    return { params: s.idParams, query: (await import('../envelope')).companyQuery, response: s.userDetails };
  },
});

/** PATCH /api/user/company/users/{id}/activate: activates a user in the company again. */
export const activateCompanyUser = endpoint({
  operation: 'user.company_users.activate',
  method: 'PATCH',
  path: '/user/company/users/{id}/activate',
  access: 'company',
  permission: users('write'),
  tags,
  summary: 'Activate a user in the company again',
  schemas: async () => {
    const s = await import('./company-users.schema');
    return { params: s.idParams, query: (await import('../envelope')).companyQuery, response: s.userDetails };
  },
});

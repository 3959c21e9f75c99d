/**
 * Roles of a company and their reports-to tree (spec 6 "role settings wizard ... reports-to role";
 * spec 7 `/roles`). Endpoint definitions; zod schemas in ./roles.schema.ts.
 */
import type { PermissionRequirement } from '../../users/permissions';
import { endpoint } from '../endpoint';

import type { Role, RoleBody } from './roles.schema';
export type { Role, RoleBody };

const roles = (access: 'read' | 'write') => ({ module: 'User Management Module', action: 'roles', access }) as const satisfies PermissionRequirement;
const tags = ['roles'];

/** GET /api/user/roles: the company's roles by name. */
export const listRoles = endpoint({
  operation: 'user.roles.list',
  method: 'GET',
  path: '/user/roles',
  access: 'company',
  permission: roles('read'),
  tags,
  summary: "The company's roles",
  schemas: async () => {
    const s = await import('./roles.schema');
    return { query: (await import('../envelope')).companyQuery, response: s.rolesList };
  },
});

/** POST /api/user/roles: creates a role (400 for a reporting cycle, 409 for a duplicate name). */
export const createRole = endpoint({
  operation: 'user.roles.create',
  method: 'POST',
  path: '/user/roles',
  access: 'company',
  permission: roles('write'),
  tags,
  summary: 'Create a role',
  schemas: async () => {
    const s = await import('./roles.schema');
    return { query: (await import('../envelope')).companyQuery, body: s.roleBody, response: s.role };
  },
});

/** PUT /api/user/roles/{id}: edits a role; its reports-to role may not be itself or below it. */
export const updateRole = endpoint({
  operation: 'user.roles.update',
  method: 'PUT',
  path: '/user/roles/{id}',
  access: 'company',
  permission: roles('write'),
  tags,
  summary: 'Edit a role (no reporting cycle)',
  schemas: async () => {
    const [s, u] = await Promise.all([import('./roles.schema'), import('./company-users.schema')]);
    return { params: u.idParams, query: (await import('../envelope')).companyQuery, body: s.roleBody, response: s.role };
  },
});

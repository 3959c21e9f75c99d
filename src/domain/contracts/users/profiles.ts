/**
 * Permission profiles of a company (spec 6 "profile settings wizard"; spec 7 `/profiles`,
 * `/profiles/{id}`): named permissions maps that memberships point to. Endpoint definitions; zod
 * schemas in ./profiles.schema.ts.
 */
import type { PermissionRequirement } from '../../users/permissions';
import { endpoint } from '../endpoint';

import type { Profile, ProfileBody } from './profiles.schema';
export type { Profile, ProfileBody };

const profiles = (access: 'read' | 'write') => ({ module: 'User Management Module', action: 'profiles', access }) as const satisfies PermissionRequirement;
const tags = ['profiles'];

/** GET /api/user/profiles: the company's profiles by name. */
export const listProfiles = endpoint({
  operation: 'user.profiles.list',
  method: 'GET',
  path: '/user/profiles',
  access: 'company',
  permission: profiles('read'),
  tags,
  summary: "The company's permission profiles",
  schemas: async () => {
    const s = await import('./profiles.schema');
    return { query: (await import('../envelope')).companyQuery, response: s.profilesList };
  },
});

/** GET /api/user/profiles/{id}: one profile of the company (404 'Profile not found'). */
export const getProfile = endpoint({
  operation: 'user.profiles.get',
  method: 'GET',
  path: '/user/profiles/{id}',
  access: 'company',
  permission: profiles('read'),
  tags,
  summary: 'One permission profile',
  schemas: async () => {
    const [s, u] = await Promise.all([import('./profiles.schema'), import('./company-users.schema')]);
    return { params: u.idParams, query: (await import('../envelope')).companyQuery, response: s.profile };
  },
});

/** POST /api/user/profiles: creates a profile (409 for a name the company already uses). */
export const createProfile = endpoint({
  operation: 'user.profiles.create',
  method: 'POST',
  path: '/user/profiles',
  access: 'company',
  permission: profiles('write'),
  tags,
  summary: 'Create a permission profile',
  schemas: async () => {
    const s = await import('./profiles.schema');
    return { query: (await import('../envelope')).companyQuery, body: s.profileBody, response: s.profile };
  },
});

/** PUT /api/user/profiles/{id}: replaces a profile's name, description and permissions. */
export const updateProfile = endpoint({
  operation: 'user.profiles.update',
  method: 'PUT',
  path: '/user/profiles/{id}',
  access: 'company',
  permission: profiles('write'),
  tags,
  summary: "Replace a permission profile's name, description and permissions",
  schemas: async () => {
    const [s, u] = await Promise.all([import('./profiles.schema'), import('./company-users.schema')]);
    return { params: u.idParams, query: (await import('../envelope')).companyQuery, body: s.profileBody, response: s.profile };
  },
});

/**
 * The caller's permissions in a company (spec 6; spec 7 user service `/company/permissions`):
 * what the menu and the screens ask `can()` about. Endpoint definition; zod schemas in
 * ./permissions.schema.ts.
 */
import { endpoint } from '../endpoint';

import type { CompanyPermissions } from './permissions.schema';
export type { CompanyPermissions };

/** GET /api/user/company/permissions: the caller's profile and permissions map in the company (any member). */
export const myPermissions = endpoint({
  operation: 'user.permissions.mine',
  method: 'GET',
  path: '/user/company/permissions',
  access: 'company',
  tags: ['companies'],
  summary: "The caller's profile and permissions map in the company",
  schemas: async () => {
    const s = await import('./permissions.schema');
    return { query: s.companyPermissionsQuery, response: s.companyPermissions };
  },
});

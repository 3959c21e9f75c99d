/**
 * Schemas of permissions maps and the caller's permissions in a company (spec 6; spec 7
 * `GET /company/permissions`). Behind ./permissions.ts.
 */
import { z } from 'zod';
import { companyQuery } from '../envelope';

const actionAccess = z.object({ read: z.boolean(), write: z.boolean() });
/** permissions[module][action] = { read, write } */
export const permissionsMap = z.record(z.string(), z.record(z.string(), actionAccess));

/** `GET /company/permissions` query: `simplified=true` is what the web sends (spec 7). */
export const companyPermissionsQuery = companyQuery.extend({ simplified: z.enum(['true', 'false']).optional() });

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

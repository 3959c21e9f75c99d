/** Schemas of roles and their reports-to tree (spec 6 role wizard; spec 7 `/roles`). Behind ./roles.ts. */
import { z } from 'zod';

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
export type RoleBody = z.infer<typeof roleBody>;

export const rolesList = z.object({ roles: z.array(role) });

/** Schemas of permission profiles (spec 6 profile wizard; spec 7 `/profiles`). Behind ./profiles.ts. */
import { z } from 'zod';
import { permissionsMap } from './permissions.schema';

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
export type ProfileBody = z.infer<typeof profileBody>;

export const profilesList = z.object({ profiles: z.array(profile) });

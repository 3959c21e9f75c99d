/**
 * Routes of permission profiles (spec 6 profile wizard; spec 7 `/profiles`, `/profiles/{id}`),
 * served from src/domain/contracts/users/profiles.ts.
 */
import * as profiles from '../../../../domain/contracts/users/profiles';
import type { RouteGroup } from '../../../http/area';
import { callerOf } from '../../../http/caller';
import { ok } from '../../../http/envelope';
import { endpointServer } from '../../../http/route';
import { getProfile, listProfiles, saveProfile } from './service';

export const profileRoutes: RouteGroup = async (app, deps) => {
  const { db } = deps;
  const serve = endpointServer(app, deps);

  await serve(profiles.listProfiles, async ({ req }) => ok({ profiles: await listProfiles(db, callerOf(req).companyId) }));

  await serve(profiles.getProfile, async ({ req, params }) => ok(await getProfile(db, callerOf(req).companyId, params.id)));

  await serve(profiles.createProfile, async ({ req, body }) => {
    const caller = callerOf(req);
    return ok(await saveProfile(db, caller.user.userId, caller.companyId, body), 'Profile created');
  });

  await serve(profiles.updateProfile, async ({ req, params, body }) => {
    const caller = callerOf(req);
    return ok(await saveProfile(db, caller.user.userId, caller.companyId, body, params.id), 'Profile updated');
  });
};

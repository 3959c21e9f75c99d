/**
 * Routes of roles and their reports-to tree (spec 6 role wizard; spec 7 `/roles`), served from
 * src/domain/contracts/users/roles.ts.
 */
import * as roles from '../../../../domain/contracts/users/roles';
import type { RouteGroup } from '../../../http/area';
import { callerOf } from '../../../http/caller';
import { ok } from '../../../http/envelope';
import { endpointServer } from '../../../http/route';
import { listRoles, saveRole } from './service';

export const roleRoutes: RouteGroup = async (app, deps) => {
  const { db } = deps;
  const serve = endpointServer(app, deps);

  await serve(roles.listRoles, async ({ req }) => ok({ roles: await listRoles(db, callerOf(req).companyId) }));

  await serve(roles.createRole, async ({ req, body }) => {
    const caller = callerOf(req);
    return ok(await saveRole(db, caller.user.userId, caller.companyId, body), 'Role created');
  });

  await serve(roles.updateRole, async ({ req, params, body }) => {
    const caller = callerOf(req);
    return ok(await saveRole(db, caller.user.userId, caller.companyId, body, params.id), 'Role updated');
  });
};

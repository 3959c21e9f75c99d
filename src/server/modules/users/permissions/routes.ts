/**
 * The caller's permissions in a company (spec 7 `GET /company/permissions`: profile_details),
 * served from src/domain/contracts/users/permissions.ts. Any member may ask.
 */
import * as permissions from '../../../../domain/contracts/users/permissions';
import type { RouteGroup } from '../../../http/area';
import { requireCompany } from '../../../http/caller';
import { ok } from '../../../http/envelope';
import { endpointServer } from '../../../http/route';
import { toCompanyPermissions } from '../membership';

export const permissionRoutes: RouteGroup = async (app, deps) => {
  const serve = endpointServer(app, deps);

  await serve(permissions.myPermissions, async ({ req }) => ok(toCompanyPermissions(requireCompany(req).membership)));
};

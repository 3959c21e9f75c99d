/**
 * Portfolio assignment routes (issue 5; spec 2 "portfolio assignment"), served from
 * src/domain/contracts/allocation/suggestions.ts: the territory-aware suggestion. Confirming it is
 * a loan operation (POST /api/bulk/loan-operations, the bulk area).
 */
import { suggestAssignment as suggestAssignmentEndpoint } from '../../../domain/contracts/allocation/suggestions';
import type { RouteGroup } from '../../http/area';
import { callerOf } from '../../http/caller';
import { ok } from '../../http/envelope';
import { endpointServer } from '../../http/route';
import { suggestAssignment } from './service';

export const allocationRoutes: RouteGroup = async (app, deps) => {
  const serve = endpointServer(app, deps);
  await serve(suggestAssignmentEndpoint, async ({ req, body }) => ok(await suggestAssignment(deps.db, deps.ports, callerOf(req), body)));
};

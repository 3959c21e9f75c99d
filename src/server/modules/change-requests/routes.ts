/** Routes of change requests (issue 16), served from src/domain/contracts/change-requests/requests.ts. Decisions are the approval area's endpoint. */
import * as c from '../../../domain/contracts/change-requests/requests';
import type { RouteGroup } from '../../http/area';
import { callerOf } from '../../http/caller';
import { ok } from '../../http/envelope';
import { endpointServer } from '../../http/route';
import { canReadUnmasked } from '../portfolio/queries';
import { getChangeRequest, listChangeRequests, proposeChange, type RequestCaller } from './service';

export const changeRequestRoutes: RouteGroup = async (app, deps) => {
  const { db } = deps;
  const serve = endpointServer(app, deps);
  const who = (req: Parameters<typeof callerOf>[0]): { companyId: string; caller: RequestCaller } => {
    const { companyId, user, permissions } = callerOf(req);
    return { companyId, caller: { userId: user.userId, unmasked: canReadUnmasked(permissions) } };
  };

  await serve(c.listChangeRequests, async ({ req, query }) => {
    const { companyId, caller } = who(req);
    return ok(await listChangeRequests(db, companyId, caller, query));
  });
  await serve(c.createChangeRequest, async ({ req, body }) => {
    const { companyId, caller } = who(req);
    return ok(await db.transaction((tx) => proposeChange(tx, companyId, caller, body)), 'Change request submitted for approval');
  });
  await serve(c.getChangeRequest, async ({ req, params }) => {
    const { companyId, caller } = who(req);
    return ok(await getChangeRequest(db, companyId, caller, params.request_id));
  });
};

/** Routes of approvals (issue 16), served from src/domain/contracts/approval/requests.ts. */
import * as a from '../../../domain/contracts/approval/requests';
import type { ChainLevel } from '../../../domain/approval/chains';
import type { RouteGroup } from '../../http/area';
import { callerOf } from '../../http/caller';
import { ok } from '../../http/envelope';
import { endpointServer } from '../../http/route';
import { listChains, saveChain, saveTeam } from './chains-service';
import { decideRequest, deciderOf } from './engine';
import { listInbox, requestDetail, trailDetails } from './inbox';

export const approvalRoutes: RouteGroup = async (app, deps) => {
  const { db, clock } = deps;
  const serve = endpointServer(app, deps);
  const decider = (req: Parameters<typeof callerOf>[0]) => {
    const c = callerOf(req);
    return { companyId: c.companyId, caller: { userId: c.user.userId, userType: c.user.userType, roleId: c.roleId } };
  };

  await serve(a.listChains, async ({ req }) => ok(await listChains(db, callerOf(req).companyId)));
  await serve(a.saveChain, async ({ req, params, body }) => {
    const { companyId, user } = callerOf(req);
    return ok(await saveChain(db, companyId, user.userId, params.request_type, body.levels as ChainLevel[], clock.now()), 'Approval chain saved');
  });
  await serve(a.saveTeam, async ({ req, body }) => {
    const { companyId, user } = callerOf(req);
    return ok({ central_team: await saveTeam(db, companyId, user.userId, body.user_ids) }, 'Central approval team saved');
  });
  await serve(a.listRequests, async ({ req, query }) => {
    const { companyId, caller } = decider(req);
    return ok(await listInbox(db, companyId, await deciderOf(db, companyId, caller), query, clock.now()));
  });
  await serve(a.getRequest, async ({ req, params }) => {
    const { companyId, caller } = decider(req);
    return ok(await requestDetail(db, companyId, await deciderOf(db, companyId, caller), params.request_id, clock.now()));
  });
  await serve(a.decideRequest, async ({ req, params, body }) => {
    const { companyId, caller } = decider(req);
    const now = clock.now();
    await decideRequest(db, companyId, caller, params.request_id, body, now);
    return ok(await requestDetail(db, companyId, await deciderOf(db, companyId, caller), params.request_id, now), body.decision === 'approved' ? 'Approved' : 'Rejected');
  });
  await serve(a.subjectTrail, async ({ req, query }) => {
    const { companyId, caller } = decider(req);
    return ok({ requests: await trailDetails(db, companyId, await deciderOf(db, companyId, caller), query.request_type, query.subject_id, clock.now()) });
  });
};

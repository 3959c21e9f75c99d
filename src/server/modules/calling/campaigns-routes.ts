/** Routes of campaigns, call lists, autodial login, campaign user status and agent status reasons (issue 14; spec 3, 4, 7). */
import * as c from '../../../domain/contracts/calling/campaigns';
import type { RouteGroup } from '../../http/area';
import type { Caller } from '../../http/caller';
import { callerOf } from '../../http/caller';
import { ok } from '../../http/envelope';
import { endpointServer } from '../../http/route';
import { setAgentStatus } from './breaks-service';
import { announcedStatus } from './agent-routing';
import { campaignUserStatus, updateCampaignUserStatus } from './campaign-user-status';
import { addCallList, autodialLogin, autodialLogout, autodialSession, createCampaign, filterCallList, getCallList, listCampaigns, updateCampaign } from './campaigns-service';

export const campaignsRoutes: RouteGroup = async (app, deps) => {
  const { db, clock, events } = deps;
  const serve = endpointServer(app, deps);
  const announced = <T>(caller: Caller, done: T) => announcedStatus(events, db, caller, done);
  await serve(c.listCampaigns, async ({ req }) => ok({ campaigns: await listCampaigns(db, callerOf(req)) }));
  await serve(c.createCampaign, async ({ req, body }) => ok(await createCampaign(db, callerOf(req), body, clock.now()), 'Campaign created'));
  await serve(c.updateCampaign, async ({ req, params, body }) => ok(await updateCampaign(db, callerOf(req), params.campaign_id, body, clock.now()), 'Campaign updated'));
  await serve(c.filterCallList, async ({ req, params, body }) => ok(await filterCallList(db, callerOf(req), params.campaign_id, body)));
  await serve(c.addCallList, async ({ req, params, body }) => ok(await addCallList(db, callerOf(req), params.campaign_id, body, clock.now()), 'Call list updated'));
  await serve(c.getCallList, async ({ req, params }) => ok(await getCallList(db, callerOf(req), params.campaign_id)));
  await serve(c.getAutodialSession, async ({ req }) => ok(await autodialSession(db, callerOf(req))));
  await serve(c.autodialLogin, async ({ req, body }) => ok(await announced(callerOf(req), await autodialLogin(db, callerOf(req), body, clock.now())), 'Autodialer on'));
  await serve(c.autodialLogout, async ({ req }) => ok(await announced(callerOf(req), await autodialLogout(db, callerOf(req), clock.now())), 'Autodialer off'));
  await serve(c.getCampaignUserStatus, async ({ req, params, query }) => ok(await campaignUserStatus(db, callerOf(req), params.campaign_id, query.user_id, clock.now())));
  await serve(c.updateCampaignUserStatus, async ({ req, params, body }) => {
    const done = await updateCampaignUserStatus(db, callerOf(req), params.campaign_id, body, clock.now(), events);
    return ok(done, done.vendor_event === 'auto_call_off' ? 'Dialer off' : 'Dialer on');
  });
  await serve(c.setAgentStatus, async ({ req, body }) => ok(await announced(callerOf(req), await setAgentStatus(db, callerOf(req), body, clock.now()))));
};

/** Routes of outgoing webhooks to the lender (issue 15; spec 3 webhook_configurations), served from the contract. */
import * as hooks from '../../../domain/contracts/payments/webhook-configurations';
import type { RouteGroup } from '../../http/area';
import { callerOf } from '../../http/caller';
import { ok } from '../../http/envelope';
import { endpointServer } from '../../http/route';
import { createEndpoint, kickDeliveries, listDeliveries, listEndpoints, resendDelivery, rotateEndpointSecret, updateEndpoint } from './outgoing-webhooks';

export const outgoingWebhookRoutes: RouteGroup = async (app, deps) => {
  const { db, config, clock } = deps;
  const serve = endpointServer(app, deps);
  await serve(hooks.listWebhookConfigurations, async ({ req }) => ok({ endpoints: await listEndpoints(db, callerOf(req).companyId) }));
  await serve(hooks.createWebhookConfiguration, async ({ req, body }) => ok(await createEndpoint(db, config, callerOf(req).companyId, body, req.host, clock.now()), 'Webhook endpoint added: copy its signing secret now, it is not shown again'));
  await serve(hooks.updateWebhookConfiguration, async ({ req, params, body }) => ok(await updateEndpoint(db, config, callerOf(req).companyId, params.endpoint_id, body, req.host, clock.now()), 'Webhook endpoint saved'));
  await serve(hooks.rotateWebhookSecret, async ({ req, params }) => ok(await rotateEndpointSecret(db, config, callerOf(req).companyId, params.endpoint_id, clock.now()), 'Signing secret rotated: copy it now, it is not shown again'));
  await serve(hooks.listWebhookDeliveries, async ({ req, params, query }) => ok(await listDeliveries(db, callerOf(req).companyId, params.endpoint_id, query)));
  await serve(hooks.resendWebhookDelivery, async ({ req, params }) => {
    const d = await resendDelivery(db, callerOf(req).companyId, params.endpoint_id, params.delivery_id, clock.now());
    kickDeliveries(deps.jobs, (err) => req.log.error({ err }, 'outgoing webhook kick failed'));
    return ok(d, 'Delivery queued again');
  });
};

/**
 * Outgoing webhooks to the lender's own systems (issue 15; spec 3 webhook_configurations): per
 * company one or more endpoints, each with the events it subscribes to and a signing secret
 * answered once (on create and on rotate). Deliveries are queued with the payment's own commit and
 * sent afterwards by the durable job queue, retried after 1 min, 5 min, 30 min, 2 h and 12 h, then
 * marked failed; a delivery log with a resend action. Permissions: CG Payment Module › payment_settings.
 *
 * Signature scheme (also in the OpenAPI description): each POST carries
 * `X-RecoveryOps-Timestamp` (Unix seconds), `X-RecoveryOps-Event` (the event type),
 * `X-RecoveryOps-Event-Id` (the same on every retry and resend: drop repeats by it),
 * `X-RecoveryOps-Delivery` and `X-RecoveryOps-Signature: v1=<hex HMAC-SHA256(secret, timestamp + "." + raw body)>`.
 */
import type { PermissionRequirement } from '../../users/permissions';
import { endpoint } from '../endpoint';
import type { WebhookConfigurationBody, WebhookConfigurationList, WebhookConfigurationRecord, WebhookConfigurationWithSecret, WebhookDeliveriesPage, WebhookDeliveriesQuery, WebhookDeliveryRecord, OutgoingWebhookEvent, WebhookDeliveryStatus } from './webhook-configurations.schema';
import { OUTGOING_WEBHOOK_EVENTS, WEBHOOK_DELIVERY_STATUSES } from './webhook-configurations.schema';
export type { WebhookConfigurationBody, WebhookConfigurationList, WebhookConfigurationRecord, WebhookConfigurationWithSecret, WebhookDeliveriesPage, WebhookDeliveriesQuery, WebhookDeliveryRecord, OutgoingWebhookEvent, WebhookDeliveryStatus };
export { OUTGOING_WEBHOOK_EVENTS, WEBHOOK_DELIVERY_STATUSES };

const tags = ['payments'];
const perm = (access: 'read' | 'write') => ({ module: 'CG Payment Module', action: 'payment_settings', access }) as const satisfies PermissionRequirement;
const schema = () => import('./webhook-configurations.schema');
const company = async () => (await import('../envelope')).companyQuery;

/** How a receiver checks a delivery (the OpenAPI description of every endpoint below). */
export const SIGNATURE_SCHEME =
  'Each delivery is POST application/json with headers X-RecoveryOps-Timestamp (Unix seconds), X-RecoveryOps-Event, X-RecoveryOps-Event-Id (the same on retries and resends: drop repeats by it), X-RecoveryOps-Delivery and X-RecoveryOps-Signature: v1=<hex HMAC-SHA256(secret, timestamp + "." + raw body)>. Compare in constant time and refuse timestamps older than 5 minutes. A 2xx answer within 10 s delivers; anything else is retried after 1 min, 5 min, 30 min, 2 h and 12 h, then the delivery is failed. URLs must be http(s) and not this server.';

/** GET /api/payment/settings/webhook_configurations: the company's endpoints (secrets never shown). */
export const listWebhookConfigurations = endpoint({
  operation: 'payments.settings.webhooks.list',
  method: 'GET',
  path: '/payment/settings/webhook_configurations',
  access: 'company',
  permission: perm('read'),
  tags,
  summary: 'Outgoing webhook endpoints of the company',
  description: SIGNATURE_SCHEME,
  schemas: async () => ({ query: await company(), response: (await schema()).webhookConfigurationList }),
});

/** POST /api/payment/settings/webhook_configurations: a new endpoint; answers its signing secret once. @throws 400 bad URL, the server itself, no event */
export const createWebhookConfiguration = endpoint({
  operation: 'payments.settings.webhooks.create',
  method: 'POST',
  path: '/payment/settings/webhook_configurations',
  access: 'company',
  permission: perm('write'),
  tags,
  summary: 'Add an outgoing webhook endpoint (its signing secret is shown once)',
  description: SIGNATURE_SCHEME,
  schemas: async () => ({ query: await company(), body: (await schema()).webhookConfigurationBody, response: (await schema()).webhookConfigurationWithSecret }),
});

/** PUT /api/payment/settings/webhook_configurations/{endpoint_id}: URL, events, active flag. @throws 404 'Webhook endpoint not found' */
export const updateWebhookConfiguration = endpoint({
  operation: 'payments.settings.webhooks.update',
  method: 'PUT',
  path: '/payment/settings/webhook_configurations/{endpoint_id}',
  access: 'company',
  permission: perm('write'),
  tags,
  summary: 'Change an outgoing webhook endpoint',
  description: SIGNATURE_SCHEME,
  schemas: async () => ({ params: (await schema()).webhookConfigurationParams, query: await company(), body: (await schema()).webhookConfigurationBody, response: (await schema()).webhookConfigurationRecord }),
});

/** POST …/{endpoint_id}/rotate-secret: a new signing secret, answered once; the old one stops at once. @throws 404 */
export const rotateWebhookSecret = endpoint({
  operation: 'payments.settings.webhooks.rotate',
  method: 'POST',
  path: '/payment/settings/webhook_configurations/{endpoint_id}/rotate-secret',
  access: 'company',
  permission: perm('write'),
  tags,
  summary: 'Rotate an outgoing webhook endpoint’s signing secret (shown once)',
  description: SIGNATURE_SCHEME,
  schemas: async () => ({ params: (await schema()).webhookConfigurationParams, query: await company(), response: (await schema()).webhookConfigurationWithSecret }),
});

/** GET …/{endpoint_id}/deliveries: the endpoint's delivery log, newest first. @throws 404 */
export const listWebhookDeliveries = endpoint({
  operation: 'payments.settings.webhooks.deliveries',
  method: 'GET',
  path: '/payment/settings/webhook_configurations/{endpoint_id}/deliveries',
  access: 'company',
  permission: perm('read'),
  tags,
  summary: 'Deliveries of an outgoing webhook endpoint, newest first',
  description: SIGNATURE_SCHEME,
  schemas: async () => ({ params: (await schema()).webhookConfigurationParams, query: (await schema()).webhookDeliveriesQuery, response: (await schema()).webhookDeliveriesPage }),
});

/** POST …/{endpoint_id}/deliveries/{delivery_id}/resend: sends the same event again now (same event id, fresh attempts). @throws 404 */
export const resendWebhookDelivery = endpoint({
  operation: 'payments.settings.webhooks.resend',
  method: 'POST',
  path: '/payment/settings/webhook_configurations/{endpoint_id}/deliveries/{delivery_id}/resend',
  access: 'company',
  permission: perm('write'),
  tags,
  summary: 'Send a webhook delivery again',
  description: SIGNATURE_SCHEME,
  schemas: async () => ({ params: (await schema()).webhookDeliveryParams, query: await company(), response: (await schema()).webhookDeliveryRecord }),
});

/**
 * Gateway webhooks (issue 15): `POST /api/payment/webhooks/{pg_vendor}/{company_id}`, public, the
 * raw body verified per vendor with that company's secret (src/server/modules/payments/gateways).
 * A bad signature, an old timestamp or a body changed after signing answers 401; a duplicate event
 * answers 200 and changes nothing. And the local sandbox (non-production, or PAYMENT_SANDBOX=true)
 * that plays a gateway's hosted checkout and sends such webhooks.
 */
import { endpoint } from '../endpoint';
import type { WebhookOutcome } from './webhooks.schema';
export type { WebhookOutcome };

const tags = ['payments'];
const schema = () => import('./webhooks.schema');

export const receiveGatewayWebhook = endpoint({
  operation: 'payments.webhooks.receive',
  method: 'POST',
  path: '/payment/webhooks/{pg_vendor}/{company_id}',
  access: 'public',
  bodyLimitBytes: 64 * 1024,
  tags,
  summary: 'A payment gateway’s webhook (signature checked on the raw body)',
  description:
    'Cashfree: x-webhook-signature = Base64(HMAC-SHA256(secret, x-webhook-timestamp + body)), timestamp within 5 minutes. Easebuzz: form body with the reverse SHA-512 hash. PhonePe: v1 X-VERIFY over the base64 response, or v2 Authorization = SHA256(username:password). 401 when not verified.',
  schemas: async () => ({ params: (await schema()).webhookParams, response: (await schema()).webhookOutcome }),
});

/** GET the sandbox's hosted checkout page (HTML) of a link. Exists only when the sandbox is on. */
export const sandboxCheckout = endpoint({
  operation: 'payments.sandbox.checkout',
  method: 'GET',
  path: '/payment/sandbox/gateway/{link_id}',
  access: 'public',
  produces: 'file',
  tags,
  summary: 'Local gateway sandbox: the hosted checkout page of a link (not in production)',
  schemas: async () => ({ params: (await schema()).sandboxParams }),
});

/** POST a sandbox payment: the sandbox signs the vendor's webhook and sends it to our webhook URL. */
export const sandboxPay = endpoint({
  operation: 'payments.sandbox.pay',
  method: 'POST',
  path: '/payment/sandbox/gateway/{link_id}/pay',
  access: 'public',
  produces: 'file',
  tags,
  summary: 'Local gateway sandbox: pay or fail a link, which sends the gateway’s signed webhook (not in production)',
  schemas: async () => ({ params: (await schema()).sandboxParams }),
});

/**
 * Cashfree Payment Links (API version 2023-08-01): `POST /pg/links` with `link_id`, `link_amount`
 * (rupees), `link_currency`, `link_purpose`, `customer_details`, `link_expiry_time`,
 * `link_partial_payments`, `link_notes` and `link_meta.notify_url`; link statuses ACTIVE, PAID,
 * PARTIALLY_PAID, EXPIRED, CANCELLED.
 *
 * Webhooks (PAYMENT_LINK_EVENT): `x-webhook-signature` = Base64(HMAC-SHA256(secret,
 * `x-webhook-timestamp` + raw body)) over the raw bytes as received, compared in constant time;
 * the timestamp (epoch milliseconds) must be within WEBHOOK_TOLERANCE_MS of our clock, so a
 * captured webhook cannot be replayed later; after a secret rotation the previous secret is still
 * accepted.
 */
import { CASHFREE_API_VERSION, cashfreeSignatureProblem, cashfreeSignedHeaders } from './cashfree-signature';
import { cashfreeSubscriptions } from './cashfree-subscriptions';
import type { GatewayAdapter, GatewayCredentials, Headers, Verification } from './types';
import { paiseOf, rupees } from './types';
export { CASHFREE_API_VERSION, cashfreeSignature, WEBHOOK_TOLERANCE_MS } from './cashfree-signature';

export const CASHFREE_LINK_STATUSES = ['ACTIVE', 'PAID', 'PARTIALLY_PAID', 'EXPIRED', 'CANCELLED'] as const;

interface LinkEvent {
  type?: unknown;
  data?: {
    link_id?: unknown;
    link_status?: unknown;
    order?: { order_id?: unknown; order_amount?: unknown; transaction_id?: unknown; transaction_status?: unknown; payment_group?: unknown };
  };
}

function verify(raw: Buffer, headers: Headers, creds: GatewayCredentials, now: Date): Verification {
  const problem = cashfreeSignatureProblem(raw, headers, creds, now);
  if (problem) return { ok: false, reason: problem };
  let body: LinkEvent;
  try {
    body = JSON.parse(raw.toString('utf8')) as LinkEvent;
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const order = body.data?.order;
  const linkId = body.data?.link_id;
  const amount = paiseOf(order?.order_amount);
  const txn = order?.transaction_id;
  if (body.type !== 'PAYMENT_LINK_EVENT' || typeof linkId !== 'string' || !order || amount === null || (typeof txn !== 'string' && typeof txn !== 'number')) {
    return { ok: false, reason: 'malformed' };
  }
  const status = String(order.transaction_status ?? '');
  const outcome = status === 'SUCCESS' ? 'SUCCESS' : 'FAILED';
  return {
    ok: true,
    event: {
      eventId: `${String(txn)}:${status}`,
      linkId,
      outcome,
      paymentId: String(txn),
      amountMinor: amount,
      channel: typeof order.payment_group === 'string' ? order.payment_group.toLowerCase() : 'payment_link',
    },
  };
}

export const cashfree: GatewayAdapter = {
  vendor: 'cashfree',
  supportsPartial: true,
  requires: ['apiKey', 'apiSecret'],
  createLinkRequest(creds, link) {
    const body = {
      link_id: link.linkId,
      link_amount: Number(rupees(link.amountMinor)),
      link_currency: link.currency,
      link_purpose: link.purpose,
      customer_details: { customer_phone: link.customer.phone, customer_name: link.customer.name, customer_email: link.customer.email },
      link_expiry_time: link.expiresAt.toISOString(),
      link_partial_payments: link.partial,
      ...(link.partial ? { link_minimum_partial_amount: 1 } : {}),
      link_notes: link.notes,
      link_meta: { notify_url: link.notifyUrl, return_url: link.returnUrl },
      link_notify: { send_sms: false, send_email: false },
    };
    return {
      method: 'POST',
      path: '/pg/links',
      headers: { 'x-client-id': creds.apiKey ?? '', 'x-client-secret': creds.apiSecret ?? '', 'x-api-version': CASHFREE_API_VERSION, 'x-idempotency-key': link.linkId },
      body: JSON.stringify(body),
      contentType: 'application/json',
    };
  },
  verifyWebhook: verify,
  signWebhook(creds, p, now) {
    const paid = p.paidBeforeMinor + (p.outcome === 'SUCCESS' ? p.amountMinor : 0);
    const body = Buffer.from(
      JSON.stringify({
        data: {
          link_id: p.linkId,
          link_status: paid >= p.linkAmountMinor ? 'PAID' : paid > 0 ? 'PARTIALLY_PAID' : 'ACTIVE',
          link_currency: 'INR',
          link_amount: rupees(p.linkAmountMinor),
          link_amount_paid: rupees(paid),
          order: { order_id: `CFPay_${p.linkId}_${p.paymentId}`, order_amount: rupees(p.amountMinor), transaction_id: p.paymentId, transaction_status: p.outcome, payment_group: p.channel },
        },
        type: 'PAYMENT_LINK_EVENT',
        version: 1,
        event_time: now.toISOString(),
      }),
    );
    return { headers: cashfreeSignedHeaders(creds.webhookSecrets[0], body, now), body };
  },
  mandates: cashfreeSubscriptions,
};

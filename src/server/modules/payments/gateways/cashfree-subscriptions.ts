/**
 * Cashfree Subscriptions (API version 2025-01-01) for eNACH / UPI Autopay mandates (issue 15):
 * `POST /pg/subscriptions` creates a subscription (our mandate id as `subscription_id`) on an
 * ON_DEMAND plan with `plan_max_amount`, `authorization_details.payment_methods` ['enach'] or
 * ['upi'], `subscription_first_charge_time` and `subscription_expiry_time`; each debit is
 * presented with `POST /pg/subscriptions/pay` (`payment_type` CHARGE, our debit id as
 * `payment_id`, `payment_schedule_date`); `POST /pg/subscriptions/{id}/manage` with action CANCEL.
 *
 * Webhooks are signed like every Cashfree webhook (cashfree-signature.ts): SUBSCRIPTION_STATUS_CHANGED
 * (data.subscription_details.subscription_status), SUBSCRIPTION_AUTH_STATUS and
 * SUBSCRIPTION_PAYMENT_SUCCESS / _FAILED / _CANCELLED (data.payment_id, cf_payment_id,
 * payment_amount in rupees, failure_details.failure_reason). Amounts cross as paise.
 */
import { cashfreeSignatureProblem, cashfreeSignedHeaders } from './cashfree-signature';
import type { DebitSpec, GatewayCredentials, MandateAdapter, MandateVerification, OutboundRequest } from './types';
import { paiseOf, rupees } from './types';

export const CASHFREE_SUBSCRIPTIONS_API_VERSION = '2025-01-01';
/** What the borrower is asked to authorise with (Re 1, refunded), paise. */
export const AUTHORIZATION_MINOR = 100;

const post = (creds: GatewayCredentials, path: string, body: unknown, idempotencyKey: string): OutboundRequest => ({
  method: 'POST',
  path,
  headers: { 'x-client-id': creds.apiKey ?? '', 'x-client-secret': creds.apiSecret ?? '', 'x-api-version': CASHFREE_SUBSCRIPTIONS_API_VERSION, 'x-idempotency-key': idempotencyKey },
  body: JSON.stringify(body),
  contentType: 'application/json',
});

interface SubscriptionEvent {
  type?: unknown;
  event_time?: unknown;
  data?: {
    subscription_details?: { subscription_id?: unknown; subscription_status?: unknown };
    subscription_id?: unknown;
    payment_id?: unknown;
    cf_payment_id?: unknown;
    payment_amount?: unknown;
    payment_status?: unknown;
    payment_group?: unknown;
    failure_details?: { failure_reason?: unknown } | null;
  };
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : typeof v === 'number' ? String(v) : null);

function verify(raw: Buffer, headers: Parameters<MandateAdapter['verifyWebhook']>[1], creds: GatewayCredentials, now: Date): MandateVerification {
  const problem = cashfreeSignatureProblem(raw, headers, creds, now);
  if (problem) return { ok: false, reason: problem };
  let body: SubscriptionEvent;
  try {
    body = JSON.parse(raw.toString('utf8')) as SubscriptionEvent;
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const at = new Date(typeof body.event_time === 'string' ? body.event_time : Number.NaN);
  const d = body.data;
  if (!d || Number.isNaN(at.getTime())) return { ok: false, reason: 'malformed' };
  const reason = str(d.failure_details?.failure_reason);
  if (body.type === 'SUBSCRIPTION_STATUS_CHANGED') {
    const mandateId = str(d.subscription_details?.subscription_id);
    const status = str(d.subscription_details?.subscription_status);
    if (!mandateId || !status) return { ok: false, reason: 'malformed' };
    return { ok: true, event: { kind: 'status', eventId: `sub:${mandateId}:${status}:${at.toISOString()}`, mandateId, status, at } };
  }
  const mandateId = str(d.subscription_id);
  const paymentId = str(d.payment_id);
  const cfPaymentId = str(d.cf_payment_id);
  const status = str(d.payment_status);
  if (!mandateId || !paymentId || !cfPaymentId || !status) return { ok: false, reason: 'malformed' };
  if (body.type === 'SUBSCRIPTION_AUTH_STATUS') {
    return { ok: true, event: { kind: 'auth', eventId: `auth:${cfPaymentId}:${status}`, mandateId, at, outcome: status === 'SUCCESS' ? 'SUCCESS' : 'FAILED', reason } };
  }
  const outcome = body.type === 'SUBSCRIPTION_PAYMENT_SUCCESS' ? 'SUCCESS' : body.type === 'SUBSCRIPTION_PAYMENT_FAILED' ? 'FAILED' : body.type === 'SUBSCRIPTION_PAYMENT_CANCELLED' ? 'CANCELLED' : null;
  const amount = paiseOf(d.payment_amount);
  if (!outcome || amount === null) return { ok: false, reason: 'malformed' };
  return {
    ok: true,
    event: { kind: 'debit', eventId: `pay:${cfPaymentId}:${outcome}`, mandateId, at, debitId: paymentId, gatewayPaymentId: cfPaymentId, amountMinor: amount, outcome, reason, channel: typeof d.payment_group === 'string' ? d.payment_group.toLowerCase() : 'enach' },
  };
}

export const cashfreeSubscriptions: MandateAdapter = {
  createRequest(creds, m) {
    return post(
      creds,
      '/pg/subscriptions',
      {
        subscription_id: m.mandateId,
        customer_details: { customer_name: m.customer.name, customer_email: m.customer.email, customer_phone: m.customer.phone },
        plan_details: { plan_name: `EMI ${m.notes.loan_id ?? m.mandateId}`.slice(0, 40), plan_type: 'ON_DEMAND', plan_currency: 'INR', plan_max_amount: Number(rupees(m.maxMinor)), plan_note: `EMI ${rupees(m.emiMinor)}` },
        authorization_details: { authorization_amount: Number(rupees(AUTHORIZATION_MINOR)), authorization_amount_refund: true, payment_methods: [m.mode === 'enach' ? 'enach' : 'upi'] },
        subscription_meta: { return_url: m.returnUrl },
        subscription_expiry_time: m.expiresAt.toISOString(),
        subscription_first_charge_time: `${m.firstDebitDate}T10:00:00+05:30`,
        subscription_tags: m.notes,
      },
      m.mandateId,
    );
  },
  chargeRequest(creds, debit: DebitSpec) {
    return post(
      creds,
      '/pg/subscriptions/pay',
      { subscription_id: debit.mandateId, payment_id: debit.debitId, payment_amount: Number(rupees(debit.amountMinor)), payment_schedule_date: `${debit.dueDate}T10:00:00+05:30`, payment_type: 'CHARGE', payment_remarks: `EMI due ${debit.dueDate}` },
      debit.debitId,
    );
  },
  cancelRequest(creds, mandateId) {
    return post(creds, `/pg/subscriptions/${encodeURIComponent(mandateId)}/manage`, { subscription_id: mandateId, action: 'CANCEL' }, `cancel-${mandateId}`);
  },
  verifyWebhook: verify,
  signWebhook(creds, e, now) {
    const event_time = (e.kind === 'status' ? e.at : now).toISOString();
    const payload =
      e.kind === 'status'
        ? { type: 'SUBSCRIPTION_STATUS_CHANGED', event_time, data: { subscription_details: { subscription_id: e.mandateId, subscription_status: e.status } } }
        : e.kind === 'auth'
          ? {
              type: 'SUBSCRIPTION_AUTH_STATUS',
              event_time,
              data: { subscription_id: e.mandateId, payment_id: `auth_${e.paymentId}`, cf_payment_id: e.paymentId, payment_type: 'AUTH', payment_status: e.outcome, payment_amount: Number(rupees(AUTHORIZATION_MINOR)), failure_details: e.reason ? { failure_reason: e.reason } : null },
            }
          : {
              type: e.outcome === 'SUCCESS' ? 'SUBSCRIPTION_PAYMENT_SUCCESS' : 'SUBSCRIPTION_PAYMENT_FAILED',
              event_time,
              data: {
                subscription_id: e.mandateId,
                payment_id: e.debitId,
                cf_payment_id: e.gatewayPaymentId,
                payment_type: 'CHARGE',
                payment_amount: Number(rupees(e.amountMinor)),
                payment_status: e.outcome,
                payment_group: e.mode === 'enach' ? 'enach' : 'upi',
                failure_details: e.reason ? { failure_reason: e.reason } : null,
              },
            };
    const body = Buffer.from(JSON.stringify(payload));
    return { headers: { ...cashfreeSignedHeaders(creds.webhookSecrets[0], body, now), 'x-webhook-version': CASHFREE_SUBSCRIPTIONS_API_VERSION }, body };
  },
};

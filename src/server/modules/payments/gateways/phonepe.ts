/**
 * PhonePe PG. v1 (Standard Checkout): `POST /pg/v1/pay` with body `{"request": base64(payload)}`
 * and `X-VERIFY` = SHA256(base64 payload + "/pg/v1/pay" + salt key) + "###" + salt index; the
 * server-to-server callback is `{"response": base64(result)}` with `X-VERIFY` = SHA256(base64
 * response + salt key) + "###" + salt index, checked the same way (constant time). v2: the webhook
 * carries `Authorization` = SHA256(username:password) (hex), the credentials the merchant set on
 * the PhonePe dashboard; v2 bodies are not signed, so only v1 detects a body changed in transit.
 * PhonePe amounts are paise. Neither version sends a timestamp: replays are stopped by event ids.
 */
import { createHash } from 'node:crypto';
import { sameSignature } from './compare';
import type { GatewayAdapter, GatewayCredentials, Headers, Verification } from './types';
import { header } from './types';

export const PHONEPE_PAY_PATH = '/pg/v1/pay';
const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

/** v1 X-VERIFY of a request: SHA256(base64Payload + apiPath + saltKey) + '###' + saltIndex. */
export function phonepeXVerify(base64Payload: string, apiPath: string, saltKey: string, saltIndex: string): string {
  return `${sha256(base64Payload + apiPath + saltKey)}###${saltIndex}`;
}

/** v1 X-VERIFY of a callback: SHA256(base64Response + saltKey) + '###' + saltIndex. */
export function phonepeCallbackVerify(base64Response: string, saltKey: string, saltIndex: string): string {
  return `${sha256(base64Response + saltKey)}###${saltIndex}`;
}

/** v2 webhook Authorization: SHA256(username + ':' + password), hex. */
export function phonepeV2Authorization(username: string, password: string): string {
  return sha256(`${username}:${password}`);
}

interface V1Result {
  code?: unknown;
  data?: { merchantId?: unknown; merchantTransactionId?: unknown; transactionId?: unknown; amount?: unknown; state?: unknown; paymentInstrument?: { type?: unknown } };
}
interface V2Event {
  event?: unknown;
  type?: unknown;
  payload?: { merchantOrderId?: unknown; orderId?: unknown; state?: unknown; amount?: unknown; paymentDetails?: { transactionId?: unknown; paymentMode?: unknown; amount?: unknown; state?: unknown }[] };
}

function parse<T>(text: string): T | null {
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

function verifyV1(raw: Buffer, xVerify: string, creds: GatewayCredentials): Verification {
  if (!creds.saltKey || !creds.saltIndex) return { ok: false, reason: 'signature' };
  const body = parse<{ response?: unknown }>(raw.toString('utf8'));
  if (!body || typeof body.response !== 'string') return { ok: false, reason: 'signature' };
  if (!sameSignature(xVerify, phonepeCallbackVerify(body.response, creds.saltKey, creds.saltIndex))) return { ok: false, reason: 'signature' };
  const result = parse<V1Result>(Buffer.from(body.response, 'base64').toString('utf8'));
  const d = result?.data;
  if (!d || typeof d.merchantTransactionId !== 'string' || typeof d.transactionId !== 'string' || !Number.isInteger(d.amount)) return { ok: false, reason: 'malformed' };
  if (d.merchantId !== creds.merchantId) return { ok: false, reason: 'merchant' };
  const success = result?.code === 'PAYMENT_SUCCESS' && d.state === 'COMPLETED';
  return {
    ok: true,
    event: {
      eventId: `${d.transactionId}:${String(result?.code)}`,
      linkId: d.merchantTransactionId,
      outcome: success ? 'SUCCESS' : 'FAILED',
      paymentId: d.transactionId,
      amountMinor: d.amount as number,
      channel: typeof d.paymentInstrument?.type === 'string' ? d.paymentInstrument.type.toLowerCase() : 'payment_link',
    },
  };
}

function verifyV2(raw: Buffer, authorization: string, creds: GatewayCredentials): Verification {
  if (!creds.webhookUsername || !creds.webhookPassword) return { ok: false, reason: 'signature' };
  if (!sameSignature(authorization.toLowerCase(), phonepeV2Authorization(creds.webhookUsername, creds.webhookPassword))) return { ok: false, reason: 'signature' };
  const body = parse<V2Event>(raw.toString('utf8'));
  const p = body?.payload;
  const detail = p?.paymentDetails?.[0];
  if (!p || typeof p.merchantOrderId !== 'string' || !detail || typeof detail.transactionId !== 'string' || !Number.isInteger(detail.amount)) return { ok: false, reason: 'malformed' };
  const kind = String(body?.event ?? body?.type ?? '');
  const success = p.state === 'COMPLETED' && detail.state === 'COMPLETED';
  return {
    ok: true,
    event: {
      eventId: `${detail.transactionId}:${kind}:${String(p.state)}`,
      linkId: p.merchantOrderId,
      outcome: success ? 'SUCCESS' : 'FAILED',
      paymentId: detail.transactionId,
      amountMinor: detail.amount as number,
      channel: typeof detail.paymentMode === 'string' ? detail.paymentMode.toLowerCase() : 'payment_link',
    },
  };
}

export const phonepe: GatewayAdapter = {
  vendor: 'phonepe',
  supportsPartial: false,
  requires: ['saltKey', 'saltIndex'],
  createLinkRequest(creds, link) {
    const payload = {
      merchantId: creds.merchantId,
      merchantTransactionId: link.linkId,
      merchantUserId: `U${link.notes.loan_id ?? link.linkId}`.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 36),
      amount: link.amountMinor,
      redirectUrl: link.returnUrl,
      redirectMode: 'REDIRECT',
      callbackUrl: link.notifyUrl,
      mobileNumber: link.customer.phone,
      paymentInstrument: { type: 'PAY_PAGE' },
    };
    const request = Buffer.from(JSON.stringify(payload)).toString('base64');
    return {
      method: 'POST',
      path: PHONEPE_PAY_PATH,
      headers: { 'X-VERIFY': phonepeXVerify(request, PHONEPE_PAY_PATH, creds.saltKey ?? '', creds.saltIndex ?? '') },
      body: JSON.stringify({ request }),
      contentType: 'application/json',
    };
  },
  verifyWebhook(raw: Buffer, headers: Headers, creds: GatewayCredentials): Verification {
    const xVerify = header(headers, 'x-verify');
    if (xVerify) return verifyV1(raw, xVerify, creds);
    const authorization = header(headers, 'authorization');
    if (authorization) return verifyV2(raw, authorization, creds);
    return { ok: false, reason: 'signature' };
  },
  signWebhook(creds, p) {
    const success = p.outcome === 'SUCCESS';
    const result = {
      success,
      code: success ? 'PAYMENT_SUCCESS' : 'PAYMENT_ERROR',
      message: success ? 'Your payment is successful.' : 'Payment failed',
      data: { merchantId: creds.merchantId, merchantTransactionId: p.linkId, transactionId: p.paymentId, amount: p.amountMinor, state: success ? 'COMPLETED' : 'FAILED', responseCode: success ? 'SUCCESS' : 'FAILED', paymentInstrument: { type: p.channel.toUpperCase() } },
    };
    const response = Buffer.from(JSON.stringify(result)).toString('base64');
    return { headers: { 'content-type': 'application/json', 'x-verify': phonepeCallbackVerify(response, creds.saltKey ?? '', creds.saltIndex ?? '') }, body: Buffer.from(JSON.stringify({ response })) };
  },
};

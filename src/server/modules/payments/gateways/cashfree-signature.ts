/**
 * Cashfree's webhook signature, the same for every Cashfree product (Payment Links, Subscriptions):
 * `x-webhook-signature` = Base64(HMAC-SHA256(secret, `x-webhook-timestamp` + raw body)) over the raw
 * bytes as received, compared in constant time; the timestamp (epoch milliseconds) must be within
 * WEBHOOK_TOLERANCE_MS of our clock, so a captured webhook cannot be replayed later.
 */
import { createHmac } from 'node:crypto';
import { sameSignature } from './compare';
import type { GatewayCredentials, Headers } from './types';
import { header } from './types';

export const CASHFREE_API_VERSION = '2023-08-01';
/** How far a webhook's timestamp may be from our clock: 5 minutes, in ms. */
export const WEBHOOK_TOLERANCE_MS = 5 * 60_000;

/** Base64(HMAC-SHA256(secret, timestamp + rawBody)). */
export function cashfreeSignature(secret: string, timestamp: string, raw: Buffer): string {
  return createHmac('sha256', secret).update(timestamp).update(raw).digest('base64');
}

/**
 * Checks a Cashfree webhook's signature (any secret of the company, constant time) and timestamp;
 * the same for every Cashfree product (Payment Links, Subscriptions). Null when both hold.
 */
export function cashfreeSignatureProblem(raw: Buffer, headers: Headers, creds: GatewayCredentials, now: Date): 'signature' | 'timestamp' | null {
  const signature = header(headers, 'x-webhook-signature');
  const timestamp = header(headers, 'x-webhook-timestamp');
  if (!signature || !timestamp || !/^\d{10,16}$/.test(timestamp)) return 'signature';
  const matches = creds.webhookSecrets.some((secret) => sameSignature(signature, cashfreeSignature(secret, timestamp, raw)));
  if (!matches) return 'signature';
  // Cashfree sends epoch milliseconds; a 10-digit value is seconds.
  const at = timestamp.length <= 10 ? Number(timestamp) * 1000 : Number(timestamp);
  if (Math.abs(now.getTime() - at) > WEBHOOK_TOLERANCE_MS) return 'timestamp';
  return null;
}

/** Signed headers of a Cashfree webhook body (the sandbox's). */
export function cashfreeSignedHeaders(secret: string, body: Buffer, now: Date): Record<string, string> {
  const timestamp = String(now.getTime());
  return { 'content-type': 'application/json', 'x-webhook-timestamp': timestamp, 'x-webhook-signature': cashfreeSignature(secret, timestamp, body), 'x-webhook-version': CASHFREE_API_VERSION };
}


/** The gateway adapters by vendor (issue 15). */
import { cashfree } from './cashfree';
import { easebuzz } from './easebuzz';
import { phonepe } from './phonepe';
import type { GatewayAdapter, OutboundRequest, PgVendor } from './types';

export const GATEWAYS: Readonly<Record<PgVendor, GatewayAdapter>> = { cashfree, easebuzz, phonepe };

/** The vendors' API hosts (production), for the live transport. */
export const GATEWAY_HOSTS: Readonly<Record<PgVendor, string>> = {
  cashfree: 'https://api.cashfree.com',
  easebuzz: 'https://pay.easebuzz.in',
  phonepe: 'https://api.phonepe.com/apis/hermes',
};
/**
 * Sends a built request to the vendor's API over HTTPS (15 s) and answers its JSON, or null when
 * the vendor refused, failed or did not answer JSON.
 */
export async function sendToVendor(vendor: PgVendor, request: OutboundRequest): Promise<Record<string, unknown> | null> {
  const res = await fetch(`${GATEWAY_HOSTS[vendor]}${request.path}`, {
    method: request.method,
    headers: { ...request.headers, 'content-type': request.contentType, accept: 'application/json' },
    body: request.body,
    signal: AbortSignal.timeout(15_000),
  }).catch(() => null);
  return res?.ok ? ((await res.json().catch(() => null)) as Record<string, unknown> | null) : null;
}
export type { GatewayAdapter, GatewayCredentials, GatewayEvent, LinkSpec, PgVendor } from './types';

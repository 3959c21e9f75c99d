/** The gateway adapters by vendor (issue 15). */
import { cashfree } from './cashfree';
import { easebuzz } from './easebuzz';
import { phonepe } from './phonepe';
import type { GatewayAdapter, PgVendor } from './types';

export const GATEWAYS: Readonly<Record<PgVendor, GatewayAdapter>> = { cashfree, easebuzz, phonepe };

/** The vendors' API hosts (production), for the live transport. */
export const GATEWAY_HOSTS: Readonly<Record<PgVendor, string>> = {
  cashfree: 'https://api.cashfree.com',
  easebuzz: 'https://pay.easebuzz.in',
  phonepe: 'https://api.phonepe.com/apis/hermes',
};
export type { GatewayAdapter, GatewayCredentials, GatewayEvent, LinkSpec, PgVendor } from './types';

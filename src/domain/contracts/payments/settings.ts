/**
 * Gateway credentials per company (issue 15; spec 3 payment_gateway section): `pg_vendor`,
 * `merchant_id`, keys, salts, webhook secrets. Stored encrypted (AES-256-GCM); answers never carry
 * a secret, only whether it is set and, for keys, their last 4 characters. Endpoint definitions;
 * schemas in ./settings.schema.ts. Permissions: CG Payment Module › payment_settings.
 */
import type { PermissionRequirement } from '../../users/permissions';
import { endpoint } from '../endpoint';
import type { GatewaySettingsBody, GatewaySettingsList, GatewaySettingsRecord } from './settings.schema';
export type { GatewaySettingsBody, GatewaySettingsList, GatewaySettingsRecord };

const tags = ['payments'];
const perm = (access: 'read' | 'write') => ({ module: 'CG Payment Module', action: 'payment_settings', access }) as const satisfies PermissionRequirement;
const schema = () => import('./settings.schema');
const company = async () => (await import('../envelope')).companyQuery;

/** GET /api/payment/settings/payment_gateway: the company's gateways, secrets masked. */
export const getGatewaySettings = endpoint({
  operation: 'payments.settings.gateway.get',
  method: 'GET',
  path: '/payment/settings/payment_gateway',
  access: 'company',
  permission: perm('read'),
  tags,
  summary: 'The company’s payment gateways (secrets never shown)',
  schemas: async () => ({ query: await company(), response: (await schema()).gatewaySettingsList }),
});

/**
 * PUT /api/payment/settings/payment_gateway: sets one vendor's credentials. Omitted secrets keep
 * their stored value; a new webhook secret keeps the previous one accepted (rotation).
 */
export const putGatewaySettings = endpoint({
  operation: 'payments.settings.gateway.put',
  method: 'PUT',
  path: '/payment/settings/payment_gateway',
  access: 'company',
  permission: perm('write'),
  tags,
  summary: 'Set one payment gateway’s credentials (stored encrypted)',
  schemas: async () => ({ query: await company(), body: (await schema()).gatewaySettingsBody, response: (await schema()).gatewaySettingsRecord }),
});

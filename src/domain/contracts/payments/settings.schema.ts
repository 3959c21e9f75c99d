/** Schemas of the payment_gateway settings (issue 15; spec 3). Behind ./settings.ts. */
import { z } from 'zod';
import { PG_VENDORS } from './links';

const secret = z.string().trim().min(1).max(256).optional();

export const gatewaySettingsBody = z.object({
  pg_vendor: z.enum(PG_VENDORS),
  merchant_id: z.string().trim().min(1).max(64),
  /** Spec 3 payment-config identifiers: the trust's name for trusts. */
  trust_name: z.string().trim().min(1).max(120).optional(),
  /** Cashfree x-client-id; Easebuzz key. */
  api_key: secret,
  /** Cashfree x-client-secret (also its webhook secret unless webhook_secret is set). */
  api_secret: secret,
  /** Easebuzz salt; PhonePe salt key. */
  salt_key: secret,
  /** PhonePe salt index. */
  salt_index: z.string().trim().regex(/^\d{1,3}$/).optional(),
  webhook_secret: secret,
  /** PhonePe v2 webhook credentials. */
  webhook_username: secret,
  webhook_password: secret,
  is_active: z.enum(['true', 'false']).default('true'),
});
export type GatewaySettingsBody = z.input<typeof gatewaySettingsBody>;

/** A secret as answers show it: whether it is set, and for keys their last 4 characters. */
const maskedSecret = z.object({ set: z.boolean(), last4: z.string().nullable() });

export const gatewaySettingsRecord = z.object({
  pg_vendor: z.enum(PG_VENDORS),
  merchant_id: z.string(),
  trust_name: z.string().nullable(),
  is_active: z.enum(['true', 'false']),
  secrets: z.object({
    api_key: maskedSecret,
    api_secret: maskedSecret,
    salt_key: maskedSecret,
    salt_index: maskedSecret,
    webhook_secret: maskedSecret,
    previous_webhook_secret: maskedSecret,
    webhook_username: maskedSecret,
    webhook_password: maskedSecret,
  }),
  /** Where the gateway must send webhooks: POST /api/payment/webhooks/{pg_vendor}/{company_id}. */
  webhook_path: z.string(),
  updated_at: z.string(),
});
export type GatewaySettingsRecord = z.infer<typeof gatewaySettingsRecord>;
export const gatewaySettingsList = z.object({ gateways: z.array(gatewaySettingsRecord) });
export type GatewaySettingsList = z.infer<typeof gatewaySettingsList>;

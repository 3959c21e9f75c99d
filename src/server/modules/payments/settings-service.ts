/**
 * Gateway credentials per company (issue 15; spec 3 payment_gateway): set through PUT, stored
 * encrypted (kernel security/secret-box.ts), answered masked (set / last 4 of keys), decrypted only for the
 * adapters. Rotation: when the webhook secret changes, the one before stays accepted.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { GatewaySettingsBody, GatewaySettingsRecord } from '../../../domain/contracts/payments/settings';
import type { PgVendor } from '../../../domain/contracts/payments/links';
import type { AppConfig } from '../../config';
import type { DbOrTx } from '../../db/client';
import { badRequest } from '../../http/errors';
import { GATEWAYS } from './gateways';
import type { GatewayCredentials } from './gateways';
import type { SecretFacts } from './schema';
import { paymentGatewayCredentials } from './schema';
import { open, seal } from '../../security/secret-box';

const SECRET_NAMES = ['api_key', 'api_secret', 'salt_key', 'salt_index', 'webhook_secret', 'previous_webhook_secret', 'webhook_username', 'webhook_password'] as const;
type SecretName = (typeof SECRET_NAMES)[number];
type Secrets = Partial<Record<SecretName, string>>;
/** Identifiers whose last 4 characters help a lender tell keys apart; secrets show only "set". */
const SHOWS_LAST4: ReadonlySet<SecretName> = new Set(['api_key']);
type KeyConfig = Pick<AppConfig, 'paymentCredentialsKey' | 'production'>;

const contextOf = (companyId: string, vendor: PgVendor) => `${companyId}|${vendor}`;
/** The secret a vendor signs webhooks with: Cashfree signs with the client secret unless a separate one is set. */
const webhookSecretOf = (vendor: PgVendor, s: Secrets) => s.webhook_secret ?? (vendor === 'cashfree' ? s.api_secret : undefined);

const FIELD_OF: Record<keyof GatewayCredentials, SecretName | null> = {
  merchantId: null,
  apiKey: 'api_key',
  apiSecret: 'api_secret',
  saltKey: 'salt_key',
  saltIndex: 'salt_index',
  webhookSecrets: null,
  webhookUsername: 'webhook_username',
  webhookPassword: 'webhook_password',
};

function factsOf(secrets: Secrets): Record<string, SecretFacts> {
  return Object.fromEntries(SECRET_NAMES.map((n) => [n, { set: Boolean(secrets[n]), last4: secrets[n] && SHOWS_LAST4.has(n) ? secrets[n].slice(-4) : null }]));
}

type Row = typeof paymentGatewayCredentials.$inferSelect;
function recordOf(row: Row): GatewaySettingsRecord {
  const facts = row.secretFacts;
  const secrets = Object.fromEntries(SECRET_NAMES.map((n) => [n, facts[n] ?? { set: false, last4: null }])) as GatewaySettingsRecord['secrets'];
  return {
    pg_vendor: row.pgVendor,
    merchant_id: row.merchantId,
    trust_name: row.trustName,
    is_active: row.isActive ? 'true' : 'false',
    secrets,
    webhook_path: `/api/payment/webhooks/${row.pgVendor}/${row.companyId}`,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The company's gateways, secrets masked (never decrypted here). */
export async function listGatewaySettings(db: DbOrTx, companyId: string): Promise<GatewaySettingsRecord[]> {
  const rows = await db.select().from(paymentGatewayCredentials).where(eq(paymentGatewayCredentials.companyId, companyId)).orderBy(asc(paymentGatewayCredentials.pgVendor));
  return rows.map(recordOf);
}

/**
 * Sets one vendor's credentials; omitted secrets keep their stored values.
 * @throws AppError 400 naming a credential the vendor needs and neither the body nor the store has
 */
export async function putGatewaySettings(db: DbOrTx, config: KeyConfig, companyId: string, body: GatewaySettingsBody, now: Date): Promise<GatewaySettingsRecord> {
  const vendor = body.pg_vendor;
  const [existing] = await db.select().from(paymentGatewayCredentials).where(and(eq(paymentGatewayCredentials.companyId, companyId), eq(paymentGatewayCredentials.pgVendor, vendor)));
  const before: Secrets = existing ? (JSON.parse(open(config, contextOf(companyId, vendor), existing.secretsEnc)) as Secrets) : {};
  const after: Secrets = { ...before };
  for (const n of SECRET_NAMES) {
    const value = n === 'previous_webhook_secret' ? undefined : (body as Record<string, unknown>)[n];
    if (typeof value === 'string') after[n] = value;
  }
  const oldHook = webhookSecretOf(vendor, before);
  const newHook = webhookSecretOf(vendor, after);
  if (oldHook && newHook && oldHook !== newHook) after.previous_webhook_secret = oldHook;
  for (const field of GATEWAYS[vendor].requires) {
    const name = FIELD_OF[field];
    if (name && !after[name]) throw badRequest(`${name} is required for ${vendor}`);
  }
  if (vendor === 'phonepe' && Boolean(after.webhook_username) !== Boolean(after.webhook_password)) throw badRequest('webhook_username and webhook_password go together');
  const values = {
    companyId,
    pgVendor: vendor,
    merchantId: body.merchant_id,
    trustName: body.trust_name ?? null,
    isActive: (body.is_active ?? 'true') === 'true',
    secretsEnc: seal(config, contextOf(companyId, vendor), JSON.stringify(after)),
    secretFacts: factsOf(after),
    updatedAt: now,
  };
  const [row] = await db
    .insert(paymentGatewayCredentials)
    .values(values)
    .onConflictDoUpdate({ target: [paymentGatewayCredentials.companyId, paymentGatewayCredentials.pgVendor], set: values })
    .returning();
  return recordOf(row);
}

/** A company's active credentials for a vendor, decrypted for an adapter; null when none are set. */
export async function credentialsOf(db: DbOrTx, config: KeyConfig, companyId: string, vendor: PgVendor): Promise<GatewayCredentials | null> {
  const [row] = await db
    .select()
    .from(paymentGatewayCredentials)
    .where(and(eq(paymentGatewayCredentials.companyId, companyId), eq(paymentGatewayCredentials.pgVendor, vendor), eq(paymentGatewayCredentials.isActive, true)));
  if (!row) return null;
  const s = JSON.parse(open(config, contextOf(companyId, vendor), row.secretsEnc)) as Secrets;
  const current = webhookSecretOf(vendor, s);
  return {
    merchantId: row.merchantId,
    apiKey: s.api_key,
    apiSecret: s.api_secret,
    saltKey: s.salt_key,
    saltIndex: s.salt_index,
    webhookSecrets: [current, s.previous_webhook_secret].filter((v): v is string => Boolean(v)),
    webhookUsername: s.webhook_username,
    webhookPassword: s.webhook_password,
  };
}

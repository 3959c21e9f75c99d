/**
 * Each company's channel providers (issue 13): the local provider until a real one is chosen,
 * credentials write-only — stored sealed (kernel security/secret-box.ts, bound to the company and
 * the field), answered only as "set", opened only when an adapter is built or a webhook checked —
 * and the token that authenticates the SMS provider's delivery reports (created with the row).
 * `providerFor` builds the adapter a message goes through.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, isNotNull, notLike, or } from 'drizzle-orm';
import type { ChannelSettingsRecord, ChannelSettingsUpdate } from '../../../domain/contracts/communication/messages';
import type { MessageChannel } from '../../../domain/communication/status';
import type { DbOrTx } from '../../db/client';
import { isSealed, open, seal, type SecretKeys } from '../../security/secret-box';
import { companyCompliance } from '../companies/queries';
import { ExotelSmsProvider } from './providers/exotel';
import { localProvider } from './providers/local';
import { SmtpProvider } from './providers/smtp';
import type { ChannelProvider } from './providers/types';
import { WhatsAppCloudProvider } from './providers/whatsapp';
import { communicationSettings } from './schema';

export type SettingsRow = typeof communicationSettings.$inferSelect;

/** The company's row, created (local providers, a fresh callback token) on first use. */
export async function settingsOf(db: DbOrTx, companyId: string): Promise<SettingsRow> {
  const [row] = await db.select().from(communicationSettings).where(eq(communicationSettings.companyId, companyId));
  if (row) return row;
  await db.insert(communicationSettings).values({ companyId, smsCallbackToken: randomBytes(24).toString('base64url') }).onConflictDoNothing();
  const [created] = await db.select().from(communicationSettings).where(eq(communicationSettings.companyId, companyId));
  return created;
}

/** The row when it exists (webhooks never create one). */
export async function existingSettings(db: DbOrTx, companyId: string): Promise<SettingsRow | null> {
  const [row] = await db.select().from(communicationSettings).where(eq(communicationSettings.companyId, companyId));
  return row ?? null;
}

export function toSettingsRecord(r: SettingsRow): ChannelSettingsRecord {
  return {
    sms_provider: r.smsProvider,
    exotel_subdomain: r.exotelSubdomain,
    exotel_account_sid: r.exotelAccountSid,
    exotel_credentials_set: Boolean(r.exotelApiKey && r.exotelApiToken),
    sms_callback_path: `/api/communication/webhooks/sms/${encodeURIComponent(r.companyId)}?token=${r.smsCallbackToken}`,
    whatsapp_provider: r.whatsappProvider,
    whatsapp_phone_number_id: r.whatsappPhoneNumberId,
    whatsapp_access_token_set: Boolean(r.whatsappAccessToken),
    whatsapp_app_secret_set: Boolean(r.whatsappAppSecret),
    whatsapp_verify_token_set: Boolean(r.whatsappVerifyToken),
    whatsapp_webhook_path: `/api/communication/webhooks/whatsapp/${encodeURIComponent(r.companyId)}`,
    email_provider: r.emailProvider,
    smtp_host: r.smtpHost,
    smtp_port: r.smtpPort,
    smtp_secure: r.smtpSecure,
    smtp_user: r.smtpUser,
    smtp_password_set: Boolean(r.smtpPassword),
    email_from: r.emailFrom,
  };
}

/** The settings fields that hold a provider's secret: sealed at rest, never answered. */
const SECRET_FIELDS = ['exotelApiKey', 'exotelApiToken', 'whatsappAccessToken', 'whatsappAppSecret', 'whatsappVerifyToken', 'smtpPassword'] as const;
export type SecretField = (typeof SECRET_FIELDS)[number];
const SECRET_SET: ReadonlySet<string> = new Set(SECRET_FIELDS);
const contextOf = (companyId: string, field: SecretField) => `communication|${companyId}|${field}`;

/**
 * A stored secret in clear, for the adapter or the webhook check; null when unset. A value stored
 * before encryption (no 'v1.' prefix) is read as it is; resealLegacySecrets seals it at start-up.
 * @throws Error when the sealed value does not open (other key, row moved to another company)
 */
export function secretOf(keys: SecretKeys, row: SettingsRow, field: SecretField): string | null {
  const v = row[field];
  if (!v) return null;
  return isSealed(v) ? open(keys, contextOf(row.companyId, field), v) : v;
}

/**
 * Seals every provider secret still stored in clear (saved before sealing existed, issue 13),
 * run at each start-up. Idempotent: a sealed value is left as it is; each field is rewritten only
 * if it still holds the clear value read (a concurrent PUT wins).
 * @returns how many fields were sealed
 */
export async function resealLegacySecrets(db: DbOrTx, keys: SecretKeys): Promise<number> {
  const s = communicationSettings;
  const clear = (c: (typeof s)[SecretField]) => and(isNotNull(c), notLike(c, 'v1.%'));
  const rows = await db
    .select()
    .from(s)
    .where(or(...SECRET_FIELDS.map((f) => clear(s[f]))));
  let sealed = 0;
  for (const row of rows) {
    for (const field of SECRET_FIELDS) {
      const v = row[field];
      if (!v || isSealed(v)) continue;
      const done = await db
        .update(s)
        .set({ [field]: seal(keys, contextOf(row.companyId, field), v) })
        .where(and(eq(s.companyId, row.companyId), eq(s[field], v)))
        .returning({ id: s.companyId });
      sealed += done.length;
    }
  }
  return sealed;
}

/**
 * PUT /communication/settings: any subset; a secret is sealed before it is stored.
 * @throws AppError 503 when no credentials key is configured in production
 */
export async function updateSettings(db: DbOrTx, keys: SecretKeys, companyId: string, body: ChannelSettingsUpdate): Promise<ChannelSettingsRecord> {
  await settingsOf(db, companyId);
  const patch: Partial<SettingsRow> = { updatedAt: new Date() };
  const map: Array<[keyof ChannelSettingsUpdate, keyof SettingsRow]> = [
    ['sms_provider', 'smsProvider'],
    ['exotel_subdomain', 'exotelSubdomain'],
    ['exotel_account_sid', 'exotelAccountSid'],
    ['exotel_api_key', 'exotelApiKey'],
    ['exotel_api_token', 'exotelApiToken'],
    ['whatsapp_provider', 'whatsappProvider'],
    ['whatsapp_phone_number_id', 'whatsappPhoneNumberId'],
    ['whatsapp_access_token', 'whatsappAccessToken'],
    ['whatsapp_app_secret', 'whatsappAppSecret'],
    ['whatsapp_verify_token', 'whatsappVerifyToken'],
    ['whatsapp_api_base', 'whatsappApiBase'],
    ['email_provider', 'emailProvider'],
    ['smtp_host', 'smtpHost'],
    ['smtp_port', 'smtpPort'],
    ['smtp_secure', 'smtpSecure'],
    ['smtp_user', 'smtpUser'],
    ['smtp_password', 'smtpPassword'],
    ['email_from', 'emailFrom'],
  ];
  for (const [from, to] of map) {
    const v = body[from];
    if (v === undefined) continue;
    (patch as Record<string, unknown>)[to] = SECRET_SET.has(to) && typeof v === 'string' && v ? seal(keys, contextOf(companyId, to as SecretField), v) : v;
  }
  const [row] = await db.update(communicationSettings).set(patch).where(eq(communicationSettings.companyId, companyId)).returning();
  return toSettingsRecord(row);
}

/** Public base URL of this server for provider callbacks (PUBLIC_BASE_URL), or null. */
const publicBase = () => process.env.PUBLIC_BASE_URL?.replace(/\/$/, '') || null;

/**
 * The adapter a message of `channel` goes through for the company: the local provider unless the
 * company chose a real one and gave its settings; a chosen provider missing settings falls back
 * to nothing — it throws, so the message is stored failed with the reason.
 */
export async function providerFor(db: DbOrTx, keys: SecretKeys, companyId: string, channel: MessageChannel): Promise<ChannelProvider> {
  const s = await settingsOf(db, companyId);
  const secret = (field: SecretField) => secretOf(keys, s, field);
  if (channel === 'sms' && s.smsProvider === 'exotel') {
    const apiKey = secret('exotelApiKey');
    const apiToken = secret('exotelApiToken');
    if (!s.exotelSubdomain || !s.exotelAccountSid || !apiKey || !apiToken) throw new Error('Exotel is chosen for SMS but its settings are incomplete');
    const base = publicBase();
    return new ExotelSmsProvider({
      subdomain: s.exotelSubdomain,
      accountSid: s.exotelAccountSid,
      apiKey,
      apiToken,
      statusCallback: base ? `${base}${toSettingsRecord(s).sms_callback_path}` : null,
      ...(s.exotelSubdomain.startsWith('http') ? { baseUrl: s.exotelSubdomain } : {}),
    });
  }
  if (channel === 'whatsapp' && s.whatsappProvider === 'whatsapp-cloud') {
    const accessToken = secret('whatsappAccessToken');
    if (!s.whatsappPhoneNumberId || !accessToken) throw new Error('WhatsApp Cloud API is chosen but its phone number id or access token is missing');
    const country = (await companyCompliance(db, companyId))?.country ?? 'INDIA';
    return new WhatsAppCloudProvider({ phoneNumberId: s.whatsappPhoneNumberId, accessToken, apiBase: s.whatsappApiBase, countryCode: country === 'INDONESIA' ? '62' : '91' });
  }
  if (channel === 'email' && s.emailProvider === 'smtp') {
    if (!s.smtpHost || !s.smtpPort || !s.emailFrom) throw new Error('SMTP is chosen for email but its host, port or sender is missing');
    return new SmtpProvider({ host: s.smtpHost, port: s.smtpPort, secure: s.smtpSecure, user: s.smtpUser, password: secret('smtpPassword'), from: s.emailFrom });
  }
  return localProvider;
}

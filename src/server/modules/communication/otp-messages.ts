/**
 * Sign-in OTPs through the communication area (issue 13 "The OTP messages of sign-in move onto
 * this area"; the rule applied — DLT yes, contact hours and DND no — is in
 * domain/communication/otp.ts). An OTP goes:
 * - by email to the account's address (the flows are keyed by email): AccountMessagesPort.send,
 *   the company's SMTP when chosen, else the platform's provider (which outside production logs
 *   the code for the developer — how tests and a developer read it);
 * - by SMS to the user's mobile when they have one, in the user's language (otpLanguage: their
 *   preferred language, else the company's default). A company user's SMS takes the company's SMS
 *   template named `otp` in that language, else its English one (pickOtpTemplate; else the
 *   platform's text in that language, PLATFORM_OTP_SMS_TEXTS) and the company's SMS
 *   adapter (`providerFor`: the local provider, `local-provider`, unless the company chose
 *   Exotel), with the DLT registration the template names from compliance's registry; refused
 *   before the provider when the DLT check fails. A platform user's SMS (no company) takes the
 *   platform's text through the platform's provider (platformOtpSms: Hindi or Bahasa only when
 *   PLATFORM_OTP_DLT_TEMPLATE_ID_HI / _ID registers it, else English with PLATFORM_OTP_DLT_TEMPLATE_ID).
 * Every message is recorded in message_outbox with the code replaced by `[secret]`.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { DltFields } from '../../../domain/contracts/communication/templates';
import { OTP_TEMPLATE_NAME, otpLanguage, otpSmsRefusal, otpSmsText, pickOtpTemplate, platformOtpSms, PLATFORM_OTP_SMS_TEXTS } from '../../../domain/communication/otp';
import type { TemplateLanguage } from '../../../domain/communication/status';
import type { MessageChannel } from '../../../domain/communication/status';
import type { ModuleDeps } from '../../http/deps';
import type { AccountMessagesPort, OtpDelivery, OtpMessage } from '../../http/ports';
import { queueAndSend, recordBlocked, type MessageProvider, type OutboundMessage } from '../../messaging/provider';
import { messageOutbox } from '../../messaging/schema';
import { companyCompliance } from '../companies/queries';
import { dltTemplatesById } from '../compliance/queries';
import type { ChannelProvider } from './providers/types';
import { communicationTemplates } from './schema';
import { providerFor } from './settings-service';

/**
 * A company's channel adapter seen as the kernel's MessageProvider (what queueAndSend records),
 * with an SMS's DLT registration handed to the adapter.
 */
export function throughChannel(adapter: ChannelProvider, companyId: string, channel: MessageChannel, dlt: DltFields | null = null): MessageProvider {
  return {
    name: adapter.name,
    async send(message: OutboundMessage) {
      const subject = channel === 'email' ? (message.subject ?? 'Recovery Ops') : null;
      await adapter.send({ messageId: randomUUID(), companyId, channel, to: message.recipient, text: message.body, subject, dlt, whatsappTemplate: null });
    },
  };
}

/** A provider refusing every message with `err` (settings incomplete, a credential that no longer opens): the row says why. */
export const refusingProvider = (name: string, err: unknown): MessageProvider => ({ name, send: () => Promise.reject(err) });

/** The company's SMS template named `otp` (any case) for `language` (pickOtpTemplate: else English, else any), newest first; null when it has none. */
async function companyOtpTemplate(db: ModuleDeps['db'], companyId: string, language: TemplateLanguage) {
  const rows = await db
    .select({ body: communicationTemplates.body, dlt: communicationTemplates.dlt, language: communicationTemplates.language })
    .from(communicationTemplates)
    .where(and(eq(communicationTemplates.companyId, companyId), eq(communicationTemplates.channel, 'sms'), sql`lower(${communicationTemplates.name}) = ${OTP_TEMPLATE_NAME}`))
    .orderBy(desc(communicationTemplates.updatedAt));
  return pickOtpTemplate(rows, language);
}

/** The outbox row's status (sent, failed, blocked). */
async function statusOf(db: ModuleDeps['db'], id: number) {
  const [row] = await db.select({ status: messageOutbox.status }).from(messageOutbox).where(eq(messageOutbox.id, id));
  return row?.status ?? 'failed';
}

/**
 * Sends one sign-in OTP by email and (with a mobile) SMS, as the module comment says.
 * @param sendEmail the port's email path (company SMTP or the platform's provider)
 * @returns each channel's outcome; never throws for a provider failure or a DLT refusal
 */
export async function sendOtpMessages(deps: Pick<ModuleDeps, 'db' | 'config' | 'messages'>, sendEmail: AccountMessagesPort['send'], m: OtpMessage): Promise<OtpDelivery> {
  const { db } = deps;
  const emailId = await sendEmail({
    channel: 'email',
    recipient: m.email,
    template: 'otp',
    subject: 'Your Recovery Ops one-time password',
    companyId: m.companyId,
    body: `Your one-time password is ${m.code}. It expires in ${m.minutes} minutes.`,
    variables: { otp: m.code },
    secrets: ['otp'],
  });
  const email = (await statusOf(db, emailId)) === 'sent' ? 'sent' : 'failed';
  if (!m.mobile) return { email, sms: null, smsRefusal: null };

  const base = { channel: 'sms' as const, recipient: m.mobile, template: 'otp', variables: { otp: m.code, minutes: String(m.minutes) }, secrets: ['otp'] };
  if (!m.companyId) {
    const platform = platformOtpSms(otpLanguage(m.language, null), { en: deps.config.platformOtpDltTemplateId, ...deps.config.platformOtpDltTemplateIdByLanguage });
    const body = otpSmsText(platform.body, m.code, m.minutes);
    const id = await queueAndSend(db, deps.messages, { ...base, body, companyId: null, dltTemplateId: platform.dltTemplateId });
    return { email, sms: (await statusOf(db, id)) === 'sent' ? 'sent' : 'failed', smsRefusal: null };
  }

  const companyId = m.companyId;
  const rules = await companyCompliance(db, companyId);
  const language = otpLanguage(m.language, rules?.country ?? null);
  const template = await companyOtpTemplate(db, companyId, language);
  const dltId = template?.dlt?.dlt_template_id ?? null;
  const fallback = PLATFORM_OTP_SMS_TEXTS[language];
  const message: OutboundMessage = { ...base, body: fallback, companyId, dltTemplateId: dltId };
  let refusal: string | null = null;
  try {
    message.body = otpSmsText(template?.body ?? fallback, m.code, m.minutes);
    const registered = dltId ? await dltTemplatesById(db, companyId, [dltId]) : null;
    const refused = otpSmsRefusal(rules, message.body, (dltId && registered?.get(dltId)) || null);
    if (refused) refusal = `${refused.code}: ${refused.message}`;
  } catch (err) {
    refusal = err instanceof Error ? err.message : String(err);
  }
  let provider: MessageProvider;
  try {
    provider = throughChannel(await providerFor(db, deps.config, companyId, 'sms'), companyId, 'sms', template?.dlt ?? null);
  } catch (err) {
    provider = refusingProvider('sms', err);
  }
  if (refusal) {
    // The text in the record is the masked one; a body without the code is stored as written.
    await recordBlocked(db, provider.name, message, refusal);
    return { email, sms: 'blocked', smsRefusal: refusal };
  }
  const id = await queueAndSend(db, provider, message);
  return { email, sms: (await statusOf(db, id)) === 'sent' ? 'sent' : 'failed', smsRefusal: null };
}

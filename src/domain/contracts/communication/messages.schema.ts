/** Schemas of one-to-one messages, provider callbacks and channel settings (issue 13). Behind ./messages.ts. */
import { z } from 'zod';
import { REASON_CODES } from '../../compliance/reasons';
import { MESSAGE_CHANNELS, MESSAGE_STATUSES } from '../../communication/status';
import { companyQuery } from '../envelope';

/** `POST /api/communication/messages`: a template to one loan's borrower. */
export const sendMessageBody = z.object({
  loan_id: z.string().trim().min(1).max(100),
  channel: z.enum(MESSAGE_CHANNELS),
  template_id: z.string().trim().min(1).max(64),
  /** Values for the template's `{{name}}` variables; they win over the loan's own. */
  variables: z.record(z.string().max(50), z.string().max(500)).default({}),
  /** The number or address; default the borrower's. */
  to: z.string().trim().min(3).max(200).optional(),
  /** Language of the refusal reasons. */
  lang: z.enum(['en', 'hi', 'id']).default('en'),
});
export type SendMessageBody = z.infer<typeof sendMessageBody>;

export const messageReason = z.object({ code: z.enum(REASON_CODES), message: z.string() });

export const messageRecord = z.object({
  message_id: z.string(),
  loan_id: z.string(),
  channel: z.enum(MESSAGE_CHANNELS),
  template_id: z.string().nullable(),
  template_name: z.string().nullable(),
  /** The recipient, all but the last 4 characters hidden. */
  to: z.string().nullable(),
  subject: z.string().nullable(),
  text: z.string(),
  /** The document sent with the message (email attachment, WhatsApp document), or null. */
  attachment: z.object({ file_name: z.string(), content_type: z.string(), size_bytes: z.number().int() }).nullable(),
  status: z.enum(MESSAGE_STATUSES),
  /** Why it was blocked (the compliance decision's reasons). */
  reasons: z.array(messageReason),
  /** Why the provider failed it. */
  error: z.string().nullable(),
  provider: z.string().nullable(),
  provider_message_id: z.string().nullable(),
  campaign_id: z.string().nullable(),
  direction: z.enum(['outbound', 'inbound']),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  read_at: z.string().nullable(),
});
export type MessageRecord = z.infer<typeof messageRecord>;

export const messagesQuery = companyQuery.extend({
  loan_id: z.string().trim().min(1).max(100),
  channel: z.enum(MESSAGE_CHANNELS).optional(),
});
export const messagesResponse = z.object({ messages: z.array(messageRecord) });

/** An SMS provider's delivery report (Exotel-style StatusCallback fields), JSON or form-encoded. */
export const smsReceiptBody = z.object({
  SmsSid: z.string().min(1).max(200),
  Status: z.string().min(1).max(50),
  DetailedStatus: z.string().max(200).optional(),
  To: z.string().max(50).optional(),
});
export const webhookCompanyParams = z.object({ company_id: z.string().min(1).max(100) });
export const smsReceiptQuery = z.object({ token: z.string().max(200).optional() });
export const receiptResult = z.object({ updated: z.number().int() });

/** Meta's webhook verification request (`GET` with hub.mode=subscribe). */
export const whatsappVerifyQuery = z.object({
  'hub.mode': z.string().max(50).optional(),
  'hub.verify_token': z.string().max(200).optional(),
  'hub.challenge': z.string().max(200).optional(),
});
/** Meta's WhatsApp Cloud API notification (object whatsapp_business_account). Shape checked loosely: the signature is what counts. */
export const whatsappNotification = z.object({ object: z.string().max(100), entry: z.array(z.unknown()).max(1000) }).passthrough();
export const whatsappResult = z.object({ statuses: z.number().int(), inbound: z.number().int() });

/** A company's channel providers. Secrets are write-only: the record says whether each is set. */
export const channelSettingsUpdate = z.object({
  sms_provider: z.enum(['local-provider', 'exotel']).optional(),
  exotel_subdomain: z.string().trim().max(100).nullable().optional(),
  exotel_account_sid: z.string().trim().max(100).nullable().optional(),
  exotel_api_key: z.string().trim().max(200).nullable().optional(),
  exotel_api_token: z.string().trim().max(200).nullable().optional(),
  whatsapp_provider: z.enum(['local-provider', 'whatsapp-cloud']).optional(),
  whatsapp_phone_number_id: z.string().trim().max(100).nullable().optional(),
  whatsapp_access_token: z.string().trim().max(500).nullable().optional(),
  whatsapp_app_secret: z.string().trim().max(200).nullable().optional(),
  whatsapp_verify_token: z.string().trim().max(200).nullable().optional(),
  /** Graph API base (default https://graph.facebook.com/v21.0); tests point it at a local server. */
  whatsapp_api_base: z.string().trim().url().max(300).nullable().optional(),
  email_provider: z.enum(['local-provider', 'smtp']).optional(),
  smtp_host: z.string().trim().max(200).nullable().optional(),
  smtp_port: z.number().int().min(1).max(65535).nullable().optional(),
  smtp_secure: z.boolean().optional(),
  smtp_user: z.string().trim().max(200).nullable().optional(),
  smtp_password: z.string().max(200).nullable().optional(),
  email_from: z.string().trim().max(200).nullable().optional(),
});
export type ChannelSettingsUpdate = z.infer<typeof channelSettingsUpdate>;
export const channelSettingsRecord = z.object({
  sms_provider: z.enum(['local-provider', 'exotel']),
  exotel_subdomain: z.string().nullable(),
  exotel_account_sid: z.string().nullable(),
  exotel_credentials_set: z.boolean(),
  /** Where the SMS provider posts delivery reports: the company's callback path with its secret token. */
  sms_callback_path: z.string(),
  whatsapp_provider: z.enum(['local-provider', 'whatsapp-cloud']),
  whatsapp_phone_number_id: z.string().nullable(),
  whatsapp_access_token_set: z.boolean(),
  whatsapp_app_secret_set: z.boolean(),
  whatsapp_verify_token_set: z.boolean(),
  whatsapp_webhook_path: z.string(),
  email_provider: z.enum(['local-provider', 'smtp']),
  smtp_host: z.string().nullable(),
  smtp_port: z.number().nullable(),
  smtp_secure: z.boolean(),
  smtp_user: z.string().nullable(),
  smtp_password_set: z.boolean(),
  email_from: z.string().nullable(),
});
export type ChannelSettingsRecord = z.infer<typeof channelSettingsRecord>;

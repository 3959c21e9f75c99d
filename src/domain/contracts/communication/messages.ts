/**
 * One-to-one borrower messages (issue 13 "Communication"; spec 2 /app/customer/communication):
 * send a template to a loan through the compliance decision, list a loan's messages with their
 * status, the providers' delivery callbacks (SMS delivery reports, WhatsApp Cloud API webhook) and
 * each company's channel settings. Endpoint definitions; zod schemas in ./messages.schema.ts.
 */
import type { PermissionRequirement } from '../../users/permissions';
import { endpoint } from '../endpoint';
import type { ChannelSettingsRecord, ChannelSettingsUpdate, MessageRecord, SendMessageBody } from './messages.schema';
import { templatesPermission } from './templates';
export type { ChannelSettingsRecord, ChannelSettingsUpdate, MessageRecord, SendMessageBody };
export { MESSAGE_CHANNELS, MESSAGE_STATUSES } from '../../communication/status';
export type { MessageChannel, MessageStatus } from '../../communication/status';

const tags = ['communication'];
const messages = (access: 'read' | 'write') => ({ module: 'Solitary Communications', action: 'messages', access }) as const satisfies PermissionRequirement;
const schema = () => import('./messages.schema');
const company = async () => (await import('../envelope')).companyQuery;

/**
 * POST /api/communication/messages: renders the template for the loan, asks compliance, and either
 * hands the text to the channel's provider or stores it blocked with the reasons (200 either way:
 * the record's status says which). Idempotent: a replay with the same Idempotency-Key answers the
 * first message and sends nothing. @throws 404 loan or template; 400 template of another channel
 */
export const sendMessage = endpoint({
  operation: 'communication.messages.send',
  method: 'POST',
  path: '/communication/messages',
  access: 'company',
  permission: messages('write'),
  idempotent: true,
  tags,
  summary: 'Send one template message to a borrower through the compliance check',
  schemas: async () => ({ query: await company(), body: (await schema()).sendMessageBody, response: (await schema()).messageRecord }),
});

/** GET /api/communication/messages?loan_id=: the loan's messages, newest first, with status and reasons. */
export const listMessages = endpoint({
  operation: 'communication.messages.list',
  method: 'GET',
  path: '/communication/messages',
  access: 'company',
  permission: messages('read'),
  tags,
  summary: "A loan's messages with their status (queued, sent, delivered, read, failed, blocked and why)",
  schemas: async () => ({ query: (await schema()).messagesQuery, response: (await schema()).messagesResponse }),
});

/**
 * POST /api/communication/webhooks/sms/{company_id}?token=: the SMS provider's delivery report
 * (Exotel StatusCallback fields SmsSid, Status, DetailedStatus; form-encoded or JSON). Exotel signs
 * nothing, so the callback URL carries the company's secret token. @throws 401 wrong token
 */
export const smsDeliveryReport = endpoint({
  operation: 'communication.webhooks.sms',
  method: 'POST',
  path: '/communication/webhooks/sms/{company_id}',
  access: 'public',
  tags,
  summary: "An SMS provider's delivery report, authenticated by the company's callback token",
  schemas: async () => ({ params: (await schema()).webhookCompanyParams, query: (await schema()).smsReceiptQuery, body: (await schema()).smsReceiptBody, response: (await schema()).receiptResult }),
});

/** GET /api/communication/webhooks/whatsapp/{company_id}: Meta's verification (echoes hub.challenge when hub.verify_token matches). @throws 403 */
export const whatsappVerify = endpoint({
  operation: 'communication.webhooks.whatsapp.verify',
  method: 'GET',
  path: '/communication/webhooks/whatsapp/{company_id}',
  access: 'public',
  produces: 'file',
  tags,
  summary: "Meta's webhook verification: answers hub.challenge as text/plain",
  schemas: async () => ({ params: (await schema()).webhookCompanyParams, query: (await schema()).whatsappVerifyQuery }),
});

/**
 * POST /api/communication/webhooks/whatsapp/{company_id}: WhatsApp Cloud API notifications
 * (message statuses; inbound messages land on the loan by phone). X-Hub-Signature-256 is the
 * sha256 HMAC of the raw body with the app secret. @throws 401 missing or wrong signature
 */
export const whatsappWebhook = endpoint({
  operation: 'communication.webhooks.whatsapp',
  method: 'POST',
  path: '/communication/webhooks/whatsapp/{company_id}',
  access: 'public',
  tags,
  summary: 'WhatsApp Cloud API webhook (statuses and inbound messages), signature-checked',
  schemas: async () => ({ params: (await schema()).webhookCompanyParams, body: (await schema()).whatsappNotification, response: (await schema()).whatsappResult }),
});

/** GET /api/communication/settings: the company's providers (secrets never shown) and its callback paths. */
export const getChannelSettings = endpoint({
  operation: 'communication.settings.get',
  method: 'GET',
  path: '/communication/settings',
  access: 'company',
  permission: templatesPermission('write'),
  tags,
  summary: "The company's SMS, WhatsApp and email providers",
  schemas: async () => ({ query: await company(), response: (await schema()).channelSettingsRecord }),
});

/** PUT /api/communication/settings: choose providers and set their credentials (any subset). */
export const updateChannelSettings = endpoint({
  operation: 'communication.settings.update',
  method: 'PUT',
  path: '/communication/settings',
  access: 'company',
  permission: templatesPermission('write'),
  tags,
  summary: "Change the company's SMS, WhatsApp and email providers",
  schemas: async () => ({ query: await company(), body: (await schema()).channelSettingsUpdate, response: (await schema()).channelSettingsRecord }),
});
